import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { getDebtReminders } from "~/server/debts/debts.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const user = await requireApiUser(app, request);
  return Response.json(await getDebtReminders(app, await requireBudget(app, user)));
}
