// The bank screens' forms (issue 20): /bank-connections (sync, remove an account, link a sandbox test
// bank) and the budget page's bank parts (Bank Sync, a bill's matching rules, the suggested amount).
// Shared by the browser and the page actions. zod/mini: the client bundles it.
import * as z from "zod/mini";
import { isChecked, MAX_MATCHING_MERCHANTS, NO_MERCHANT_WARNING, normalizeMerchants, parseTolerance, TOLERANCE_MESSAGE, TOO_MANY_MERCHANTS_MESSAGE } from "./bank-rules";

const rowId = (message: string) => z.string({ error: message }).check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,100}$/, { error: message }));

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

const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/** A checkbox (form "on"), or a JSON boolean. */
const checkbox = z.pipe(z.optional(z.unknown()), z.transform(isChecked));

const tolerance = z.pipe(
  z.optional(z.unknown()),
  z.transform((v, ctx): number => {
    const n = parseTolerance(v);
    if (n === null) {
      ctx.issues.push({ code: "custom", message: TOLERANCE_MESSAGE, input: v, path: [] });
      return z.NEVER;
    }
    return n;
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
    const merchants = normalizeMerchants([...ctx.value.matchingMerchants, ...ctx.value.newMerchant]);
    if (merchants.length > MAX_MATCHING_MERCHANTS) ctx.issues.push({ code: "custom", message: TOO_MANY_MERCHANTS_MESSAGE, input: merchants, path: ["newMerchant"] });
    if (ctx.value.bankSyncEnabled && merchants.length === 0) ctx.issues.push({ code: "custom", message: NO_MERCHANT_WARNING, input: merchants, path: ["newMerchant"] });
  });

export interface BankSyncSettingsInput {
  lineId: string;
  bankSyncEnabled: boolean;
  matchingMerchants: string[];
  amountTolerancePercent: number;
}

export function bankSyncSettingsOf(data: z.infer<typeof bankSyncSettingsFormSchema>): BankSyncSettingsInput {
  return { lineId: data.lineId, bankSyncEnabled: data.bankSyncEnabled, matchingMerchants: normalizeMerchants([...data.matchingMerchants, ...data.newMerchant]), amountTolerancePercent: data.amountTolerancePercent };
}

/** "Update Amount" on a suggestion: the bill's amount becomes the suggested figure. */
export const updateBillAmountFormSchema = z.object({
  intent: z.literal("bank-sync-update-amount"),
  lineId: rowId("Fixed expense not found."),
  amount: z.string().check(z.trim(), z.regex(/^\d{1,9}(\.\d{1,2})?$/, { error: "Enter an amount like 120.50." })),
});
