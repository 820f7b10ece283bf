import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { allExpenses } from "~/server/history.server";

// Every expense of the budget, all periods, with budgetMonth and archivedAt (null for the current period).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(context.app, request);
  return Response.json(await allExpenses(context.app, await requireBudget(context.app, user)));
}
