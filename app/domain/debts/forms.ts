// Debt input, shared by the API (JSON) and the page's no-JS forms. zod/mini: the client uses it too.
import * as z from "zod/mini";
import { parseAmount, type AmountProblem } from "../money";

export const DEBT_TYPES = ["credit_card", "auto_loan", "mortgage", "heloc", "student_loan", "personal_loan"] as const;
export type DebtType = (typeof DEBT_TYPES)[number];
export const DEBT_TYPE_LABELS: Record<DebtType, string> = {
  credit_card: "Credit Card",
  auto_loan: "Auto Loan",
  mortgage: "Mortgage",
  heloc: "HELOC",
  student_loan: "Student Loan",
  personal_loan: "Personal Loan",
};
export const MAX_DEBTS = 50;

/** The debt forms' own wording where it differs from the expense form's (the rest: money.ts). */
const DEBT_WORDING: Partial<Record<AmountProblem, string>> = { "not-a-number": "must be an amount like 120.50.", "too-large": "is too large." };

/**
 * Cents from a number or decimal string at least 0 (the one money parser: at most 2 decimals, refused
 * rather than rounded, issue 18 #11; at most $10 million); `null` when empty; an issue message otherwise.
 */
function parseMoney(label: string, v: unknown): number | null | string {
  if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return null;
  const result = parseAmount(v, { allowZero: true, label });
  if (result.ok) return result.cents;
  const own = DEBT_WORDING[result.problem];
  return own ? `${label} ${own}` : result.message;
}

// Optional at the key level so a missing field reaches the transform and gets its own message.
const moneyInput = z.optional(z.union([z.number(), z.string(), z.null()]));

/** A required money amount (number or decimal string, at least 0), in cents. */
function money(label: string) {
  return z.pipe(
    moneyInput,
    z.transform((v, ctx): number => {
      const c = parseMoney(label, v);
      if (typeof c === "number") return c;
      ctx.issues.push({ code: "custom", message: c ?? `${label} is required.`, input: v });
      return z.NEVER;
    }),
  );
}

/** An optional money amount: empty means not set (null). */
function optionalMoney(label: string) {
  return z.pipe(
    moneyInput,
    z.transform((v, ctx): number | null => {
      const c = parseMoney(label, v);
      if (typeof c !== "string") return c;
      ctx.issues.push({ code: "custom", message: c, input: v });
      return z.NEVER;
    }),
  );
}

function rate(label: string, scale: 1 | 100) {
  return z.pipe(
    moneyInput,
    z.transform((v, ctx) => {
      const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : Number.NaN;
      if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) {
        ctx.issues.push({ code: "custom", message: `${label} is required.`, input: v });
        return z.NEVER;
      }
      if (!Number.isFinite(n)) {
        ctx.issues.push({ code: "custom", message: `${label} must be a number.`, input: v });
        return z.NEVER;
      }
      const fraction = n / scale;
      if (fraction < 0) {
        ctx.issues.push({ code: "custom", message: "Interest rate cannot be negative.", input: v });
        return z.NEVER;
      }
      if (fraction > 1) {
        ctx.issues.push({ code: "custom", message: "Interest rate cannot be above 100%.", input: v });
        return z.NEVER;
      }
      // Rates are kept to 1/100 of a percent, as the form's step is 0.01.
      return Math.round(fraction * 1_000_000) / 1_000_000;
    }),
  );
}

const dueDay = z.pipe(
  moneyInput,
  z.transform((v, ctx) => {
    if (v === null || v === undefined || v === "") return 1;
    const n = typeof v === "number" ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > 28) {
      ctx.issues.push({ code: "custom", message: "Payment due date must be a day from 1 to 28.", input: v });
      return z.NEVER;
    }
    return n;
  }),
);

const name = z.string({ error: "Name is required." }).check(z.trim(), z.minLength(1, { error: "Name is required." }), z.maxLength(100, { error: "Name is at most 100 characters." }));
const type = z.enum(DEBT_TYPES, { error: `Type must be one of ${DEBT_TYPES.join(", ")}.` });
const creditor = z.pipe(
  z.optional(z.nullable(z.string().check(z.maxLength(100, { error: "Creditor is at most 100 characters." })))),
  z.transform((v) => (v && v.trim() ? v.trim() : null)),
);

const debtFields = {
  name,
  type,
  currentBalance: money("Current balance"),
  minimumPayment: money("Minimum payment"),
  currentPayment: optionalMoney("Current payment"),
  creditor,
  paymentDueDate: dueDay,
};

/** POST /api/debts: interestRate is a fraction (0.1999). */
export const debtApiSchema = z.object({ ...debtFields, interestRate: rate("Interest rate", 1) });
export type DebtInput = z.output<typeof debtApiSchema>;

/** PATCH /api/debts/{id}: any subset of the fields. */
export const debtPatchSchema = z.partial(debtApiSchema);
export type DebtPatch = z.output<typeof debtPatchSchema>;

export const strategyApiSchema = z.object({
  strategyType: z.enum(["snowball", "avalanche", "current"], { error: "Strategy type must be snowball, avalanche or current." }),
  extraPaymentAmount: z.pipe(
    moneyInput,
    z.transform((v, ctx) => {
      if (v === null || v === undefined || v === "") return 0;
      const result = parseAmount(v, { allowZero: true, label: "Extra payment" });
      if (result.ok) return result.cents;
      const message = result.problem === "decimals" ? result.message : "Extra payment must be an amount of 0 or more.";
      ctx.issues.push({ code: "custom", message, input: v });
      return z.NEVER;
    }),
  ),
});

const debtId = z.string({ error: "Choose a debt." }).check(z.minLength(1, { error: "Choose a debt." }), z.maxLength(100));

/** The /debt-management page's forms; the interest is typed as a percent (step 0.01). */
export const debtFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-debt"), ...debtFields, interestRatePercent: rate("Interest rate", 100) }),
  z.object({ intent: z.literal("update-debt"), debtId, ...debtFields, interestRatePercent: rate("Interest rate", 100) }),
  z.object({ intent: z.literal("delete-debt"), debtId }),
  z.object({ intent: z.literal("apply-strategy"), ...strategyApiSchema.shape }),
]);
export type DebtFormIntent = z.output<typeof debtFormSchema>["intent"];

export const DEBT_FAILURE: Record<DebtFormIntent, { title: string; description: string }> = {
  "add-debt": { title: "Error", description: "Failed to add debt" },
  "update-debt": { title: "Error", description: "Failed to update debt" },
  "delete-debt": { title: "Error", description: "Failed to delete debt" },
  "apply-strategy": { title: "Error", description: "Failed to apply strategy" },
};
