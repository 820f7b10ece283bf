import { createDb } from "../app/server/db/client.server";
import { recordDeadLetter, runJob } from "../app/server/jobs.server";
import { logError, logWarning } from "../app/server/log.server";

const DEAD_LETTER_QUEUE = "budget-jobs-dlq";

/** Jobs that are light and independent run side by side; the rest (statement parsing: memory) one by one. */
const CONCURRENT_JOB_TYPES = new Set(["resetBudgets", "plaidSync"]);

function jobType(body: unknown): string | null {
  return body && typeof body === "object" && typeof (body as { type?: unknown }).type === "string" ? (body as { type: string }).type : null;
}

export async function handleQueueBatch(batch: MessageBatch, env: Env): Promise<void> {
  const db = createDb(env.DB);
  const handle = async (message: Message) => {
    if (batch.queue === DEAD_LETTER_QUEUE) {
      await recordDeadLetter(db, message.body, Date.now());
      message.ack();
      return;
    }
    try {
      const outcome = await runJob(db, message.body, env);
      if (outcome === "invalid") logWarning("Dropped an invalid job message", message.id);
      message.ack();
    } catch (error) {
      logError("Job failed; it will be retried", message.id, error);
      message.retry({ delaySeconds: Math.min(60, 5 * 2 ** (message.attempts - 1)) });
    }
  };
  const together = batch.messages.filter((m) => CONCURRENT_JOB_TYPES.has(jobType(m.body) ?? ""));
  const inTurn = batch.messages.filter((m) => !together.includes(m));
  await Promise.all([Promise.all(together.map(handle)), (async () => { for (const m of inTurn) await handle(m); })()]);
}
