// zod/mini: the chat form's rules also run in the browser (the send button and the no-JS form share them).
import * as z from "zod/mini";

export const MAX_MESSAGE_CHARS = 2_000;
export const EMPTY_MESSAGE = "Message cannot be empty.";
export const LONG_MESSAGE = `Message is too long: ${MAX_MESSAGE_CHARS.toLocaleString("en-US")} characters at most.`;
export const MISSING_CONVERSATION = "conversationId is required.";

const content = z.string({ error: EMPTY_MESSAGE }).check(
  z.trim(),
  z.minLength(1, { error: EMPTY_MESSAGE, abort: true }),
  z.maxLength(MAX_MESSAGE_CHARS, { error: LONG_MESSAGE }),
);

const conversationId = z.string({ error: MISSING_CONVERSATION }).check(
  z.trim(),
  z.minLength(1, { error: MISSING_CONVERSATION, abort: true }),
  z.maxLength(100, { error: "conversationId is not valid." }),
);

/**
 * POST /api/messages. `typedAt`: when the message was typed (a send queued offline); `idempotencyKey`
 * (or the Idempotency-Key header): a retried send is answered once.
 */
export const sendMessageSchema = z.object({
  conversationId,
  content,
  typedAt: z.optional(z.union([z.number(), z.string().check(z.maxLength(40, { error: "typedAt is not valid." }))])),
  idempotencyKey: z.optional(z.string().check(z.trim(), z.minLength(8, { error: "Invalid idempotency key." }), z.maxLength(200, { error: "Invalid idempotency key." }))),
});

/** The chat form on "/" (without JavaScript the conversation may not exist yet: the action creates it). */
export const chatFormSchema = z.object({
  intent: z.literal("send-message"),
  conversationId: z.optional(z.string().check(z.maxLength(100))),
  content,
});

/** GET /api/messages?conversationId= */
export const conversationQuerySchema = z.object({ conversationId });
