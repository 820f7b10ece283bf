import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { acceptInvitation } from "~/server/sharing/invitations.server";
import { refusalResponse } from "~/server/sharing/outcome.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const app = context.app;
  const user = await requireApiUser(app, request);
  const result = await acceptInvitation(app, user, params.token);
  if (!result.ok) return refusalResponse(result);
  return Response.json({ message: "Invitation accepted", budgetId: result.value.budgetId, role: "member" });
}
