import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin, viewerIsAdmin } from "~/server/admin.server";
import { riddenUserRows, rideWithSessionLookup, sessionUserIdOf } from "~/server/auth/session.server";
import { listThreads, threadsQuery } from "~/server/support.server";

/** Support threads, one per user, unread first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const ridden = rideWithSessionLookup(app, request, (hash) => [threadsQuery(app, viewerIsAdmin(sessionUserIdOf(app, hash)))] as const);
  await requireAdmin(app, request);
  return Response.json(await listThreads(app, riddenUserRows(await ridden)?.[0]));
}
