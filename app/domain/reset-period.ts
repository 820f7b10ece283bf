import { TZDate } from "@date-fns/tz";
import { nextResetDay, parseDay } from "./budget-math";
import { safeTimeZone } from "./dates";

// When a budget's period ends (DESIGN §5, issue 9). A period runs from `periodStart` up to, not including,
// its end day; the end is the next occurrence of the reset day after the start, or — when the owner
// changed the reset day mid-period — the next occurrence of the new day after the change (stored).
// Everything is in calendar days of the budget's own time zone; "now" is always passed in.

/** The day the current period ends (the first day of the next one). */
export function periodEndOf(periodStart: string, resetDay: number, storedEnd?: string | null): string {
  return storedEnd ?? nextResetDay(periodStart, resetDay);
}

/** After a reset-day change on `today`: the next occurrence of the new day, always after today, so a budget never resets twice in one day. */
export function periodEndAfterChange(today: string, newResetDay: number): string {
  return nextResetDay(today, newResetDay);
}

/** Whether the period ending on `periodEnd` is over on `today`. */
export function isPeriodOver(today: string, periodEnd: string): boolean {
  return today >= periodEnd;
}

/** The UTC instant the day `day` begins in `timeZone` (local midnight; DST days included). */
export function startOfDayUtc(day: string, timeZone: string): number {
  const { y, m, d } = parseDay(day);
  return new TZDate(y, m - 1, d, 0, 0, 0, safeTimeZone(timeZone)).getTime();
}

/** yyyy-MM of a day: the budget month a closing period is archived under. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** Each period that has ended by `today`, oldest first (a budget that missed several catches up one by one). */
export function periodsToClose(periodStart: string, resetDay: number, storedEnd: string | null, today: string, limit = 36): Array<{ start: string; end: string }> {
  const out: Array<{ start: string; end: string }> = [];
  let start = periodStart;
  let end = periodEndOf(start, resetDay, storedEnd);
  while (isPeriodOver(today, end) && out.length < limit) {
    out.push({ start, end });
    start = end;
    end = nextResetDay(start, resetDay);
  }
  return out;
}

/** The columns a reset-day change writes: the new day, and the end of the current period it implies. */
export function resetDayChange(today: string, newResetDay: number, timeZone: string): { resetDay: number; periodEnd: string; resetDueAt: number } {
  const periodEnd = periodEndAfterChange(today, newResetDay);
  return { resetDay: newResetDay, periodEnd, resetDueAt: startOfDayUtc(periodEnd, timeZone) };
}
