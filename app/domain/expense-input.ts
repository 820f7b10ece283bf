// zod/mini: the same rules check the budget page's forms in the browser and every expense call on the server.
import * as z from "zod/mini";
import { parseAmount } from "./money";

export const MAX_DESCRIPTION = 200;
export const FILL_ALL_FIELDS = "Please fill in all fields";

// The one money parser lives in money.ts (issue 18 #11); re-exported for the callers that import it from here.
export { MAX_AMOUNT_CENTS, parseAmount, type AmountResult } from "./money";

/** A zod/mini field that turns an amount into cents, with parseAmount's messages. */
export function amountCentsField(options: { allowZero?: boolean; missing?: string } = {}) {
  return z.pipe(
    z.union([z.string(), z.number()], { error: options.missing ?? "Enter an amount." }),
    z.transform((value: string | number, ctx) => {
      const result = parseAmount(value, options);
      if (result.ok) return result.cents;
      const message = result.message === "Enter an amount." && options.missing ? options.missing : result.message;
      ctx.issues.push({ code: "custom", message, input: value });
      return z.NEVER;
    }),
  );
}

/** True when "YYYY-MM-DD" names a day that exists (no 2026-02-30). */
export function isRealDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 1900 || y > 2999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const NOT_A_DAY = "The date must be a real day (YYYY-MM-DD).";

/** An optional day; a blank form field counts as "not given". */
const optionalDay = z.optional(
  z.pipe(
    z.string({ error: NOT_A_DAY }),
    z.transform((value: string, ctx) => {
      const text = value.trim();
      if (text === "") return undefined;
      if (isRealDay(text)) return text;
      ctx.issues.push({ code: "custom", message: NOT_A_DAY, input: value });
      return z.NEVER;
    }),
  ),
);

const description = (missing: string) =>
  z.string({ error: missing }).check(
    z.trim(),
    z.minLength(1, { error: missing }),
    z.maxLength(MAX_DESCRIPTION, { error: `The description is too long (${MAX_DESCRIPTION} characters at most).` }),
  );

const categoryId = (missing: string) => z.string({ error: missing }).check(z.trim(), z.minLength(1, { error: missing }), z.maxLength(64, { error: "Unknown category." }));

/** Idempotency key from a hidden form field (the JSON call may use the Idempotency-Key header instead). */
export const idempotencyKeyField = z.optional(z.string().check(z.trim(), z.minLength(8, { error: "Invalid idempotency key." }), z.maxLength(200, { error: "Invalid idempotency key." })));

/** POST /api/expenses and the page's Add Expense row: amount, description and category are required. */
export const expenseCreateSchema = z.object({
  amount: amountCentsField({ missing: FILL_ALL_FIELDS }),
  description: description(FILL_ALL_FIELDS),
  categoryId: categoryId(FILL_ALL_FIELDS),
  date: optionalDay,
  idempotencyKey: idempotencyKeyField,
});

export type ExpenseCreateInput = z.output<typeof expenseCreateSchema>;

/** PATCH /api/expenses/{id} and the inline edit: any of the fields; at least one. */
export const expenseUpdateSchema = z
  .object({
    amount: z.optional(amountCentsField()),
    description: z.optional(description("Enter a description.")),
    categoryId: z.optional(categoryId("Choose a category.")),
    date: optionalDay,
  })
  .check(
    z.refine((v) => v.amount !== undefined || v.description !== undefined || v.categoryId !== undefined || v.date !== undefined, {
      error: "Send at least one of amount, description, categoryId or date.",
    }),
  );

export type ExpenseUpdateInput = z.output<typeof expenseUpdateSchema>;

/** Row ids are UUIDs or seed ids; anything else cannot name a row (answered 404 like another budget's id). */
export function isRowId(value: string | undefined | null): value is string {
  return !!value && /^[A-Za-z0-9_-]{1,100}$/.test(value);
}
