import { DIRECTION_WORD_SOURCE, directionWord } from "./words";

// Money as banks print it: "$1,234.56", "1.234,56 €", "1'234.50", "1 234,50", "(45.00)", "45.00 CR",
// "-12,5", "12.50-", "+1,200.00", "4,850.00+", "1,250.00Dr", "−54.20". Returns signed integer cents, or null when the text is not an amount.

// After a digit (or a currency sign), so a word alone ("Cargo") is no amount.
const DIRECTION_SUFFIX = new RegExp(String.raw`(?<=[\d€$£)]|\b(?:EUR|USD|GBP))\s*(${DIRECTION_WORD_SOURCE})\.?$`, "i");

export interface ParsedAmount {
  cents: number;
  /** "CR"/"DR" suffix seen (a direction printed next to the number). */
  marker: "CR" | "DR" | null;
}

const CURRENCY = /(?:\b(?:US|C|A|NZ|HK|S|R|MX|NT))?[$€£¥₹₩₪₽₺円元₱฿]|\b(?:USD|EUR|GBP|CHF|CAD|AUD|NZD|SEK|NOK|DKK|PLN|INR|JPY|CNY|HKD|SGD|BRL|MXN|ZAR|CZK|HUF|RON|TRY|KRW|TWD|THB|ILS|ARS|CLP|COP|MYR|PHP|AED|IDR)\b|\bRM(?=\s?\d)|\bkr\.?(?=\s|$|\d)|\bz[łl]\b|\bKč\b|\b(?:S?Fr|SFr)\.?/gi;

/**
 * `decimal` forces the decimal separator ("," for a column known to use decimal commas); otherwise it
 * is decided per value: the last of "." or "," followed by one or two digits is the decimal point.
 */
export function parseAmount(raw: string, decimal?: "." | ","): ParsedAmount | null {
  // No amount is longer than this; a hostile cell of a million spaces would make the suffix search quadratic.
  if (raw.length > 80) return null;
  // Full-width digits and signs (Japanese exports: "１，２００", "￥540") read as their ASCII forms; a typographic
  // apostrophe groups thousands like a straight one (Swiss "5’400.00").
  let text = (/[^\x00-\x7f]/.test(raw) ? raw.normalize("NFKC") : raw).replace(/\u00a0|\u202f/g, " ").replace(/[’ʼ`´]/g, "'").trim();
  if (!text) return null;
  let marker: ParsedAmount["marker"] = null;
  // "45.00 CR", "1.234,56 Af", "84,20 Débit", "62,35 Cargo", "300,00 Haben": the word says the direction.
  const suffix = DIRECTION_SUFFIX.exec(text);
  if (suffix) {
    marker = directionWord(suffix[1]) ? "CR" : "DR";
    text = text.slice(0, suffix.index).trim();
  }
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  text = text.replace(CURRENCY, "").trim();
  // "△1,280" / "▲1,280": Japanese statements mark a negative amount with a triangle.
  if (/^[-−–△▲]/.test(text)) {
    negative = !negative;
    text = text.slice(1).trim();
  } else if (/^\+/.test(text)) text = text.slice(1).trim();
  // A sign printed after the amount: "186.45-" is money out, "4,850.00+" money in (Maybank, Public Bank, SAP-style
  // exports print both). Unread, the "+" would leave the amount unparsed and a row's balance taken for it.
  if (/[-−]$/.test(text)) {
    negative = !negative;
    text = text.slice(0, -1).trim();
  } else if (/\+$/.test(text) && !/^\+/.test(raw.trim())) text = text.slice(0, -1).trim();
  text = text.replace(CURRENCY, "").trim();
  if (!/^\d[\d.,' ]*$/.test(text) || /\s{2,}/.test(text)) return null;
  const dec = decimal ?? guessDecimal(text);
  const [whole, fraction = ""] = splitDecimal(text, dec);
  // The decimal separator cannot also group thousands ("12.345.6" is not a number).
  if (fraction !== "" && whole.includes(dec)) return null;
  const digits = whole.replace(/[.,' ]/g, "");
  if (!/^\d+$/.test(digits) || !/^\d{0,2}$/.test(fraction)) return null;
  // A grouping separator must group by three (else "12.345.6" is not a number).
  if (/[.,' ]/.test(whole) && !/^\d{1,3}([.,' ]\d{3})*$/.test(whole)) return null;
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, "0") || 0);
  if (!Number.isSafeInteger(cents)) return null;
  return { cents: negative ? -cents : cents, marker };
}

function guessDecimal(text: string): "." | "," {
  const lastDot = text.lastIndexOf(".");
  const lastComma = text.lastIndexOf(",");
  const last = Math.max(lastDot, lastComma);
  if (last < 0) return ".";
  const after = text.length - last - 1;
  const sep = text[last] as "." | ",";
  // "1,234" (three digits after a lone separator) is a thousands group; "12,5" / "12,50" a decimal comma.
  if (after === 3 && (sep === "," ? lastDot < 0 : lastComma < 0) && !/[.,].*[.,]/.test(text)) return sep === "," ? "." : ",";
  return after <= 2 ? sep : sep === "," ? "." : ",";
}

function splitDecimal(text: string, dec: "." | ","): [string, string?] {
  const at = text.lastIndexOf(dec);
  if (at < 0) return [text];
  const fraction = text.slice(at + 1);
  if (fraction.length > 2 || /[.,' ]/.test(fraction)) return [text];
  return [text.slice(0, at), fraction];
}

/** Which decimal separator a whole column uses ("," if any value has a decimal comma and none a decimal point). */
export function columnDecimal(values: string[]): "." | "," | undefined {
  let comma = 0;
  let dot = 0;
  for (const v of values) {
    const t = v.replace(/\s/g, "");
    if (/,\d{1,2}(?:\D*)$/.test(t)) comma++;
    else if (/\.\d{1,2}(?:\D*)$/.test(t)) dot++;
  }
  if (comma > 0 && dot === 0) return ",";
  if (dot > 0 && comma === 0) return ".";
  return undefined;
}
