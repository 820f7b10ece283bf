import type { DebtPageData } from "./shared";
import { durationText, money, Stat } from "./shared";
import { BalanceByYear, BalanceChart } from "./balance-chart";
import { useWording } from "~/components/use-wording";

export function OverviewTab({ data }: { data: DebtPageData }) {
  const { overview, strategies } = data;
  const { w } = useWording();
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Total Debt" value={money(overview.totalDebt)} testId="total-debt" />
        <Stat label="Monthly Payments" value={money(overview.monthlyPayments)} testId="monthly-payments" />
        <Stat label="Average Interest" value={`${overview.averageInterest}%`} testId="average-interest" />
        <Stat label="Debts Count" value={String(overview.debtsCount)} testId="debts-count" />
      </div>
      <section aria-labelledby="budget-impact" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="budget-impact" className="font-semibold">
          Budget Impact
        </h2>
        <dl className="mt-2 grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">Monthly debt payments (including the extra)</dt>
            <dd className="font-semibold" data-testid="impact-payments">
              {money(overview.budgetImpact.monthlyDebtPayments)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Extra payment</dt>
            <dd className="font-semibold" data-testid="impact-extra">
              {money(overview.budgetImpact.extraPayment)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{w("Left to spend each month after debt payments")}</dt>
            <dd className="font-semibold" data-testid="impact-left">
              {money(overview.budgetImpact.leftToSpend)}
            </dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-slate-600" data-testid="impact-formula">
          Income {money(overview.budgetImpact.totalIncome)} − fixed expenses {money(overview.budgetImpact.fixedExpenses)} − debt payments {money(overview.monthlyPayments)} − extra{" "}
          {money(overview.budgetImpact.extraPayment)}. Debt payments are what you pay today on each debt (its current payment, or its minimum if higher), as every
          strategy pays.
        </p>
        <p className="mt-1 text-xs text-slate-600" data-testid="impact-header-left">
          {w(
            `Not the chat header's Left to Spend (${money(overview.budgetImpact.headerLeftToSpend)}): that one is this period's income after fixed expenses (the extra included) minus what has been spent so far.`,
          )}
        </p>
      </section>
      <StrategyComparison data={data} />
      {data.debts.length > 0 ? (
        <section aria-labelledby="balance-over-time">
          <h2 id="balance-over-time" className="font-semibold">
            Total balance over time
          </h2>
          <BalanceChart strategies={strategies} />
          <BalanceByYear strategies={strategies} />
        </section>
      ) : null}
    </div>
  );
}

export function StrategyComparison({ data }: { data: DebtPageData }) {
  if (data.debts.length === 0) return <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600">Add your debts to compare payoff strategies.</p>;
  return (
    <section aria-labelledby="strategy-comparison">
      <h2 id="strategy-comparison" className="font-semibold">
        Strategy Comparison
      </h2>
      <PaymentWarnings data={data} />
      <ul className="mt-2 grid gap-3 md:grid-cols-3">
        {data.strategies.map((s) => (
          <li key={s.strategy} className={`rounded-xl border bg-white p-4 ${s.badge ? "border-brand-500" : "border-slate-200"}`} data-testid={`strategy-${s.strategy}`}>
            <div className="flex items-center justify-between gap-2">
              <h3 className="font-semibold">{s.name}</h3>
              {s.badge ? <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">{s.badge}</span> : null}
            </div>
            <p className="mt-1 text-xs text-slate-500">{s.description}</p>
            <dl className="mt-3 space-y-1 text-sm">
              <div className="flex justify-between gap-2">
                <dt>Total interest</dt>
                <dd className="font-semibold" data-testid={`interest-${s.strategy}`}>
                  {money(s.totalInterest)}
                </dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt>Payoff time</dt>
                <dd data-testid={`months-${s.strategy}`}>{durationText(s.totalMonths, s.capped)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt>Monthly payment</dt>
                <dd data-testid={`payment-${s.strategy}`}>{money(s.monthlyPayment)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt>Payoff order</dt>
                <dd className="text-right">{s.payoffOrder}</dd>
              </div>
              {s.strategy !== "current" ? (
                <>
                  <div className="flex justify-between gap-2">
                    <dt>Interest savings</dt>
                    <dd data-testid={`savings-${s.strategy}`}>{money(s.interestSavings)}</dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt>Time savings</dt>
                    <dd>
                      {s.timeSavings} {Math.abs(s.timeSavings) === 1 ? "month" : "months"}
                    </dd>
                  </div>
                  <div className="flex justify-between gap-2">
                    <dt>Monthly extra payment</dt>
                    <dd>{money(s.monthlyExtraPayment)}</dd>
                  </div>
                </>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The spec's payoff warning rows: a payment that does not cover its debt's monthly interest, with the amounts. */
export function PaymentWarnings({ data }: { data: DebtPageData }) {
  if (data.paymentWarnings.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1" aria-label="Payoff warnings" data-testid="payment-warnings">
      {data.paymentWarnings.map((w) => (
        <li key={w.debtId} role="note" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {w.message}
        </li>
      ))}
    </ul>
  );
}
