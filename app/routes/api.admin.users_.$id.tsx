import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { conflictsAs409, deleteUserAsAdmin, requireAdmin, requireTargetUser, toAdminUser } from "~/server/admin.server";
import { methodNotAllowed } from "~/server/api.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  return Response.json(toAdminUser(await requireTargetUser(context.app, params.id)));
}

/** DELETE: the same deletion as a user's own, refused for oneself and for the last admin. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const admin = await requireAdmin(context.app, request);
  const target = await requireTargetUser(context.app, params.id);
  const report = await conflictsAs409(() => deleteUserAsAdmin(context.app, admin, target));
  return Response.json({ message: "User deleted successfully", ...report });
}
