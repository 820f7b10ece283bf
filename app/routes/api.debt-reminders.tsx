import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { memberBudgetIdOf, requireApiUser, rideWithSessionLookup } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { debtRows, getDebtReminders } from "~/server/debts/debts.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const ridden = rideWithSessionLookup(app, request, (hash) => [debtRows(app, memberBudgetIdOf(app, hash))] as const);
  const user = await requireApiUser(app, request);
  return Response.json(await getDebtReminders(app, await requireBudget(app, user), await ridden));
}
