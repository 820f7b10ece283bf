import { BudgetHeader } from "~/components/budget-header";
import { centsToDecimal, formatUSD, toCents } from "~/domain/money";
import type { LanguagePreference } from "~/domain/wording";
import type { BudgetSummary } from "~/domain/budget-summary";
import { provisionalCents, useOutboxItems } from "./offline-queue";

/**
 * The chat header with what is waiting in the outbox taken off provisionally (issue 23): the figures move
 * when the expense is typed, and a line says they include entries not sent yet.
 */
export function ProvisionalBudgetHeader({ budget, appName, wording }: { budget: BudgetSummary | null; appName: string; wording: LanguagePreference }) {
  const items = useOutboxItems();
  const waitingCents = items.reduce((sum, item) => sum + provisionalCents(item), 0);
  if (!budget || waitingCents === 0) return <BudgetHeader budget={budget} appName={appName} wording={wording} />;
  const left = (toCents(budget.left) ?? 0) - waitingCents;
  const perDay = Math.floor(left / Math.max(1, budget.daysLeft));
  const adjusted = { ...budget, left: centsToDecimal(left), perDay: centsToDecimal(perDay), onTrack: perDay >= 0 };
  return (
    <>
      <BudgetHeader budget={adjusted} appName={appName} wording={wording} />
      <p className="border-b border-amber-200 bg-amber-50 px-4 py-1 text-xs text-amber-900" data-testid="provisional-note">
        Includes {formatUSD(waitingCents)} waiting to send (provisional)
      </p>
    </>
  );
}
