import { createDb } from "../app/server/db/client.server";
import { cleanupExpired } from "../app/server/maintenance.server";
import { enqueueDueResets } from "../app/server/monthly-reset.server";
import { cleanupUploads } from "../app/server/uploads.server";
import { enqueueDailyBankSyncs } from "../app/server/plaid/sync.server";

/** The daily bank sync's schedule (wrangler.toml [triggers]). */
export const DAILY_BANK_SYNC_CRON = "30 6 * * *";

/**
 * Cron entry. Every job takes "now" from controller.scheduledTime, never from the clock, so a run can be
 * replayed for a given time (tests, or re-running a missed hour) with the same result.
 */
export async function handleScheduled(controller: Pick<ScheduledController, "scheduledTime" | "cron">, env: Env) {
  const db = createDb(env.DB);
  const now = controller.scheduledTime;
  const report = await cleanupExpired(db, now);
  // Every run looks for due resets (a missed hour is caught up by the next); the daily bank-sync cron too.
  const resetsEnqueued = await enqueueDueResets(db, env.JOBS, now);
  // Statement files and their parsed rows are kept 30 days (the privacy text promises it).
  const uploadsRemoved = await cleanupUploads(env, db, now);
  // Daily: a sync of every active bank connection, on the queue (syncType auto).
  const bankSyncsEnqueued = controller.cron === DAILY_BANK_SYNC_CRON ? await enqueueDailyBankSyncs(db, env.JOBS as Queue<unknown>, now) : 0;
  return { cron: controller.cron, now, ...report, resetsEnqueued, uploadsRemoved, bankSyncsEnqueued };
}
