import type { BankSourceView, MatchedBillPayment, PendingBankTransactionView, PriceAnalysisResult, SyncResult } from "~/domain/bank";
import type { BankSyncSettingsInput } from "~/domain/bank-forms";
import { centsToDecimal, toCents } from "~/domain/money";
import { and, desc, eq, gte, isNotNull } from "drizzle-orm";
import type { BudgetAccess } from "./budget.server";
import { getBudgetDetails, saveBudgetDetails } from "./budget-details.server";
import type { LineJson } from "~/domain/budget-details";
import type { AppContext } from "./context.server";
import { bankTransactions, type UserRow } from "./db/schema";
import { bankSourcesOf, cleanupBankTransactions, listPendingBankTransactions, priceAnalysis, syncAndImport, updateLineBankSync } from "./plaid/index.server";

/** The budget page's Bank Sync window (spec part 1 §9). */
export const BANK_SYNC_DAYS = 7;

// The budget page's bank parts on the server, as its forms need them (issue 20): they call the Plaid
// module (app/server/plaid/) for everything bank-related.

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

/** "Update Amount" on a price suggestion: that one bill's amount, through the budget's room. */
export async function updateBillAmount(app: AppContext, user: UserRow, access: BudgetAccess, lineId: string, amountCents: number): Promise<Outcome<null>> {
  const details = await getBudgetDetails(app, access);
  const line = details.expenses.find((l) => l.id === lineId);
  if (!line || line.managedBy) return { ok: false, status: 404, message: "Fixed expense not found." };
  // Only this line is sent and marked loaded: every other line stays as stored (the merge is by id).
  await saveBudgetDetails(app, user, access, {
    income: [],
    expenses: [{ id: line.id, label: line.label, amount: amountCents, category: line.category as never, isSingleMonth: line.isSingleMonth }],
    loadedIds: [line.id],
  });
  return { ok: true, value: null };
}

/** A bill's matching rules from the panel's form (the Plaid module checks the line and the caller's role). */
export async function saveLineBankSync(app: AppContext, user: UserRow, access: BudgetAccess, input: BankSyncSettingsInput): Promise<Outcome<null>> {
  const result = await updateLineBankSync(app, user, access, input.lineId, {
    bankSyncEnabled: input.bankSyncEnabled,
    matchingMerchants: input.matchingMerchants,
    amountTolerancePercent: input.amountTolerancePercent,
  });
  return result.ok ? { ok: true, value: null } : result;
}

/** The budget page's Bank Sync: clean-up, then the last 7 days with automatic import (spec part 1 §4). */
export async function runBudgetBankSync(app: AppContext, user: UserRow, access: BudgetAccess): Promise<Outcome<SyncResult>> {
  const cleaned = await cleanupBankTransactions(app, user, access);
  if (!cleaned.ok) return cleaned;
  return syncAndImport(app, user, access, { syncType: "manual", days: BANK_SYNC_DAYS });
}

/**
 * The price suggestion of an open panel, for the page without JavaScript (with it the panel asks
 * /api/plaid/price-analysis itself): only with bank sync on and at least one merchant (spec part 1 §5).
 */
export async function panelPriceSuggestion(app: AppContext, access: BudgetAccess, line: LineJson | undefined): Promise<PriceAnalysisResult | null> {
  if (!line || !line.bankSyncEnabled || line.matchingMerchants.length === 0) return null;
  const result = await priceAnalysis(app, access, line.id, { merchants: line.matchingMerchants, currentAmount: toCents(line.amount) ?? 0 });
  return result.ok ? result.value : null;
}

/** The latest payment matched to each bill since the period began, by line id. */
async function matchedBills(app: AppContext, access: BudgetAccess): Promise<Record<string, MatchedBillPayment>> {
  const rows = await app.db
    .select({ lineId: bankTransactions.matchedLineItemId, amountCents: bankTransactions.amountCents, date: bankTransactions.date, name: bankTransactions.name, merchantName: bankTransactions.merchantName })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.budgetId, access.budget.id), eq(bankTransactions.disposition, "bill"), isNotNull(bankTransactions.matchedLineItemId), gte(bankTransactions.date, access.budget.periodStart)))
    .orderBy(desc(bankTransactions.date))
    .limit(200);
  const out: Record<string, MatchedBillPayment> = {};
  for (const r of rows) {
    if (r.lineId && !out[r.lineId]) out[r.lineId] = { amount: centsToDecimal(r.amountCents), date: r.date, merchant: (r.merchantName ?? r.name).slice(0, 100) };
  }
  return out;
}

export interface BudgetBankParts {
  sources: Record<string, BankSourceView>;
  pending: PendingBankTransactionView[];
  matched: Record<string, MatchedBillPayment>;
}

export const NO_BANK_PARTS: BudgetBankParts = { sources: {}, pending: [], matched: {} };

/** Which bank each listed bank expense came from (and whether it is pending), pending debits, matched bills. */
export async function budgetBankParts(app: AppContext, access: BudgetAccess, expenses: { id: string; source: string }[]): Promise<BudgetBankParts> {
  const bankIds = expenses.filter((e) => e.source === "bank").map((e) => e.id);
  const [sources, pending, matched] = await Promise.all([bankSourcesOf(app, access.budget.id, bankIds), listPendingBankTransactions(app, access), matchedBills(app, access)]);
  return { sources, pending, matched };
}
