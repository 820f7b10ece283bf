import type { ExpenseSort } from "~/server/expenses.server";

/** Where the budget page's forms post: the sort travels along so the redirect comes back in the same order. */
export function actionUrl(sort: ExpenseSort): string {
  return sort === "date-desc" ? "/budget-panel" : `/budget-panel?sort=${sort}`;
}
