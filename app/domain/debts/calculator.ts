// The calculator: what-if for an extra payment, and the smallest extra that clears every debt in time.
import { simulate, type SimDebt, type StrategyType } from "./simulate";

export interface WhatIf {
  totalMonths: number;
  totalInterestCents: number;
  capped: boolean;
}

export function whatIf(debts: SimDebt[], strategy: Exclude<StrategyType, "current">, extraCents: number): WhatIf {
  const sim = simulate(debts, strategy, extraCents);
  return { totalMonths: sim.totalMonths, totalInterestCents: sim.totalInterestCents, capped: sim.capped };
}

/**
 * The smallest monthly extra (whole cents) with which `strategy` clears every debt within `months` months,
 * by binary search (more extra never takes longer). 0 when the minimums already do it; null when no extra
 * can (fewer than 1 month, or no debts with a balance).
 */
export function extraNeededForMonths(debts: SimDebt[], strategy: Exclude<StrategyType, "current">, months: number): number | null {
  if (!Number.isFinite(months) || months < 1) return null;
  const fits = (extra: number) => {
    const sim = simulate(debts, strategy, extra);
    return !sim.capped && sim.totalMonths <= months;
  };
  if (fits(0)) return 0;
  // Paying the whole balance plus a month of interest in month 1 always clears everything.
  let hi = debts.reduce((s, d) => s + Math.max(0, d.balanceCents) + Math.ceil((Math.max(0, d.balanceCents) * d.interestRate) / 12) + 1, 0);
  if (!fits(hi)) return null;
  let lo = 0;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Whole months from `fromMonth` ("YYYY-MM", month 1 of the plan) through `target` ("YYYY-MM"), inclusive. */
export function monthsUntil(fromMonth: string, target: string): number {
  const [fy, fm] = fromMonth.split("-").map(Number);
  const [ty, tm] = target.split("-").map(Number);
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** "YYYY-MM" of plan month `n` (1-based) when month 1 is `firstMonth`. */
export function monthLabel(firstMonth: string, n: number): string {
  const [y, m] = firstMonth.split("-").map(Number);
  const index = y * 12 + (m - 1) + (n - 1);
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** Month 1 of a plan made today: the next calendar month. */
export function firstPlanMonth(today: string): string {
  return monthLabel(today.slice(0, 7), 2);
}
