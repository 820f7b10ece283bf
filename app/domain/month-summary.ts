import { parseDay } from "./budget-math";
import { formatUSDWhole } from "./money";
import { applyWording, type LanguagePreference } from "./wording";

// The chat message each member gets when their budget resets: spent vs spendable and the top category,
// in that member's wording, in whole US dollars (spec part 1 §9: chat currency has no decimals).

export interface ClosedPeriod {
  periodStart: string;
  /** The first day of the next period. */
  periodEnd: string;
  spentCents: number;
  spendableCents: number;
  topCategory: { name: string; cents: number } | null;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function shortDay(day: string): string {
  const { m, d } = parseDay(day);
  return `${MONTHS[m - 1]} ${d}`;
}

function dayBefore(day: string): string {
  const { y, m, d } = parseDay(day);
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

export function monthSummaryMessage(period: ClosedPeriod, wording: LanguagePreference): string {
  const range = `${shortDay(period.periodStart)} – ${shortDay(dayBefore(period.periodEnd))}`;
  const left = period.spendableCents - period.spentCents;
  const parts = [`Your budget reset for a new period. From ${range} you spent ${formatUSDWhole(period.spentCents)} of ${formatUSDWhole(period.spendableCents)} spendable`];
  parts[0] += left >= 0 ? `, with ${formatUSDWhole(left)} left over.` : `, ${formatUSDWhole(-left)} over.`;
  if (period.topCategory) parts.push(`Top category: ${period.topCategory.name} (${formatUSDWhole(period.topCategory.cents)}).`);
  else parts.push("No expenses were logged in that period.");
  parts.push("Spent is back to $0; your history keeps every expense.");
  return applyWording(parts.join(" "), wording);
}
