import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminFlagSchema } from "~/domain/account";
import { conflictsAs409, requireAdmin, requireTargetUser, setUserAdmin, toAdminUser } from "~/server/admin.server";
import { methodNotAllowed, readBody } from "~/server/api.server";

export const loader = () => methodNotAllowed(["PATCH"]);

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const admin = await requireAdmin(context.app, request);
  const target = await requireTargetUser(context.app, params.id);
  const { isAdmin } = await readBody(request, adminFlagSchema);
  const updated = await conflictsAs409(() => setUserAdmin(context.app, admin, target, isAdmin));
  return Response.json({ message: "Admin status updated successfully", user: toAdminUser(updated) });
}
