// When "per day" and "days left" change for a page left open: midnight in the budget's time zone.
// Intl only (no date library), because this runs in the browser on every signed-in page's first load.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    } catch {
      // An unknown zone is read as UTC, as everywhere else (safeTimeZone).
      f = formatterFor("UTC");
    }
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(now: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(now)) if (p.type !== "literal") parts[p.type] = Number(p.value);
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The budget's calendar day at `now`, "YYYY-MM-DD". */
export function localDayKey(now: number, timeZone: string): string {
  const w = wallClock(now, timeZone);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

/** Milliseconds from `now` until the next midnight in `timeZone`; exact on 23- and 25-hour (DST) days. */
export function msUntilNextLocalMidnight(now: number, timeZone: string): number {
  const elapsed = (n: number) => {
    const w = wallClock(n, timeZone);
    return ((w.hour * 60 + w.minute) * 60 + w.second) * 1000 + (n % 1000);
  };
  // First guess: a whole wall-clock day from local midnight. If the zone's offset changes before then,
  // the guess lands off midnight by that change; one correction fixes it.
  let next = now + 86_400_000 - elapsed(now);
  const off = elapsed(next);
  if (off !== 0) next -= off > 43_200_000 ? off - 86_400_000 : off;
  return Math.max(1, next - now);
}
