import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/api.server";
import { readRequestData } from "~/server/body.server";
import { requireChatCaller, smartWelcome } from "~/server/chat/api.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST: a welcome built from the budget's real figures. The body's budget figures are ignored: the server reads its own. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const caller = await requireChatCaller(context.app, request);
  await readRequestData(request);
  return Response.json({ message: await smartWelcome(context.app, caller), messageType: "smart_welcome" });
}
