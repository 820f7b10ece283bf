import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { budgetCommandKeys, budgets } from "../db/schema";
import { budgetCommandSchema, type CommandEnvelope, type CommandOutcome } from "./commands";
import { CommandRejected, type Statement } from "./plan-context.server";
import { plan } from "./planners/index.server";
import { commandActivity } from "./activity.server";

export { CommandRejected };

/** Key order-independent JSON, so a retried request hashes the same however it was built. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

async function requestHash(envelope: CommandEnvelope): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(stableJson({ actor: envelope.actorId, command: envelope.command })));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Validates and applies one command. Called only from inside the budget's BudgetRoom, which runs them
 * one at a time. With an idempotency key, the outcome is stored in the same batch as the writes, so a
 * repeated key returns the first outcome (replayed) and writes nothing, whatever happened in between;
 * the same key with a different request is refused (409) rather than silently answered with the first.
 * The sequence number is the budget row's counter, raised in the same batch: it moves exactly when a
 * command commits (a refused, replayed or failed command takes none), with no read before the batch.
 */
export async function executeBudgetCommand(db: Db, envelope: CommandEnvelope): Promise<CommandOutcome> {
  const key = envelope.idempotencyKey;
  const hash = key ? await requestHash(envelope) : "";
  if (key) {
    const seen = await db
      .select({ outcome: budgetCommandKeys.outcome, requestHash: budgetCommandKeys.requestHash })
      .from(budgetCommandKeys)
      .where(and(eq(budgetCommandKeys.budgetId, envelope.budgetId), eq(budgetCommandKeys.key, key)))
      .limit(1);
    if (seen[0]) {
      if (seen[0].requestHash !== hash) return { ok: false, status: 409, message: "This idempotency key was already used for a different request." };
      return { ...(seen[0].outcome as Extract<CommandOutcome, { ok: true }>), replayed: true };
    }
  }
  const parsed = budgetCommandSchema.safeParse(envelope.command);
  if (!parsed.success) {
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? "Invalid command." };
  }
  const now = envelope.now ?? Date.now();
  try {
    const { statements, result } = await plan(db, envelope.budgetId, envelope.actorId, parsed.data, now);
    // A refused command stores no key: fixing the input and retrying with the same key must work.
    const logged = statements.length > 0 ? commandActivity(db, envelope.budgetId, envelope.actorId, parsed.data, now) : null;
    if (logged) statements.push(logged);
    // After the planner's writes, so a budget created by this very batch is numbered too.
    const seqAt = statements.length;
    statements.push(db.update(budgets).set({ seq: sql`${budgets.seq} + 1` }).where(eq(budgets.id, envelope.budgetId)).returning({ seq: budgets.seq }));
    if (key) {
      // The stored outcome carries the number this batch gave the command (read inside the transaction).
      const stored = sql`json_set(${JSON.stringify({ ok: true, seq: 0, replayed: false, result })}, '$.seq', (SELECT ${budgets.seq} FROM ${budgets} WHERE ${budgets.id} = ${envelope.budgetId}))`;
      statements.push(db.insert(budgetCommandKeys).values({ budgetId: envelope.budgetId, key, requestHash: hash, outcome: stored as unknown as Record<string, unknown>, createdAt: now }));
    }
    const results = await db.batch(statements as [Statement, ...Statement[]]);
    // A budget deleted by this very command has no counter left to number it with.
    const seq = (results[seqAt] as Array<{ seq: number }>)[0]?.seq ?? 0;
    return { ok: true, seq, replayed: false, result };
  } catch (error) {
    if (error instanceof CommandRejected) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}

