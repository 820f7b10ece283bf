import type { AccountBase, Transaction } from "plaid";
import { toCents } from "~/domain/money";
import type { BankTxn } from "~/domain/bank-sync/rules";

// Plaid's shapes to ours: money in integer cents (Plaid sends dollars as numbers, positive = money out).

function cents(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) ? toCents(value) : null;
}

export function toAccountInput(a: AccountBase) {
  return {
    accountId: a.account_id,
    name: (a.name || a.official_name || "Account").slice(0, 300),
    officialName: a.official_name ? a.official_name.slice(0, 300) : null,
    mask: a.mask ? a.mask.slice(0, 10) : null,
    type: a.type ? String(a.type).slice(0, 50) : null,
    subtype: a.subtype ? String(a.subtype).slice(0, 50) : null,
    currentCents: cents(a.balances?.current),
    availableCents: cents(a.balances?.available),
  };
}

export function toBankTxn(t: Transaction): BankTxn {
  return {
    transactionId: t.transaction_id,
    accountId: t.account_id,
    date: /^\d{4}-\d{2}-\d{2}$/.test(t.date) ? t.date : new Date().toISOString().slice(0, 10),
    name: (t.name ?? t.merchant_name ?? "").slice(0, 500),
    merchantName: t.merchant_name ? t.merchant_name.slice(0, 500) : null,
    amountCents: cents(t.amount) ?? 0,
    pending: t.pending === true,
    pendingTransactionId: t.pending_transaction_id ?? null,
    categoryPrimary: t.personal_finance_category?.primary?.slice(0, 100) ?? null,
    categoryDetailed: t.personal_finance_category?.detailed?.slice(0, 150) ?? null,
  };
}
