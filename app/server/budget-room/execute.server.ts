import { and, eq, max } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client.server";
import { budgetCommandKeys, budgetMembers, budgets, categories, expenses, lineItems, users } from "../db/schema";
import { budgetCommandSchema, type CommandEnvelope, type CommandOutcome, type ParsedBudgetCommand } from "./commands";

type Statement = BatchItem<"sqlite">;

export class CommandRejected extends Error {
  constructor(
    public readonly status: 400 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

interface Plan {
  statements: Statement[];
  result: Record<string, unknown>;
}

/** The room trusts nobody: every command but createBudget needs the budget and a member as its actor. */
async function requireMember(db: Db, budgetId: string, actorId: string): Promise<{ periodStart: string; role: "owner" | "member" }> {
  const [budget, membership] = await db.batch([
    db.select({ periodStart: budgets.periodStart }).from(budgets).where(eq(budgets.id, budgetId)).limit(1),
    db
      .select({ role: budgetMembers.role })
      .from(budgetMembers)
      .where(and(eq(budgetMembers.budgetId, budgetId), eq(budgetMembers.userId, actorId)))
      .limit(1),
  ]);
  if (!budget[0]) throw new CommandRejected(404, "Budget not found.");
  if (!membership[0]) throw new CommandRejected(403, "You are not a member of this budget.");
  return { periodStart: budget[0].periodStart, role: membership[0].role };
}

async function planCreateBudget(db: Db, budgetId: string, command: Extract<ParsedBudgetCommand, { type: "createBudget" }>, now: number): Promise<Plan> {
  const existing = await db.select({ id: budgets.id }).from(budgets).where(eq(budgets.id, budgetId)).limit(1);
  if (existing.length > 0) throw new CommandRejected(409, "This budget already exists.");
  return {
    statements: [
      db.insert(budgets).values({
        id: budgetId,
        name: command.name,
        ownerId: command.ownerId,
        resetDay: command.resetDay,
        timeZone: command.timeZone,
        periodStart: command.periodStart,
        createdAt: now,
        updatedAt: now,
      }),
      db.insert(budgetMembers).values({ id: crypto.randomUUID(), budgetId, userId: command.ownerId, role: "owner", joinedAt: now }),
      db.update(users).set({ activeBudgetId: budgetId, updatedAt: now }).where(eq(users.id, command.ownerId)),
    ],
    result: { budgetId },
  };
}

// Each command reads what it needs, then returns its writes as one batch (one D1 transaction).
// The BudgetRoom guarantees no other command for the same budget runs between the reads and the batch.
async function plan(db: Db, budgetId: string, actorId: string, command: ParsedBudgetCommand, now: number): Promise<Plan> {
  if (command.type === "createBudget") {
    if (command.ownerId !== actorId) throw new CommandRejected(403, "A budget can only be created for yourself.");
    return planCreateBudget(db, budgetId, command, now);
  }
  const member = await requireMember(db, budgetId, actorId);
  switch (command.type) {
    case "addLineItem": {
      const [row] = await db
        .select({ top: max(lineItems.position) })
        .from(lineItems)
        .where(and(eq(lineItems.budgetId, budgetId), eq(lineItems.kind, command.kind)));
      const position = (row?.top ?? -1) + 1;
      const id = crypto.randomUUID();
      return {
        statements: [
          db.insert(lineItems).values({
            id,
            budgetId,
            kind: command.kind,
            label: command.label,
            amountCents: command.amountCents,
            category: command.category,
            isSingleMonth: command.isSingleMonth,
            position,
            createdAt: now,
            updatedAt: now,
          }),
        ],
        result: { id, position },
      };
    }
    case "addExpense": {
      const category = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, command.categoryId)).limit(1);
      if (!category[0]) throw new CommandRejected(400, "Unknown category.");
      if (command.externalId) {
        const dup = await db
          .select({ id: expenses.id })
          .from(expenses)
          .where(and(eq(expenses.budgetId, budgetId), eq(expenses.externalId, command.externalId)))
          .limit(1);
        if (dup[0]) return { statements: [], result: { id: dup[0].id, duplicate: true } };
      }
      const id = crypto.randomUUID();
      return {
        statements: [
          db.insert(expenses).values({
            id,
            budgetId,
            // Who added it is the actor the room verified, never a field the caller could set.
            userId: actorId,
            amountCents: command.amountCents,
            description: command.description,
            categoryId: command.categoryId,
            date: command.date,
            createdAt: now,
            enabled: true,
            originalInput: command.originalInput,
            source: command.source,
            externalId: command.externalId,
            periodStart: member.periodStart,
          }),
        ],
        result: { id },
      };
    }
    case "setResetDay": {
      if (member.role !== "owner") throw new CommandRejected(403, "Only the budget owner can change the reset day.");
      return {
        statements: [db.update(budgets).set({ resetDay: command.resetDay, updatedAt: now }).where(eq(budgets.id, budgetId))],
        result: { resetDay: command.resetDay },
      };
    }
  }
}

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
 * `beforeCommit` runs after every check passed and just before the batch (the room reserves its seq).
 */
export async function executeBudgetCommand(db: Db, envelope: CommandEnvelope, seq: number, beforeCommit: () => void = () => {}): Promise<CommandOutcome> {
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
    const outcome: CommandOutcome = { ok: true, seq, replayed: false, result };
    // A refused command stores no key: fixing the input and retrying with the same key must work.
    if (key) statements.push(db.insert(budgetCommandKeys).values({ budgetId: envelope.budgetId, key, requestHash: hash, outcome, createdAt: now }));
    beforeCommit();
    if (statements.length > 0) {
      await db.batch(statements as [Statement, ...Statement[]]);
    }
    return outcome;
  } catch (error) {
    if (error instanceof CommandRejected) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}
