import type { LanguagePreference } from "~/domain/wording";
import { applyWording } from "~/domain/wording";
import { formatUSD, formatUSDWhole, toCents } from "~/domain/money";
import type { BudgetSummary } from "~/domain/budget-summary";
import { useMidnightRefresh } from "./use-midnight-refresh";

/** Chat header (spec part 1 §2): "$X left", "$N/day limit" or "over", On track / Over budget, "Nd left". */
export function BudgetHeader({ budget, appName, wording }: { budget: BudgetSummary | null; appName: string; wording: LanguagePreference }) {
  useMidnightRefresh(budget?.timeZone);
  const spendable = budget ? (toCents(budget.spendableAmount) ?? 0) : 0;
  if (!budget || spendable <= 0) {
    return (
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/90 px-4 py-3 backdrop-blur">
        <p className="font-semibold text-brand-700">{appName}</p>
      </header>
    );
  }
  const left = toCents(budget.left) ?? 0;
  const perDay = toCents(budget.perDay) ?? 0;
  return (
    <header className="sticky top-0 z-10 flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-200 bg-white/90 px-4 py-3 backdrop-blur" data-testid="budget-header">
      <p className="text-lg font-bold">{applyWording(`${formatUSD(left)} left`, wording)}</p>
      <p className="text-sm text-slate-600">{perDay < 0 ? "over" : `${formatUSDWhole(perDay)}/day limit`}</p>
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${budget.onTrack ? "bg-brand-100 text-brand-700" : "bg-red-100 text-red-700"}`}>
        {budget.onTrack ? "On track" : "Over budget"}
      </span>
      <p className="text-sm text-slate-600">{budget.daysLeft}d left</p>
    </header>
  );
}
