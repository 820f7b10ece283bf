import { z } from "zod";

// Every write to a budget is one of these commands, applied by that budget's BudgetRoom one at a time.
// Schemas validate commands at the Durable Object boundary too: the object trusts nothing it is sent.
const cents = z.number().int().min(-1_000_000_000_00).max(1_000_000_000_00);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const budgetCommandSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("createBudget"),
    ownerId: z.string().min(1),
    name: z.string().min(1).max(120),
    timeZone: z.string().min(1).max(64),
    resetDay: z.number().int().min(1).max(28),
    periodStart: day,
  }),
  z.object({
    type: z.literal("addLineItem"),
    kind: z.enum(["income", "expense"]),
    label: z.string().trim().min(1).max(120),
    amountCents: cents.min(0),
    category: z.enum(["income", "housing", "utilities", "transportation", "subscriptions", "other"]),
    isSingleMonth: z.boolean().default(false),
  }),
  z.object({
    type: z.literal("addExpense"),
    amountCents: cents.min(1),
    description: z.string().trim().min(1).max(200),
    categoryId: z.string().min(1),
    date: day,
    source: z.enum(["chat", "form", "upload", "bank", "seed"]),
    originalInput: z.string().max(1000).nullable().default(null),
    externalId: z.string().max(200).nullable().default(null),
  }),
  z.object({
    type: z.literal("setResetDay"),
    resetDay: z.number().int().min(1).max(28),
  }),
]);

export type BudgetCommand = z.input<typeof budgetCommandSchema>;
export type ParsedBudgetCommand = z.output<typeof budgetCommandSchema>;

export interface CommandEnvelope {
  budgetId: string;
  actorId: string;
  command: BudgetCommand;
  /** A repeated key returns the first result and writes nothing (double submits, retries). */
  idempotencyKey?: string;
  now?: number;
}

export type CommandOutcome =
  | { ok: true; seq: number; replayed: boolean; result: Record<string, unknown> }
  | { ok: false; status: 400 | 403 | 404 | 409; message: string };
