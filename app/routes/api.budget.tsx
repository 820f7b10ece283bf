import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { unauthorized } from "~/server/auth/session.server";
import { getBudgetSummary, getSessionAndSummary, requireBudget } from "~/server/budget.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  // Polled every 30 s by every open tab: one D1 round trip in the usual case.
  const { user, summary } = await getSessionAndSummary(app, request);
  if (!user) return unauthorized();
  return Response.json(summary ?? (await getBudgetSummary(app, await requireBudget(app, user))));
}
