import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { expenseCreateSchema } from "~/domain/expense-input";
import { jsonError, methodNotAllowed, readBody } from "~/server/api.server";
import { memberBudgetIdOf, requireApiUser, riddenRowsFor, rideWithSessionLookup } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { addedExpenseJson, addExpense, currentExpensesQuery, expenseSortOf, getExpense, listCurrentExpenses } from "~/server/expenses.server";

/** GET: the current period's expenses of every member, newest first (or `?sort=`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const sort = expenseSortOf(new URL(request.url).searchParams.get("sort"));
  const ridden = rideWithSessionLookup(app, request, (hash) => [currentExpensesQuery(app, memberBudgetIdOf(app, hash), sort)] as const);
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  return Response.json(await listCurrentExpenses(app, access, sort, riddenRowsFor(await ridden, access.budget.id)?.[0]));
}

/** POST: adds an expense. A repeated `Idempotency-Key` (header, or `idempotencyKey` field) adds it once. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiUser(context.app, request);
  const access = await requireBudget(context.app, user);
  const header = request.headers.get("Idempotency-Key")?.trim();
  if (header !== undefined && (header.length < 8 || header.length > 200)) return jsonError(400, "The Idempotency-Key header must be 8 to 200 characters.");
  const input = await readBody(request, expenseCreateSchema);
  const { id, replayed, category } = await addExpense(context.app, user, access, input, header || input.idempotencyKey);
  // A new expense is answered from what was sent and stored (no read back); a replay is read, as it may have changed.
  const expense = !replayed && category ? addedExpenseJson(context.app, user, access, input, id, category) : await getExpense(context.app, access.budget.id, id);
  // A replay whose expense was deleted since still answers with the id it created.
  return Response.json(expense ?? { id }, { status: replayed ? 200 : 201, headers: replayed ? { "Idempotent-Replayed": "true" } : undefined });
}
