// Every money figure of the debts page's Overview comes from here, so they agree with each other and
// with the strategies (which pay `baselinePaymentCents` on each debt plus the extra).
import { baselinePaymentCents, type SimDebt } from "./simulate";

export interface DebtBudgetInput {
  incomeCents: number;
  /** Fixed expenses without the plan's own "Extra debt payment" line (that line is the extra). */
  fixedCents: number;
  extraCents: number;
}

export interface DebtBudget {
  incomeCents: number;
  fixedCents: number;
  /** What the household pays on its open debts today (each debt's current payment, or its minimum if higher). */
  paymentsTodayCents: number;
  minimumsCents: number;
  extraCents: number;
  /** Today's payments plus the extra: what the applied plan pays every month. */
  monthlyDebtPaymentsCents: number;
  /** The spec's "left to spend" of a month: income − fixed expenses − debt payments − the extra. */
  leftAfterDebtsCents: number;
}

export function debtBudget(debts: SimDebt[], input: DebtBudgetInput): DebtBudget {
  const open = debts.filter((d) => d.balanceCents > 0);
  const paymentsTodayCents = open.reduce((sum, d) => sum + baselinePaymentCents(d), 0);
  const minimumsCents = open.reduce((sum, d) => sum + d.minimumPaymentCents, 0);
  const extraCents = Math.max(0, input.extraCents);
  const monthlyDebtPaymentsCents = paymentsTodayCents + extraCents;
  return {
    incomeCents: input.incomeCents,
    fixedCents: input.fixedCents,
    paymentsTodayCents,
    minimumsCents,
    extraCents,
    monthlyDebtPaymentsCents,
    leftAfterDebtsCents: input.incomeCents - input.fixedCents - monthlyDebtPaymentsCents,
  };
}
