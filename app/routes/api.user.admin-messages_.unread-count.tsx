import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/server/auth/session.server";
import { unreadAdminMessageCount } from "~/server/support.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(context.app, request);
  return Response.json({ count: await unreadAdminMessageCount(context.app, user.id) });
}
