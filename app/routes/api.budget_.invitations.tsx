import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { appOrigin, listInvitations } from "~/server/sharing/invitations.server";
import { refusalResponse } from "~/server/sharing/outcome.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const user = await requireApiUser(app, request);
  const result = await listInvitations(app, await requireBudget(app, user), appOrigin(app, request));
  return result.ok ? Response.json(result.value) : refusalResponse(result);
}
