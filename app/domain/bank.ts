import { z } from "zod";
import { isChecked, MAX_MATCHING_MERCHANTS, NO_MERCHANT_WARNING, NO_PLAID_KEYS_MESSAGE, normalizeMerchants, parseTolerance, TOLERANCE_MESSAGE, TOO_MANY_MERCHANTS_MESSAGE } from "./bank-rules";
import { parseAmount } from "./money";

// Bank sync shapes shared by the server (app/server/plaid/) and the screens (/bank-connections, the budget
// page's Bank Sync button and matching panel). Money is a decimal string, as everywhere in the API.

export type BankAccountStatus = "active" | "login_required" | "error";

/** The Bank account entity (spec part 2 §3), plus who linked it and whether the viewer may remove it. */
export interface BankAccountView {
  id: string;
  name: string;
  officialName: string | null;
  institutionName: string | null;
  mask: string | null;
  type: string | null;
  subtype: string | null;
  balance: { current: string | null; available: string | null };
  status: BankAccountStatus;
  /** The member who linked the bank ("Added by"); null once that member has left the budget. */
  addedBy: { id: string; name: string } | null;
  /** Only the member who linked it or the budget's owner may remove an account. */
  canRemove: boolean;
  /** ISO time of the account's last successful sync, if any. */
  lastSyncedAt: string | null;
}

/** The Sync event entity (spec part 2 §3), newest first in lists. */
export interface SyncEventView {
  id: string;
  syncType: "auto" | "manual";
  status: "success" | "error" | "partial";
  transactionsImported: number;
  transactionsSkipped: number;
  dateRange: { start: string | null; end: string | null };
  errorMessage: string | null;
  /** ISO time. */
  createdAt: string;
}

/** The answer of both sync calls (the bank page's Sync and the budget page's Bank Sync). */
export interface SyncResult {
  message: string;
  transactionsImported: number;
  transactionsSkipped: number;
  billsMatched: number;
  /**
   * "partial": some pages or banks synced, then an error (the message says which); what came in stays.
   * An addition to the spec's answer, so a screen can say so instead of "Sync Complete".
   */
  status: "success" | "partial";
  /** Spending kept for review, not imported (a sync with autoImport off). */
  transactionsForReview: number;
}

export interface CleanupResult {
  message: string;
  removed: number;
}

export interface LinkTokenResult {
  linkToken: string;
}

/** After a bank is linked (Plaid Link or the sandbox test bank). */
export interface ExchangeResult {
  message: string;
  institutionName: string | null;
  accountsAdded: number;
  /** True when the bank was already linked to this budget: nothing new was added. */
  alreadyLinked: boolean;
  sync: SyncResult | null;
}

/** How a bank expense shows on the budget page: its bank and whether it is still pending. */
export interface BankSourceView {
  institutionName: string | null;
  mask: string | null;
  pending: boolean;
}

/** A pending bank debit: shown as pending, never counted until it posts. */
export interface PendingBankTransactionView {
  id: string;
  date: string;
  description: string;
  amount: string;
  institutionName: string | null;
  mask: string | null;
}

/** A server call either succeeds or is refused with a status and a message for people. */
export type BankResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 403 | 404 | 409 | 429 | 502 | 503; message: string };

// ---------------------------------------------------------------------------------------------------
// Spec texts
// ---------------------------------------------------------------------------------------------------

export const BANK_TEXT = {
  notConfigured: NO_PLAID_KEYS_MESSAGE,
  noBankLinked: "No bank account is connected. Connect a bank on the Bank Connections page first.",
  loginRequired: "Your bank needs you to sign in again. Reconnect the bank on the Bank Connections page.",
  syncBusy: "A sync of this bank is already running. Try again in a moment.",
  noMerchantWarning: NO_MERCHANT_WARNING,
  accountRemoved: "Account Removed",
  linkFailed: "Failed to connect bank account",
  syncFailed: "Failed to sync accounts",
} as const;

// ---------------------------------------------------------------------------------------------------
// Bank sync settings of a fixed expense (the matching panel; PUT /api/budget/line-items/{id}/bank-sync)
// ---------------------------------------------------------------------------------------------------

const checkbox = z.union([z.boolean(), z.enum(["true", "false", "on", "off", "1", "0", ""])]).transform(isChecked);

/** A list from JSON, repeated form fields, or one field with one name per line or comma. */
const merchantList = z
  .union([z.array(z.string().max(200)).max(200), z.string().max(5_000)])
  .transform((v) => normalizeMerchants(typeof v === "string" ? v.split(/[\n,]/) : v))
  .refine((names) => names.length <= MAX_MATCHING_MERCHANTS, TOO_MANY_MERCHANTS_MESSAGE);

const tolerance = z.union([z.number(), z.string().trim().max(20)]).transform((v, ctx) => {
  // An empty string is not "the default" in the API: a caller who sends the field means a value.
  const n = v === "" ? null : parseTolerance(v);
  if (n === null) {
    ctx.addIssue({ code: "custom", message: TOLERANCE_MESSAGE });
    return z.NEVER;
  }
  return n;
});

export const bankSyncSettingsSchema = z
  .object({
    bankSyncEnabled: checkbox.default(false),
    matchingMerchants: merchantList.default([]),
    amountTolerancePercent: tolerance.default(5),
    matchingAccountMasks: z
      .union([z.array(z.string().max(10)).max(20), z.string().max(200)])
      .transform((v) => (typeof v === "string" ? v.split(/[\s,]+/) : v))
      .transform((masks) => [...new Set(masks.map((m) => m.trim()).filter(Boolean))])
      .refine((masks) => masks.every((m) => /^\d{2,4}$/.test(m)), "Account masks are the last 2–4 digits of an account.")
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.bankSyncEnabled && value.matchingMerchants.length === 0) {
      ctx.addIssue({ code: "custom", path: ["matchingMerchants"], message: NO_MERCHANT_WARNING });
    }
  });

export type BankSyncSettingsInput = z.input<typeof bankSyncSettingsSchema>;
export type BankSyncSettings = z.output<typeof bankSyncSettingsSchema>;

/** A fixed expense's bank sync fields as the API answers them. */
export interface BankSyncLineView {
  id: string;
  label: string;
  amount: string;
  bankSyncEnabled: boolean;
  matchingMerchants: string[];
  /** "5.00", as the spec's entity. */
  amountTolerancePercent: string;
  matchingAccountMasks: string[];
}

// ---------------------------------------------------------------------------------------------------
// Merchant suggestions and price analysis
// ---------------------------------------------------------------------------------------------------

export const MERCHANT_SUGGESTIONS_LIMIT = 10;

export const merchantQuerySchema = z.object({
  query: z.string().trim().min(2, "Type at least 2 characters.").max(100),
});

export const priceAnalysisSchema = z.object({
  merchants: z
    .union([z.array(z.string().max(200)).max(200), z.string().max(5_000)])
    .transform((v) => normalizeMerchants(typeof v === "string" ? v.split(/[\n,]/) : v))
    .refine((names) => names.length >= 1 && names.length <= MAX_MATCHING_MERCHANTS, `Give 1 to ${MAX_MATCHING_MERCHANTS} merchant names.`),
  currentAmount: z.union([z.number(), z.string().max(30)]).transform((v, ctx) => {
    // The one money parser (issue 18 #11): 15.999 is refused, not rounded.
    const result = parseAmount(v, { allowZero: true, label: "currentAmount" });
    if (result.ok) return result.cents;
    ctx.addIssue({ code: "custom", message: result.problem === "decimals" ? result.message : "currentAmount must be an amount such as 15.99." });
    return z.NEVER;
  }),
});

export type PriceAnalysisInput = z.output<typeof priceAnalysisSchema>;

export interface PriceAnalysisResult {
  /** Decimal string, or null with no data. */
  suggestedAmount: string | null;
  /** 0..1: more debits and more alike amounts give more confidence. */
  confidence: number;
  /** How many debits the suggestion rests on. */
  sampleSize: number;
}

// ---------------------------------------------------------------------------------------------------
// Call bodies
// ---------------------------------------------------------------------------------------------------

export const exchangeTokenSchema = z.object({ publicToken: z.string().trim().min(1, "publicToken is required.").max(500) });

export const SYNC_DAYS_MAX = 730;
export const syncTransactionsSchema = z.object({
  days: z.coerce.number().int().min(1).max(SYNC_DAYS_MAX).default(7),
  autoImport: checkbox.default(true),
});

/** A bank payment matched to a fixed bill this period (the bill is already in the budget). */
export interface MatchedBillPayment {
  amount: string;
  date: string;
  merchant: string;
}
