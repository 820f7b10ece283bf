import { and, eq, type SQL } from "drizzle-orm";
import type { AppContext } from "../context.server";
import { messageKeys } from "../db/schema";
import type { ApiMessage } from "./conversations.server";

// Idempotency-Key on POST /api/messages (issue 23): the answer is stored in the same D1 batch as the
// messages it reports, so a send whose answer never arrived (cut connection, offline queue) is answered
// again from the store instead of being read, and logged, twice.

export interface MessageIdempotency {
  key: string;
  requestHash: string;
}

export async function messageRequestHash(input: { conversationId: string; content: string; typedAt: number | null }): Promise<string> {
  const text = JSON.stringify([input.conversationId, input.content, input.typedAt]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export type StoredAnswer = { found: false } | { found: true; sameRequest: boolean; messages: ApiMessage[] };

/** The answer stored under the user's key (an id, or SQL `sessionUserIdOf` to ride with the session lookup). */
export function messageAnswerQuery(app: AppContext, userId: string | SQL, key: string) {
  return app.db
    .select({ requestHash: messageKeys.requestHash, answer: messageKeys.answer })
    .from(messageKeys)
    .where(and(eq(messageKeys.userId, userId), eq(messageKeys.key, key)))
    .limit(1);
}

export async function findMessageAnswer(app: AppContext, userId: string, idem: MessageIdempotency, ridden?: Awaited<ReturnType<typeof messageAnswerQuery>> | null): Promise<StoredAnswer> {
  const rows = ridden ?? (await messageAnswerQuery(app, userId, idem.key));
  if (!rows[0]) return { found: false };
  return { found: true, sameRequest: rows[0].requestHash === idem.requestHash, messages: (rows[0].answer.messages ?? []) as ApiMessage[] };
}

/** The row written with the messages; a second writer of the same key fails the whole batch on the primary key. */
export function messageKeyInsert(app: AppContext, userId: string, idem: MessageIdempotency, messages: ApiMessage[]) {
  return app.db.insert(messageKeys).values({ userId, key: idem.key, requestHash: idem.requestHash, answer: { messages }, createdAt: app.now });
}

/** The key each budget command of one keyed send carries, so a retried send writes nothing twice. */
export function commandKeyOf(userId: string, idem: MessageIdempotency, n: number): string {
  return `msg:${userId}:${idem.key}:${n}`;
}
