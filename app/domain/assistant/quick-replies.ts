import * as z from "zod/mini";

// A bot question's quick replies, as they travel in a message's metadata and back in the answer form.
// Shared by the server (which stores what each answer does) and the chat view (which renders the forms).

export const MAX_QUICK_REPLIES = 8;

export interface QuickReplies {
  /** The pending question's id: an answer to any other (older) question is refused. */
  id: string;
  options: string[];
}

export function quickRepliesOf(metadata: unknown): QuickReplies | null {
  const q = (metadata as { quickReplies?: unknown } | null | undefined)?.quickReplies as { id?: unknown; options?: unknown } | undefined;
  if (!q || typeof q.id !== "string" || !Array.isArray(q.options)) return null;
  const options = q.options.filter((o): o is string => typeof o === "string").slice(0, MAX_QUICK_REPLIES);
  return options.length ? { id: q.id, options } : null;
}

/** The answer form on "/" (one submit button per option; the same post with or without JavaScript). */
export const answerFormSchema = z.object({
  intent: z.literal("answer-question"),
  conversationId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  questionId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  choice: z.coerce.number().check(z.int(), z.minimum(0), z.maximum(MAX_QUICK_REPLIES - 1)),
});
