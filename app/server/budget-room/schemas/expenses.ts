import { z } from "zod";
import { cents, day } from "./shared";

// Expenses (transactions) of a budget.
export const expenseCommandSchemas = [
  z.object({
    type: z.literal("addExpense"),
    amountCents: cents.min(1),
    description: z.string().trim().min(1).max(200),
    categoryId: z.string().min(1),
    date: day,
    source: z.enum(["chat", "form", "upload", "bank", "seed"]),
    originalInput: z.string().max(1000).nullable().default(null),
    externalId: z.string().max(200).nullable().default(null),
    /** Typed in an earlier period (a chat message queued offline): a date before this period goes to history. */
    intoHistory: z.boolean().default(false),
    /** The member chose this category in answer to the assistant's question: remember it for the merchant. */
    rememberCategory: z.boolean().default(false),
  }),
  // Any member may edit any expense of the budget (spec §6); archived ones too (history corrections).
  z.object({
    type: z.literal("updateExpense"),
    expenseId: z.string().min(1).max(100),
    amountCents: cents.min(1).optional(),
    description: z.string().trim().min(1).max(200).optional(),
    categoryId: z.string().min(1).max(64).optional(),
    date: day.optional(),
  }),
  z.object({
    type: z.literal("toggleExpense"),
    expenseId: z.string().min(1).max(100),
    /** Absent: flip. Given: set (a retried toggle then cannot flip twice). */
    enabled: z.boolean().optional(),
  }),
  z.object({
    type: z.literal("deleteExpense"),
    expenseId: z.string().min(1).max(100),
  }),
] as const;
