import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { leaveSchema } from "~/domain/sharing";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { leaveBudget } from "~/server/sharing/members.server";
import { refusalResponse } from "~/server/sharing/outcome.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Leaves the active budget, or the one named by `budgetId` (which must be one the caller belongs to). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const app = context.app;
  const user = await requireApiUser(app, request);
  const { budgetId } = await readBody(request, leaveSchema);
  const result = await leaveBudget(app, user, budgetId ?? (await requireBudget(app, user)).budget.id);
  if (!result.ok) return refusalResponse(result);
  return Response.json({ message: "You left the budget.", activeBudgetId: result.value.activeBudgetId });
}
