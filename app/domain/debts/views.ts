// The debts screen's shapes, shared by the server (app/server/debts/) that builds them and the components
// that show them. Money as decimal strings, as the API speaks.
import type { DebtType } from "./forms";
import type { StrategyType } from "./simulate";

/** The Debt entity (spec part 2 §3): money as decimal strings, the rate as a fraction. */
export interface DebtView {
  id: string;
  name: string;
  type: DebtType;
  currentBalance: string;
  interestRate: number;
  minimumPayment: string;
  currentPayment: string | null;
  creditor: string | null;
  paymentDueDate: number;
  /** The member who added it (null: added before this was kept): members change only their own (issue 18 #15). */
  addedBy: string | null;
}

/** The Strategy result entity (spec part 2 §3) with what the screen draws. */
export interface StrategyView {
  strategy: StrategyType;
  name: string;
  description: string;
  totalInterest: string;
  totalMonths: number;
  payoffYears: number;
  payoffOrder: string;
  payoffOrderNames: string[];
  interestSavings: string;
  timeSavings: number;
  monthlyExtraPayment: string;
  /** What the strategy pays every month in all (today's payments, plus the extra unless "current"). */
  monthlyPayment: string;
  badge: string | null;
  capped: boolean;
  /** Total balance in cents at the start and after each month (the chart). */
  balanceByMonth: number[];
}

/**
 * The applied plan's month-by-month schedule, compact: each debt's name once (`debts`), then one row per
 * month whose `entries` are [debt index, interest, payment, closing balance] in cents, for the debts
 * that had a balance or a payment that month. `months` may be the first few only: `totalMonths` says
 * how many there are (50 debts over years would otherwise repeat every name in every month).
 */
export interface PlanSchedule {
  debts: { debtId: string; name: string }[];
  totalMonths: number;
  months: { month: number; date: string; totalBalance: string; entries: [debt: number, interestCents: number, paymentCents: number, balanceCents: number][] }[];
}

export interface PlanView {
  strategyType: StrategyType;
  extraPaymentAmount: string;
  appliedAt: string;
  firstMonth: string;
  payoffDates: { debtId: string; name: string; month: number | null; date: string | null }[];
  /** Null unless asked for (`schedule`). */
  schedule: PlanSchedule | null;
}

export interface DebtOverview {
  totalDebt: string;
  /** What the household pays on its debts today: each debt's current payment, or its minimum if higher. */
  monthlyPayments: string;
  averageInterest: string;
  debtsCount: number;
  budgetImpact: {
    /** monthlyPayments + the extra: what the applied plan pays every month. */
    monthlyDebtPayments: string;
    extraPayment: string;
    /** Income − fixed expenses − debt payments − the extra (a month's, before day-to-day spending). */
    leftToSpend: string;
    totalIncome: string;
    fixedExpenses: string;
    minimumPayments: string;
    /** The chat header's left to spend: this period's spendable money (the extra is a fixed expense) minus what was spent. */
    headerLeftToSpend: string;
  };
}

export interface DebtStrategies {
  debts: DebtView[];
  overview: DebtOverview;
  strategies: StrategyView[];
  /** Per debt (spec part 2 §5): its payment may not cover its interest. */
  warnings: { debtId: string; name: string; message: string }[];
  /** The payoff's warning rows (spec part 2 §8): "Monthly payment … is insufficient to cover interest …". */
  paymentWarnings: { debtId: string; name: string; payment: string; interest: string; message: string }[];
  plan: PlanView | null;
  firstMonth: string;
}

export interface ReminderView {
  debtId: string;
  name: string;
  amount: string;
  dueDate: string;
  paymentDueDate: number;
  daysUntil: number;
}
