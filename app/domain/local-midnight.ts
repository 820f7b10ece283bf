import { TZDate } from "@date-fns/tz";
import { safeTimeZone } from "./dates";

/**
 * Milliseconds from `now` until the next midnight in a budget's time zone: when "per day" and "days left"
 * change for a page left open. Built from the calendar day, so a 23- or 25-hour day (DST) is exact.
 */
export function msUntilNextLocalMidnight(now: number, timeZone: string): number {
  const zone = safeTimeZone(timeZone);
  const local = new TZDate(now, zone);
  const next = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 1, 0, 0, 0, zone).getTime();
  return Math.max(1, next - now);
}
