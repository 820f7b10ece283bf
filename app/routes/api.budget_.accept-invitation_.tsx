import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { acceptInvitationBodySchema } from "~/domain/sharing";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { acceptInvitationResponse } from "~/server/sharing/accept-call.server";

/**
 * POST { token } → { message, budgetId, role }: accepting with the token in the body keeps it out of request
 * paths, and so out of access logs (issue 18 #14). Same answers as /api/budget/accept-invitation/{token}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(context.app, request);
  const { token } = await readBody(request, acceptInvitationBodySchema);
  return acceptInvitationResponse(context.app, user, token);
}
