import { daysLabel } from "~/domain/budget-page-text";
import { formatUSD } from "~/domain/money";
import { applyWording, type LanguagePreference } from "~/domain/wording";
import type { BudgetSummary } from "~/domain/budget-summary";
import { useMidnightRefresh } from "../use-midnight-refresh";

// Total Income, Fixed Expenses, the spendable card (worded by languagePreference) and the Daily Spending
// Allowance, from the totals being edited: they move on every keystroke, before anything is saved.

export function SummaryCards({
  totals,
  spentCents,
  summary,
  wording,
}: {
  totals: { totalIncomeCents: number; fixedExpensesCents: number; spendableCents: number };
  spentCents: number;
  summary: BudgetSummary;
  wording: LanguagePreference;
}) {
  useMidnightRefresh(summary.timeZone);
  const days = Math.max(1, summary.daysLeft);
  const leftCents = totals.spendableCents - spentCents;
  const perDayCents = Math.floor(leftCents / days);
  const over = perDayCents < 0;
  const used = totals.spendableCents > 0 ? Math.min(100, Math.max(0, (spentCents / totals.spendableCents) * 100)) : spentCents > 0 ? 100 : 0;
  const w = (text: string) => applyWording(text, wording);
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Card label="Total Income" value={formatUSD(totals.totalIncomeCents)} testId="total-income" />
      <Card label="Fixed Expenses" value={formatUSD(totals.fixedExpensesCents)} testId="fixed-expenses" />
      <Card label={w("Spendable Amount")} value={formatUSD(totals.spendableCents)} testId="spendable-amount" tone={totals.spendableCents < 0 ? "bad" : "good"} />
      <section aria-labelledby="allowance-title" className="rounded-lg border border-slate-200 bg-white p-4" data-testid="daily-allowance">
        <h2 id="allowance-title" className="text-sm font-medium text-slate-600">{w("Daily Spending Allowance")}</h2>
        <p className={`mt-1 text-xl font-bold ${over ? "text-red-700" : "text-slate-900"}`}>{formatUSD(perDayCents)}/day</p>
        <span className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${over ? "bg-red-100 text-red-700" : "bg-brand-100 text-brand-700"}`}>{over ? "Over Budget" : "On Track"}</span>
        <p className="mt-2 text-xs text-slate-600">{w(`${formatUSD(spentCents)} spent this cycle`)} · {daysLabel(days)} until reset</p>
        <div
          role="progressbar"
          aria-label={w("Spent of spendable amount")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(used)}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className={`h-full ${over ? "bg-red-500" : "bg-brand-500"}`} style={{ width: `${used}%` }} />
        </div>
      </section>
    </div>
  );
}

function Card({ label, value, testId, tone }: { label: string; value: string; testId: string; tone?: "good" | "bad" }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid={testId}>
      <h2 className="text-sm font-medium text-slate-600">{label}</h2>
      <p className={`mt-1 text-xl font-bold ${tone === "bad" ? "text-red-700" : "text-slate-900"}`}>{value}</p>
    </section>
  );
}
