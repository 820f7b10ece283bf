import { and, eq, like, lt, not, or } from "drizzle-orm";
import type { Db } from "./db/client.server";
import { authAttempts, budgetCommandKeys, invitations, messageKeys, sessions } from "./db/schema";
import { TYPED_AT_MAX_AGE_MS } from "~/domain/typed-at";
import { AUTH_ATTEMPT_RETENTION_MS } from "./auth/rate-limit.server";

export interface CleanupReport {
  sessionsRemoved: number;
  attemptsRemoved: number;
  invitationsExpired: number;
  commandKeysRemoved: number;
  messageKeysRemoved: number;
}

/** How long a budget command's idempotency key is honoured: far longer than any client retry. */
export const COMMAND_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A chat send's key (and the keys of the commands it made) lives as long as a queued message may still be
 * sent: the 30 days typedAt allows, plus a day.
 */
export const MESSAGE_KEY_TTL_MS = TYPED_AT_MAX_AGE_MS + COMMAND_KEY_TTL_MS;

/** Removes what has expired as of `now` (the cron's scheduled time, so a replayed run is repeatable). */
export async function cleanupExpired(db: Db, now: number): Promise<CleanupReport> {
  const [s, a, i, k, m] = await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    db.delete(authAttempts).where(lt(authAttempts.createdAt, now - AUTH_ATTEMPT_RETENTION_MS)).returning({ key: authAttempts.key }),
    db
      .update(invitations)
      .set({ status: "expired" })
      .where(and(eq(invitations.status, "pending"), lt(invitations.expiresAt, now)))
      .returning({ id: invitations.id }),
    db
      .delete(budgetCommandKeys)
      .where(and(lt(budgetCommandKeys.createdAt, now - COMMAND_KEY_TTL_MS), or(not(like(budgetCommandKeys.key, "msg:%")), lt(budgetCommandKeys.createdAt, now - MESSAGE_KEY_TTL_MS))))
      .returning({ key: budgetCommandKeys.key }),
    db.delete(messageKeys).where(lt(messageKeys.createdAt, now - MESSAGE_KEY_TTL_MS)).returning({ key: messageKeys.key }),
  ]);
  return { sessionsRemoved: s.length, attemptsRemoved: a.length, invitationsExpired: i.length, commandKeysRemoved: k.length, messageKeysRemoved: m.length };
}
