import { and, eq, lt } from "drizzle-orm";
import type { Db } from "./db/client.server";
import { authAttempts, budgetCommandKeys, invitations, sessions } from "./db/schema";
import { AUTH_ATTEMPT_RETENTION_MS } from "./auth/rate-limit.server";

export interface CleanupReport {
  sessionsRemoved: number;
  attemptsRemoved: number;
  invitationsExpired: number;
  commandKeysRemoved: number;
}

/** How long a budget command's idempotency key is honoured: far longer than any client retry. */
export const COMMAND_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** Removes what has expired as of `now` (the cron's scheduled time, so a replayed run is repeatable). */
export async function cleanupExpired(db: Db, now: number): Promise<CleanupReport> {
  const [s, a, i, k] = await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    db.delete(authAttempts).where(lt(authAttempts.createdAt, now - AUTH_ATTEMPT_RETENTION_MS)).returning({ key: authAttempts.key }),
    db
      .update(invitations)
      .set({ status: "expired" })
      .where(and(eq(invitations.status, "pending"), lt(invitations.expiresAt, now)))
      .returning({ id: invitations.id }),
    db.delete(budgetCommandKeys).where(lt(budgetCommandKeys.createdAt, now - COMMAND_KEY_TTL_MS)).returning({ key: budgetCommandKeys.key }),
  ]);
  return { sessionsRemoved: s.length, attemptsRemoved: a.length, invitationsExpired: i.length, commandKeysRemoved: k.length };
}
