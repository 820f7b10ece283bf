import { categorize, categoryFromName } from "./categories";

// Money sums people write in words, resolved to the one amount they paid before prices are read:
// corrections inside the message ("tea 3 sorry 3.50"), tips ("80 + 15% tip"), splits ("48 split four
// ways", "my part was 19"), quantities ("8.50 x 4", "3 smoothies 6 each"), vouchers ("70 but the voucher
// took off 25") and a basket split by category ("target 96, 40 of it was groceries"). Each rule rewrites
// the text with the resulting figure, so the price scanner downstream sees one number per thing bought.

const N = String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)`;
const D = String.raw`(?:\$\s*)?` + N;
const MONEY_WORD = String.raw`(?:\s*(?:dollars?|bucks?))?`;

function num(s: string): number {
  return Number(s.replace(/,/g, ""));
}

/** A figure written back as text: cents only when there are some. */
function fig(v: number): string {
  const cents = Math.round(v * 100);
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

const CORRECTION = new RegExp(
  D + MONEY_WORD + String.raw`[\s,.!-]*\b(?:sorry|oops|whoops|no wait|wait no|wait|i mean|i meant|correction|actually|make (?:that|it)|er+|um+|uh+|typo|no|scratch that|make it|change (?:that|it) to)\b[\s,.!:-]*(?:i\s+mean(?:t)?\s+|meant\s+|mean\s+|it\s+was\s+|it'?s\s+|should\s+be\s+)?` + D,
  "gi",
);
const PERCENT_TIP = new RegExp(D + String.raw`\s*(?:\+|plus|with|and|w/)\s*(?:a\s+)?` + N + String.raw`\s*(?:%|percent)\s*(?:tip|gratuity)`, "gi");
const FLAT_TIP = new RegExp(D + MONEY_WORD + String.raw`\s*(?:\+|plus|with|and|w/)\s*(?:a\s+)?` + D + MONEY_WORD + String.raw`\s*(?:tip|gratuity)\b`, "gi");
// A fee or tax on the same purchase joins it: "pizza 30 + 6 delivery fee", "rent 1500 + 50 late fee", "tv 300 plus 24 tax".
const FLAT_FEE = new RegExp(D + MONEY_WORD + String.raw`\s*(?:\+|plus|w/)\s*(?:a\s+)?` + D + MONEY_WORD + String.raw`\s*(?:(?:in\s+)?(?:(?:delivery|service|booking|convenience|processing|late|bag|baggage|shipping|small order|card|transaction|cleaning|resort|admin)\s+)?(?:fees?|charges?)|(?:in\s+)?(?:sales\s+)?tax(?:es)?|(?:for\s+)?shipping|(?:for\s+)?delivery)\b`, "gi");
const SPLIT_WAYS = new RegExp(D + String.raw`([^\d]*?)[,\s]*\b(?:split|divided|shared)\s+(?:it\s+|that\s+|evenly\s+)*(\d+)\s+ways\b`, "gi");
const SPLIT_WITH = new RegExp(D + String.raw`([^\d]*?)[,\s]*\b(?:split|shared)\s+(?:it\s+|that\s+|evenly\s+)*(?:with|between)\s+(\d+)\s+(of us|(?:other\s+)?(?:friends|people|others|coworkers|roommates|guys))\b`, "gi");
const MY_PART = new RegExp(String.raw`\b(?:my|our)\s+(?:part|share|portion|cut|half|bit)(\s+of\s+[^\d]+?)?\s*(?:was|is|came to|came out to|=|:|was only|was just)?\s*` + D, "i");
const TIMES = new RegExp(D + String.raw`\s*(?:x|×|\*)\s*` + N + String.raw`\b`, "gi");
const EACH = new RegExp(String.raw`\b(\d{1,2})\s+([a-z][a-z' ]{0,30}?)\s+(?:at\s+|@\s*|for\s+)?` + D + String.raw`\s*(?:each|ea|apiece|a piece|per)\b`, "gi");
const AT = new RegExp(String.raw`\b(\d{1,2})\s+([a-z][a-z' ]{0,30}?)\s*@\s*` + D, "gi");
// What takes money off the out-of-pocket: coupons, vouchers, gift cards, store credit, points, miles, rewards.
const OFF = String.raw`(?:vouchers?|coupons?|gift\s*cards?|giftcards?|discounts?|promo(?:\s+codes?)?|store credit|credits?|(?:reward|credit card|hotel|airline)?\s*points|rewards?|miles|cash ?back|stars)`;
const VOUCHER_AFTER = new RegExp(
  D + String.raw`([^\d]*?)[,\s]*(?:but\s+|and\s+|minus\s+|less\s+|though\s+)?(?:the\s+|a\s+|an\s+|my\s+|our\s+|with\s+(?:a\s+|the\s+|my\s+)?)?` + OFF + String.raw`\s+(?:took off|took|knocked off|knocked|saved(?:\s+(?:me|us))?|covered|paid(?:\s+for)?|took care of|was|were|for|worth|of|got)?\s*` + D + String.raw`(?!\s*(?:points|pts|miles|stars)\b)`,
  "gi",
);
const VOUCHER_BEFORE = new RegExp(
  D + String.raw`([^\d]*?)[,\s]*(?:but\s+|and\s+)?(?:i\s+|we\s+)?(?:used|with|w\/|minus|less|applied|had|redeemed|paid|saved|-|–)\s*(?:a\s+|an\s+|my\s+|the\s+)?` + D + MONEY_WORD + String.raw`\s*(?:(?:(?:in|of|worth of|from|with|using)\s+(?:a\s+|an\s+|my\s+|the\s+|our\s+)?)?(?:` + OFF + String.raw`)|off(?:\s+(?:coupons?|vouchers?|promo(?:\s+codes?)?|discount|code))?|credit)\b`,
  "gi",
);
// "groceries 110 after 15 in coupons", "groceries 82.16 after coupons": the figure is already what was paid.
const VOUCHER_NET = new RegExp(
  D + String.raw`([^\d]*?)[,\s]*(?:after|net of|once (?:i|we) used)\s+(?:a\s+|an\s+|the\s+|my\s+)?` + D + MONEY_WORD + String.raw`\s*(?:(?:in|of|worth of|from)\s+(?:a\s+|my\s+|the\s+)?)?(?:` + OFF + String.raw`|off)\b`,
  "gi",
);
// "amazon 55 but 20 was on a gift card", "hotel 300, 120 of it was points": that part was not paid out of pocket.
const VOUCHER_PART = new RegExp(
  D + String.raw`([^\d]*?)[,\s]*(?:but\s+|and\s+)?` + D + MONEY_WORD + String.raw`\s+(?:of\s+(?:it|that)\s+)?(?:was|were|went)\s+(?:(?:on|from|in|covered by|paid (?:with|by|for with|in)|with)\s+)?(?:a\s+|an\s+|my\s+|the\s+|our\s+)?` + OFF + String.raw`\b`,
  "gi",
);
// The same basket said other ways: "costco 180 — 120 was food", "costco 180, food was 120 of it", "costco 180 incl
// 120 groceries". The part must name a category ("…, 5 was the tip" is no basket).
const BASKET_WAS = new RegExp(D + String.raw`(?!\d|[.,]\d)([^\d]*?)\s*[,;—–-]+\s*` + D + String.raw`\s+(?:was|were|went (?:to|on))\s+(?:for\s+|on\s+)?([a-z][a-z ]{1,30}?)\s*(?=[.!,;]|$)`, "gi");
const BASKET_OF_IT = new RegExp(D + String.raw`(?!\d|[.,]\d)([^\d]*?)\s*[,;—–-]+\s*(?:and\s+|but\s+)?([a-z][a-z ]{1,30}?)\s+(?:was|were|came to)\s+` + D + String.raw`\s+of\s+(?:it|that|this|the total)\s*(?=[.!,;]|$)`, "gi");
const BASKET_INCL = new RegExp(D + String.raw`(?!\d|[.,]\d)([^\d]*?)\s*[,(]?\s*(?:incl\.?|including|includes|included|incl(?:uding)? like)\s+` + D + String.raw`\s+(?:of\s+|in\s+|for\s+|worth of\s+)?([a-z][a-z ]{1,30}?)\s*\)?\s*(?=[.!,;]|$)`, "gi");
const BASKET = new RegExp(D + String.raw`(?!\d|[.,]\d)([^\d]*?)[,;]?\s*(?:and\s+|but\s+)?` + D + String.raw`\s+(?:of\s+(?:it|that|this|which)|was\s+for)\s+(?:was|were|is|went to|went on|for)?\s*([a-z][a-z ]{1,30}?)\s*(?=[.!,;]|$)`, "gi");

// A tip named anywhere near one purchase joins it: "haircut 40 and tipped 8", "dinner 60, left a 12 tip",
// "tipped the driver 5 on a 30 ride", "massage 90 tip 15%". The tip's figure is folded into the nearest
// price (before it, else after it) and removed, so one purchase logs once with its tip.
const TIP_BEFORE = new RegExp(
  String.raw`(?:(?:,|\band|\bplus|\+|\bwith|w\/)\s*)?(?:(?:i|we)\s+)?(?:\badded\s+(?:a\s+)?|\bleft\s+(?:a\s+)?)?\b(?:tip(?:ped)?|gratuity)(?:\s+(?:was|of|is|came to|:|=))?\s+(?:(?:a|an|the|him|her|them|another|extra|an extra|driver|barber|waiter|waitress|server|stylist|bartender|guy|girl|lady|dasher|delivery guy|mover|movers|cleaner|valet)\s+){0,3}` + D + String.raw`(\s*(?:%|percent))?` + MONEY_WORD,
  "gi",
);
const TIP_AFTER = new RegExp(String.raw`(?:(?:,|\band|\bplus|\+|\bwith|\bw\/)\s*)?(?:(?:i\s+|we\s+)?(?:left|gave|added|threw in)\s+(?:him|her|them|the\s+[a-z]+\s+)?)?(?:a\s+|an\s+)?` + D + String.raw`(\s*(?:%|percent))?` + MONEY_WORD + String.raw`\s+(?:in\s+|for\s+(?:the\s+|a\s+)?)?(?:tips?|gratuity)\b`, "gi");
const PRICE_NUMBER = /(?<![\w/.:$,-])\$?\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\w/:%]|\.\d|\s*(?:%|percent|x\b|people|ways|of us|friends|others))/gi;

interface Span {
  start: number;
  end: number;
  value: number;
}

function priceNumbers(text: string, skip: { start: number; end: number }): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(PRICE_NUMBER)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    if (end > skip.start && start < skip.end) continue;
    out.push({ start, end, value: num(m[1]) });
  }
  return out;
}

function foldTip(text: string): string {
  if (!/tip|gratuity/i.test(text)) return text;
  const m = TIP_BEFORE.exec(text) ?? TIP_AFTER.exec(text);
  TIP_BEFORE.lastIndex = 0;
  TIP_AFTER.lastIndex = 0;
  if (!m) return text;
  const tipSpan = { start: m.index, end: m.index + m[0].length };
  const prices = priceNumbers(text, tipSpan);
  const before = prices.filter((p) => p.end <= tipSpan.start).pop();
  const after = prices.find((p) => p.start >= tipSpan.end);
  const base = before ?? after;
  if (!base) return text;
  const tip = m[2] ? (base.value * num(m[1])) / 100 : num(m[1]);
  const edits = [
    { ...tipSpan, text: " " },
    { start: base.start, end: base.end, text: `${/^\$/.test(text.slice(base.start)) ? "$" : ""}${fig(base.value + tip)}` },
  ].sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out.replace(/\s*\b(?:and|plus|with|,)\s*(?=[.!,]*\s*$)/i, "").replace(/\s+/g, " ").trim();
}

// One bill shared: "600 split between 4" (150), "split a 50 cab with my friend" (25), "split 90 with 2
// friends" (30), "paid half of the 80 dinner" (40). The share replaces the bill; the split words go.
const WORD_COUNTS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, both: 2 };
const COUNT = String.raw`(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)`;
const SPLIT_CUE = /\b(?:split(?:ting)?|shared|sharing|divided|went halves|halves|halved|went dutch)\b/i;
const DIVISORS: Array<[RegExp, (m: RegExpExecArray) => number]> = [
  [new RegExp(String.raw`\b${COUNT}\s+ways\b`, "i"), (m) => count(m[1])],
  [new RegExp(String.raw`\b(?:between|among(?:st)?)\s+(?:the\s+|us\s+)?${COUNT}(?:\s+(?:of us|people|persons|friends|guys|of them|roommates|ways))?\b`, "i"), (m) => count(m[1])],
  [new RegExp(String.raw`\bwith\s+(?:my\s+|the\s+)?${COUNT}\s+(?:other\s+)?(?:friends|people|others|coworkers|colleagues|roommates|guys|buddies|of my friends|family members|cousins|siblings)\b`, "i"), (m) => count(m[1]) + 1],
  [/\bwith\s+(?:my\s+|a\s+|the\s+|our\s+)?[a-z']+(?:\s+and\s+(?:my\s+|a\s+)?[a-z']+)?\b/i, (m) => (/\sand\s/i.test(m[0]) ? 3 : 2)],
  [/\b(?:in half|halves|halved|50\/50|fifty[- ]fifty|down the middle|went dutch|half each|(?:i|we)\s+(?:paid|covered|owe|got)\s+half)\b/i, () => 2],
  [new RegExp(String.raw`\b(?:divided|split)\s+(?:by|into)\s+${COUNT}\b`, "i"), (m) => count(m[1])],
  // "jen and i split dinner 90", "me and sam split the cab 30", "the two of us split it": two people.
  [/\b(?:(?!we\b|us\b)[a-z]+\s+and\s+(?:i|me)|(?:i|me)\s+and\s+(?!we\b|us\b)[a-z]+|the two of us|us two|both of us|we both)\b(?=.*\b(?:split|shared|went halves|halved)\b)/i, (m) => (/\b(?!i\b|we\b)[a-z]+\s+(?:paid|covered|fronted|got it)\b/i.test(m.input) ? 0 : 2)],
];

/** "we split a 60 pizza": shared, but with how many is not said, so the assistant asks. */
export function undividedSplit(text: string): boolean {
  return SPLIT_CUE.test(text) && !DIVISORS.some(([re]) => re.test(text)) && !/\b(?:my|our)\s+(?:part|share|portion|cut|half|bit)\b/i.test(text);
}

function count(word: string): number {
  return WORD_COUNTS[word.toLowerCase()] ?? Number(word);
}

function halfOfWhole(text: string): string {
  if (!/half/i.test(text)) return text;
  // "electric bill 120, my half": the figure was the whole bill; "our half of the utilities 85" already is the half.
  const myHalf = /\b(?:my|our)\s+half\b(?:\s+of\s+(?:it|that|the bill))?\s*[.!]*\s*$/i.exec(text);
  if (myHalf) {
    const prices = priceNumbers(text, { start: myHalf.index, end: myHalf.index + myHalf[0].length });
    if (prices.length === 1) {
      const [p] = prices;
      return (text.slice(0, p.start) + ` ${fig(p.value / 2)} ` + text.slice(p.end, myHalf.index)).replace(/[\s,;]+$/, "").replace(/\s+/g, " ").trim();
    }
  }
  return text;
}

function splitShare(text: string): string {
  if (!/split|shar|divid|halv|half|dutch/i.test(text)) return text;
  const half = /\b(?:paid|pay|my|our)?\s*half\s+(?:of\s+)?(?:the\s+|a\s+|an\s+)?(\$?\s*\d[\d,]*(?:\.\d+)?)/i.exec(text);
  if (half && !SPLIT_CUE.test(text)) {
    const value = num(half[1].replace(/[$\s]/g, ""));
    return (text.slice(0, half.index) + " " + fig(value / 2) + " " + text.slice(half.index + half[0].length)).replace(/\s+/g, " ").trim();
  }
  const cue = SPLIT_CUE.exec(text);
  if (!cue) return text;
  let divisor = 0;
  let span: { start: number; end: number } | null = null;
  for (const [re, n] of DIVISORS) {
    const m = re.exec(text);
    if (m && n(m) >= 2) {
      divisor = n(m);
      span = { start: m.index, end: m.index + m[0].length };
      break;
    }
  }
  if (!span || divisor < 2 || divisor > 20) return text;
  const prices = priceNumbers(text, span);
  if (prices.length === 0) return text;
  const cueAt = cue.index;
  const bill = prices.find((p) => p.start > cueAt && p.start - cueAt < 25) ?? prices.filter((p) => p.end <= cueAt).pop() ?? prices[0];
  const edits = [
    { ...span, text: " " },
    { start: cue.index, end: cue.index + cue[0].length, text: " " },
    { start: bill.start, end: bill.end, text: ` ${fig(bill.value / divisor)} ` },
  ]
    .filter((e, i, all) => all.every((o, j) => j >= i || o.end <= e.start || o.start >= e.end))
    .sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out.replace(/\b(?:it|that|the bill|the check|evenly|equally)\s*(?=[.!,]*\s*$)/gi, " ").replace(/\s+/g, " ").trim();
}

/**
 * "costco 180, 120 of that was food": a basket split by category. The rest is logged first, in the shop's
 * category; the part second, in its own.
 */
export function basketSplit(text: string): boolean {
  return [BASKET, BASKET_WAS, BASKET_OF_IT, BASKET_INCL].some((re) => {
    re.lastIndex = 0;
    const found = re.test(text);
    re.lastIndex = 0;
    return found;
  });
}

/** The part of a basket names what it was: a category or something the lexicon knows, never a tip or my share. */
function basketPart(what: string): boolean {
  return !/\b(?:tip|tips|gratuity|tax|mine|my (?:part|share|half)|the fee|fees?|shipping|delivery)\b/i.test(what) && Boolean(categoryFromName(what) ?? categorize(what));
}

export function resolveArithmetic(text: string): string {
  if (!/\d/.test(text)) return text;
  let t = text;
  t = t.replace(CORRECTION, (_m, _a: string, b: string) => b);
  t = t.replace(PERCENT_TIP, (_m, a: string, p: string) => fig(num(a) * (1 + num(p) / 100)));
  t = t.replace(FLAT_TIP, (_m, a: string, b: string) => fig(num(a) + num(b)));
  t = t.replace(FLAT_FEE, (_m, a: string, b: string) => fig(num(a) + num(b)));
  t = foldTip(t);
  t = t.replace(SPLIT_WAYS, (m, a: string, between: string, n: string) => (num(n) >= 2 ? `${fig(num(a) / num(n))}${between}` : m));
  t = t.replace(SPLIT_WITH, (m, a: string, between: string, n: string, who: string) => {
    const people = /of us/i.test(who) ? num(n) : num(n) + 1;
    return people >= 2 ? `${fig(num(a) / people)}${between}` : m;
  });
  t = halfOfWhole(t);
  // "paid my half of the 66 dinner": the half is the figure.
  t = t.replace(/\b(?:my|our)\s+half\s+of\s+(?:the\s+|a\s+|an\s+)?\$?\s*(\d[\d,]*(?:\.\d+)?)/i, (_m, v: string) => fig(num(v) / 2));
  if (!/\b(?:my|our)\s+(?:part|share|portion|cut|half|bit)\b/i.test(t)) t = splitShare(t);
  const part = MY_PART.exec(t);
  if (part) {
    // Only my share was mine to spend: every other figure in the message was the whole bill.
    const before = t.slice(0, part.index).replace(/\$?\s*\d[\d,]*(?:\.\d+)?\s*(?:dollars?|bucks?)?/g, " ");
    const of = (part[1] ?? "").replace(/^\s+of\s+/i, " ");
    t = `${before}${of} ${part[2]}${t.slice(part.index + part[0].length)}`.replace(/\s*,\s*(?=\s*\d)/g, " ");
  }
  t = t.replace(TIMES, (_m, a: string, b: string) => fig(num(a) * num(b)));
  t = t.replace(EACH, (_m, q: string, what: string, p: string) => `${what} ${fig(num(q) * num(p))}`);
  t = t.replace(AT, (_m, q: string, what: string, p: string) => `${what} ${fig(num(q) * num(p))}`);
  t = t.replace(VOUCHER_NET, (m, a: string, between: string, b: string) => (num(b) < num(a) ? `${fig(num(a))}${between}` : m));
  t = t.replace(VOUCHER_AFTER, (m, a: string, between: string, b: string) => (num(b) < num(a) ? `${fig(num(a) - num(b))}${between}` : m));
  t = t.replace(VOUCHER_BEFORE, (m, a: string, between: string, b: string) => (num(b) < num(a) ? `${fig(num(a) - num(b))}${between}` : m));
  t = t.replace(VOUCHER_PART, (m, a: string, between: string, b: string) => (num(b) < num(a) ? `${fig(num(a) - num(b))}${between}` : m));
  t = t.replace(BASKET, (m, a: string, between: string, b: string, what: string) =>
    num(b) < num(a) ? `${fig(num(a) - num(b))}${between}, ${what} ${fig(num(b))}` : m,
  );
  t = t.replace(BASKET_WAS, (m, a: string, between: string, b: string, what: string) =>
    num(b) < num(a) && basketPart(what) ? `${fig(num(a) - num(b))}${between}, ${what} ${fig(num(b))}` : m,
  );
  t = t.replace(BASKET_OF_IT, (m, a: string, between: string, what: string, b: string) =>
    num(b) < num(a) && basketPart(what) ? `${fig(num(a) - num(b))}${between}, ${what} ${fig(num(b))}` : m,
  );
  t = t.replace(BASKET_INCL, (m, a: string, between: string, b: string, what: string) =>
    num(b) < num(a) && basketPart(what) ? `${fig(num(a) - num(b))}${between}, ${what} ${fig(num(b))}` : m,
  );
  return t;
}
