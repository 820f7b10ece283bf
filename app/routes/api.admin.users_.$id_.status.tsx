import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { accountStatusSchema } from "~/domain/account";
import { conflictsAs409, requireAdmin, requireTargetUser, setUserStatus, toAdminUser } from "~/server/admin.server";
import { methodNotAllowed, readBody } from "~/server/api.server";

export const loader = () => methodNotAllowed(["PATCH"]);

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const admin = await requireAdmin(context.app, request);
  const target = await requireTargetUser(context.app, params.id);
  const { status } = await readBody(request, accountStatusSchema);
  const updated = await conflictsAs409(() => setUserStatus(context.app, admin, target, status));
  return Response.json({ message: "User status updated successfully", user: toAdminUser(updated) });
}
