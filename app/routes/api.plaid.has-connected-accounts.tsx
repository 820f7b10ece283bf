import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { memberBudgetIdOf, requireApiUser, riddenOr, rideWithSessionLookup } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { connectedAccountsQuery } from "~/server/expenses.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const ridden = rideWithSessionLookup(app, request, (hash) => [connectedAccountsQuery(app, memberBudgetIdOf(app, hash))] as const);
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  const [rows] = await riddenOr(ridden, access.budget.id, async () => [await connectedAccountsQuery(app, access.budget.id)] as const);
  return Response.json({ hasAccounts: rows.length > 0 });
}
