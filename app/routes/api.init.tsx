import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/server/auth/session.server";
import { getBudgetSummary, requireBudget } from "~/server/budget.server";
import { loadShell } from "~/server/shell.server";

/** Everything a signed-in client needs on load, in one call. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  const [shell, budget] = await Promise.all([loadShell(app, user), getBudgetSummary(app, access)]);
  return Response.json({
    user: shell.user,
    budget,
    unreadCounts: { features: shell.badges.features, adminMessages: shell.badges.adminMessages, adminThreads: shell.badges.adminThreads },
  });
}
