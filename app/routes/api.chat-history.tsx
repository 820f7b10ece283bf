import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { clearChatHistory } from "~/server/account.server";
import { methodNotAllowed } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";

export const loader = () => methodNotAllowed(["DELETE"]);

/** Clears the user's own chat messages (every budget); nobody else's chat changes. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const user = await requireApiUser(context.app, request);
  return Response.json({ deleted: await clearChatHistory(context.app, user.id) });
}
