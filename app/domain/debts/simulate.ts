// The debt payoff simulation (spec part 2 §9, issue 12). Pure and in integer cents.
//
// Rounding rule (the only one): a month's interest on a debt is balance × annualRate / 12 rounded half
// up to the whole cent. Payments are whole cents, so balances stay whole cents.
// Each month, for every debt: interest accrues on the opening balance first, then the payment applies.
// A balance of at most 1 cent ($0.01) counts as paid off; every simulation stops at 600 months.

export const MAX_MONTHS = 600;
/** $0.01: a balance at or below this is paid off. */
export const PAID_OFF_CENTS = 1;

export type StrategyType = "snowball" | "avalanche" | "current";
export const STRATEGY_TYPES: readonly StrategyType[] = ["snowball", "avalanche", "current"];

export interface SimDebt {
  id: string;
  name: string;
  balanceCents: number;
  /** Annual rate as a fraction: 0.1999 for 19.99%. */
  interestRate: number;
  minimumPaymentCents: number;
  /** What the household pays today; the baseline falls back to the minimum when it is not set. */
  currentPaymentCents: number | null;
}

export interface ScheduleEntry {
  debtId: string;
  interestCents: number;
  paymentCents: number;
  /** Closing balance after this month's interest and payment. */
  balanceCents: number;
}

export interface ScheduleMonth {
  month: number;
  entries: ScheduleEntry[];
  totalBalanceCents: number;
}

export interface Simulation {
  totalInterestCents: number;
  /** Months until the last debt is paid (600 when the cap stopped it). */
  totalMonths: number;
  /** Month (1-based) each debt was paid off, or null when the 600-month cap came first. */
  payoffMonth: Record<string, number | null>;
  /** Total balance at the start (index 0) and after each month. */
  totalBalanceByMonth: number[];
  schedule: ScheduleMonth[] | null;
  /** True when the 600-month cap stopped it with a balance left. */
  capped: boolean;
}

/** One month's interest on a balance: balance × rate / 12, rounded half up to the cent. */
export function monthlyInterestCents(balanceCents: number, annualRate: number): number {
  if (balanceCents <= 0 || annualRate <= 0) return 0;
  // The tiny nudge keeps exact halves (x.5) from falling below .5 through binary noise.
  return Math.floor((balanceCents * annualRate) / 12 + 0.5 + 1e-9);
}

export function baselinePaymentCents(debt: SimDebt): number {
  return debt.currentPaymentCents ?? debt.minimumPaymentCents;
}

/** The baseline payment does not exceed the first month's interest: it may never pay the debt off. */
export function paymentMayNotCoverInterest(debt: SimDebt): boolean {
  return debt.balanceCents > PAID_OFF_CENTS && baselinePaymentCents(debt) <= monthlyInterestCents(debt.balanceCents, debt.interestRate);
}

export const INTEREST_WARNING = "Warning: Current payment may not cover interest charges";

/** Stable orders (ties keep the order the debts were given in). */
export function strategyOrder(debts: SimDebt[], strategy: StrategyType): SimDebt[] {
  const list = [...debts];
  if (strategy === "snowball") list.sort((a, b) => a.balanceCents - b.balanceCents);
  else if (strategy === "avalanche") list.sort((a, b) => b.interestRate - a.interestRate);
  return list;
}

interface RunOptions {
  schedule?: boolean;
}

/**
 * Runs one strategy. snowball/avalanche: every month the household spends the sum of all minimum
 * payments plus the extra; each open debt gets its minimum (at most its balance), and whatever is left —
 * the extra plus every paid-off debt's freed minimum — goes to the first open debt in strategy order, and
 * its leftover in a payoff month to the next one in that same month. current: each debt gets its current
 * payment alone, no extra and no rollover.
 */
export function simulate(debts: SimDebt[], strategy: StrategyType, extraCents: number, options: RunOptions = {}): Simulation {
  const order = strategyOrder(debts, strategy);
  const balance = new Map<string, number>(order.map((d) => [d.id, Math.max(0, d.balanceCents)]));
  const payoffMonth: Record<string, number | null> = {};
  for (const d of order) payoffMonth[d.id] = balance.get(d.id)! <= PAID_OFF_CENTS ? 0 : null;
  for (const d of order) if (payoffMonth[d.id] === 0) balance.set(d.id, 0);
  const budget = strategy === "current" ? 0 : order.reduce((sum, d) => sum + d.minimumPaymentCents, 0) + Math.max(0, extraCents);
  const totalBalanceByMonth = [sum(balance)];
  const schedule: ScheduleMonth[] | null = options.schedule ? [] : null;
  let totalInterest = 0;
  let month = 0;
  let open = order.filter((d) => payoffMonth[d.id] === null).length;
  while (open > 0 && month < MAX_MONTHS) {
    month++;
    const interest = new Map<string, number>();
    const paid = new Map<string, number>();
    for (const d of order) {
      const b = balance.get(d.id)!;
      if (b <= 0) continue;
      const i = monthlyInterestCents(b, d.interestRate);
      interest.set(d.id, i);
      totalInterest += i;
      balance.set(d.id, b + i);
    }
    const pay = (d: SimDebt, amount: number): number => {
      const b = balance.get(d.id)!;
      const p = Math.max(0, Math.min(amount, b));
      balance.set(d.id, b - p);
      paid.set(d.id, (paid.get(d.id) ?? 0) + p);
      return p;
    };
    if (strategy === "current") {
      for (const d of order) if (balance.get(d.id)! > 0) pay(d, baselinePaymentCents(d));
    } else {
      let pool = budget;
      for (const d of order) if (balance.get(d.id)! > 0) pool -= pay(d, d.minimumPaymentCents);
      for (const d of order) {
        if (pool <= 0) break;
        if (balance.get(d.id)! > 0) pool -= pay(d, pool);
      }
    }
    for (const d of order) {
      if (payoffMonth[d.id] !== null) continue;
      if (balance.get(d.id)! <= PAID_OFF_CENTS) {
        balance.set(d.id, 0);
        payoffMonth[d.id] = month;
        open--;
      }
    }
    totalBalanceByMonth.push(sum(balance));
    if (schedule) {
      schedule.push({
        month,
        entries: order
          .filter((d) => interest.has(d.id) || paid.has(d.id))
          .map((d) => ({ debtId: d.id, interestCents: interest.get(d.id) ?? 0, paymentCents: paid.get(d.id) ?? 0, balanceCents: balance.get(d.id)! })),
        totalBalanceCents: totalBalanceByMonth[totalBalanceByMonth.length - 1],
      });
    }
  }
  return { totalInterestCents: totalInterest, totalMonths: month, payoffMonth, totalBalanceByMonth, schedule, capped: open > 0 };
}

function sum(balance: Map<string, number>): number {
  let total = 0;
  for (const b of balance.values()) total += b;
  return total;
}
