import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { memberBudgetIdOf, riddenRowsFor, rideWithSessionLookup, unauthorized } from "~/server/auth/session.server";
import { getBudgetSummary, requireBudget, shapeSummary, summaryQueries } from "~/server/budget.server";
import { loadSessionAndShell } from "~/server/shell.server";

/** Everything a signed-in client needs on load, in one call and one D1 round trip. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  // The session lookup with the shell's badges starts first; the summary's queries ride in its batch.
  const loading = loadSessionAndShell(app, request);
  const ridden = rideWithSessionLookup(app, request, (hash) => summaryQueries(app, memberBudgetIdOf(app, hash)));
  const { user, shell } = await loading;
  if (!user || !shell) return unauthorized();
  const access = await requireBudget(app, user);
  const rows = riddenRowsFor(await ridden, access.budget.id);
  const budget = rows ? shapeSummary(app, access, [...rows]) : await getBudgetSummary(app, access);
  return Response.json({
    user: shell.user,
    budget,
    unreadCounts: { features: shell.badges.features, adminMessages: shell.badges.adminMessages, adminThreads: shell.badges.adminThreads },
  });
}
