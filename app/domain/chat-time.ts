import { safeTimeZone } from "./dates";

// Chat timestamps (spec part 1 §2): "Today, h:mm a", "Yesterday, h:mm a", else "EEE, MMM d, h:mm a".
// Intl formatters are built once per zone: a long conversation formats hundreds of these per render.

const cache = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat; full: Intl.DateTimeFormat }>();

function formattersFor(zone: string) {
  let f = cache.get(zone);
  if (!f) {
    f = {
      day: new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }),
      time: new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit", hour12: true }),
      full: new Intl.DateTimeFormat("en-US", { timeZone: zone, weekday: "short", month: "short", day: "numeric" }),
    };
    cache.set(zone, f);
  }
  return f;
}

export function chatTimestamp(at: string | number, now: number, timeZone: string): string {
  const f = formattersFor(safeTimeZone(timeZone));
  const when = typeof at === "number" ? at : Date.parse(at);
  const day = f.day.format(when);
  // "3:05 PM" (Intl may put a narrow no-break space before AM/PM: normalise to a plain space).
  const time = f.time.format(when).replace(/\s/g, " ");
  if (day === f.day.format(now)) return `Today, ${time}`;
  if (day === f.day.format(now - 86_400_000)) return `Yesterday, ${time}`;
  return `${f.full.format(when)}, ${time}`;
}
