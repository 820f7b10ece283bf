import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { safeTimeZone } from "./dates";

/** Chat timestamps (spec part 1 §2): "Today, h:mm a", "Yesterday, h:mm a", else "EEE, MMM d, h:mm a". */
export function chatTimestamp(at: string | number, now: number, timeZone: string): string {
  const zone = safeTimeZone(timeZone);
  const when = new TZDate(typeof at === "number" ? at : Date.parse(at), zone);
  const today = format(new TZDate(now, zone), "yyyy-MM-dd");
  const yesterday = format(new TZDate(now - 86_400_000, zone), "yyyy-MM-dd");
  const day = format(when, "yyyy-MM-dd");
  if (day === today) return `Today, ${format(when, "h:mm a")}`;
  if (day === yesterday) return `Yesterday, ${format(when, "h:mm a")}`;
  return format(when, "EEE, MMM d, h:mm a");
}
