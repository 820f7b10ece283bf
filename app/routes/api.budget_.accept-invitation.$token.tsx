import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { acceptInvitationResponse } from "~/server/sharing/accept-call.server";

export const loader = () => methodNotAllowed(["POST"]);

/** The spec's form, token in the path; POST /api/budget/accept-invitation takes it in the body instead. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(context.app, request);
  return acceptInvitationResponse(context.app, user, params.token);
}
