import { Form } from "@remix-run/react";
import { useMemo, useState } from "react";
import { extraNeededForMonths, monthLabel, monthsUntil, whatIf } from "~/domain/debts/calculator";
import { STRATEGY_INFO } from "~/domain/debts/strategies";
import { formatUSD, toCents } from "~/domain/money";
import { durationText, monthName, toSimDebts, type DebtPageData } from "./shared";

export interface CalculatorQuery {
  strategy: "snowball" | "avalanche";
  extra: string;
  target: string;
}

/**
 * What-if: drag the extra payment and see the debt-free date and total interest for a strategy; and the
 * extra needed to be debt-free by a month. The same pure simulation runs here and on the server, so
 * with JavaScript it answers as you drag, and without it the form's GET answers on the next page.
 */
export function CalculatorTab({ data, query }: { data: DebtPageData; query: CalculatorQuery }) {
  const debts = useMemo(() => toSimDebts(data.debts), [data.debts]);
  const totalBalance = debts.reduce((s, d) => s + d.balanceCents, 0);
  const maxExtra = Math.max(500, Math.ceil(totalBalance / 100 / 10 / 50) * 50);
  const [strategy, setStrategy] = useState<CalculatorQuery["strategy"]>(query.strategy);
  const [extra, setExtra] = useState(() => Math.min(maxExtra, Math.max(0, Math.round((toCents(query.extra) ?? 0) / 100))));
  const [target, setTarget] = useState(query.target);
  const result = useMemo(() => whatIf(debts, strategy, extra * 100), [debts, strategy, extra]);
  const needed = useMemo(() => {
    if (!/^\d{4}-\d{2}$/.test(target)) return undefined;
    return extraNeededForMonths(debts, strategy, monthsUntil(data.firstMonth, target));
  }, [debts, strategy, target, data.firstMonth]);

  if (debts.length === 0) return <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600">Add your debts to use the calculator.</p>;
  return (
    <Form method="get" className="space-y-6" onSubmit={(e) => e.preventDefault()}>
      <input type="hidden" name="tab" value="calculator" />
      <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
        <legend className="px-1 text-sm font-semibold">What if I pay more?</legend>
        <label htmlFor="calc-strategy" className="text-sm font-medium">
          Strategy
        </label>
        <select id="calc-strategy" name="strategy" value={strategy} onChange={(e) => setStrategy(e.target.value as CalculatorQuery["strategy"])} className="ml-2 rounded-lg border border-slate-300 px-2 py-1 text-sm">
          <option value="avalanche">{STRATEGY_INFO.avalanche.name}</option>
          <option value="snowball">{STRATEGY_INFO.snowball.name}</option>
        </select>
        <div className="mt-4">
          <label htmlFor="calc-extra" className="text-sm font-medium">
            Extra monthly payment: <output htmlFor="calc-extra" data-testid="calc-extra-value">{formatUSD(extra * 100)}</output>
          </label>
          <input id="calc-extra" name="extra" type="range" min={0} max={maxExtra} step={5} value={extra} onChange={(e) => setExtra(Number(e.target.value))} className="mt-2 w-full" />
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm" aria-live="polite">
          <div>
            <dt className="text-slate-500">Debt-free</dt>
            <dd className="text-lg font-bold" data-testid="calc-debt-free">
              {result.capped ? "Not within 50 years" : monthName(monthLabel(data.firstMonth, Math.max(1, result.totalMonths)))}
            </dd>
            <dd className="text-xs text-slate-500">{durationText(result.totalMonths, result.capped)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Total interest</dt>
            <dd className="text-lg font-bold" data-testid="calc-interest">
              {formatUSD(result.totalInterestCents)}
            </dd>
          </div>
        </dl>
      </fieldset>
      <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
        <legend className="px-1 text-sm font-semibold">What extra do I need?</legend>
        <label htmlFor="calc-target" className="text-sm font-medium">
          Debt-free by (month)
        </label>
        <input id="calc-target" name="target" type="month" min={data.firstMonth} value={target} onChange={(e) => setTarget(e.target.value)} className="ml-2 rounded-lg border border-slate-300 px-2 py-1 text-sm" />
        <p className="mt-3 text-sm" aria-live="polite" data-testid="calc-needed">
          {needed === undefined
            ? "Choose a month."
            : needed === null
              ? "No extra payment can clear every debt by then."
              : needed === 0
                ? `Your minimum payments already make you debt-free by ${monthName(target)}.`
                : `Pay ${formatUSD(needed)} extra a month to be debt-free by ${monthName(target)}.`}
        </p>
      </fieldset>
      <noscript>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
          Calculate
        </button>
      </noscript>
    </Form>
  );
}
