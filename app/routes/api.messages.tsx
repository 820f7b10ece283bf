import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { conversationQuerySchema, sendMessageSchema } from "~/domain/chat-schema";
import { fieldErrorsOf, jsonError, methodNotAllowed, readBody } from "~/server/api.server";
import { chatCallerOf, requireChatCaller } from "~/server/chat/api.server";
import { listMessages, ownConversationQuery, ownMessagesQuery, requireOwnConversation, toApiMessage } from "~/server/chat/conversations.server";
import { memberBudgetIdOf, riddenRowsFor, rideWithSessionLookup, sessionUserIdOf } from "~/server/auth/session.server";
import { openConversation, openConversationQueries, sendMessage, type OpenConversationRows } from "~/server/chat/send.server";
import { findMessageAnswer, messageAnswerQuery, messageRequestHash } from "~/server/chat/message-keys.server";
import { resolveTypedAt } from "~/domain/typed-at";
import { todayIn } from "~/domain/dates";
import { requireApiUserWithinLimit } from "~/server/rate-limits.server";

/** GET ?conversationId=: the conversation's messages, oldest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const query = conversationQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const asked = query.success ? query.data.conversationId : null;
  // The conversation and its messages ride with the session lookup, both scoped in SQL to the caller's own.
  const ridden = asked
    ? rideWithSessionLookup(app, request, (hash) => {
        const userId = sessionUserIdOf(app, hash);
        const budgetId = memberBudgetIdOf(app, hash);
        return [ownConversationQuery(app, userId, budgetId, asked), ownMessagesQuery(app, userId, budgetId, asked)] as const;
      })
    : null;
  const caller = await requireChatCaller(app, request);
  if (!query.success) {
    const fieldErrors = fieldErrorsOf(query.error.issues);
    return jsonError(400, Object.values(fieldErrors)[0]?.[0] ?? "conversationId is required.", fieldErrors);
  }
  const rows = riddenRowsFor(await ridden, caller.access.budget.id);
  const conversation = await requireOwnConversation(app, caller.user.id, caller.access.budget.id, query.data.conversationId, rows?.[0]);
  return Response.json((await listMessages(app, conversation.id, undefined, rows?.[1])).map(toApiMessage));
}

/**
 * POST { conversationId, content, typedAt? }: the user's message and every bot message it caused. Relative
 * dates are read against `typedAt` (a send queued offline). A repeated `Idempotency-Key` (header, or
 * `idempotencyKey` field) gets the first answer and logs nothing again; the same key with another body is a 409.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const app = context.app;
  const header = request.headers.get("Idempotency-Key")?.trim();
  // The body is read first so the conversation it names (and a stored answer for its key) ride in the session
  // lookup's batch: one D1 round trip before the command. Its errors still answer after the session and limit.
  const body = await readBody(request, sendMessageSchema).then(
    (input) => ({ input, error: null }),
    (error: unknown) => ({ input: null, error }),
  );
  const asked = body.input;
  const askedKey = asked ? header || asked.idempotencyKey : undefined;
  const { user, limited, ridden } = await requireApiUserWithinLimit(app, request, "message", (hash) => {
    const userId = sessionUserIdOf(app, hash);
    // Without a readable body nothing rides; with no key, the stored-answer read looks up a key no send has (keys are 8+ characters).
    // The stored-answer read goes first, so the conversation's rows are simply the rest, however many they are.
    return asked ? ([messageAnswerQuery(app, userId, askedKey ?? ""), ...openConversationQueries(app, userId, memberBudgetIdOf(app, hash), asked.conversationId)] as const) : [];
  });
  const caller = await chatCallerOf(app, user);
  if (header !== undefined && (header.length < 8 || header.length > 200)) return jsonError(400, "The Idempotency-Key header must be 8 to 200 characters.");
  if (limited) return limited;
  if (body.error) throw body.error;
  const input = body.input!;
  const typed = resolveTypedAt(input.typedAt, app.now);
  if (!typed.ok) return jsonError(400, typed.message, { typedAt: [typed.message] });
  const key = header || input.idempotencyKey;
  // The ridden rows are used only when aimed at the budget the caller acts in (else read again, as before).
  const rode = riddenRowsFor(ridden, caller.access.budget.id) as unknown[] | null;
  const idempotency = key
    ? { key, requestHash: await messageRequestHash({ conversationId: input.conversationId, content: input.content, typedAt: input.typedAt === undefined ? null : typed.at }) }
    : undefined;
  if (idempotency) {
    const stored = await findMessageAnswer(app, caller.user.id, idempotency, rode ? (rode[0] as Parameters<typeof findMessageAnswer>[3]) : null);
    if (stored.found && !stored.sameRequest) return jsonError(409, "This idempotency key was already used for a different message.");
    if (stored.found) return Response.json({ messages: stored.messages }, { headers: { "Idempotent-Replayed": "true" } });
  }
  const { conversation, memory, before } = await openConversation(app, caller.user, caller.access, input.conversationId, rode ? (rode.slice(1) as unknown as OpenConversationRows) : null);
  const today = todayIn(caller.access.budget.timeZone, typed.at);
  const messages = await sendMessage(app, caller.user, caller.access, conversation, input.content, { today, memory, before, idempotency });
  return Response.json({ messages });
}
