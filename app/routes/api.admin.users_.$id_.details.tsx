import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminTargetId, findUserQuery, requireAdmin, requireTargetUser, userDetails, userDetailsQueries } from "~/server/admin.server";
import { riddenUserRows, rideWithSessionLookup, sessionUserIdOf } from "~/server/auth/session.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const app = context.app;
  const id = params.id ?? "";
  // The user and their details ride with the session lookup, read only if the session's user is an admin.
  const ridden = rideWithSessionLookup(app, request, (hash) => {
    const target = adminTargetId(sessionUserIdOf(app, hash), id);
    return [findUserQuery(app, target), ...userDetailsQueries(app, target)] as const;
  });
  await requireAdmin(app, request);
  const rows = riddenUserRows(await ridden);
  const user = await requireTargetUser(app, params.id, rows?.[0]);
  return Response.json(await userDetails(app, user, rows ? [rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7]] : null));
}
