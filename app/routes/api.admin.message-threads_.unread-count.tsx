import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { jsonError } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { unreadThreadCount } from "~/server/support.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(context.app, request);
  if (!user.isAdmin) return jsonError(403, "Only admins can see support threads.");
  return Response.json({ count: await unreadThreadCount(context.app) });
}
