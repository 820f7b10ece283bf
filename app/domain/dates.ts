import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/** Today's calendar day ("YYYY-MM-DD") in a budget's time zone; Workers themselves run in UTC. */
export function todayIn(timeZone: string, now: number): string {
  return format(new TZDate(now, safeTimeZone(timeZone)), "yyyy-MM-dd");
}

/** An IANA zone the runtime knows, else UTC, so a bad stored value never breaks a page. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return "UTC";
  if (knownZones.has(timeZone)) return timeZone;
  try {
    // Building a formatter is the check (and costly): each zone is checked once per isolate.
    new Intl.DateTimeFormat("en-US", { timeZone });
    knownZones.add(timeZone);
    return timeZone;
  } catch {
    return "UTC";
  }
}

const knownZones = new Set<string>();

/** How far ahead an expense may be dated: one day, for a family member a time zone ahead (issue 18 #16). */
export const MAX_DAYS_AHEAD = 1;
export const FUTURE_DATE_MESSAGE = "The date can be at most one day in the future.";

/** The latest day an expense may carry when it is `today` in the budget's time zone. */
export function latestExpenseDay(today: string): string {
  const [y, m, d] = today.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + MAX_DAYS_AHEAD)).toISOString().slice(0, 10);
}

/** Whether an expense dated `day` is too far in the future on `today` (both "YYYY-MM-DD"). */
export function isTooFarAhead(day: string, today: string): boolean {
  return day > latestExpenseDay(today);
}
