// Budget rules (DESIGN.md §5). Pure: every input is explicit, including "today" in the budget's zone.

export interface LineAmounts {
  kind: "income" | "expense";
  amountCents: number;
}

export interface BudgetTotals {
  totalIncomeCents: number;
  fixedExpensesCents: number;
  spendableCents: number;
}

export function totalsFromLines(lines: LineAmounts[]): BudgetTotals {
  let income = 0;
  let fixed = 0;
  for (const line of lines) {
    if (line.kind === "income") income += line.amountCents;
    else fixed += line.amountCents;
  }
  return { totalIncomeCents: income, fixedExpensesCents: fixed, spendableCents: income - fixed };
}

/** Parses "YYYY-MM-DD" into its parts; throws on anything else so bad dates never reach the math. */
export function parseDay(day: string): { y: number; m: number; d: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`Not a calendar day: ${day}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

export function formatDay(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

function dayNumber(y: number, m: number, d: number): number {
  return Math.floor(Date.UTC(y, m - 1, d) / 86_400_000);
}

/** The next calendar day on which the budget resets: this month if still ahead, else next month. */
export function nextResetDay(today: string, resetDay: number): string {
  const { y, m, d } = parseDay(today);
  if (d < resetDay) return formatDay(y, m, resetDay);
  return m === 12 ? formatDay(y + 1, 1, resetDay) : formatDay(y, m + 1, resetDay);
}

/** The day the current period began: the latest occurrence of resetDay on or before today. */
export function currentPeriodStart(today: string, resetDay: number): string {
  const { y, m, d } = parseDay(today);
  if (d >= resetDay) return formatDay(y, m, resetDay);
  return m === 1 ? formatDay(y - 1, 12, resetDay) : formatDay(y, m - 1, resetDay);
}

/** Days from today until the next reset, rolling into next month when today is on or past it; at least 1. */
export function daysUntilReset(today: string, resetDay: number): number {
  const next = parseDay(nextResetDay(today, resetDay));
  const now = parseDay(today);
  return Math.max(1, dayNumber(next.y, next.m, next.d) - dayNumber(now.y, now.m, now.d));
}

export interface BudgetSummaryNumbers extends BudgetTotals {
  spentCents: number;
  leftCents: number;
  daysLeft: number;
  perDayCents: number;
  onTrack: boolean;
}

export function summarize(totals: BudgetTotals, spentCents: number, today: string, resetDay: number): BudgetSummaryNumbers {
  const leftCents = totals.spendableCents - spentCents;
  const daysLeft = daysUntilReset(today, resetDay);
  // Round down: a positive allowance never promises a cent that isn't there, and any overspend, however
  // small, gives a negative per-day figure (truncating -3/5 would give -0 and read "On track").
  const perDayCents = Math.floor(leftCents / daysLeft);
  return { ...totals, spentCents, leftCents, daysLeft, perDayCents, onTrack: perDayCents >= 0 };
}

export function clampResetDay(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(28, Math.max(1, Math.trunc(value)));
}
