import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminTargetId, findUserQuery, requireAdmin, requireTargetUser, userActivity, userActivityQueries } from "~/server/admin.server";
import { riddenUserRows, rideWithSessionLookup, sessionUserIdOf } from "~/server/auth/session.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const app = context.app;
  const id = params.id ?? "";
  const ridden = rideWithSessionLookup(app, request, (hash) => {
    const target = adminTargetId(sessionUserIdOf(app, hash), id);
    return [findUserQuery(app, target), ...userActivityQueries(app, target)] as const;
  });
  await requireAdmin(app, request);
  const rows = riddenUserRows(await ridden);
  const target = await requireTargetUser(app, params.id, rows?.[0]);
  return Response.json(await userActivity(app, target.id, rows ? [rows[1], rows[2], rows[3]] : null));
}
