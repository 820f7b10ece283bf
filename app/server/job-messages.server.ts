import { z } from "zod";
import { RESET_BUDGETS_PER_MESSAGE } from "./monthly-reset.server";

// The JOBS queue's messages and the one way to send them. Kept apart from the consumer (jobs.server.ts),
// which imports every job's runner: a module that enqueues (uploads) must not import its own runner back
// through the consumer (issue 24: the jobs ↔ uploads import circle).
export const jobMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("cleanup"), now: z.number().int() }),
  z.object({
    type: z.literal("resetBudgets"),
    budgets: z.array(z.object({ id: z.string().min(1).max(200), periodStart: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })).min(1).max(RESET_BUDGETS_PER_MESSAGE),
    now: z.number().int(),
  }),
  z.object({ type: z.literal("parseStatement"), uploadId: z.string().min(1).max(100), flip: z.boolean().optional() }),
  // A bank sync of one Item (webhook or the daily cron); `at` is when it was asked for.
  z.object({ type: z.literal("plaidSync"), plaidItemRowId: z.string().min(1).max(100), at: z.number().int() }),
]);

export type JobMessage = z.infer<typeof jobMessageSchema>;

export async function enqueueJob(env: Env, message: JobMessage): Promise<void> {
  await env.JOBS.send(jobMessageSchema.parse(message), { contentType: "json" });
}
