import { createDb } from "../app/server/db/client.server";
import { recordDeadLetter, runJob } from "../app/server/jobs.server";

const DEAD_LETTER_QUEUE = "budget-jobs-dlq";

export async function handleQueueBatch(batch: MessageBatch, env: Env): Promise<void> {
  const db = createDb(env.DB);
  for (const message of batch.messages) {
    if (batch.queue === DEAD_LETTER_QUEUE) {
      await recordDeadLetter(db, message.body, Date.now());
      message.ack();
      continue;
    }
    try {
      const outcome = await runJob(db, message.body, env);
      if (outcome === "invalid") console.warn("Dropped an invalid job message", message.id);
      message.ack();
    } catch (error) {
      console.error("Job failed; it will be retried", message.id, error);
      message.retry({ delaySeconds: Math.min(60, 5 * 2 ** (message.attempts - 1)) });
    }
  }
}
