import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminTargetId, conflictsAs409, deleteUserAsAdmin, findUserQuery, requireAdmin, requireTargetUser, toAdminUser } from "~/server/admin.server";
import { riddenUserRows, rideWithSessionLookup, sessionUserIdOf } from "~/server/auth/session.server";
import { methodNotAllowed } from "~/server/api.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const app = context.app;
  const id = params.id ?? "";
  const ridden = rideWithSessionLookup(app, request, (hash) => [findUserQuery(app, adminTargetId(sessionUserIdOf(app, hash), id))] as const);
  await requireAdmin(app, request);
  return Response.json(toAdminUser(await requireTargetUser(app, params.id, riddenUserRows(await ridden)?.[0])));
}

/** DELETE: the same deletion as a user's own, refused for oneself and for the last admin. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const admin = await requireAdmin(context.app, request);
  const target = await requireTargetUser(context.app, params.id);
  const report = await conflictsAs409(() => deleteUserAsAdmin(context.app, admin, target));
  return Response.json({ message: "User deleted successfully", ...report });
}
