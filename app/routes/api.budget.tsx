import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/server/auth/session.server";
import { getBudgetSummary, requireBudget } from "~/server/budget.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(context.app, request);
  const access = await requireBudget(context.app, user);
  return Response.json(await getBudgetSummary(context.app, access));
}
