import { and, asc, gt, lte } from "drizzle-orm";
import { budgetRoom } from "./budget-room/client.server";
import { SYSTEM_ACTOR } from "./budget-room/schemas/reset";
import type { Db } from "./db/client.server";
import { budgets } from "./db/schema";

// The monthly reset, in two halves (issue 9): the hourly cron only finds budgets whose period may be over
// (one indexed range scan on reset_due_at) and enqueues them in batches; the queue consumer resets each
// through its BudgetRoom, which decides in the budget's own time zone and is idempotent per period.

/** Budget ids per queue message, and messages per sendBatch call (the Queues limit is 100). */
export const RESET_BUDGETS_PER_MESSAGE = 100;
const MESSAGES_PER_SEND = 100;
/** Periods one budget may catch up in one job (a Worker down for three years is someone else's problem). */
const MAX_CATCH_UP = 36;
/** Budgets reset at once inside one message: Durable Objects are independent, D1 is the shared part. */
const PARALLEL_RESETS = 50;

export interface ResetJob {
  type: "resetBudgets";
  /** Each due budget with the period the cron saw (saves the consumer a read per budget). */
  budgets: Array<{ id: string; periodStart: string }>;
  now: number;
}

/** Finds the budgets due by `now` and enqueues them; returns how many were found. */
export async function enqueueDueResets(db: Db, queue: Queue, now: number): Promise<number> {
  let found = 0;
  let after = "";
  // Paged by id so a very large run never holds more than one page in memory.
  for (;;) {
    const page = await db
      .select({ id: budgets.id, periodStart: budgets.periodStart })
      .from(budgets)
      .where(and(lte(budgets.resetDueAt, now), gt(budgets.id, after)))
      .orderBy(asc(budgets.id))
      .limit(5_000);
    if (page.length === 0) break;
    found += page.length;
    after = page[page.length - 1]!.id;
    const jobs: ResetJob[] = [];
    for (let i = 0; i < page.length; i += RESET_BUDGETS_PER_MESSAGE) {
      jobs.push({ type: "resetBudgets", budgets: page.slice(i, i + RESET_BUDGETS_PER_MESSAGE), now });
    }
    for (let i = 0; i < jobs.length; i += MESSAGES_PER_SEND) {
      await queue.sendBatch(jobs.slice(i, i + MESSAGES_PER_SEND).map((body) => ({ body, contentType: "json" as const })));
    }
    if (page.length < 5_000) break;
  }
  return found;
}

export interface ResetReport {
  budgets: number;
  periodsClosed: number;
}

/**
 * Resets one budget through its room, period by period, until its current period is not over. Starts
 * from the period the cron saw; the room refuses nothing twice (a period already closed is a no-op).
 */
export async function resetBudget(env: Env, budgetId: string, periodStart: string, now: number): Promise<number> {
  const room = budgetRoom(env, budgetId);
  let closed = 0;
  let start = periodStart;
  for (let i = 0; i < MAX_CATCH_UP; i++) {
    const outcome = await room.apply({ budgetId, actorId: SYSTEM_ACTOR, command: { type: "resetPeriod", periodStart: start }, now });
    if (!outcome.ok) {
      if (outcome.status === 404) return closed; // deleted since it was enqueued
      throw new Error(`reset of ${budgetId} refused: ${outcome.message}`);
    }
    const result = outcome.result as { reset: boolean; reason?: string; nextPeriodStart?: string; nextDueAt?: number };
    if (!result.reset) return closed;
    closed++;
    if ((result.nextDueAt ?? Infinity) > now || !result.nextPeriodStart) return closed;
    start = result.nextPeriodStart;
  }
  return closed;
}

/** The consumer's half: every budget of one message, several at a time. A failure retries the message (idempotent). */
export async function runResetJob(env: Env, job: ResetJob): Promise<ResetReport> {
  let periodsClosed = 0;
  const queue = [...job.budgets];
  const workers = Array.from({ length: Math.min(PARALLEL_RESETS, queue.length) }, async () => {
    for (let b = queue.shift(); b !== undefined; b = queue.shift()) periodsClosed += await resetBudget(env, b.id, b.periodStart, job.now);
  });
  await Promise.all(workers);
  return { budgets: job.budgets.length, periodsClosed };
}
