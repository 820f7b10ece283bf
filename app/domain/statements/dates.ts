// Dates as banks print them. The day/month order is decided from the whole column (a "13/02" anywhere
// makes the column day-first), never from one row; a date never lands in the future.

import { monthOf } from "./words";

export type DateOrder = "ymd" | "mdy" | "dmy";


interface Parts {
  a: number;
  b: number;
  /** null when the text has no year ("Jan 5", "01/05"). */
  y: number | null;
  /** Set when the month is a name, so the order is known. */
  named?: { month: number; day: number };
  iso?: boolean;
}

/** Only a two-digit year is widened ("26" → 2026); four digits are the year they say ("0001" is year 1, issue 18 #19). */
function fullYear(text: string): number {
  const y = Number(text);
  return text.length <= 2 ? (y >= 70 ? 1900 + y : 2000 + y) : y;
}

/** No bank statement has a transaction before 1900 (the expense date rule's floor too): such a "date" is refused. */
const FIRST_YEAR = 1900;

/** The numbers of a date-looking text, or null. */
export function dateParts(raw: string): Parts | null {
  const text = raw.trim().replace(/\s+/g, " ");
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\.?(?:[T ].*)?$/.exec(text);
  if (m) return { a: Number(m[2]), b: Number(m[3]), y: Number(m[1]), iso: true };
  // Japanese era years: Reiwa ("R8.11.02", "令和8年11月2日") began in 2019, Heisei in 1989.
  m = /^(R|H|令和|平成)\s?(\d{1,2})[./年](\d{1,2})[./月](\d{1,2})日?$/.exec(text);
  if (m) return { a: Number(m[3]), b: Number(m[4]), y: (m[1] === "R" || m[1] === "令和" ? 2018 : 1988) + Number(m[2]), iso: true };
  // Japanese and Chinese: "2026年11月2日", and "11月2日" without a year.
  m = /^(?:(\d{4})年)?(\d{1,2})月(\d{1,2})日(?:[ (（].*)?$/.exec(text);
  if (m) return m[1] ? { a: Number(m[2]), b: Number(m[3]), y: Number(m[1]), iso: true } : { a: Number(m[2]), b: Number(m[3]), y: null, named: { month: Number(m[2]), day: Number(m[3]) } };
  m = /^(\d{4})(\d{2})(\d{2})(?:\d{6})?(?:\.\d+)?(?:\[.*\])?$/.exec(text);
  if (m) return { a: Number(m[2]), b: Number(m[3]), y: Number(m[1]), iso: true };
  m = /^(\d{1,2})[-/.](\d{1,2})(?:[-/.](\d{2}|\d{4})|\.)?\*?(?:,? \d{1,2}:\d{2}(?::\d{2})?(?: ?[AaPp][Mm])?)?$/.exec(text);
  if (m) return { a: Number(m[1]), b: Number(m[2]), y: m[3] ? fullYear(m[3]) : null };
  // "Jan 5, 2024", "January 5 2024", "Jan 5"
  m = /^([A-Za-zÀ-ÿ]{3,10})\.?[ -](\d{1,2})(?:st|nd|rd|th)?,?(?:[ -](\d{2}|\d{4}))?$/.exec(text);
  if (m) {
    const month = monthOf(m[1]);
    if (month) return { a: month, b: Number(m[2]), y: m[3] ? fullYear(m[3]) : null, named: { month, day: Number(m[2]) } };
  }
  // "5 Jan 2024", "05-Jan-24", "5. Jan"
  // "5 Jan 2024", "05-Jan-24", "5. Jan", and Spanish/Portuguese "5 de enero de 2024"
  m = /^(\d{1,2})\.?[ -](?:de )?([A-Za-zÀ-ÿ]{3,10})\.?(?:[ -](?:de )?(\d{2}|\d{4}))?$/.exec(text);
  if (m) {
    const month = monthOf(m[2]);
    if (month) return { a: month, b: Number(m[1]), y: m[3] ? fullYear(m[3]) : null, named: { month, day: Number(m[1]) } };
  }
  return null;
}

export function looksLikeDate(raw: string): boolean {
  const p = dateParts(raw);
  return !!p && valid(p.y ?? 2000, p.named ? p.named.month : p.iso ? p.a : Math.min(p.a, p.b), p.named ? p.named.day : p.iso ? p.b : Math.min(p.a, p.b));
}

/** Day-first or month-first for a whole column: any first number above 12 means day-first, any second above 12 month-first. */
export function detectDateOrder(values: string[], fallback: "mdy" | "dmy" = "mdy"): DateOrder {
  let dayFirst = 0;
  let monthFirst = 0;
  let iso = 0;
  let dotted = 0;
  for (const v of values) {
    const p = dateParts(v);
    if (!p) continue;
    if (p.iso) iso++;
    else if (!p.named && /^\d{1,2}\.\d{1,2}\b/.test(v.trim())) dotted++;
    else if (!p.named) {
      if (p.a > 12 && p.b <= 12) dayFirst++;
      if (p.b > 12 && p.a <= 12) monthFirst++;
    }
  }
  if (iso > 0 && dayFirst === 0 && monthFirst === 0) return "ymd";
  // Ambiguous everywhere (all ≤ 12): dotted dates ("02.11.") are European, day-first; otherwise US order,
  // the most common export here.
  if (dayFirst === 0 && monthFirst === 0 && dotted > 0 && dotted >= values.length / 2) return "dmy";
  if (dayFirst === monthFirst) return (dayFirst === 0 && shorterSpan(values)) || fallback;
  return dayFirst > monthFirst ? "dmy" : "mdy";
}

/**
 * When every date reads both ways (all numbers ≤ 12), a statement covers weeks, not months: the order under
 * which its dates span a month or two while the other spreads them over much longer is the one ("05/11, 07/11,
 * 10/11" is 5–10 November, not May to October). Null when the spans do not tell.
 */
function shorterSpan(values: string[]): "mdy" | "dmy" | null {
  const span = { mdy: [Infinity, -Infinity], dmy: [Infinity, -Infinity] };
  let n = 0;
  for (const v of values) {
    const p = dateParts(v);
    if (!p || p.iso || p.named || p.a > 12 || p.b > 12) continue;
    n++;
    const y = p.y ?? 2000;
    for (const [order, [m, d]] of [["mdy", [p.a, p.b]], ["dmy", [p.b, p.a]]] as const) {
      const day = Date.UTC(y, m - 1, d) / 86_400_000;
      const s = span[order];
      s[0] = Math.min(s[0], day);
      s[1] = Math.max(s[1], day);
    }
  }
  if (n < 2) return null;
  const mdy = span.mdy[1] - span.mdy[0];
  const dmy = span.dmy[1] - span.dmy[0];
  if (dmy <= 62 && mdy > 2 * dmy + 20) return "dmy";
  if (mdy <= 62 && dmy > 2 * mdy + 20) return "mdy";
  return null;
}

/**
 * Which order a file whose own dates are all ambiguous (every day ≤ 12) most likely uses: a date elsewhere in
 * it that only reads one way ("Solde au 31/10/2026"), else its language or currency (headers in Dutch, German,
 * French or Spanish, or amounts in € or £, are day-first), else US month-first.
 */
export function dateOrderHint(text: string): "mdy" | "dmy" {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const m of text.matchAll(/\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})\b/g)) {
    if (Number(m[1]) > 12 && Number(m[2]) <= 12) dayFirst++;
    else if (Number(m[2]) > 12 && Number(m[1]) <= 12) monthFirst++;
  }
  if (dayFirst !== monthFirst) return dayFirst > monthFirst ? "dmy" : "mdy";
  if (/[€£]|\b(EUR|GBP)\b|\b(datum|fecha|libell[ée]|montant|betrag|bedrag|importe|omschrijving|concepto|buchungstag|valuta|solde|saldo)\b/i.test(text)) return "dmy";
  return "mdy";
}

function valid(y: number, m: number, d: number): boolean {
  if (y < FIRST_YEAR) return false;
  if (m < 1 || m > 12 || d < 1 || d > 31) return false;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= last;
}

function iso(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/**
 * yyyy-MM-dd for a date text in the column's order. Without a year, `yearHint` (from the statement's
 * period) places it: in a December–January statement a December date belongs to the earlier year.
 * Never later than `today`.
 */
export function toIsoDate(raw: string, order: DateOrder, opts: { today: string; period?: { start: string; end: string } }): string | null {
  const p = dateParts(raw);
  if (!p) return null;
  let month: number;
  let day: number;
  if (p.named) ({ month, day } = p.named);
  else if (p.iso || order === "ymd" || order === "mdy") [month, day] = [p.a, p.b];
  else [month, day] = [p.b, p.a];
  let year = p.y;
  if (year === null) {
    const end = opts.period?.end ?? opts.today;
    const endYear = Number(end.slice(0, 4));
    const candidate = iso(endYear, month, day);
    year = candidate > end ? endYear - 1 : endYear;
  }
  if (!valid(year, month, day)) return null;
  const out = iso(year, month, day);
  return out > opts.today ? null : out;
}
