import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser, riddenUserRows, rideWithSessionLookup, sessionUserIdOf } from "~/server/auth/session.server";
import { unreadAdminMessageCount, unreadAdminMessagesQuery } from "~/server/support.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const ridden = rideWithSessionLookup(app, request, (hash) => [unreadAdminMessagesQuery(app.db, sessionUserIdOf(app, hash))] as const);
  const user = await requireApiUser(app, request);
  const rows = riddenUserRows(await ridden)?.[0];
  return Response.json({ count: rows ? (rows[0]?.n ?? 0) : await unreadAdminMessageCount(app, user.id) });
}
