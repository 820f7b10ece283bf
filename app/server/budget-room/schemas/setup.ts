import { z } from "zod";
import { MAX_LINES } from "../../../domain/budget-details";
import { cents, day, lineCategory } from "./shared";

// Creating a budget, its income and fixed-expense lines, and its reset day.
export const setupCommandSchemas = [
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
    category: lineCategory,
    isSingleMonth: z.boolean().default(false),
  }),
  // Several lines of one kind at once (a chat setup answer), as one batch: at most a budget's worth.
  z.object({
    type: z.literal("addLineItems"),
    kind: z.enum(["income", "expense"]),
    category: lineCategory,
    lines: z.array(z.object({ label: z.string().trim().min(1).max(120), amountCents: cents.min(0) })).min(1).max(MAX_LINES),
  }),
  z.object({
    type: z.literal("setResetDay"),
    resetDay: z.number().int().min(1).max(28),
  }),
] as const;
