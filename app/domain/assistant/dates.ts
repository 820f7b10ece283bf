import * as chrono from "chrono-node";
import { formatDay, parseDay } from "../budget-math";
import { editDistance } from "./typos";

// Relative dates in a message ("yesterday", "last friday", "on the 3rd"). Phrases are found by pattern
// first, then read by chrono-node on the phrase alone, so a price after a weekday ("friday 12") is never
// taken for an hour. Days are calendar days in the budget's time zone; an expense is never in the future.

const WEEKDAY = "(?:mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)";
const FULL_WEEKDAY = "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)";
const MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const ORD = "(?:[12]?\\d|3[01])(?:st|nd|rd|th)";
const ORDINAL_WORDS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth"];
const ORDINAL_WORD = `${ORDINAL_WORDS.join("|")}|twenty[- ]?(?:${ORDINAL_WORDS.slice(0, 9).join("|")})|thirtieth|thirty[- ]?first`;

// A weekday inside a name is no date ("Ruby Tuesday", "TGI Friday's").
const NOT_IN_NAME = "(?<!\\bruby\\s|\\btgi\\s|\\bblack\\s|\\bcyber\\s)";
const WEEKEND = "(?:weekend|wknd|wkend|wk end|week end)";
// Parts of the day as typed in a chat ("fri nite", "yday am", "this mornin"); read back as the plain word.
const PART = "(?:morning|mornin|morn|afternoon|evening|eve|night|nite|nyt|nght|am|pm)";
// Words after a bare "sun" that make it the sun, not Sunday ("sun hat 20", "sun country 140").
const SUN_WORDS = "hat|hats|screen|glasses|block|tan|dress|shade|visor|tea|chips|roof|room|lamp|deck|porch|lotion|country|dried|flower|flowers|catcher|protection|shirt|burn|cream|spray|bed|beds|valley|belt|life|king|city|chip";

/** Holidays people date things by; each resolves to its latest day on or before today. */
const HOLIDAY =
  "(?:on\\s+)?(?:(?:christmas|xmas|x-mas)\\s+(?:eve|day|morning|night)|new\\s+year'?s?\\s+(?:eve|day)|nye|thanksgiving\\s+(?:day|night|morning)|black\\s+friday|cyber\\s+monday|valentine'?s?\\s+day|halloween\\s+night|(?:fourth|4th)\\s+of\\s+july|independence\\s+day|memorial\\s+day|labor\\s+day|mother'?s\\s+day|father'?s\\s+day|easter\\s+(?:sunday|morning)|(?:st\\.?|saint)\\s+(?:patrick|paddy|patty)'?s?\\s+day|mlk\\s+day|presidents'?\\s+day|veterans'?\\s+day)|on\\s+(?:christmas|xmas|thanksgiving|halloween|easter|valentine'?s|new\\s+year'?s)";

// Typed fast: a word starting with "y" near "yesterday" ("ystrday", "yesturday"); checked by edit distance.
const YESTERDAY_TYPO = /\by[a-z]{4,10}\b/gi;

const PATTERNS: RegExp[] = [
  new RegExp(`\\b(?:${HOLIDAY})\\b`, "i"),
  /\b(?:the\s+)?day\s+(?:before|b4)\s+(?:yesterday|yday|yest|y'day)\b/i,
  new RegExp(`\\b(?:yesterday|yday|yest|ystd|ystdy|ystrdy|yestrdy|y'day)(?:\\s+${PART})?\\b`, "i"),
  /\b(?:today|2day|tday|tdy|tonight|tonite|2nite|2night|this\s+(?:morning|mornin|morn|am|a\.m|afternoon|evening)|earlier\s+(?:today|2day))\b/i,
  /\b(?:last\s*(?:night|nite|nyt|nght|evening|eve)|las\s+night)\b/i,
  /\b(?:a\s+)?(?:couple|few)\s+(?:of\s+)?(?:days|nights)\s+(?:ago|back)\b/i,
  /\b(?:(?:a|an|one|two|three|four|five|six|seven|\d{1,2})\s+)?(?:days?|nights?|weeks?)\s+(?:ago|back)\b/i,
  /\bthe\s+other\s+day\b/i,
  new RegExp(`\\b(?:(?:over|on|during|at|for)\\s+the|this\\s+past|this|last|past)\\s+${WEEKEND}\\b`, "i"),
  /\blast\s+(?:week|wk)\b/i,
  // A weekday written with its date ("tues 11/17", "sat, nov 21"): the date says which one.
  new RegExp(`\\b(?:on\\s+)?${WEEKDAY}\\.?,?\\s+(?:(?:0?[1-9]|1[0-2])\\/(?:0?[1-9]|[12]\\d|3[01])(?:\\/(?:\\d{4}|\\d{2}))?|${MONTH}\\.?\\s+(?:${ORD}|[12]?\\d|3[01]))\\b(?![,.]\\d)`, "i"),
  new RegExp(`\\b(?:on\\s+)?(?:last|this\\s+past|past|this)\\s+${WEEKDAY}\\b\\.?(?:\\s+${PART})?`, "i"),
  new RegExp(`\\bon\\s+${WEEKDAY}\\b\\.?(?:\\s+${PART})?`, "i"),
  new RegExp(`${NOT_IN_NAME}\\b${FULL_WEEKDAY}\\b(?:\\s+${PART})?`, "i"),
  // Short forms people type ("thu gas 41", "tues"); "sun" only where it cannot be the sun (below), it is also a word.
  /\b(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat)\b(?!['’]|\s+(?:down|up|on|in|with|there|around|by|through|back|outside)\b)(?:\s+(?:morning|mornin|morn|afternoon|evening|eve|night|nite|nyt|am|pm))?/i,
  // "sun." and "sun:" (a day, abbreviated), "brunch sun 35" (just before a price), "sun brunch 35" (opening the
  // message or an item after "and" or a comma).
  new RegExp(`\\bsun(?:[.:](?=\\s|$)|(?<=[a-z]\\s+sun)(?=\\s+\\$?\\d)|(?<=(?:^|[,;]|\\band|\\bthen|\\bplus|\\d)\\s*sun)(?=\\s+(?!(?:${SUN_WORDS})\\b)[a-z])|(?<=^\\s*sun)(?=\\s+\\$?\\d)|(?<=\\d\\s+sun)(?=\\s*$))`, "i"),
  // Not the start of a figure ("rent for january 1,650" is $1,650 for January, not January 1st).
  new RegExp(`\\b(?:on\\s+)?${MONTH}\\.?\\s+(?:${ORD}|[12]?\\d|3[01])\\b(?![,.]\\d|\\s*(?:dollars|bucks|\\$))`, "i"),
  new RegExp(`\\b(?:on\\s+)?(?:the\\s+)?${ORD}\\s+of\\s+${MONTH}\\b`, "i"),
  // Day before month ("3 nov", "21st december"), as written outside the US.
  new RegExp(`\\b(?:on\\s+)?(?:${ORD}|[12]?\\d|3[01])\\s+${MONTH}\\b\\.?(?!\\s+(?:\\d|of)\\b)`, "i"),
  // A day of the month in words: "on the first", "the 1st of the month", "the third of december".
  new RegExp(`\\b(?:on\\s+the\\s+(?:${ORDINAL_WORD})\\b(?:\\s+of\\s+(?:the\\s+month|${MONTH}))?|the\\s+(?:${ORDINAL_WORD}|${ORD})\\s+of\\s+the\\s+month\\b|the\\s+(?:${ORDINAL_WORD})\\s+of\\s+${MONTH}\\b)`, "i"),
  new RegExp(`\\bon\\s+the\\s+(?:${ORD}|[12]?\\d|3[01])\\b(?:\\s+of\\s+(?:this|the)\\s+month\\b)?`, "i"),
  // An ordinal day on its own: "on 3rd", or opening the message ("3rd target 40").
  new RegExp(`(?:\\bon\\s+|^\\s*)${ORD}\\b(?:\\s+of\\s+(?:this|the)\\s+month\\b)?`, "i"),
  new RegExp(`\\b(?:on\\s+)?the\\s+${ORD}\\b(?:\\s+of\\s+(?:this|the)\\s+month\\b)?`, "i"),
  // Not a size: "a 3/8 socket", "1/2 inch pipe", "3/4 cup" are fractions in a thing's name.
  /(?<!\b(?:a|an)\s+)\b(?:on\s+)?(?:0?[1-9]|1[0-2])\/(?:0?[1-9]|[12]\d|3[01])(?:\/(?:\d{4}|\d{2}))?\b(?!\s*(?:"|''|in\b|inch|inches|socket|sockets|drive|bits?\b|wrench|bolts?\b|screws?\b|nuts?\b|pipe|plywood|hose|drill|ratchet|thick|thread|rod|dowel|tub(?:e|ing)|cups?\b|tsp|tbsp|lbs?\b|oz\b|mile|yards?\b|yd\b|gallon|pound|size))/,
  /\b(?:on\s+)?\d{4}-\d{2}-\d{2}\b/,
];

const QUICK = new RegExp(`yest|yday|ystd|y'day|this\\s+a\\.?m|today|2day|tday|tdy|tonight|tonite|2nite|2night|morning|morn|afternoon|evening|night|nite|nyt|nght|ago|last|past|week|wk|${WEEKDAY}|${MONTH}|\\d(?:st|nd|rd|th)\\b|\\d/\\d|\\d-\\d\\d-|\\by[a-z]{4}|other day|back|christmas|xmas|year|nye|thanksgiving|valentine|halloween|july|independence|memorial|labor|mother|father|easter|patrick|paddy|patty|mlk|president|veteran|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|teenth|twent|thirt`, "i");
const GLOBAL_PATTERNS = PATTERNS.map((p) => new RegExp(p.source, p.flags + "g"));

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

function weekdayOf(day: string): number {
  return new Date(dayNumber(day) * 86_400_000).getUTCDay();
}

/** The nth (1-based; -1 = last) given weekday (0 = Sunday) of a month, as YYYY-MM-DD. */
function nthWeekday(y: number, m: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
    return formatDay(y, m, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const last = new Date(Date.UTC(y, m - 1, lastDay)).getUTCDay();
  return formatDay(y, m, lastDay - ((last - weekday + 7) % 7));
}

/** Western Easter Sunday (the Meeus/Jones/Butcher Gregorian computus). */
function easter(y: number): string {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const n = h + l - 7 * m + 114;
  return formatDay(y, Math.floor(n / 31), (n % 31) + 1);
}

/** The day a holiday phrase names in year y, or null when the phrase is no holiday. */
function holiday(p: string, y: number): string | null {
  if (/christmas|xmas|x-mas/.test(p)) return formatDay(y, 12, /eve/.test(p) ? 24 : 25);
  if (/new\s+year|nye/.test(p)) return /eve|nye/.test(p) ? formatDay(y, 12, 31) : formatDay(y, 1, 1);
  if (/thanksgiving/.test(p)) return nthWeekday(y, 11, 4, 4);
  if (/black\s+friday/.test(p)) return fromDayNumber(dayNumber(nthWeekday(y, 11, 4, 4)) + 1);
  if (/cyber\s+monday/.test(p)) return fromDayNumber(dayNumber(nthWeekday(y, 11, 4, 4)) + 4);
  if (/valentine/.test(p)) return formatDay(y, 2, 14);
  if (/halloween/.test(p)) return formatDay(y, 10, 31);
  if (/july|independence/.test(p)) return formatDay(y, 7, 4);
  if (/memorial/.test(p)) return nthWeekday(y, 5, 1, -1);
  if (/labor/.test(p)) return nthWeekday(y, 9, 1, 1);
  if (/mother/.test(p)) return nthWeekday(y, 5, 0, 2);
  if (/father/.test(p)) return nthWeekday(y, 6, 0, 3);
  if (/easter/.test(p)) return easter(y);
  if (/patrick|paddy|patty/.test(p)) return formatDay(y, 3, 17);
  if (/mlk/.test(p)) return nthWeekday(y, 1, 1, 3);
  if (/president/.test(p)) return nthWeekday(y, 2, 1, 3);
  if (/veteran/.test(p)) return formatDay(y, 11, 11);
  return null;
}

/** "the first" → "the 1", "the third of december" → "december 3": ordinal words as numbers, else the phrase. */
function ordinalWordsToNumbers(p: string): string {
  const m = /^the\s+([a-z]+(?:[- ][a-z]+)?)(?:\s+of\s+(.+))?$/.exec(p);
  if (!m) return p;
  const word = m[1].replace(/[- ]/, "");
  let n = ORDINAL_WORDS.indexOf(word) + 1;
  if (n === 0) {
    const tens = /^(twenty|thirty)(.+)$/.exec(word);
    const unit = tens ? ORDINAL_WORDS.indexOf(tens[2]) + 1 : 0;
    if (word === "thirtieth") n = 30;
    else if (tens && unit > 0 && unit < 10) n = (tens[1] === "twenty" ? 20 : 30) + unit;
    if (n === 0 || n > 31) return p;
  }
  return !m[2] || /month/.test(m[2]) ? `the ${n}` : `${m[2]} ${n}`;
}

const SHORT_DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const FULL_NAMES = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

function resolve(phrase: string, today: string): string | null {
  const p = ordinalWordsToNumbers(
    phrase
      .toLowerCase()
      .replace(/^on\s+/, "")
      .replace(/[.:]$/, "")
      .replace(/[’]/g, "'")
      .replace(/\bwk\b/, "week")
      // Chat spellings read back as the words chrono and the rules below know ("last nite", "2day", "this am").
      .replace(/\b(?:nite|nyt|nght)\b/, "night")
      .replace(/^(?:last|las)\s*night$/, "last night")
      .replace(/\b(?:tonite|2nite|2night)\b/, "tonight")
      .replace(/\b(?:2day|tday|tdy)\b/, "today")
      .replace(/^this\s+(?:am|a\.m|mornin|morn)$/, "this morning")
      .replace(/\b(?:mornin|morn)$/, "morning")
      .replace(/^(?:ystdy|ystrdy|yestrdy|y'day)\b/, "yday")
      .replace(/\bnight(s?)\s+(?=ago$)/, "day$1 ")
      .replace(/\s+back$/, " ago")
      .replace(/\s+of\s+(?:this|the)\s+month$/, "")
      // "friday night" is friday ("last night" and "this morning" keep theirs).
      .replace(new RegExp(`\\b(${WEEKDAY}\\.?)\\s+${PART}$`), "$1")
      // "tues 11/17": the date says which Tuesday.
      .replace(new RegExp(`^${WEEKDAY}\\.?,?\\s+(?=\\d|${MONTH})`), ""),
  );
  if (p === "the other day") return today;
  const t = parseDay(today);
  const todayN = dayNumber(today);
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
  if (/day\s+(?:before|b4)\s+/.test(p)) return fromDayNumber(todayN - 2);
  // "last evening" is last night: yesterday.
  if (/^last\s+(?:evening|eve)$/.test(p)) return fromDayNumber(todayN - 1);
  if (/^(?:yesterday|yday|yest|ystd)\b/.test(p)) return fromDayNumber(todayN - 1);
  const short = /^(mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)$/.exec(p);
  if (short) {
    // The most recent such day, today included.
    const target = SHORT_DAYS.indexOf(short[1].slice(0, 3));
    return fromDayNumber(todayN - ((weekdayOf(today) - target + 7) % 7));
  }
  const ago = /^(?:(a|an|one|\d{1,2})\s+)?(days?|weeks?)\s+ago$/.exec(p);
  if (ago && (!ago[1] || /^(?:a|an|one|1)$/.test(ago[1]))) return fromDayNumber(todayN - (ago[2].startsWith("week") ? 7 : 1));
  if (/couple|few/.test(p)) return fromDayNumber(todayN - (p.includes("couple") ? 2 : 3));
  if (/weekend|wknd|wkend|wk\s+end|week\s+end/.test(p)) {
    // The Saturday of the latest weekend (today, if it is Saturday); "last weekend" said on a weekend is the one before.
    const weekday = weekdayOf(today);
    let back = (weekday + 1) % 7;
    if (/^last\b/.test(p) && (weekday === 6 || weekday === 0)) back += 7;
    return fromDayNumber(todayN - back);
  }
  // "last tues", "this past thurs": chrono reads only some short forms after "last"; spelt out, it reads them all.
  const spelt = /^(last|this\s+past|past|this)\s+(mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)$/.exec(p);
  if (spelt) return resolve(`${spelt[1]} ${FULL_NAMES[SHORT_DAYS.indexOf(spelt[2].slice(0, 3))]}`, today);
  const named = holiday(p, t.y);
  if (named) return named <= today ? named : holiday(p, t.y - 1);
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
    while (n > todayN) n -= 7;
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

/** A mistyped "yesterday" ("ystrday", "yesturday", "yesterdy"): within two edits, and not another word. */
function isYesterdayTypo(word: string): boolean {
  const w = word.toLowerCase();
  return w !== "yesterday" && editDistance(w, "yesterday", 2) <= 2;
}

interface Span {
  start: number;
  end: number;
  text: string;
}

// The same text is searched several times per message (role tagging, expenses, questions back); a small
// memo, emptied when full, serves the message being read.
const SPANS_MEMO = new Map<string, Span[]>();

/** Every date phrase in the text, overlapping ones dropped (the earlier pattern wins), unread. */
function spans(text: string): Span[] {
  const seen = SPANS_MEMO.get(text);
  if (seen) return seen;
  if (SPANS_MEMO.size >= 16) SPANS_MEMO.clear();
  const found = searchSpans(text);
  SPANS_MEMO.set(text, found);
  return found;
}

function searchSpans(text: string): Span[] {
  if (!QUICK.test(text)) return [];
  const found: Span[] = [];
  const add = (start: number, end: number) => {
    if (!found.some((f) => start < f.end && end > f.start)) found.push({ start, end, text: text.slice(start, end) });
  };
  for (const re of GLOBAL_PATTERNS) {
    re.lastIndex = 0;
    for (const match of text.matchAll(re)) add(match.index ?? 0, (match.index ?? 0) + match[0].length);
  }
  if (/\by/i.test(text)) {
    for (const match of text.matchAll(YESTERDAY_TYPO)) if (isYesterdayTypo(match[0])) add(match.index ?? 0, (match.index ?? 0) + match[0].length);
  }
  return found;
}

/** Where date phrases are, without reading them (cheap: no chrono-node); for tagging numbers' roles. */
export function findDateSpans(text: string): Array<{ start: number; end: number }> {
  return spans(text).map(({ start, end }) => ({ start, end }));
}

/** Date phrases in the text with the day each names, in order. */
export function findDates(text: string, today: string): DateMention[] {
  const found: DateMention[] = [];
  for (const span of spans(text)) {
    const day = isYesterdayTypo(span.text) && !/\s/.test(span.text) ? fromDayNumber(dayNumber(today) - 1) : resolve(span.text.trim(), today);
    if (day) found.push({ ...span, day });
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * The text with its date phrases blanked for reading categories, keeping "night" and "evening" ("friday night
 * drinks" are drinks out): the same length, so positions still line up.
 */
export function blankDates(text: string, dates: Array<{ start: number; end: number }>): string {
  let out = text;
  for (const d of dates) {
    const phrase = text.slice(d.start, d.end).replace(/[^\s]/g, " ");
    const night = /(?:night|nite|evening|eve)\b/i.exec(text.slice(d.start, d.end));
    const kept = night ? phrase.slice(0, night.index) + night[0] + phrase.slice(night.index + night[0].length) : phrase;
    out = out.slice(0, d.start) + kept + out.slice(d.end);
  }
  return out;
}
