import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin, requireTargetUser } from "~/server/admin.server";
import { methodNotAllowed } from "~/server/api.server";
import { markThreadRead, unreadThreadCount } from "~/server/support.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireAdmin(context.app, request);
  const user = await requireTargetUser(context.app, params.userId);
  const updated = await markThreadRead(context.app, user.id);
  return Response.json({ updated, count: await unreadThreadCount(context.app) });
}
