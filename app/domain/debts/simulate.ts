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
  /** What the household pays today; falls back to the minimum when not set, and is never below it. */
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
  // Exact when the rate has at most 6 decimals (stored rates have 4): balance × millionths / 12,000,000
  // in integers, so a half cent is a half cent however large the balance grows.
  const micro = Math.round(annualRate * RATE_SCALE);
  if (Math.abs(micro / RATE_SCALE - annualRate) < 1e-12 && Number.isSafeInteger(balanceCents)) {
    const product = balanceCents * micro;
    if (Number.isSafeInteger(2 * product + 12 * RATE_SCALE)) return Math.floor((2 * product + 12 * RATE_SCALE) / (24 * RATE_SCALE));
    return Number((2n * BigInt(balanceCents) * BigInt(micro) + BigInt(12 * RATE_SCALE)) / BigInt(24 * RATE_SCALE));
  }
  // The tiny nudge keeps exact halves (x.5) from falling below .5 through binary noise.
  return Math.floor((balanceCents * annualRate) / 12 + 0.5 + 1e-9);
}

const RATE_SCALE = 1_000_000;

/**
 * What the household pays on a debt today: its current payment, or its minimum when that is higher (or
 * no current payment is set). The baseline pays exactly this; the strategies pay at least this on every
 * open debt, so a strategy can never do worse than carrying on as today.
 */
export function baselinePaymentCents(debt: SimDebt): number {
  return Math.max(debt.currentPaymentCents ?? debt.minimumPaymentCents, debt.minimumPaymentCents);
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
 * Runs one strategy. snowball/avalanche: every month the household spends what it pays today on all its
 * debts (`baselinePaymentCents` each) plus the extra; each open debt gets its own payment (at most its
 * balance), and whatever is left — the extra plus every paid-off debt's freed payment — goes to the first
 * open debt in strategy order, and its leftover in a payoff month to the next one in that same month.
 * current: each debt gets its own payment alone, no extra and no rollover. Every open debt is paid at
 * least what the baseline pays it, so a strategy's balances never exceed the baseline's in any month.
 */
export function simulate(debts: SimDebt[], strategy: StrategyType, extraCents: number, options: RunOptions = {}): Simulation {
  // Arrays indexed by strategy position: this runs up to 600 months × 50 debts several times a request.
  const order = strategyOrder(debts, strategy);
  const n = order.length;
  const balance = order.map((d) => Math.max(0, d.balanceCents));
  const rate = order.map((d) => d.interestRate);
  const baseline = order.map(baselinePaymentCents);
  const done: (number | null)[] = balance.map((b) => (b <= PAID_OFF_CENTS ? 0 : null));
  for (let i = 0; i < n; i++) if (done[i] === 0) balance[i] = 0;
  const budget = strategy === "current" ? 0 : baseline.reduce((a, b) => a + b, 0) + Math.max(0, extraCents);
  const totalBalanceByMonth = [total(balance)];
  const schedule: ScheduleMonth[] | null = options.schedule ? [] : null;
  const interest = new Array<number>(n).fill(0);
  const paid = new Array<number>(n).fill(0);
  let totalInterest = 0;
  let month = 0;
  let open = done.filter((m) => m === null).length;
  while (open > 0 && month < MAX_MONTHS) {
    month++;
    for (let i = 0; i < n; i++) {
      interest[i] = 0;
      paid[i] = 0;
      if (balance[i] <= 0) continue;
      const charge = monthlyInterestCents(balance[i], rate[i]);
      interest[i] = charge;
      totalInterest += charge;
      balance[i] += charge;
    }
    const pay = (i: number, amount: number): number => {
      const p = Math.max(0, Math.min(amount, balance[i]));
      balance[i] -= p;
      paid[i] += p;
      return p;
    };
    if (strategy === "current") {
      for (let i = 0; i < n; i++) if (balance[i] > 0) pay(i, baseline[i]);
    } else {
      let pool = budget;
      for (let i = 0; i < n; i++) if (balance[i] > 0) pool -= pay(i, baseline[i]);
      for (let i = 0; i < n && pool > 0; i++) if (balance[i] > 0) pool -= pay(i, pool);
    }
    const active: number[] = [];
    for (let i = 0; i < n; i++) {
      if (done[i] !== null) {
        if (paid[i] > 0 || interest[i] > 0) active.push(i);
        continue;
      }
      active.push(i);
      if (balance[i] <= PAID_OFF_CENTS) {
        balance[i] = 0;
        done[i] = month;
        open--;
      }
    }
    const monthTotal = total(balance);
    totalBalanceByMonth.push(monthTotal);
    if (schedule) {
      schedule.push({
        month,
        entries: active.map((i) => ({ debtId: order[i].id, interestCents: interest[i], paymentCents: paid[i], balanceCents: balance[i] })),
        totalBalanceCents: monthTotal,
      });
    }
  }
  const payoffMonth: Record<string, number | null> = {};
  for (let i = 0; i < n; i++) payoffMonth[order[i].id] = done[i];
  return { totalInterestCents: totalInterest, totalMonths: month, payoffMonth, totalBalanceByMonth, schedule, capped: open > 0 };
}

function total(balance: number[]): number {
  let sum = 0;
  for (const b of balance) sum += b;
  return sum;
}
