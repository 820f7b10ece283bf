import { z } from "zod";
import { cents, lineCategory } from "./shared";

// The budget page's details: income and fixed-expense lines merged by id, and the reset day.
const sentLine = z.object({
  id: z.string().min(1).max(100),
  label: z.string().trim().max(120),
  amountCents: cents.min(0),
  category: lineCategory.optional(),
  isSingleMonth: z.boolean().optional(),
});

export const detailsCommandSchemas = [
  z.object({
    type: z.literal("saveBudgetDetails"),
    income: z.array(sentLine).max(200),
    expenses: z.array(sentLine).max(200),
    /** The ids the client loaded: dropped ones are deleted, never-seen ones kept (see mergeLines). */
    loadedIds: z.array(z.string().max(100)).max(1000).optional(),
    resetDay: z.number().int().min(1).max(28).optional(),
  }),
  z.object({
    type: z.literal("updateLineItem"),
    lineItemId: z.string().min(1).max(100),
    label: z.string().trim().max(120).optional(),
    amountCents: cents.min(0).optional(),
    category: lineCategory.optional(),
    isSingleMonth: z.boolean().optional(),
  }),
  z.object({
    type: z.literal("deleteLineItem"),
    lineItemId: z.string().min(1).max(100),
  }),
] as const;
