import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { activityQuerySchema } from "~/domain/activity";
import { requireAdmin, viewerIsAdmin } from "~/server/admin.server";
import { riddenUserRows, rideWithSessionLookup, sessionUserIdOf } from "~/server/auth/session.server";
import { fieldErrorsOf, jsonError } from "~/server/api.server";
import { activityPageQueries, listActivity } from "~/server/activity.server";

/** GET /api/admin/activity?type=&userId=&page=: the activity log across users, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const parsed = activityQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const filter = parsed.success ? parsed.data : null;
  // Rides with the session lookup; the batch reads the log only if the session's user is an admin.
  const ridden = filter ? rideWithSessionLookup(app, request, (hash) => activityPageQueries(app, filter, viewerIsAdmin(sessionUserIdOf(app, hash)))) : null;
  await requireAdmin(app, request);
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? "Invalid filter.", fieldErrorsOf(parsed.error.issues));
  return Response.json(await listActivity(app, parsed.data, riddenUserRows(await ridden)));
}
