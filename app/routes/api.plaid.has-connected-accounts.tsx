import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { hasConnectedAccounts } from "~/server/expenses.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(context.app, request);
  const access = await requireBudget(context.app, user);
  return Response.json({ hasAccounts: await hasConnectedAccounts(context.app, access.budget.id) });
}
