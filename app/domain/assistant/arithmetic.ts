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
  D + MONEY_WORD + String.raw`[\s,.!-]*\b(?:sorry|oops|whoops|no wait|wait no|wait|i mean|i meant|correction|actually|make (?:that|it)|er+|um+|uh+|typo|no)\b[\s,.!:-]*(?:i\s+mean(?:t)?\s+|it\s+was\s+|it'?s\s+|should\s+be\s+)?` + D,
  "gi",
);
const PERCENT_TIP = new RegExp(D + String.raw`\s*(?:\+|plus|with|and|w/)\s*(?:a\s+)?` + N + String.raw`\s*(?:%|percent)\s*(?:tip|gratuity)`, "gi");
const FLAT_TIP = new RegExp(D + MONEY_WORD + String.raw`\s*(?:\+|plus|with|and|w/)\s*(?:a\s+)?` + D + MONEY_WORD + String.raw`\s*(?:tip|gratuity)\b`, "gi");
const SPLIT_WAYS = new RegExp(D + String.raw`([^\d]*?)[,\s]*\b(?:split|divided|shared)\s+(?:it\s+|that\s+|evenly\s+)*(\d+)\s+ways\b`, "gi");
const SPLIT_WITH = new RegExp(D + String.raw`([^\d]*?)[,\s]*\b(?:split|shared)\s+(?:it\s+|that\s+|evenly\s+)*(?:with|between)\s+(\d+)\s+(of us|(?:other\s+)?(?:friends|people|others|coworkers|roommates|guys))\b`, "gi");
const MY_PART = new RegExp(String.raw`\b(?:my|our)\s+(?:part|share|portion|cut|half|bit)(\s+of\s+[^\d]+?)?\s*(?:was|is|came to|came out to|=|:|was only|was just)\s*` + D, "i");
const TIMES = new RegExp(D + String.raw`\s*(?:x|×|\*)\s*` + N + String.raw`\b`, "gi");
const EACH = new RegExp(String.raw`\b(\d{1,2})\s+([a-z][a-z' ]{0,30}?)\s+(?:at\s+|@\s*|for\s+)?` + D + String.raw`\s*(?:each|ea|apiece|a piece|per)\b`, "gi");
const AT = new RegExp(String.raw`\b(\d{1,2})\s+([a-z][a-z' ]{0,30}?)\s*@\s*` + D, "gi");
const VOUCHER_AFTER = new RegExp(
  D + String.raw`([^\d]*?)[,\s]*(?:but\s+|and\s+|minus\s+|less\s+)?(?:the\s+|a\s+|my\s+|with\s+(?:a\s+|the\s+|my\s+)?)?(?:voucher|coupon|gift\s*card|discount|promo(?:\s+code)?|store credit|credit)\s+(?:took off|took|knocked off|saved(?:\s+me)?|covered|was|for)?\s*` + D,
  "gi",
);
const VOUCHER_BEFORE = new RegExp(
  D + String.raw`([^\d]*?)[,\s]*(?:but\s+)?(?:used|with|minus|less|applied|had)\s+(?:a\s+|an\s+|my\s+|the\s+)?` + D + String.raw`\s*(?:voucher|coupon|gift\s*card|discount|off|credit|promo)\b`,
  "gi",
);
const BASKET = new RegExp(D + String.raw`([^\d]*?)[,;]?\s*(?:and\s+|but\s+)?` + D + String.raw`\s+(?:of\s+(?:it|that|this|which)|was\s+for)\s+(?:was|were|is|went to|went on|for)?\s*([a-z][a-z ]{1,30}?)\s*(?=[.!,;]|$)`, "gi");

export function resolveArithmetic(text: string): string {
  if (!/\d/.test(text)) return text;
  let t = text;
  t = t.replace(CORRECTION, (_m, _a: string, b: string) => b);
  t = t.replace(PERCENT_TIP, (_m, a: string, p: string) => fig(num(a) * (1 + num(p) / 100)));
  t = t.replace(FLAT_TIP, (_m, a: string, b: string) => fig(num(a) + num(b)));
  t = t.replace(SPLIT_WAYS, (m, a: string, between: string, n: string) => (num(n) >= 2 ? `${fig(num(a) / num(n))}${between}` : m));
  t = t.replace(SPLIT_WITH, (m, a: string, between: string, n: string, who: string) => {
    const people = /of us/i.test(who) ? num(n) : num(n) + 1;
    return people >= 2 ? `${fig(num(a) / people)}${between}` : m;
  });
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
  t = t.replace(VOUCHER_AFTER, (m, a: string, between: string, b: string) => (num(b) < num(a) ? `${fig(num(a) - num(b))}${between}` : m));
  t = t.replace(VOUCHER_BEFORE, (m, a: string, between: string, b: string) => (num(b) < num(a) ? `${fig(num(a) - num(b))}${between}` : m));
  t = t.replace(BASKET, (m, a: string, between: string, b: string, what: string) =>
    num(b) < num(a) ? `${fig(num(a) - num(b))}${between}, ${what} ${fig(num(b))}` : m,
  );
  return t;
}
