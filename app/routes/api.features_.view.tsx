import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { featureViewSchema } from "~/domain/features";
import { jsonError, methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { markFeatureViewed, unreadFeatureCount } from "~/server/features.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Idempotent: viewing twice is one view. Answers the new unread count for the badge. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(context.app, request);
  const { featureId } = await readBody(request, featureViewSchema);
  if (!(await markFeatureViewed(context.app, user.id, featureId))) return jsonError(404, "Feature not found.");
  return Response.json({ featureId, viewed: true, unreadCount: await unreadFeatureCount(context.app, user.id) });
}
