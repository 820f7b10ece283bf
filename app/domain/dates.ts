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
