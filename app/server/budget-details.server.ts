import { asc, eq, type SQL } from "drizzle-orm";
import { totalsFromLines } from "~/domain/budget-math";
import type { DetailsSaveInput } from "~/domain/budget-details";
import { centsToDecimal } from "~/domain/money";
import type { BudgetAccess } from "./budget.server";
import { applyBudgetCommand } from "./budget-room/client.server";
import type { AppContext } from "./context.server";
import { budgets, lineItems, type UserRow } from "./db/schema";
import { requireApplied } from "./expenses.server";
import type { BudgetDetails, LineJson } from "~/domain/budget-details";

// Budget details (spec part 1 §3): the income and fixed-expense lines with every field, and totals the
// server computes from what is stored.

function toLineJson(row: typeof lineItems.$inferSelect): LineJson {
  return {
    id: row.id,
    label: row.label,
    amount: centsToDecimal(row.amountCents),
    category: row.category,
    isSingleMonth: row.isSingleMonth,
    bankSyncEnabled: row.bankSyncEnabled,
    matchingMerchants: row.matchingMerchants,
    amountTolerancePercent: row.amountTolerancePercent.toFixed(2),
    matchingAccountMasks: row.matchingAccountMasks,
    /** Set when another feature owns the line (the debt plan's extra payment): shown read-only. */
    managedBy: row.managedBy,
  };
}


/** The queries behind the details (a tuple, so a page can put them in its own D1 batch). */
export function detailsQueries(app: AppContext, budgetId: string | SQL) {
  return [
    app.db.select().from(lineItems).where(eq(lineItems.budgetId, budgetId)).orderBy(asc(lineItems.kind), asc(lineItems.position), asc(lineItems.createdAt)),
    app.db.select({ resetDay: budgets.resetDay }).from(budgets).where(eq(budgets.id, budgetId)).limit(1),
  ] as const;
}

export function shapeDetails(access: BudgetAccess, [rows, budget]: readonly [(typeof lineItems.$inferSelect)[], { resetDay: number }[]]) {
  const totals = totalsFromLines(rows);
  return {
    income: rows.filter((r) => r.kind === "income").map(toLineJson),
    expenses: rows.filter((r) => r.kind === "expense").map(toLineJson),
    totalIncome: centsToDecimal(totals.totalIncomeCents),
    totalExpenses: centsToDecimal(totals.fixedExpensesCents),
    spendableAmount: centsToDecimal(totals.spendableCents),
    resetDay: budget[0]?.resetDay ?? access.budget.resetDay,
  };
}

export async function getBudgetDetails(app: AppContext, access: BudgetAccess): Promise<BudgetDetails> {
  const [lines, budget] = detailsQueries(app, access.budget.id);
  return shapeDetails(access, await app.db.batch([lines, budget]));
}


/** Merges a save into the stored lines (BudgetRoom `saveBudgetDetails`); answers the fresh details and the id swaps. */
export async function saveBudgetDetails(app: AppContext, user: UserRow, access: BudgetAccess, input: DetailsSaveInput) {
  const line = (l: DetailsSaveInput["income"][number]) => ({ id: l.id, label: l.label, amountCents: l.amount, category: l.category, isSingleMonth: l.isSingleMonth });
  const applied = requireApplied(
    await applyBudgetCommand(app, access.budget.id, user.id, {
      type: "saveBudgetDetails",
      income: input.income.map(line),
      expenses: input.expenses.map(line),
      loadedIds: input.loadedIds,
      resetDay: input.resetDay,
    }),
  );
  const details = await getBudgetDetails(app, access);
  return { ...details, idMap: (applied.result.idMap ?? {}) as Record<string, string> };
}
