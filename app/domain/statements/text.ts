import { parseAmount } from "./amounts";
import { dateOrderHint, detectDateOrder, toIsoDate, type DateOrder } from "./dates";
import { detectSignConvention, incomeBySign } from "./signs";
import { cardStatementCues, DIRECTION_WORD_SOURCE, MONTH_SOURCE, SUMMARY_LINE } from "./words";
import { MAX_STATEMENT_ROWS, NO_TRANSACTIONS, StatementError, TOO_MANY_ROWS, type ParsedStatement, type StatementRow } from "./types";

// Statements as lines of text (a .txt export, or the text of a PDF): a date, maybe a second date (posted),
// a description, an amount and maybe a running balance. Card statements group rows in sections
// ("Purchases", "Payments and Credits"), which say the direction when the sign does not.

const MON = `(?:${MONTH_SOURCE})`;
// Numeric dates, "05-Nov-26", "Nov 5, 2026", "5 Nov", "03 NOV", "27 okt", "12. Dez" (month names in five languages).
const DATE = String.raw`(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|(?:\d{4}年)?\d{1,2}月\d{1,2}日|\d{1,2}-[A-Za-z]{3}-\d{2,4}|\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4}|\.)?\*?|${MON}\.? \d{1,2}(?:, \d{4})?|\d{1,2}\.? ${MON}\b\.?(?: \d{4})?)`;
// An amount, maybe with a currency sign, then maybe the word that says its direction ("84,20 Débit", "45.00 CR").
// Whole amounts ("1,280", "540") only in a statement in a currency without a minor unit (yen), where they are
// the rule; elsewhere an amount has two decimals, so a reference number is never read as money.
// Thousands grouped by a space ("1 045,00": French, Swiss, Nordic statements) only where the amount stands
// after a column gap of two spaces or more, so "FILIALE 100 450,00" stays a description and 450,00.
const amountSource = (decimals: "required" | "optional", spaces: boolean) =>
  String.raw`(?:\(?[-−+]?(?:[$€£¥]|CHF|R\$)?\s?(?:\d{1,3}(?:[,.'’${spaces ? " " : ""}]\d{3})+|\d+)(?:[.,]\d{2})${decimals === "optional" ? "?" : ""}\)?(?:\s?(?:€|EUR|CHF|\$|£|円|JPY))?(?:\s?(?:${DIRECTION_WORD_SOURCE})\b\.?|-)?)`;
const rowRegex = (decimals: "required" | "optional", spaces: boolean) => {
  const amount = amountSource(decimals, spaces);
  const gap = spaces ? String.raw`\s{2,}` : String.raw`\s+`;
  return new RegExp(String.raw`^\s*(${DATE})\s+(?:(${DATE})\s+)?(.+?)${gap}(${amount})(?:${gap}(${amount}))?\s*$`, "i");
};
const ROW = rowRegex("required", false);
const ROW_WHOLE = rowRegex("optional", false);
const ROW_SPACED = rowRegex("required", true);
const ROW_WHOLE_SPACED = rowRegex("optional", true);
const MAX_LINE = 1_000;
/** A statement in yen (or another currency printed without decimals). */
const WHOLE_CURRENCY = /[¥￥円]|\bJPY\b|\bKRW\b|₩/;

const INCOME_SECTION = /^\s*(payments?(,| and| &) (other )?credits|payments? and credits|credits|refunds|deposits( and (other )?(additions|credits))?|money in|einzahlungen|gutschriften|zahlungen( und gutschriften)?|betalingen( en (creditboekingen|terugstortingen))?|bijschrijvingen|paiements( et cr[ée]dits)?|cr[ée]dits|remboursements|abonos|pagos( y abonos)?|ingresos|pagamentos( e cr[ée]ditos)?|cr[ée]ditos|estornos|pagamenti( e accrediti)?|accrediti|rimborsi|entrate)\b/i;
const EXPENSE_SECTION = /^\s*(purchases?( and (adjustments|other charges))?|charges|other charges|fees( charged)?|interest charged|withdrawals?( and (other )?(subtractions|debits))?|debits|checks paid|money out|card transactions|atm|cash advances?|aankopen|uitgaven|afschrijvingen|eink[äa]ufe|umsätze|belastungen|achats|d[ée]penses|op[ée]rations|compras|cargos|gastos|despesas|acquisti|spese|addebiti|uscite)\b/i;
// Two date columns: the transaction date is used. Most statements print it first; a header that names the
// posting date first ("Posting Date  Transaction Date", "Buchungsdatum Belegdatum") says otherwise.
const TRANSACTION_DATE_LABEL = /trans(action|\.)? ?date|date of transaction|date (d')?op[ée]r|f(\.|echa)? ?(de )?operaci[óo]n|belegdatum|kaufdatum|umsatzdatum|transactiedatum|aankoopdatum/i;
const POSTING_DATE_LABEL = /post(ing|ed)? ?date|date (de )?valeur|f(\.|echa)? ?(de )?valor|buchungsdatum|buchungstag|valuta|boekdatum|verwerkingsdatum|date de comptabilisation/i;
const FULL_DATE = new RegExp(String.raw`\b(\d{1,2}[/.-]\d{1,2}[/.-]\d{4}|\d{4}-\d{2}-\d{2}|${MON}\.? \d{1,2},? \d{4}|\d{1,2}\.? ${MON}\.? \d{4})\b`, "gi");

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
function periodEnd(lines: string[], today: string, order: DateOrder): string | undefined {
  let latest: string | undefined;
  for (const l of lines) {
    for (const m of l.matchAll(FULL_DATE)) {
      const raw = m[1];
      // Slashed and dashed dates follow the statement's own order; one that is impossible that way ("20/11/2026"
      // month-first) is read the other way. Dotted dates are day-first.
      const first: DateOrder = /^\d{4}/.test(raw) ? "ymd" : /^\d{1,2}\.\d/.test(raw) ? "dmy" : order === "ymd" ? "mdy" : order;
      const d = toIsoDate(raw, first, { today }) ?? (first === "mdy" ? toIsoDate(raw, "dmy", { today }) : first === "dmy" ? toIsoDate(raw, "mdy", { today }) : null);
      if (d && (!latest || d > latest)) latest = d;
    }
  }
  return latest;
}

/** True when a header line names the posting date before the transaction date. */
function postingDateFirst(lines: string[]): boolean {
  for (const l of lines.slice(0, 400)) {
    const post = POSTING_DATE_LABEL.exec(l);
    const trans = TRANSACTION_DATE_LABEL.exec(l);
    if (post && trans) return post.index < trans.index;
  }
  return false;
}

export function parseTextLines(lines: string[], opts: { today: string; format?: "text" | "pdf" }): ParsedStatement {
  const format = opts.format ?? "text";
  const records: Pending[] = [];
  let section: Pending["section"] = null;
  let lineNo = 0;
  const secondDate = postingDateFirst(lines);
  const whole = lines.slice(0, 400).some((l) => WHOLE_CURRENCY.test(l));
  const row = whole ? ROW_WHOLE : ROW;
  const spaced = whole ? ROW_WHOLE_SPACED : ROW_SPACED;
  for (const raw of lines) {
    lineNo++;
    // No statement row is this long; the row pattern's backtracking on a hostile line would grow with its square.
    if (raw.length > MAX_LINE) continue;
    // Full-width digits and letters (Japanese statements) read as ASCII.
    const l = (/[^\x00-\x7f]/.test(raw) ? raw.normalize("NFKC") : raw).replace(/\u00a0/g, " ").replace(/\t/g, "  ");
    const m = (/\d \d{3}[.,]\d{2}/.test(l) ? spaced.exec(l) : null) ?? row.exec(l);
    if (!m) {
      if (INCOME_SECTION.test(l)) section = "income";
      else if (EXPENSE_SECTION.test(l)) section = "expense";
      continue;
    }
    const description = m[3].replace(/\s{2,}/g, " ").trim();
    const amount = parseAmount(m[4]);
    // Balances, limits and totals (a summary page's figures) are never transactions, in any of the languages.
    if (!amount || amount.cents === 0 || SUMMARY_LINE.test(description)) continue;
    if (records.length >= MAX_STATEMENT_ROWS) throw new StatementError(TOO_MANY_ROWS);
    const balance = m[5] ? parseAmount(m[5]) : null;
    records.push({ dateRaw: secondDate && m[2] ? m[2] : m[1], description, cents: amount.cents, section, marker: amount.marker, balance: balance && !balance.marker ? balance.cents : balance ? (balance.marker === "DR" ? -Math.abs(balance.cents) : Math.abs(balance.cents)) : null, line: lineNo });
  }
  if (records.length === 0) throw new StatementError(NO_TRANSACTIONS);
  const notes = [format === "pdf" ? "PDF statement, read page by page as text lines." : "Text statement, read line by line."];
  // A credit-card statement (issue 21): purchases are spending, payments and credits money in — the opposite of
  // a checking account's signs, and its balance (what is owed) grows with purchases.
  const cues = cardStatementCues(lines.slice(0, 400).join("\n"));
  const card = cues !== null;
  if (card) notes.unshift(`Credit-card statement (${cues.join(", ")}): purchases are spending, payments and credits money in.`);
  if (secondDate) notes.push("Two date columns: the transaction date is used.");
  const order = detectDateOrder(records.map((r) => r.dateRaw), dateOrderHint(lines.slice(0, 400).join("\n")));
  const end = periodEnd(lines, opts.today, order);
  if (end) notes.push(`Dates without a year are placed before the statement's closing date ${end}.`);
  // Unsigned amounts with a running balance: the balance decides (only where the signs do not already).
  const fromBalance = records.some((r) => r.cents < 0) ? records.map(() => null) : directionsFromBalance(records).map((d) => (d === null ? null : card ? !d : d));
  if (fromBalance.some((d) => d !== null)) notes.push(card ? "Directions read from the balance owed: it grows with purchases." : "Directions read from the running balance's changes.");
  const bySign = records.filter((r, i) => !r.section && !r.marker && fromBalance[i] === null);
  const sign = detectSignConvention(bySign.map((r) => ({ description: r.description, cents: r.cents })), { cardStatement: card });
  if (records.some((r) => r.section)) notes.push("Sections (purchases, payments and credits, fees, refunds) give the direction.");
  if (records.some((r) => r.marker)) notes.push("A debit/credit word after the amount gives the direction.");
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
