import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { activityQuerySchema } from "~/domain/activity";
import { requireAdmin } from "~/server/admin.server";
import { fieldErrorsOf, jsonError } from "~/server/api.server";
import { listActivity } from "~/server/activity.server";

/** GET /api/admin/activity?type=&userId=&page=: the activity log across users, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const parsed = activityQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? "Invalid filter.", fieldErrorsOf(parsed.error.issues));
  return Response.json(await listActivity(context.app, parsed.data));
}
