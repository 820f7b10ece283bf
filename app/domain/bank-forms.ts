// The bank screens' forms (issue 20): /bank-connections (sync, remove an account, link a sandbox test
// bank) and the budget page's bank parts (Bank Sync, a bill's matching rules, the suggested amount).
// Shared by the browser and the page actions. zod/mini: the client bundles it.
import * as z from "zod/mini";

const rowId = (message: string) => z.string({ error: message }).check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,100}$/, { error: message }));

export const NO_MERCHANT_WARNING = "Add at least one merchant name for bank sync matching to work";
export const NO_PLAID_KEYS_MESSAGE = "Unable to load bank connection. Please check your Plaid API keys.";
export const TOLERANCE_MIN = 0;
export const TOLERANCE_MAX = 50;
export const DEFAULT_TOLERANCE = "5.00";
export const MAX_MERCHANTS = 20;
export const MAX_MERCHANT_CHARS = 100;

export const bankPageFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sync-now") }),
  z.object({ intent: z.literal("remove-account"), accountId: rowId("Account not found.") }),
  z.object({ intent: z.literal("link-test-bank") }),
]);
export type BankPageForm = z.infer<typeof bankPageFormSchema>;

/** The spec's failure toasts (part 2 §8) by intent. */
export const BANK_PAGE_FAILURE: Record<string, { title: string; description: string }> = {
  "sync-now": { title: "Sync Failed", description: "Failed to sync accounts" },
  "remove-account": { title: "Removal Failed", description: "Failed to remove account" },
  "link-test-bank": { title: "Connection Failed", description: "Failed to connect bank account" },
};

/** "N transactions imported, balances updated" (part 2 §8 "Sync Complete"). */
export function syncCompleteText(imported: number): string {
  return `${imported} transaction${imported === 1 ? "" : "s"} imported, balances updated`;
}

/** Trimmed, non-empty, unique (case-insensitively), in the order given: a merchant is added once. */
export function mergeMerchants(list: readonly unknown[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const item of list) {
    if (typeof item !== "string") continue;
    const name = item.trim().slice(0, MAX_MERCHANT_CHARS);
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}

const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/** A checkbox (form "on"), or a JSON boolean. */
const checkbox = z.pipe(z.optional(z.unknown()), z.transform((v) => v === true || v === "on" || v === "true"));

const tolerance = z.pipe(
  z.optional(z.unknown()),
  z.transform((v, ctx): number => {
    const text = typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : "";
    const n = text === "" ? Number(DEFAULT_TOLERANCE) : Number(text);
    if (!Number.isFinite(n) || n < TOLERANCE_MIN || n > TOLERANCE_MAX) {
      ctx.issues.push({ code: "custom", message: `Amount tolerance must be between ${TOLERANCE_MIN} and ${TOLERANCE_MAX} percent.`, input: v, path: [] });
      return z.NEVER;
    }
    return Math.round(n * 10) / 10;
  }),
);

/**
 * A bill's matching rules from the panel's form: the kept chips (`matchingMerchants`, repeated) plus
 * what is typed in the merchant box (`newMerchant`), merged; enabled with no merchant is refused with
 * the spec's warning.
 */
export const bankSyncSettingsFormSchema = z
  .object({
    intent: z.literal("bank-sync-settings"),
    lineId: rowId("Fixed expense not found."),
    bankSyncEnabled: checkbox,
    matchingMerchants: z.pipe(z.optional(z.unknown()), z.transform((v) => listOf(v))),
    newMerchant: z.pipe(z.optional(z.unknown()), z.transform((v) => listOf(v))),
    amountTolerancePercent: tolerance,
  })
  .check((ctx) => {
    const merchants = mergeMerchants([...ctx.value.matchingMerchants, ...ctx.value.newMerchant]);
    if (merchants.length > MAX_MERCHANTS) ctx.issues.push({ code: "custom", message: `At most ${MAX_MERCHANTS} merchant names.`, input: merchants, path: ["newMerchant"] });
    if (ctx.value.bankSyncEnabled && merchants.length === 0) ctx.issues.push({ code: "custom", message: NO_MERCHANT_WARNING, input: merchants, path: ["newMerchant"] });
  });

export interface BankSyncSettingsInput {
  lineId: string;
  bankSyncEnabled: boolean;
  matchingMerchants: string[];
  amountTolerancePercent: number;
}

export function bankSyncSettingsOf(data: z.infer<typeof bankSyncSettingsFormSchema>): BankSyncSettingsInput {
  return { lineId: data.lineId, bankSyncEnabled: data.bankSyncEnabled, matchingMerchants: mergeMerchants([...data.matchingMerchants, ...data.newMerchant]), amountTolerancePercent: data.amountTolerancePercent };
}

/** "Update Amount" on a suggestion: the bill's amount becomes the suggested figure. */
export const updateBillAmountFormSchema = z.object({
  intent: z.literal("bank-sync-update-amount"),
  lineId: rowId("Fixed expense not found."),
  amount: z.string().check(z.trim(), z.regex(/^\d{1,9}(\.\d{1,2})?$/, { error: "Enter an amount like 120.50." })),
});

/**
 * Whether a price analysis is worth showing (spec part 1 §4 "Bank-sync price suggestion"): a suggested
 * amount, confidence above 0.5, and a difference from the current amount of more than 5% and at least 5.
 */
export function shouldSuggestAmount(suggestedAmount: number | null | undefined, confidence: number, currentAmount: number): boolean {
  if (suggestedAmount === null || suggestedAmount === undefined || !Number.isFinite(suggestedAmount)) return false;
  if (!(confidence > 0.5)) return false;
  const diff = Math.abs(suggestedAmount - currentAmount);
  if (diff < 5) return false;
  // With a current amount of 0 any difference of at least 5 is more than 5%.
  return currentAmount === 0 ? true : diff / Math.abs(currentAmount) > 0.05;
}

/** The tolerance's dollar equivalent: ± this many cents around the bill's amount. */
export function toleranceCents(amountCents: number, percent: number): number {
  if (!Number.isFinite(percent) || percent < 0) return 0;
  return Math.round((Math.abs(amountCents) * percent) / 100);
}
