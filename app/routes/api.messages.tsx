import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { conversationQuerySchema, sendMessageSchema } from "~/domain/chat-schema";
import { fieldErrorsOf, jsonError, methodNotAllowed, readBody } from "~/server/api.server";
import { requireChatCaller } from "~/server/chat/api.server";
import { listMessages, requireOwnConversation, toApiMessage } from "~/server/chat/conversations.server";
import { openConversation, sendMessage } from "~/server/chat/send.server";
import { findMessageAnswer, messageRequestHash } from "~/server/chat/message-keys.server";
import { resolveTypedAt } from "~/domain/typed-at";
import { todayIn } from "~/domain/dates";
import { rateLimitedResponse } from "~/server/rate-limits.server";

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

/**
 * POST { conversationId, content, typedAt? }: the user's message and every bot message it caused. Relative
 * dates are read against `typedAt` (a send queued offline). A repeated `Idempotency-Key` (header, or
 * `idempotencyKey` field) gets the first answer and logs nothing again; the same key with another body is a 409.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const app = context.app;
  const caller = await requireChatCaller(app, request);
  const header = request.headers.get("Idempotency-Key")?.trim();
  if (header !== undefined && (header.length < 8 || header.length > 200)) return jsonError(400, "The Idempotency-Key header must be 8 to 200 characters.");
  const limited = await rateLimitedResponse(app, caller.user.id, "message");
  if (limited) return limited;
  const input = await readBody(request, sendMessageSchema);
  const typed = resolveTypedAt(input.typedAt, app.now);
  if (!typed.ok) return jsonError(400, typed.message, { typedAt: [typed.message] });
  const key = header || input.idempotencyKey;
  const idempotency = key
    ? { key, requestHash: await messageRequestHash({ conversationId: input.conversationId, content: input.content, typedAt: input.typedAt === undefined ? null : typed.at }) }
    : undefined;
  if (idempotency) {
    const stored = await findMessageAnswer(app, caller.user.id, idempotency);
    if (stored.found && !stored.sameRequest) return jsonError(409, "This idempotency key was already used for a different message.");
    if (stored.found) return Response.json({ messages: stored.messages }, { headers: { "Idempotent-Replayed": "true" } });
  }
  const { conversation, memory, before } = await openConversation(app, caller.user, caller.access, input.conversationId);
  const today = todayIn(caller.access.budget.timeZone, typed.at);
  const messages = await sendMessage(app, caller.user, caller.access, conversation, input.content, { today, memory, before, idempotency });
  return Response.json({ messages });
}
