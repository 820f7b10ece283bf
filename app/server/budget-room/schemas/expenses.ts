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
  }),
] as const;
