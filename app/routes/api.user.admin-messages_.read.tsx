import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { markAdminRepliesRead } from "~/server/support.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Opening Support & Messages: the support team's replies are read now. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(context.app, request);
  return Response.json({ updated: await markAdminRepliesRead(context.app, user.id), count: 0 });
}
