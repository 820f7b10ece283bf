import { sql, type SQL } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { riddenRowsFor, type Ridden } from "./auth/session.server";
import { detailsQueries, shapeDetails } from "./budget-details.server";
import { shapeSummary, summaryQueries, type BudgetAccess } from "./budget.server";
import { categoriesQuery } from "./categories.server";
import type { AppContext } from "./context.server";
import { connectedAccountsQuery, currentExpensesQuery, currentExpenseTotalsQuery, toExpenseJson } from "./expenses.server";
import type { ExpenseSort } from "~/domain/expense-view";

/**
 * Everything the budget page shows, in one D1 batch: the details, the summary, the first `limit`
 * transactions with the count and total of all of them, the categories and whether a bank is linked.
 * `budget` is the budget's id, or SQL naming it (the session's active budget, to ride with the session
 * lookup). Every query here selects distinct column names: a batch maps rows by name.
 */
export function budgetPageQueries(app: AppContext, budget: string | SQL, { sort, limit }: BudgetPageOptions) {
  const [lines, reset] = detailsQueries(app, budget);
  const [lineTotals, spent, members] = summaryQueries(app, typeof budget === "string" ? sql`${budget}` : budget);
  return [
    lines,
    reset,
    lineTotals,
    spent,
    members,
    currentExpensesQuery(app, budget, sort, limit),
    currentExpenseTotalsQuery(app, budget),
    categoriesQuery(app),
    connectedAccountsQuery(app, budget),
  ] as const;
}

export interface BudgetPageOptions {
  sort: ExpenseSort;
  limit?: number;
}

type BudgetPageRows = BatchResponse<ReturnType<typeof budgetPageQueries>>;

/**
 * The budget page's data: the rows that rode with the session lookup when they are for this budget
 * (`rideWithSessionLookup`), otherwise one D1 batch of its own.
 */
export async function loadBudgetPage(app: AppContext, access: BudgetAccess, options: BudgetPageOptions, ridden?: Ridden<BudgetPageRows> | null) {
  const rows = riddenRowsFor(ridden, access.budget.id) ?? (await app.db.batch(budgetPageQueries(app, access.budget.id, options)));
  const [lineRows, resetRows, lineTotalRows, spentRows, memberRows, expenseRows, totals, categories, accounts] = rows;
  return {
    details: shapeDetails(access, [lineRows, resetRows]),
    summary: shapeSummary(app, access, [lineTotalRows, spentRows, memberRows]),
    expenses: expenseRows.map(toExpenseJson),
    count: totals[0]?.count ?? 0,
    countedCents: Number(totals[0]?.countedCents ?? 0),
    categories,
    hasAccounts: accounts.length > 0,
  };
}
