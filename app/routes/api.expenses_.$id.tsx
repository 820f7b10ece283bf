import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { expenseUpdateSchema, isRowId } from "~/domain/expense-input";
import { jsonError, methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { deleteExpense, getExpense, updateExpense } from "~/server/expenses.server";

const notFound = () => jsonError(404, "Expense not found.");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(context.app, request);
  const access = await requireBudget(context.app, user);
  const expense = isRowId(params.id) ? await getExpense(context.app, access.budget.id, params.id) : null;
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
