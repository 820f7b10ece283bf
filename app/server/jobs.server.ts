import { z } from "zod";
import type { Db } from "./db/client.server";
import { activityLog } from "./db/schema";
import { cleanupExpired } from "./maintenance.server";
import { RESET_BUDGETS_PER_MESSAGE, runResetJob } from "./monthly-reset.server";
import { runParseJob } from "./uploads.server";

// Messages on the JOBS queue. Later features add their job types here (statement parsing, bank sync,
// monthly resets); the consumer validates every message, so a malformed one is dropped, not retried.
export const jobMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("cleanup"), now: z.number().int() }),
  z.object({
    type: z.literal("resetBudgets"),
    budgets: z.array(z.object({ id: z.string().min(1).max(200), periodStart: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })).min(1).max(RESET_BUDGETS_PER_MESSAGE),
    now: z.number().int(),
  }),
  z.object({ type: z.literal("parseStatement"), uploadId: z.string().min(1).max(100) }),
]);

export type JobMessage = z.infer<typeof jobMessageSchema>;

export async function enqueueJob(env: Env, message: JobMessage): Promise<void> {
  await env.JOBS.send(jobMessageSchema.parse(message), { contentType: "json" });
}

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
      await runParseJob(env, db, job.uploadId, Date.now());
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
