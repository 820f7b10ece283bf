// Shapes and figures for the two history screens and the exports (issue 9). Pure: the server hands in
// rows, the page and the export shape them the same way.

export interface HistoryExpense {
  id: string;
  date: string;
  /** Decimal string, 2 places. */
  amount: string;
  amountCents: number;
  description: string;
  originalInput: string | null;
  category: { id: string; name: string; emoji: string } | null;
  user: { firstName: string | null; lastName: string | null; email: string } | null;
  /** yyyy-MM the expense was archived under; null while its period is current. */
  budgetMonth: string | null;
  /** ISO time of the reset that archived it; null for the current period. */
  archivedAt: string | null;
  enabled: boolean;
  createdAt: string;
}

/** The month an expense belongs to: its archive month, or the current period's month. */
export function monthOfExpense(e: Pick<HistoryExpense, "budgetMonth">, currentMonth: string): string {
  return e.budgetMonth ?? currentMonth;
}

export interface MonthFigures {
  month: string;
  totalCents: number;
  count: number;
  /** Sorted by amount, largest first. */
  breakdown: Array<{ id: string; name: string; emoji: string; totalCents: number; count: number }>;
}

/** Totals and the category breakdown of one month; excluded (disabled) expenses do not count. */
export function monthFigures(month: string, expenses: HistoryExpense[]): MonthFigures {
  const byCategory = new Map<string, CategoryGroup>();
  for (const e of expenses) {
    if (!e.enabled) continue;
    const c = e.category ?? UNCATEGORIZED;
    const row = byCategory.get(c.id) ?? { ...c, totalCents: 0, count: 0 };
    row.totalCents += e.amountCents;
    row.count++;
    byCategory.set(c.id, row);
  }
  return figuresFromGroups(month, [...byCategory.values()]);
}

export type CategoryGroup = MonthFigures["breakdown"][number];

export const UNCATEGORIZED = { id: "uncategorized", name: "Uncategorized", emoji: "📝" };

/** The same figures from per-category sums of the counted expenses (what the page's SQL adds up). */
export function figuresFromGroups(month: string, groups: CategoryGroup[]): MonthFigures {
  const breakdown = [...groups].sort((a, b) => b.totalCents - a.totalCents || a.name.localeCompare(b.name));
  return {
    month,
    totalCents: breakdown.reduce((sum, g) => sum + g.totalCents, 0),
    count: breakdown.reduce((sum, g) => sum + g.count, 0),
    breakdown,
  };
}

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2026-11" → "November 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return `${MONTH_NAMES[(m ?? 1) - 1]} ${y}`;
}
