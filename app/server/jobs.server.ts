import type { Db } from "./db/client.server";
import { activityLog } from "./db/schema";
import { cleanupExpired } from "./maintenance.server";
import { jobMessageSchema } from "./job-messages.server";
import { runResetJob } from "./monthly-reset.server";
import { runParseJob } from "./uploads.server";
import { parseEnv } from "./env.server";
import { runPlaidSyncJob } from "./plaid/sync.server";

// The queue consumer: runs each validated message (the messages themselves live in job-messages.server.ts,
// so modules that enqueue do not import the runners back). A malformed message is dropped, not retried.
export type JobOutcome = "done" | "invalid";

export async function runJob(db: Db, body: unknown, env: Env): Promise<JobOutcome> {
  const parsed = jobMessageSchema.safeParse(body);
  if (!parsed.success) return "invalid";
  const job = parsed.data;
  switch (job.type) {
    case "cleanup": {
      const report = await cleanupExpired(db, job.now);
      await db.insert(activityLog).values({
        id: crypto.randomUUID(),
        type: "job",
        description: `cleanup: ${report.sessionsRemoved} sessions, ${report.attemptsRemoved} sign-in attempts, ${report.invitationsExpired} invitations expired`,
        createdAt: job.now,
      });
      return "done";
    }
    case "resetBudgets": {
      await runResetJob(env, job);
      return "done";
    }
    case "parseStatement": {
      await runParseJob(env, db, job.uploadId, Date.now(), { flip: job.flip });
      return "done";
    }
    case "plaidSync": {
      // A sync already running for this Item throws SyncBusyError: the queue retries it after a delay.
      await runPlaidSyncJob({ env, config: parseEnv(env), db, now: Date.now() }, job.plaidItemRowId);
      return "done";
    }
  }
}

/** A message that exhausted its retries lands here; it is recorded so an admin can see what failed. */
export async function recordDeadLetter(db: Db, body: unknown, now: number): Promise<void> {
  await db.insert(activityLog).values({
    id: crypto.randomUUID(),
    type: "job",
    description: `dead letter: ${JSON.stringify(body).slice(0, 500)}`,
    createdAt: now,
  });
}
