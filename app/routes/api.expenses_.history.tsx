import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { memberBudgetIdOf, requireApiUser, riddenRowsFor, rideWithSessionLookup } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { allExpenses, allExpensesQuery } from "~/server/history.server";

// Every expense of the budget, all periods, with budgetMonth and archivedAt (null for the current period).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const ridden = rideWithSessionLookup(app, request, (hash) => [allExpensesQuery(app, memberBudgetIdOf(app, hash))] as const);
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  return Response.json(await allExpenses(app, access, riddenRowsFor(await ridden, access.budget.id)?.[0]));
}
