import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { expenseUpdateSchema, isRowId } from "~/domain/expense-input";
import { jsonError, methodNotAllowed, readBody } from "~/server/api.server";
import { memberBudgetIdOf, requireApiUser, riddenRowsFor, rideWithSessionLookup } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { deleteExpense, expenseByIdQuery, getExpense, updateExpense } from "~/server/expenses.server";

const notFound = () => jsonError(404, "Expense not found.");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const app = context.app;
  const id = isRowId(params.id) ? params.id : null;
  const ridden = id ? rideWithSessionLookup(app, request, (hash) => [expenseByIdQuery(app, memberBudgetIdOf(app, hash), id)] as const) : null;
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  const expense = id ? await getExpense(app, access.budget.id, id, riddenRowsFor(await ridden, access.budget.id)?.[0]) : null;
  return expense ? Response.json(expense) : notFound();
}

/** PATCH edits (any member, any expense of the budget); DELETE removes. Another budget's id is a 404. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  const user = await requireApiUser(context.app, request);
  const access = await requireBudget(context.app, user);
  if (!isRowId(params.id)) return notFound();
  if (request.method === "DELETE") {
    await deleteExpense(context.app, user, access, params.id);
    return Response.json({ message: "Expense deleted", id: params.id });
  }
  const input = await readBody(request, expenseUpdateSchema);
  await updateExpense(context.app, user, access, params.id, input);
  return Response.json(await getExpense(context.app, access.budget.id, params.id));
}
