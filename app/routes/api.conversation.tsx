import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/api.server";
import { readRequestData } from "~/server/body.server";
import { rateLimitedResponse } from "~/server/rate-limits.server";
import { requireChatCaller } from "~/server/chat/api.server";
import { createConversation, currentConversation, toApiConversation } from "~/server/chat/conversations.server";

/** GET: the user's current conversation in their active budget, or null when there is none yet. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, access } = await requireChatCaller(context.app, request);
  const conversation = await currentConversation(context.app, user.id, access.budget.id);
  return Response.json(conversation ? toApiConversation(conversation) : null);
}

/** POST (empty body): starts a new conversation. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { user, access } = await requireChatCaller(context.app, request);
  await readRequestData(request);
  const limited = await rateLimitedResponse(context.app, user.id, "conversation");
  if (limited) return limited;
  const conversation = await createConversation(context.app, user.id, access.budget.id);
  return Response.json(toApiConversation(conversation), { status: 201 });
}
