import { sql } from "drizzle-orm";
import { detailsQueries, shapeDetails } from "./budget-details.server";
import { shapeSummary, summaryQueries, type BudgetAccess } from "./budget.server";
import { categoriesQuery } from "./categories.server";
import type { AppContext } from "./context.server";
import { connectedAccountsQuery, currentExpensesQuery, currentExpenseTotalsQuery, toExpenseJson, type ExpenseSort } from "./expenses.server";

/**
 * Everything the budget page shows, in one D1 round trip: the details, the summary, the first `limit`
 * transactions with the count and total of all of them, the categories and whether a bank is linked.
 * (Every query here selects distinct column names: a batch maps rows by name.)
 */
export async function loadBudgetPage(app: AppContext, access: BudgetAccess, { sort, limit }: { sort: ExpenseSort; limit?: number }) {
  const id = access.budget.id;
  const [lines, reset] = detailsQueries(app, id);
  const [lineTotals, spent, members] = summaryQueries(app, sql`${id}`);
  const [lineRows, resetRows, lineTotalRows, spentRows, memberRows, expenseRows, totals, categories, accounts] = await app.db.batch([
    lines,
    reset,
    lineTotals,
    spent,
    members,
    currentExpensesQuery(app, id, sort, limit),
    currentExpenseTotalsQuery(app, id),
    categoriesQuery(app),
    connectedAccountsQuery(app, id),
  ]);
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
