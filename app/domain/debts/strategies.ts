// The three strategy results side by side (spec part 2 §3 "Strategy result", §9).
import { formatUSD } from "../money";
import { baselinePaymentCents, INTEREST_WARNING, monthlyInterestCents, paymentMayNotCoverInterest, simulate, strategyOrder, type SimDebt, type Simulation, type StrategyType } from "./simulate";

export const STRATEGY_INFO: Record<StrategyType, { name: string; description: string }> = {
  snowball: { name: "Debt Snowball", description: "Pay off the smallest balance first for quick wins, then roll each freed-up payment into the next debt." },
  avalanche: { name: "Debt Avalanche", description: "Pay off the highest interest rate first to pay the least interest overall." },
  current: { name: "Current Payments", description: "Keep paying what you pay today on each debt, with no extra and no rollover." },
};

export const BEST_SAVINGS = "Best Savings";

export interface StrategyResult {
  strategy: StrategyType;
  name: string;
  description: string;
  totalInterestCents: number;
  totalMonths: number;
  /** Names in payoff order. */
  payoffOrder: string[];
  /** Three names, then '+N more'. */
  payoffOrderText: string;
  interestSavingsCents: number;
  timeSavings: number;
  monthlyExtraPaymentCents: number;
  /** What this strategy pays every month in all: today's payments, plus the extra for snowball/avalanche. */
  monthlyPaymentCents: number;
  /** Payoff time in years, rounded. */
  payoffYears: number;
  badge: string | null;
  /** 600-month cap reached with a balance left. */
  capped: boolean;
  totalBalanceByMonth: number[];
  payoffMonth: Record<string, number | null>;
}

export function payoffOrderText(names: string[]): string {
  if (names.length <= 3) return names.join(", ");
  return `${names.slice(0, 3).join(", ")} +${names.length - 3} more`;
}

/** Payoff time in years, rounded to the nearest whole year. */
export function payoffYears(months: number): number {
  return Math.round(months / 12);
}

function namesInPayoffOrder(debts: SimDebt[], strategy: StrategyType, sim: Simulation): string[] {
  const order = strategyOrder(debts, strategy);
  if (strategy !== "current") return order.map((d) => d.name);
  // The baseline has no target: its order is when each debt actually ends (never-ending ones last).
  const when = (d: SimDebt) => sim.payoffMonth[d.id] ?? Number.POSITIVE_INFINITY;
  return [...order].sort((a, b) => when(a) - when(b)).map((d) => d.name);
}

export function compareStrategies(debts: SimDebt[], extraCents: number): StrategyResult[] {
  const extra = Math.max(0, Math.trunc(extraCents));
  const sims = {
    current: simulate(debts, "current", 0),
    snowball: simulate(debts, "snowball", extra),
    avalanche: simulate(debts, "avalanche", extra),
  } satisfies Record<StrategyType, Simulation>;
  const base = sims.current;
  const today = debts.reduce((sum, d) => sum + (d.balanceCents > 0 ? baselinePaymentCents(d) : 0), 0);
  return (["snowball", "avalanche", "current"] as const).map((strategy) => {
    const sim = sims[strategy];
    const names = namesInPayoffOrder(debts, strategy, sim);
    const interestSavingsCents = base.totalInterestCents - sim.totalInterestCents;
    return {
      strategy,
      ...STRATEGY_INFO[strategy],
      totalInterestCents: sim.totalInterestCents,
      totalMonths: sim.totalMonths,
      payoffOrder: names,
      payoffOrderText: payoffOrderText(names),
      interestSavingsCents,
      timeSavings: base.totalMonths - sim.totalMonths,
      monthlyExtraPaymentCents: strategy === "current" ? 0 : extra,
      monthlyPaymentCents: strategy === "current" ? today : today + extra,
      payoffYears: payoffYears(sim.totalMonths),
      badge: strategy === "avalanche" && interestSavingsCents > 0 ? BEST_SAVINGS : null,
      capped: sim.capped,
      totalBalanceByMonth: sim.totalBalanceByMonth,
      payoffMonth: sim.payoffMonth,
    };
  });
}

/** Debts whose current payment does not exceed their monthly interest, with the spec's warning. */
export function interestWarnings(debts: SimDebt[]): { debtId: string; name: string; message: string }[] {
  return debts.filter(paymentMayNotCoverInterest).map((d) => ({ debtId: d.id, name: d.name, message: INTEREST_WARNING }));
}

/** The spec's payoff warning row (part 2 §8): a payment that does not cover its debt's monthly interest. */
export interface PaymentWarning {
  debtId: string;
  name: string;
  paymentCents: number;
  interestCents: number;
  message: string;
}

export function insufficientPaymentMessage(name: string, paymentCents: number, interestCents: number): string {
  return `Monthly payment ${formatUSD(paymentCents)} on ${name} is insufficient to cover interest of ${formatUSD(interestCents)} a month`;
}

/**
 * One warning row per debt whose payment today does not exceed its first month's interest: carried on
 * as today it is never paid off (the baseline's "600+ months"), so the payoff figures say why.
 */
export function insufficientPaymentRows(debts: SimDebt[]): PaymentWarning[] {
  return debts.filter(paymentMayNotCoverInterest).map((d) => {
    const paymentCents = baselinePaymentCents(d);
    const interestCents = monthlyInterestCents(d.balanceCents, d.interestRate);
    return { debtId: d.id, name: d.name, paymentCents, interestCents, message: insufficientPaymentMessage(d.name, paymentCents, interestCents) };
  });
}
