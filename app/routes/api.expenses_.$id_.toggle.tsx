import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { isRowId } from "~/domain/expense-input";
import { jsonError, methodNotAllowed } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { getExpense, toggleExpense } from "~/server/expenses.server";

export function loader() {
  return methodNotAllowed(["PATCH"]);
}

/** PATCH: includes or excludes the expense from the budget (flips `enabled`). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const user = await requireApiUser(context.app, request);
  const access = await requireBudget(context.app, user);
  if (!isRowId(params.id)) return jsonError(404, "Expense not found.");
  await toggleExpense(context.app, user, access, params.id);
  return Response.json(await getExpense(context.app, access.budget.id, params.id));
}
