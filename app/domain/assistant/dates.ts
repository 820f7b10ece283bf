import * as chrono from "chrono-node";
import { formatDay, parseDay } from "../budget-math";

// Relative dates in a message ("yesterday", "last friday", "on the 3rd"). Phrases are found by pattern
// first, then read by chrono-node on the phrase alone, so a price after a weekday ("friday 12") is never
// taken for an hour. Days are calendar days in the budget's time zone; an expense is never in the future.

const WEEKDAY = "(?:mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)";
const FULL_WEEKDAY = "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)";
const MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const ORD = "(?:[12]?\\d|3[01])(?:st|nd|rd|th)";

const PATTERNS: RegExp[] = [
  /\b(?:the\s+)?day\s+before\s+yesterday\b/i,
  /\b(?:yesterday|yday|yest)(?:\s+(?:morning|afternoon|evening|night))?\b/i,
  /\b(?:today|tonight|this\s+(?:morning|afternoon|evening)|earlier\s+today)\b/i,
  /\blast\s+night\b/i,
  /\b(?:a|an|one|two|three|four|five|six|seven|\d{1,2})\s+(?:days?|weeks?)\s+ago\b/i,
  /\b(?:a\s+)?(?:couple|few)\s+(?:of\s+)?days\s+ago\b/i,
  /\blast\s+week(?:end)?\b/i,
  /\bthis\s+(?:past\s+)?weekend\b/i,
  new RegExp(`\\b(?:on\\s+)?(?:last|this\\s+past|past|this)\\s+${WEEKDAY}\\b`, "i"),
  new RegExp(`\\bon\\s+${WEEKDAY}\\b`, "i"),
  new RegExp(`\\b${FULL_WEEKDAY}(?:\\s+(?:morning|afternoon|evening|night))?\\b`, "i"),
  // Short forms people type ("thu gas 41", "tues"); "sun" only after "on" (above), it is also a word.
  /\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat)\b(?!['’]|\s+(?:down|up|on|in|with|there|around|by|through|back|outside)\b)/i,
  new RegExp(`\\b(?:on\\s+)?${MONTH}\\.?\\s+(?:${ORD}|[12]?\\d|3[01])\\b(?!\\s*(?:dollars|bucks|\\$))`, "i"),
  new RegExp(`\\b(?:on\\s+)?(?:the\\s+)?${ORD}\\s+of\\s+${MONTH}\\b`, "i"),
  new RegExp(`\\bon\\s+the\\s+(?:${ORD}|[12]?\\d|3[01])\\b`, "i"),
  new RegExp(`\\b(?:on\\s+)?the\\s+${ORD}\\b`, "i"),
  /\b(?:on\s+)?(?:0?[1-9]|1[0-2])\/(?:0?[1-9]|[12]\d|3[01])(?:\/(?:\d{4}|\d{2}))?\b/,
  /\b(?:on\s+)?\d{4}-\d{2}-\d{2}\b/,
];

const QUICK = new RegExp(`yest|yday|today|tonight|morning|afternoon|evening|night|ago|last|past|week|${WEEKDAY}|${MONTH}|\\d(?:st|nd|rd|th)\\b|\\d/\\d|\\d-\\d\\d-`, "i");

export interface DateMention {
  start: number;
  end: number;
  text: string;
  day: string;
}

function dayNumber(day: string): number {
  const { y, m, d } = parseDay(day);
  return Math.floor(Date.UTC(y, m - 1, d) / 86_400_000);
}

function fromDayNumber(n: number): string {
  const date = new Date(n * 86_400_000);
  return formatDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

function resolve(phrase: string, today: string): string | null {
  const p = phrase.toLowerCase().replace(/^on\s+/, "");
  const t = parseDay(today);
  // "on the 3rd": chrono does not read a bare day of the month; the latest 3rd on or before today.
  const bare = /^(?:the\s+)?([12]?\d|3[01])(?:st|nd|rd|th)?$/.exec(p);
  if (bare) {
    const d = Number(bare[1]);
    if (d < 1) return null;
    let y = t.y;
    let m = t.m;
    if (d > t.d) {
      m -= 1;
      if (m === 0) {
        m = 12;
        y -= 1;
      }
    }
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return formatDay(y, m, Math.min(d, last));
  }
  if (/day\s+before\s+yesterday/.test(p)) return fromDayNumber(dayNumber(today) - 2);
  if (/^(?:yesterday|yday|yest)\b/.test(p)) return fromDayNumber(dayNumber(today) - 1);
  const short = /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat)$/.exec(p);
  if (short) {
    // The most recent such day, today included.
    const target = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].indexOf(short[1].slice(0, 3));
    const weekday = new Date(Date.UTC(t.y, t.m - 1, t.d)).getUTCDay();
    return fromDayNumber(dayNumber(today) - ((weekday - target + 7) % 7));
  }
  if (/couple|few/.test(p)) return fromDayNumber(dayNumber(today) - (p.includes("couple") ? 2 : 3));
  if (/^this\s+(?:past\s+)?weekend$/.test(p) || p === "last weekend") {
    // The most recent Saturday before today (or today if it is the weekend).
    const weekday = new Date(Date.UTC(t.y, t.m - 1, t.d)).getUTCDay();
    const back = weekday === 6 ? 0 : weekday === 0 ? 1 : weekday + 1 + (p === "last weekend" ? 0 : 0);
    return fromDayNumber(dayNumber(today) - back);
  }
  // Noon UTC on the budget's today, read back as calendar parts: chrono never sees a time zone shift.
  const ref = new Date(Date.UTC(t.y, t.m - 1, t.d, 12));
  const results = chrono.parse(p, { instant: ref, timezone: 0 });
  const r = results[0];
  if (!r) return null;
  const day = formatDay(r.start.get("year") ?? t.y, r.start.get("month") ?? t.m, r.start.get("day") ?? t.d);
  if (day <= today) return day;
  // Never in the future: a weekday means the last one, a month and day last year, anything else today.
  if (new RegExp(`^(?:this\\s+)?${WEEKDAY}`).test(p) || r.start.isCertain("weekday")) {
    let n = dayNumber(day);
    while (n > dayNumber(today)) n -= 7;
    return fromDayNumber(n);
  }
  if (r.start.isCertain("month") && r.start.isCertain("day") && !r.start.isCertain("year")) {
    // "2/14" typed in November is this February, never a year earlier; "dec 3" typed in November is last year's.
    const { m, d } = parseDay(day);
    const thisYear = formatDay(t.y, m, d);
    return thisYear <= today ? thisYear : formatDay(t.y - 1, m, d);
  }
  return today;
}

/** Where date phrases are, without reading them (cheap: no chrono-node); for tagging numbers' roles. */
export function findDateSpans(text: string): Array<{ start: number; end: number }> {
  if (!QUICK.test(text)) return [];
  const found: Array<{ start: number; end: number }> = [];
  for (const pattern of PATTERNS) {
    const re = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : pattern.flags + "g");
    for (const match of text.matchAll(re)) found.push({ start: match.index ?? 0, end: (match.index ?? 0) + match[0].length });
  }
  return found;
}

/** Date phrases in the text with the day each names, in order; overlapping matches keep the first found. */
export function findDates(text: string, today: string): DateMention[] {
  if (!QUICK.test(text)) return [];
  const found: DateMention[] = [];
  for (const pattern of PATTERNS) {
    const re = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : pattern.flags + "g");
    for (const match of text.matchAll(re)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      if (found.some((f) => start < f.end && end > f.start)) continue;
      const day = resolve(match[0].trim(), today);
      if (day) found.push({ start, end, text: match[0], day });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
