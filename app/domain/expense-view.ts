// An expense as the server sends it (the expenses API and the budget page's list), and the list's sorts.

export const EXPENSE_SORTS = ["date-desc", "date-asc", "amount-desc", "amount-asc"] as const;
export type ExpenseSort = (typeof EXPENSE_SORTS)[number];

export const EXPENSE_SOURCES = ["chat", "form", "upload", "bank", "seed"] as const;
export type ExpenseSource = (typeof EXPENSE_SOURCES)[number];

export interface ExpenseJson {
  id: string;
  amount: string;
  description: string;
  categoryId: string;
  category: { id: string; name: string; emoji: string };
  date: string;
  createdAt: string;
  enabled: boolean;
  originalInput: string | null;
  source: ExpenseSource;
  /** Who logged it; null once they deleted their account. */
  user: { id: string; firstName: string | null; lastName: string | null; email: string } | null;
}
