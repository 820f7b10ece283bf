import { z } from "zod";
import { MAX_MATCHING_MERCHANTS, MAX_TOLERANCE_PERCENT } from "~/domain/bank-rules";
import { cents, day } from "./shared";

/** Transactions one command carries; a bigger update is applied in several commands (cursor with the last). */
export const MAX_BANK_TXNS_PER_COMMAND = 2_500;

const plaidId = z.string().min(1).max(200);
const text = (max: number) => z.string().max(max);

export const bankTxnSchema = z.object({
  transactionId: plaidId,
  accountId: plaidId,
  date: day,
  name: text(500),
  merchantName: text(500).nullable(),
  amountCents: cents,
  pending: z.boolean(),
  pendingTransactionId: plaidId.nullable(),
  categoryPrimary: text(100).nullable(),
  categoryDetailed: text(150).nullable(),
});

const accountSchema = z.object({
  accountId: plaidId,
  name: text(300),
  officialName: text(300).nullable(),
  mask: text(10).nullable(),
  type: text(50).nullable(),
  subtype: text(50).nullable(),
  currentCents: cents.nullable(),
  availableCents: cents.nullable(),
});

export const bankItemStatus = z.enum(["active", "login_required", "error"]);

// Bank sync (issue 20): linking an Item, applying a /transactions/sync update by the sync rules, Item
// status from errors and webhooks, removing an account, a fixed bill's matching rules, and clean-up.
export const bankCommandSchemas = [
  z.object({
    type: z.literal("linkBankItem"),
    plaidItemRowId: z.string().min(1).max(100),
    itemId: plaidId,
    accessTokenEncrypted: z.string().min(1).max(2_000),
    institutionId: text(100).nullable(),
    institutionName: text(300).nullable(),
    accounts: z.array(accountSchema).min(1).max(50),
  }),
  z.object({
    type: z.literal("applyBankSync"),
    plaidItemRowId: z.string().min(1).max(100),
    added: z.array(bankTxnSchema).max(MAX_BANK_TXNS_PER_COMMAND),
    modified: z.array(bankTxnSchema).max(MAX_BANK_TXNS_PER_COMMAND),
    removed: z.array(plaidId).max(MAX_BANK_TXNS_PER_COMMAND),
    accounts: z.array(accountSchema).max(50).default([]),
    /** Off: spending is stored for review and matching (bills, hand-logged expenses) but not added as expenses. */
    autoImport: z.boolean().default(true),
    /** Only on the last part of an update: the cursor, the sync event and the lease release ride with it. */
    finish: z
      .object({
        cursor: z.string().max(5_000),
        syncType: z.enum(["auto", "manual"]),
        rangeStart: day.nullable(),
        rangeEnd: day.nullable(),
        /** Counts of the earlier parts of the same update, added to this part's (incoming: transactions seen). */
        carried: z.object({ imported: z.number().int().min(0), incoming: z.number().int().min(0), billsMatched: z.number().int().min(0) }),
      })
      .nullable(),
  }),
  z.object({
    type: z.literal("setBankItemStatus"),
    plaidItemRowId: z.string().min(1).max(100),
    status: bankItemStatus,
    errorCode: text(100).nullable(),
    /**
     * A failed sync is recorded in the history with this message: an error, or "partial" with what the
     * parts applied before the failure brought in (their writes stay; the cursor does not move).
     */
    syncEvent: z
      .object({
        syncType: z.enum(["auto", "manual"]),
        message: text(500),
        partial: z
          .object({ imported: z.number().int().min(0), skipped: z.number().int().min(0), billsMatched: z.number().int().min(0), rangeStart: day.nullable(), rangeEnd: day.nullable() })
          .nullable()
          .default(null),
      })
      .nullable(),
  }),
  z.object({
    type: z.literal("removeBankAccount"),
    bankAccountId: z.string().min(1).max(100),
  }),
  z.object({
    type: z.literal("setLineBankSync"),
    lineItemId: z.string().min(1).max(100),
    bankSyncEnabled: z.boolean(),
    matchingMerchants: z.array(z.string().trim().min(1).max(100)).max(MAX_MATCHING_MERCHANTS),
    amountTolerancePercent: z.number().min(0).max(MAX_TOLERANCE_PERCENT),
    matchingAccountMasks: z.array(z.string().regex(/^\d{2,4}$/)).max(20).optional(),
  }),
  z.object({ type: z.literal("cleanupBankExpenses") }),
] as const;
