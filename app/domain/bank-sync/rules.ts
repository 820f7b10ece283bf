import type { CategoryId } from "../assistant/categories";
import { merchantKey, recall, type MerchantMemory } from "../assistant/merchant";
import { categoryFromPlaid, isTransferCategory } from "./plaid-categories";

// The rules every bank sync keeps (issue 20, rules 1–7), as one pure decision per transaction. The
// BudgetRoom planner (app/server/budget-room/planners/bank.server.ts) reads the budget's state, calls
// decideBankTransactions, and writes what it says in one batch.

/** A transaction as Plaid sends it, in cents. Plaid's sign: positive = money out of the account. */
export interface BankTxn {
  transactionId: string;
  accountId: string;
  date: string;
  name: string;
  merchantName: string | null;
  amountCents: number;
  pending: boolean;
  pendingTransactionId: string | null;
  categoryPrimary: string | null;
  categoryDetailed: string | null;
}

/** A transaction already stored for this budget (for transfer legs and updates). */
export interface StoredTxn {
  transactionId: string;
  accountId: string;
  date: string;
  amountCents: number;
  disposition: StoredDisposition;
  importedExpenseId: string | null;
}

export interface BillLine {
  id: string;
  amountCents: number;
  matchingMerchants: string[];
  amountTolerancePercent: number;
  matchingAccountMasks: string[];
}

/** An expense logged by hand (chat or form) not yet linked to a bank transaction. */
export interface HandExpense {
  id: string;
  amountCents: number;
  date: string;
}

export type Disposition =
  | { kind: "income" }
  | { kind: "transfer" }
  | { kind: "pending" }
  | { kind: "bill"; lineId: string }
  | { kind: "reconciled"; expenseId: string }
  | { kind: "spending"; categoryId: CategoryId; description: string };

/**
 * What a stored transaction is: a decision, or "review" — spending a sync with autoImport off kept for
 * review and matching without adding it as an expense.
 */
export type StoredDisposition = Disposition["kind"] | "review";

export interface DecideInput {
  /** Added and modified transactions of this update (modified ones replace what is stored). */
  incoming: BankTxn[];
  /** Stored transactions near the incoming ones' dates (other legs of transfers). */
  stored: StoredTxn[];
  /** Plaid account id → mask, for every linked account of the budget. */
  accountMasks: ReadonlyMap<string, string | null>;
  bills: BillLine[];
  handExpenses: HandExpense[];
  memory: MerchantMemory;
}

export interface DecideOutput {
  decisions: Map<string, Disposition>;
  /** Stored transactions counted as spending before their other leg arrived: now transfers. */
  storedNowTransfers: string[];
}

export const TRANSFER_WINDOW_DAYS = 3;
export const RECONCILE_WINDOW_DAYS = 3;

export function dayDiff(a: string, b: string): number {
  return Math.round(Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000);
}

/** The text a person reads for a bank transaction: the merchant when Plaid knows it, else the bank's name. */
export function bankDescription(txn: Pick<BankTxn, "merchantName" | "name">): string {
  const text = (txn.merchantName?.trim() || txn.name.trim() || "Bank transaction").replace(/\s+/g, " ");
  return text.slice(0, 200);
}

/** Rule 4: does this debit belong to the fixed bill? Merchant contained (any case), amount within tolerance, mask if set. */
export function matchesBill(txn: Pick<BankTxn, "merchantName" | "name" | "amountCents">, mask: string | null, line: BillLine): boolean {
  if (line.matchingMerchants.length === 0) return false;
  const haystack = `${txn.merchantName ?? ""} ${txn.name}`.toLowerCase();
  if (!line.matchingMerchants.some((m) => m.trim() && haystack.includes(m.trim().toLowerCase()))) return false;
  const allowed = Math.abs(line.amountCents) * (line.amountTolerancePercent / 100);
  if (Math.abs(txn.amountCents - line.amountCents) > allowed + 1e-9) return false;
  if (line.matchingAccountMasks.length > 0 && (!mask || !line.matchingAccountMasks.includes(mask))) return false;
  return true;
}

/** The category of a bank expense: the household's memory of the merchant first, then Plaid's category. */
export function bankCategory(txn: BankTxn, memory: MerchantMemory): CategoryId {
  const remembered = recall(memory, merchantKey(bankDescription(txn)));
  if (remembered) return remembered;
  return categoryFromPlaid(txn.categoryPrimary, txn.categoryDetailed) ?? "other";
}

/**
 * Decides every incoming transaction, in this order:
 * 1. money in (amount ≤ 0) is income, never spending;
 * 2. a transfer between own accounts (Plaid's category, or an equal and opposite leg on another linked
 *    account within 3 days) is not spending, and neither is its other leg;
 * 3. a pending debit waits (shown, not counted);
 * 4. a posted debit matching a bank-sync bill is that bill;
 * 6. a posted debit equal to an unlinked hand-logged expense within 3 days is that expense;
 * otherwise it is spending, categorised by memory then Plaid.
 */
export function decideBankTransactions(input: DecideInput): DecideOutput {
  const decisions = new Map<string, Disposition>();
  const storedNowTransfers: string[] = [];
  const incomingIds = new Set(input.incoming.map((t) => t.transactionId));
  // Candidate legs: this update's transactions and the stored ones it does not replace.
  const legs: Array<{ transactionId: string; accountId: string; date: string; amountCents: number; stored: StoredTxn | null }> = [
    ...input.incoming.map((t) => ({ transactionId: t.transactionId, accountId: t.accountId, date: t.date, amountCents: t.amountCents, stored: null })),
    ...input.stored.filter((s) => !incomingIds.has(s.transactionId)).map((s) => ({ transactionId: s.transactionId, accountId: s.accountId, date: s.date, amountCents: s.amountCents, stored: s })),
  ];
  const byAmount = new Map<number, typeof legs>();
  for (const leg of legs) {
    const list = byAmount.get(leg.amountCents) ?? [];
    list.push(leg);
    byAmount.set(leg.amountCents, list);
  }
  const paired = new Set<string>();
  const transferIds = new Set<string>();
  // Pending transactions are skipped here: their posted version is what pairs.
  for (const txn of input.incoming) {
    if (txn.pending || txn.amountCents === 0 || paired.has(txn.transactionId) || !input.accountMasks.has(txn.accountId)) continue;
    const candidates = byAmount.get(-txn.amountCents) ?? [];
    const leg = candidates
      .filter((c) => !paired.has(c.transactionId) && c.accountId !== txn.accountId && input.accountMasks.has(c.accountId) && dayDiff(c.date, txn.date) <= TRANSFER_WINDOW_DAYS)
      .sort((a, b) => dayDiff(a.date, txn.date) - dayDiff(b.date, txn.date))[0];
    if (!leg) continue;
    paired.add(txn.transactionId);
    paired.add(leg.transactionId);
    transferIds.add(txn.transactionId);
    transferIds.add(leg.transactionId);
    if (leg.stored && leg.stored.disposition !== "transfer") storedNowTransfers.push(leg.transactionId);
  }

  const usedHand = new Set<string>();
  const hand = [...input.handExpenses];
  // Oldest first, so a later purchase never takes the hand-logged expense an earlier one matches.
  const ordered = [...input.incoming].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.transactionId < b.transactionId ? -1 : 1));
  for (const txn of ordered) {
    if (txn.amountCents <= 0 && !transferIds.has(txn.transactionId)) {
      decisions.set(txn.transactionId, isTransferCategory(txn.categoryPrimary, txn.categoryDetailed) ? { kind: "transfer" } : { kind: "income" });
      continue;
    }
    if (transferIds.has(txn.transactionId) || isTransferCategory(txn.categoryPrimary, txn.categoryDetailed)) {
      decisions.set(txn.transactionId, { kind: "transfer" });
      continue;
    }
    if (txn.pending) {
      decisions.set(txn.transactionId, { kind: "pending" });
      continue;
    }
    const mask = input.accountMasks.get(txn.accountId) ?? null;
    const bill = input.bills
      .filter((line) => matchesBill(txn, mask, line))
      .sort((a, b) => Math.abs(a.amountCents - txn.amountCents) - Math.abs(b.amountCents - txn.amountCents))[0];
    if (bill) {
      decisions.set(txn.transactionId, { kind: "bill", lineId: bill.id });
      continue;
    }
    const same = hand
      .filter((e) => !usedHand.has(e.id) && e.amountCents === txn.amountCents && dayDiff(e.date, txn.date) <= RECONCILE_WINDOW_DAYS)
      .sort((a, b) => dayDiff(a.date, txn.date) - dayDiff(b.date, txn.date))[0];
    if (same) {
      usedHand.add(same.id);
      decisions.set(txn.transactionId, { kind: "reconciled", expenseId: same.id });
      continue;
    }
    decisions.set(txn.transactionId, { kind: "spending", categoryId: bankCategory(txn, input.memory), description: bankDescription(txn) });
  }
  return { decisions, storedNowTransfers };
}

// ---------------------------------------------------------------------------------------------------
// Price analysis and merchant suggestions (the matching panel)
// ---------------------------------------------------------------------------------------------------

/**
 * A suggested amount for a fixed bill from its recent debits: the median (robust to one odd month);
 * confidence grows with how many debits there are (3 or more is full weight) and how alike they are.
 */
export function analysePrices(amountsCents: number[]): { suggestedCents: number | null; confidence: number } {
  const values = amountsCents.filter((a) => a > 0).sort((a, b) => a - b);
  if (values.length === 0) return { suggestedCents: null, confidence: 0 };
  const mid = Math.floor(values.length / 2);
  const median = values.length % 2 === 1 ? values[mid] : Math.round((values[mid - 1] + values[mid]) / 2);
  const spread = median === 0 ? 1 : values.reduce((worst, v) => Math.max(worst, Math.abs(v - median) / median), 0);
  const countWeight = Math.min(1, values.length / 3);
  const alike = Math.max(0, 1 - spread);
  const confidence = Math.round(countWeight * alike * 100) / 100;
  return { suggestedCents: median, confidence };
}

/** Merchant names containing the query (any case), most frequent first, then by name; at most `limit`. */
export function rankMerchants(names: Array<{ name: string; count: number }>, query: string, limit: number): string[] {
  const q = query.trim().toLowerCase();
  const totals = new Map<string, { name: string; count: number }>();
  for (const { name, count } of names) {
    const clean = name.replace(/\s+/g, " ").trim();
    if (!clean || !clean.toLowerCase().includes(q)) continue;
    const key = clean.toLowerCase();
    const seen = totals.get(key);
    if (seen) seen.count += count;
    else totals.set(key, { name: clean, count });
  }
  return [...totals.values()]
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((m) => m.name);
}
