import { basketSplit, resolveArithmetic } from "./arithmetic";
import { findAmounts, type AmountMention } from "./amounts";
import { categorize, lexiconHits, type CategoryId } from "./categories";
import { blankDates, findDates, type DateMention } from "./dates";
import { merchantKey, type MerchantMemory, recall } from "./merchant";
import { digitizeNumberWords } from "./number-words";

export interface ParsedExpense {
  amountCents: number;
  description: string;
  categoryId: CategoryId;
  /** YYYY-MM-DD in the budget's time zone; never after today. */
  date: string;
  /** True when a lexicon or the budget's memory chose the category (not the "other" fallback). */
  categoryKnown: boolean;
}

// Filler around the thing bought: "I just spent $12 on lunch" → "lunch".
const LEADING = /^(?:(?:ended up(?: buying| getting| grabbing| with)?|and|also|plus|then|please|pls|plz|expense|expenses|new expense|i|we|me|my|wife|husband|just|also|have|has|had|paid|pay|spent|spend|bought|buy|got|get|grabbed|grab|picked\s+up|purchased|ordered|order|dropped|blew|put|added|add|log|logged|record|charged|used|went|for|on|at|to|the|a|an|some|another|of|about|around|like|roughly|was|it|that|this|is|cost|costs|total)\b[\s,:-]*)+/i;
const TRAILING = /(?:[\s,:-]*\b(?:on|for|at|in|to|the|a|an|and|with|of|was|were|is|it|cost|costs|paid|total|each|ea|worth|plus|spent|today|bucks?|dollars?|cents?|usd|please|pls|plz|thanks|thx|ty)\b)+[\s.!,]*$/i;
const SEPARATORS = /\s*(?:,|;|\n|\+|&|\s\/\s|\||\band\b|\bplus\b|\bthen\b|\balso\b)\s*/gi;

function mask(text: string, spans: Array<{ start: number; end: number }>): string {
  let out = text;
  for (const s of spans) out = out.slice(0, s.start) + " ".repeat(s.end - s.start) + out.slice(s.end);
  return out;
}

// Shop names holding a word the cleaning drops ("dollar tree", "buy buy baby", "best buy"), kept whole.
const SHOP_WORDS = /\b(?:dollars?|bucks?|buy)\b/i;

function protectShops(text: string): { text: string; names: string[] } {
  const names: string[] = [];
  if (!SHOP_WORDS.test(text)) return { text, names };
  let out = text;
  for (const hit of lexiconHits(text)) {
    if (!hit.merchant || !hit.phrase.includes(" ") || !SHOP_WORDS.test(hit.phrase)) continue;
    const words = hit.phrase.split(" ").map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    const m = new RegExp(String.raw`\b${words.join(String.raw`[^a-z0-9]+`)}\b`, "i").exec(out);
    if (!m) continue;
    out = out.slice(0, m.index) + `shopname${names.length}x` + out.slice(m.index + m[0].length);
    names.push(m[0]);
  }
  return { text: out, names };
}

function cleanDescription(raw: string): string {
  const { text, names } = protectShops(raw);
  let d = text
    .replace(/\$/g, " ")
    .replace(/\b(?:dollars?|bucks?|usd|cents?)\b/gi, " ")
    .replace(/[!?]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  for (let i = 0; i < 3; i++) {
    d = d.replace(LEADING, "").replace(TRAILING, "").replace(/^[\s,.:;-]+|[\s,.:;-]+$/g, "").trim();
  }
  d = d.replace(/shopname(\d+)x/g, (_m, i: string) => names[Number(i)] ?? "");
  d = d.replace(/^'s\b\s*/i, "").replace(/^[\s+&=—–/|]+|[\s+&=—–/|]+$/g, "").replace(/\b7eleven\b/gi, "7-Eleven");
  if (d.length > 120) d = d.slice(0, 120).trim();
  // "iCloud" keeps its case; "groceries" becomes "Groceries".
  return d ? (/^[a-z][A-Z]/.test(d) ? d : d[0].toUpperCase() + d.slice(1)) : "";
}

interface Segment {
  start: number;
  end: number;
  amount: AmountMention;
}

/** Splits the message into one stretch of text per price. */
function segmentsFor(text: string, amounts: AmountMention[]): Segment[] {
  if (amounts.length === 1) return [{ start: 0, end: text.length, amount: amounts[0] }];
  // Does the description come before its price ("gas 45, food 20") or after it ("$45 gas, $20 food")?
  const leadingText = /[a-z]|\p{Extended_Pictographic}/iu.test(text.slice(0, amounts[0].start));
  const cuts: number[] = [];
  for (let i = 0; i < amounts.length - 1; i++) {
    const gapStart = amounts[i].end;
    const gapEnd = amounts[i + 1].start;
    const gap = text.slice(gapStart, gapEnd);
    // Prefer an explicit separator between two prices; else cut right after (or before) a price.
    let cut = -1;
    let sep: RegExpExecArray | null;
    const re = new RegExp(SEPARATORS.source, "gi");
    let lastSep = -1;
    while ((sep = re.exec(gap)) !== null) {
      if (sep[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      // Cut at the separator itself: a date just after a price ("lunch 12 yesterday, dinner 40 today")
      // stays with that price.
      lastSep = gapStart + sep.index + (/^\s*/.exec(sep[0])?.[0].length ?? 0);
      if (leadingText) {
        cut = lastSep;
        break;
      }
    }
    if (!leadingText && lastSep >= 0) cut = lastSep;
    if (cut < 0) cut = leadingText ? gapStart : gapEnd;
    cuts.push(cut);
  }
  const segments: Segment[] = [];
  let from = 0;
  amounts.forEach((amount, i) => {
    const to = i < cuts.length ? cuts[i] : text.length;
    segments.push({ start: from, end: to, amount });
    from = to;
  });
  return segments;
}

export interface ExpenseParseOptions {
  today: string;
  memory?: MerchantMemory;
}

const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const ONES: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 };
// "coffee 4 fifty", "lunch 12 twenty five": dollars in digits, then cents said in words (never a clock time: "at 2 thirty").
const SPOKEN_CENTS = /(?<!\b(?:at|around|by|till|until|before|after|from)\s+)\b(\d{1,3})\s+(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](one|two|three|four|five|six|seven|eight|nine))?\b(?!\s*(?:dollars?|bucks?|cents?|percent|%|people|times|minutes?|mins?|hours?|of\b|am\b|pm\b|[a-z]+s\b))/gi;

function spokenCents(text: string): string {
  if (!/ty\b|ty[- ]/i.test(text)) return text;
  return text.replace(SPOKEN_CENTS, (_m, d: string, tens: string, ones: string | undefined) => {
    const cents = TENS[tens.toLowerCase()] + (ones ? ONES[ones.toLowerCase()] : 0);
    return `${d}.${String(cents).padStart(2, "0")}`;
  });
}

// "oops wrong one", "that one was wrong": "one" after a determiner is a pronoun, never a dollar.
const PRONOUN_ONE = /\b(wrong|that|this|the|which|another|last|other|same|new|old|first|right|correct|previous|each|every|any|no|big|small|cheap|expensive|good|bad|cute|nice)\s+one\b(?!\s*(?:dollars?|bucks?|hundred|thousand|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|and\b|[.,]\d))/gi;

function pronounOne(text: string): string {
  return /\bone\b/i.test(text) ? text.replace(PRONOUN_ONE, "$1 item") : text;
}

/** Every expense in a message; empty when it names no price. */
export function parseExpenses(original: string, options: ExpenseParseOptions): ParsedExpense[] {
  // "7-Eleven" is a shop, not two prices.
  const digits = digitizeNumberWords(spokenCents(pronounOne(original.replace(/[\u2018\u2019]/g, "'").replace(/\b7[- ]?(?:eleven|11)\b/gi, "7eleven"))));
  const text = resolveArithmetic(digits);
  const dates: DateMention[] = findDates(text, options.today);
  const masked = mask(text, dates);
  const amounts = findAmounts(masked);
  if (amounts.length === 0) return [];
  const messageDate = dates[0]?.day ?? options.today;
  const segments = segmentsFor(masked, amounts);
  const out: ParsedExpense[] = [];
  // Categories are read with "night" left in ("friday night drinks" are drinks out).
  const forCategory = blankDates(text, dates);
  const wholeCategory = categorize(mask(forCategory, amounts));
  for (const seg of segments) {
    const segmentDates = dates.filter((d) => d.start >= seg.start && d.end <= seg.end);
    const stripped = mask(masked, [seg.amount]).slice(seg.start, seg.end);
    // Quantities stay in the description ("2 coffees"); the price goes.
    let description = cleanDescription(stripped);
    const remembered = options.memory ? recall(options.memory, merchantKey(description)) : null;
    // The whole message is the evidence for a word two categories share ("electric 110 + water 45": the water bill).
    let category = remembered ?? categorize(mask(forCategory, [seg.amount]).slice(seg.start, seg.end), { message: forCategory, cents: seg.amount.cents });
    let known = category !== null;
    // A segment with nothing but its price ("Hulu and Netflix, $8 and $15") takes the message's category.
    if (!category && wholeCategory && (segments.length === 1 || !/[a-z]/i.test(description))) {
      category = wholeCategory;
      known = true;
    }
    // "uber 12 there and 18 back": the way back is the same kind of thing as the way there.
    const prev = out[out.length - 1];
    if (!category && prev && /^(?:back|home|return|again|the way back|on the way back|each way|the other way)$/i.test(description)) {
      category = prev.categoryId;
      known = prev.categoryKnown;
      description = `${prev.description.replace(/\s+(?:there|over)$/i, "")} ${description.toLowerCase()}`;
    }
    if (!/[a-z0-9]/i.test(description)) description = category ? DEFAULT_DESCRIPTION[category] : "Expense";
    out.push({
      amountCents: seg.amount.cents,
      description,
      categoryId: category ?? "other",
      date: segmentDates[0]?.day ?? messageDate,
      categoryKnown: known,
    });
  }
  // "costco 180, 120 of that was food": the part named is the food, so the rest is not; a shop selling that kind
  // of thing (a grocer, a warehouse club) sells general goods too, and those are shopping.
  if (out.length === 2 && out[0].categoryId === out[1].categoryId && out[1].categoryId !== "shopping" && basketSplit(digits)) {
    out[0] = { ...out[0], categoryId: "shopping", categoryKnown: true };
  }
  return out;
}

const DEFAULT_DESCRIPTION: Record<CategoryId, string> = {
  food: "Groceries",
  dining: "Dining out",
  coffee: "Coffee",
  transport: "Transportation",
  shopping: "Shopping",
  entertainment: "Entertainment",
  health: "Health",
  utilities: "Utilities",
  other: "Expense",
};
