import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminMessageSchema } from "~/domain/support";
import { requireAdmin } from "~/server/admin.server";
import { jsonError, methodNotAllowed, readBody } from "~/server/api.server";
import { sendAdminMessage } from "~/server/support.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireAdmin(context.app, request);
  const input = await readBody(request, adminMessageSchema);
  const message = await sendAdminMessage(context.app, admin.id, input);
  if (!message) return jsonError(404, "User not found.");
  return Response.json({ message: "Message sent successfully", supportMessage: message }, { status: 201 });
}
