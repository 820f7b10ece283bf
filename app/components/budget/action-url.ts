import type { ExpenseSort } from "~/domain/expense-view";

/** Where the budget page's forms post: the sort travels along so the redirect comes back in the same order. */
export function actionUrl(sort: ExpenseSort): string {
  return sort === "date-desc" ? "/budget-panel" : `/budget-panel?sort=${sort}`;
}
