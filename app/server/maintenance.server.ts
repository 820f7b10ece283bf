import { and, eq, lt } from "drizzle-orm";
import type { Db } from "./db/client.server";
import { authAttempts, invitations, sessions } from "./db/schema";
import { FAILED_SIGNIN_WINDOW_MS } from "./auth/rate-limit.server";

export interface CleanupReport {
  sessionsRemoved: number;
  attemptsRemoved: number;
  invitationsExpired: number;
}

/** Removes what has expired as of `now` (the cron's scheduled time, so a replayed run is repeatable). */
export async function cleanupExpired(db: Db, now: number): Promise<CleanupReport> {
  const [s, a, i] = await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    db.delete(authAttempts).where(lt(authAttempts.createdAt, now - FAILED_SIGNIN_WINDOW_MS)).returning({ key: authAttempts.key }),
    db
      .update(invitations)
      .set({ status: "expired" })
      .where(and(eq(invitations.status, "pending"), lt(invitations.expiresAt, now)))
      .returning({ id: invitations.id }),
  ]);
  return { sessionsRemoved: s.length, attemptsRemoved: a.length, invitationsExpired: i.length };
}
