import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { jsonError } from "~/server/api.server";
import { requireApiUser, riddenUserRows, rideWithSessionLookup, sessionUserIdOf } from "~/server/auth/session.server";
import { viewerIsAdmin } from "~/server/admin.server";
import { unreadThreadCount, unreadThreadsQuery } from "~/server/support.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const ridden = rideWithSessionLookup(app, request, (hash) => [unreadThreadsQuery(app.db, viewerIsAdmin(sessionUserIdOf(app, hash)))] as const);
  const user = await requireApiUser(app, request);
  if (!user.isAdmin) return jsonError(403, "Only admins can see support threads.");
  const rows = riddenUserRows(await ridden)?.[0];
  return Response.json({ count: rows ? (rows[0]?.n ?? 0) : await unreadThreadCount(app) });
}
