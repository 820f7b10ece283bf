import { parseAmount } from "./amounts";
import { detectDateOrder, toIsoDate } from "./dates";
import { detectSignConvention, incomeBySign } from "./signs";
import { NO_TRANSACTIONS, StatementError, type ParsedStatement, type StatementRow } from "./types";

// Statements as lines of text (a .txt export, or the text of a PDF): a date, maybe a second date (posted),
// a description, an amount and maybe a running balance. Card statements group rows in sections
// ("Purchases", "Payments and Credits"), which say the direction when the sign does not.

const DATE = String.raw`(?:\d{4}-\d{2}-\d{2}|\d{1,2}-[A-Z][a-z]{2}-\d{2,4}|\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4}|\.)?\*?|[A-Z][a-z]{2,8}\.? \d{1,2}(?:, \d{4})?|\d{1,2} [A-Z][a-z]{2,8}\.?(?: \d{4})?)`;
const AMOUNT = String.raw`(?:\(?[-−+]?[$€£]?\s?(?:\d{1,3}(?:[,.']\d{3})+|\d+)(?:[.,]\d{2})\)?(?:\s?(?:CR|DR|Cr|Dr)\b|-)?)`;
const ROW = new RegExp(String.raw`^\s*(${DATE})\s+(?:(${DATE})\s+)?(.+?)\s+(${AMOUNT})(?:\s+(${AMOUNT}))?\s*$`);

const INCOME_SECTION = /^\s*(payments?(,| and) (other )?credits|payments? and credits|credits|refunds|deposits( and (other )?(additions|credits))?|money in|einzahlungen|gutschriften)\b/i;
const EXPENSE_SECTION = /^\s*(purchases?( and (adjustments|other charges))?|charges|other charges|fees( charged)?|interest charged|withdrawals?( and (other )?(subtractions|debits))?|debits|checks paid|money out|card transactions|atm|cash advances?)\b/i;
const CARD = /credit card|card statement|new balance|minimum payment due|payment due date|credit limit|card ending|cardmember/i;
const FULL_DATE = /\b(\d{1,2}\/\d{1,2}\/\d{4}|\d{1,2}\.\d{1,2}\.\d{4}|\d{4}-\d{2}-\d{2}|[A-Z][a-z]{2,8}\.? \d{1,2}, \d{4}|\d{1,2} [A-Z][a-z]{2,8} \d{4})\b/g;

interface Pending {
  dateRaw: string;
  description: string;
  cents: number;
  section: "income" | "expense" | null;
  marker: "CR" | "DR" | null;
  /** The running balance printed after the amount, in cents, when there is one. */
  balance: number | null;
  line: number;
}

/**
 * Unsigned withdrawals and deposits next to a running balance: the balance's change says which way each row
 * went. Works for oldest-first and newest-first statements (whichever order explains more rows).
 */
export function directionsFromBalance(records: Array<{ cents: number; balance: number | null }>): Array<boolean | null> {
  const out: Array<boolean | null> = records.map(() => null);
  let forward = 0;
  let backward = 0;
  for (let i = 1; i < records.length; i++) {
    const [a, b] = [records[i - 1], records[i]];
    if (a.balance === null || b.balance === null) continue;
    if (Math.abs(b.balance - a.balance) === Math.abs(b.cents)) forward++;
    if (Math.abs(a.balance - b.balance) === Math.abs(a.cents)) backward++;
  }
  if (forward === 0 && backward === 0) return out;
  for (let i = 1; i < records.length; i++) {
    const [a, b] = [records[i - 1], records[i]];
    if (a.balance === null || b.balance === null) continue;
    if (forward >= backward) {
      const delta = b.balance - a.balance;
      if (delta !== 0 && Math.abs(delta) === Math.abs(b.cents)) out[i] = delta > 0;
    } else {
      const delta = a.balance - b.balance;
      if (delta !== 0 && Math.abs(delta) === Math.abs(a.cents)) out[i - 1] = delta > 0;
    }
  }
  return out;
}

/** The statement's closing date (the latest full date in it, not after today): year-less dates end there. */
function periodEnd(lines: string[], today: string): string | undefined {
  let latest: string | undefined;
  for (const l of lines) {
    for (const m of l.matchAll(FULL_DATE)) {
      const d = toIsoDate(m[1], /^\d{1,2}\//.test(m[1]) ? "mdy" : /^\d{1,2}\./.test(m[1]) ? "dmy" : "ymd", { today });
      if (d && (!latest || d > latest)) latest = d;
    }
  }
  return latest;
}

export function parseTextLines(lines: string[], opts: { today: string; format?: "text" | "pdf" }): ParsedStatement {
  const format = opts.format ?? "text";
  const records: Pending[] = [];
  let section: Pending["section"] = null;
  let card = false;
  let lineNo = 0;
  for (const raw of lines) {
    lineNo++;
    const l = raw.replace(/\u00a0/g, " ").replace(/\t/g, "  ");
    if (!card && CARD.test(l)) card = true;
    const m = ROW.exec(l);
    if (!m) {
      if (INCOME_SECTION.test(l)) section = "income";
      else if (EXPENSE_SECTION.test(l)) section = "expense";
      continue;
    }
    // With two dates (transaction, posted) the first is the purchase; the description may still begin with a date-like token.
    const description = m[3].replace(/\s{2,}/g, " ").trim();
    const amount = parseAmount(m[4]);
    if (!amount || amount.cents === 0 || /^(total|balance|new balance|previous balance|saldo)/i.test(description)) continue;
    const balance = m[5] ? parseAmount(m[5]) : null;
    records.push({ dateRaw: m[1], description, cents: amount.cents, section, marker: amount.marker, balance: balance && !balance.marker ? balance.cents : balance ? (balance.marker === "DR" ? -Math.abs(balance.cents) : Math.abs(balance.cents)) : null, line: lineNo });
  }
  if (records.length === 0) throw new StatementError(NO_TRANSACTIONS);
  const notes = [format === "pdf" ? "PDF statement, read page by page as text lines." : "Text statement, read line by line."];
  const order = detectDateOrder(records.map((r) => r.dateRaw));
  const end = periodEnd(lines, opts.today);
  if (end) notes.push(`Dates without a year are placed before the statement's closing date ${end}.`);
  // Unsigned amounts with a running balance: the balance decides (only where the signs do not already).
  const fromBalance = records.some((r) => r.cents < 0) ? records.map(() => null) : directionsFromBalance(records);
  if (fromBalance.some((d) => d !== null)) notes.push("Directions read from the running balance's changes.");
  const bySign = records.filter((r, i) => !r.section && !r.marker && fromBalance[i] === null);
  const sign = detectSignConvention(bySign.map((r) => ({ description: r.description, cents: r.cents })), { cardStatement: card });
  if (records.some((r) => r.section)) notes.push("Sections (purchases, payments and credits, refunds) give the direction.");
  if (bySign.length) notes.push(`Signs: ${sign.reason}.`);
  const rows: StatementRow[] = [];
  let skipped = 0;
  for (const [i, r] of records.entries()) {
    const date = toIsoDate(r.dateRaw, order, { today: opts.today, period: end ? { start: end, end } : undefined });
    if (!date) {
      skipped++;
      continue;
    }
    const isIncome = r.marker ? r.marker === "CR" : fromBalance[i] !== null ? fromBalance[i]! : r.section ? r.section === "income" : incomeBySign(sign.convention, r.cents, r.description);
    rows.push({ date, description: r.description, amountCents: Math.abs(r.cents), isIncome, line: r.line });
  }
  if (skipped) notes.push(`${skipped} row(s) with an impossible or future date skipped.`);
  if (rows.length === 0) throw new StatementError(NO_TRANSACTIONS);
  return { format, rows, notes, skipped };
}
