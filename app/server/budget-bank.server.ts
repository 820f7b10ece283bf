import type { BankSyncSettingsInput } from "~/domain/bank-forms";
import type { BudgetAccess } from "./budget.server";
import { getBudgetDetails, saveBudgetDetails } from "./budget-details.server";
import type { AppContext } from "./context.server";
import type { UserRow } from "./db/schema";

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

export async function saveLineBankSync(_app: AppContext, _user: UserRow, _access: BudgetAccess, _input: BankSyncSettingsInput): Promise<Outcome<null>> {
  return { ok: false, status: 503, message: "Bank sync is not available yet." };
}

/** The budget page's Bank Sync: clean-up, then the last 7 days with automatic import (spec part 1 §4). */
export async function runBudgetBankSync(_app: AppContext, _user: UserRow, _access: BudgetAccess): Promise<Outcome<{ imported: number }>> {
  return { ok: false, status: 503, message: "Bank sync is not available yet." };
}
