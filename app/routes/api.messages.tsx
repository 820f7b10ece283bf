import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { conversationQuerySchema, sendMessageSchema } from "~/domain/chat-schema";
import { fieldErrorsOf, jsonError, methodNotAllowed, readBody } from "~/server/api.server";
import { requireChatCaller } from "~/server/chat/api.server";
import { listMessages, requireOwnConversation, toApiMessage } from "~/server/chat/conversations.server";
import { openConversation, sendMessage } from "~/server/chat/send.server";

/** GET ?conversationId=: the conversation's messages, oldest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = await requireChatCaller(context.app, request);
  const query = conversationQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) {
    const fieldErrors = fieldErrorsOf(query.error.issues);
    return jsonError(400, Object.values(fieldErrors)[0]?.[0] ?? "conversationId is required.", fieldErrors);
  }
  const conversation = await requireOwnConversation(context.app, caller.user.id, caller.access.budget.id, query.data.conversationId);
  return Response.json((await listMessages(context.app, conversation.id)).map(toApiMessage));
}

/** POST { conversationId, content }: the user's message and every bot message it caused. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const caller = await requireChatCaller(context.app, request);
  const input = await readBody(request, sendMessageSchema);
  const { conversation, memory, before } = await openConversation(context.app, caller.user, caller.access, input.conversationId);
  const messages = await sendMessage(context.app, caller.user, caller.access, conversation, input.content, { today: caller.today, memory, before });
  return Response.json({ messages });
}
