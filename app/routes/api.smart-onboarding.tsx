import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/api.server";
import { readRequestData } from "~/server/body.server";
import { requireChatCaller, smartOnboarding } from "~/server/chat/api.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST: the setup message for the current conversation (the spec's utilities question if it cannot be built). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const caller = await requireChatCaller(context.app, request);
  await readRequestData(request);
  return Response.json({ message: await smartOnboarding(context.app, caller) });
}
