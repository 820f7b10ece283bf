import { parseAmount } from "./amounts";
import { directionsFromBalance } from "./balance";
import { columnLabels, columnOf, type ColumnLabel } from "./text-columns";
import { withDirectionWordColumn } from "./direction-column";
import { dateOrderHint, detectDateOrder, looksLikeDate, toIsoDate, type DateOrder } from "./dates";
import { detectSignConvention, incomeBySign } from "./signs";
import { cardStatementCues, DIRECTION_WORD_SOURCE, MONTH_SOURCE, SUMMARY_LINE } from "./words";
import { SUMMARY_ROW } from "./summary-rows";
import { MAX_STATEMENT_ROWS, NO_TRANSACTIONS, StatementError, TOO_MANY_ROWS, type ParsedStatement, type StatementRow } from "./types";

// Statements as lines of text (a .txt export, or the text of a PDF): a date, maybe a second date (posted),
// a description, an amount and maybe a running balance. Card statements group rows in sections
// ("Purchases", "Payments and Credits"), which say the direction when the sign does not.

const MON = `(?:${MONTH_SOURCE})`;
// Numeric dates, "05-Nov-26", "Nov 5, 2026", "5 Nov", "03 NOV", "27 okt", "12. Dez" (month names in five languages).
const DATE = String.raw`(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|(?:\d{4}年)?\d{1,2}月\d{1,2}日|\d{1,2}-[A-Za-z]{3}-\d{2,4}|\d{1,2}-${MON}\b\.?|${MON}-\d{1,2}\b|\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4}|\.)?\*?|${MON}\.? \d{1,2}(?:, \d{4})?|\d{1,2}\.? ${MON}\b\.?(?: \d{4})?)`;
// An amount, maybe with a currency sign, then maybe the word or sign that says its direction ("84,20 Débit",
// "45.00 CR", "1,250.00Dr", "186.45-", "4,850.00+": a trailing sign is part of the amount, so the balance after it
// is never taken for the row's amount).
// Whole amounts ("1,280", "540") only in a statement in a currency without a minor unit (yen), where they are
// the rule; elsewhere an amount has two decimals, so a reference number is never read as money.
// Thousands grouped by a space ("1 045,00": French, Swiss, Nordic statements) only where the amount stands
// after a column gap of two spaces or more, so "FILIALE 100 450,00" stays a description and 450,00.
const amountSource = (decimals: "required" | "optional", spaces: boolean) =>
  String.raw`(?:\(?[-−+]?(?:[$€£¥]|CHF|R\$)?\s?(?:\d{1,3}(?:[,.'’${spaces ? " " : ""}]\d{3})+|\d+)(?:[.,]\d{2})${decimals === "optional" ? "?" : ""}\)?(?:\s?(?:€|EUR|CHF|\$|£|円|JPY))?(?:\s{0,3}(?:${DIRECTION_WORD_SOURCE})(?![A-Za-z\u00c0-\u024f\d])\.?|[-−+])?)`;
// A short text column after the money ("Channel": "EDC", "K PLUS", "Auto", "ATM" on Thai and other Asian banks'
// statements), after a column gap: the row's amounts stand before it.
const CHANNEL = String.raw`(?:\s{2,}[A-Za-z][A-Za-z0-9 ]{0,11})?`;
const rowRegex = (decimals: "required" | "optional", spaces: boolean) => {
  const amount = amountSource(decimals, spaces);
  const gap = spaces ? String.raw`\s{2,}` : String.raw`\s+`;
  // The description ends on a letter or figure, never on a space: tried at every space of a long gap, the lazy text and
  // the gap after it split the gap every way (quadratic: 900 spaces before a line's last figures took 16 ms a line).
  return new RegExp(String.raw`^\s*(${DATE})\s+(?:(${DATE})\s+)?(.*?\S)${gap}(${amount})(?:${gap}(${amount}))?${CHANNEL}\s*$`, "id");
};
// A row printed without its date: the amount after a column gap, maybe a balance. HSBC and NatWest date only a
// day's first row; the rows under it are that day's too.
const undatedRegex = (decimals: "required" | "optional", spaces: boolean) => {
  const amount = amountSource(decimals, spaces);
  return new RegExp(String.raw`^\s*(\S(?:.*?\S)?)\s{2,}(${amount})(?:\s{2,}(${amount}))?${CHANNEL}\s*$`, "id");
};
const ROW = rowRegex("required", false);
const UNDATED = undatedRegex("required", false);
const UNDATED_WHOLE = undatedRegex("optional", false);
const UNDATED_SPACED = undatedRegex("required", true);
const UNDATED_WHOLE_SPACED = undatedRegex("optional", true);
// A dated line with text and no amount (the first line of a wrapped row).
// Greedy text back to its last letter: a lazy one tried the trailing spaces' end at every space of a long gap.
const DATED_TEXT = new RegExp(String.raw`^\s*(${DATE})\s+(?:(${DATE})\s+)?(\S(?:.*\S)?)\s*$`, "id");
// A line that is only a date, maybe after its weekday: the heading of a day's rows.
const WEEKDAY = String.raw`(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag`;
const DATE_HEADING = new RegExp(String.raw`^\s*(?:(?:${WEEKDAY})\.?,?\s+)?(${DATE})\s*$`, "i");
/** Lines a wrapped description runs on for at most. */
const MAX_WRAP = 3;
// A table's header line names a date column and a money column, and holds no amount: its own line, never a
// row's wrapped text.
const HEADER_DATE = /date|datum|fecha|\bdata\b|\bdato\b|\bf\. ?(operaci[óo]n|valor)|valuta|buchungstag|日付/i;
const HEADER_MONEY = /amount|balance|paid|money|withdraw|deposit|debit|credit|betrag|bedrag|montant|importe|importo|saldo|solde|\bsoll\b|\bhaben\b|cargo|abono|\baf\b|\bbij\b|\bvalor\b|belopp|bel[øo]p|kwota|金額/i;
const isTableHeader = (l: string) => l.length < 300 && !/\d[.,]\d{2}\b/.test(l) && HEADER_DATE.test(l) && HEADER_MONEY.test(l);
// Undated lines with an amount that are the statement's own figures, not a row of the day above: totals, balances,
// limits and rates, the account summary's "Payments in"/"Money out", a page's "Balance carried forward", and a card
// purchase's foreign-currency line under it ("EUR  125.00", "Exchange rate 1.0832", "125.00 EUR @ 1.16").
const CURRENCY_CODES = "usd|eur|gbp|chf|cad|aud|nzd|sek|nok|dkk|pln|jpy|sgd|hkd|inr|mxn|brl|zar|euro|euros|dollars?|pounds?|yen";
const NOT_A_ROW = new RegExp(String.raw`^(total|sub-?total|sum|summary|payments? (in|out)|paid (in|out)|money (in|out)|(total )?(deposits|withdrawals|credits|debits|payments|purchases|fees|interest)( and [\p{L} ]+)?$|(arranged |unarranged )?overdraft( limit)?|(available|ledger|current|closing|opening|start|end|ending|beginning|daily|statement) balance|interest rate|aer\b|amount due|page \d)|\b(brought|carried) forward\b|\b[bc]\/f\b|^balance\b`, "iu");
// In other languages the rate is named before its figure ("CAMBIO 1,0784", "Kurs 4,3215", "taux 1,08", "koers 1,0832"),
// and the line often opens with the foreign amount ("USD 229,80 CAMBIO 1,0784": held-out 9's BSM card statement).
const FX_LINE = new RegExp(String.raw`\b(exchange rate|conversion rate|original amount|foreign (currency|amount))\b|@|^(${CURRENCY_CODES})( amount)?:?$|^(${CURRENCY_CODES})\s+\d[\d.,']*\d(\s|$)|\b(cambio|tasso di cambio|tipo de cambio|taxa de c[âa]mbio|taux( de change)?|wechselkurs|umrechnungskurs|kurs( wymiany)?|kurz|koers|wisselkoers|kur|nilai tukar)\b:?\s*\d`, "iu");
/** A summary box's figure name, standing in a column of its own beside other text. */
const BOX_FIGURE = /^((opening|closing|previous|new|start|end|ending|beginning|statement|available) balance|(payments?|paid|money) (in|out)|balance (brought|carried) forward|total (payments|deposits|withdrawals|credits|debits|purchases))\b/i;
/** The rest of a statement period after its first date ("to 22 November 2026", "- 11/20/2026", "bis 20.11.2026"). */
const PERIOD_TAIL = new RegExp(String.raw`^(?:to|through|thru|until|-|–|bis|au|al|tot|t/m|a)\s+${DATE}`, "i");
/** A page number line ("Page 2 of 3", "Seite 2", "Página 2", "- 2 -"). */
const PAGE_LINE = /^\s*(?:(?:page|pagina|página|seite|blatt|sida|side|strona|pag\.?)\s*\d+(?:\s*(?:of|von|de|van|sur|di|\/)\s*\d+)?|-\s*\d+\s*-|\d+\s*\/\s*\d+)\s*$/i;
/**
 * A page's balance carried to the next ("A reporter", "Übertrag", "Suma y sigue", "Carried forward") and taken up at
 * the next page's head ("Report", "Vortrag", "Riporto", "Brought forward"), in the five languages and Italian: never a
 * row (Spuerkeess's "A reporter  6.682,21" was read as 6,682.21 of spending). The one at a page's head continues the
 * day above: the rows under it may come undated.
 */
const PAGE_CARRY = /^((balance )?(brought|carried) forward|(solde )?[àa] reporter|report( de solde)?|solde report[ée]|[üu]bertrag|vortrag|saldovortrag|suma y sigue|suma anterior|a riportare|riporto|over te brengen|van vorige pagina|naar volgende pagina|transport|(saldo )?a transportar|saldo transportado|transporte)$/i;
const CARRY_IN = /^((balance )?brought forward|report( de solde)?|solde report[ée]|[üu]bertrag|vortrag|saldovortrag|suma anterior|riporto|van vorige pagina|saldo transportado|transporte)$/i;
/** The balance before the first row, printed as a line of its own. */
const OPENING_BALANCE = /brought forward|\bb\/f\b|opening balance|start balance|previous balance|balance forward|beginning balance|saldo anterior|saldo iniziale|alter saldo|anfangssaldo|vorheriger saldo|ancien solde|solde (initial|pr[ée]c[ée]dent)|beginsaldo|vorig saldo/i;
const ROW_WHOLE = rowRegex("optional", false);
const ROW_SPACED = rowRegex("required", true);
const ROW_WHOLE_SPACED = rowRegex("optional", true);
const MAX_LINE = 1_000;
/** A statement in yen (or another currency printed without decimals). */
const WHOLE_CURRENCY = /[¥￥円]|\bJPY\b|\bKRW\b|₩/;

const INCOME_SECTION = /^\s*(payments?(,| and| &) (other )?credits|payments? and credits|credits|refunds|deposits( and (other )?(additions|credits))?|money in|einzahlungen|gutschriften|zahlungen( und gutschriften)?|betalingen( en (creditboekingen|terugstortingen))?|bijschrijvingen|paiements( et cr[ée]dits)?|cr[ée]dits|remboursements|abonos|pagos( y abonos)?|ingresos|pagamentos( e cr[ée]ditos)?|cr[ée]ditos|estornos|pagamenti( e accrediti)?|accrediti|rimborsi|entrate)\b/i;
const EXPENSE_SECTION = /^\s*(purchases?( and (adjustments|other charges))?|charges|other charges|fees( charged)?|interest charged|withdrawals?( and (other )?(subtractions|debits))?|debits|checks paid|money out|card transactions|atm|cash advances?|aankopen|uitgaven|afschrijvingen|eink[äa]ufe|umsätze|belastungen|achats|d[ée]penses|op[ée]rations|compras|cargos|gastos|despesas|acquisti|spese|addebiti|uscite)\b/i;
// A section heading alone, maybe with its total after it ("Purchases  133.50"): never a row of the day above.
const SECTION_ONLY = new RegExp(String.raw`^(?:${INCOME_SECTION.source.replace(/^\^\\s\*/, "")}|${EXPENSE_SECTION.source.replace(/^\^\\s\*/, "")})(?:\s*\((?:continued|cont\.?)\))?\s*(?:total)?\s*:?$`, "i");
// Two date columns: the transaction date is used. Most statements print it first; a header that names the
// posting date first ("Posting Date  Transaction Date", "Buchungsdatum Belegdatum") says otherwise.
const TRANSACTION_DATE_LABEL = /trans(action|\.)? ?date|date of transaction|date (d')?op[ée]r|f(\.|echa)? ?(de )?operaci[óo]n|belegdatum|kaufdatum|umsatzdatum|transactiedatum|aankoopdatum/i;
const POSTING_DATE_LABEL = /post(ing|ed)? ?date|date (de )?valeur|f(\.|echa)? ?(de )?valor|buchungsdatum|buchungstag|valuta|boekdatum|verwerkingsdatum|date de comptabilisation/i;
const FULL_DATE = new RegExp(String.raw`\b(\d{1,2}[/.-]\d{1,2}[/.-]\d{4}|\d{4}-\d{2}-\d{2}|${MON}\.? \d{1,2},? \d{4}|\d{1,2}\.?[ -]${MON}\.?[ -]\d{4})\b`, "gi");

interface Pending {
  dateRaw: string;
  /** The money-out or money-in column the amount stands under, in a fixed-width statement that has both. */
  column: "in" | "out" | null;
  description: string;
  cents: number;
  section: "income" | "expense" | null;
  marker: "CR" | "DR" | null;
  /** The running balance printed after the amount, in cents, when there is one. */
  balance: number | null;
  line: number;
}

/** Collapses a line's column gaps into single spaces. */
function squash(text: string): string {
  return text.replace(/\s{2,}/g, " ").trim();
}

const VALUE_DATE = new RegExp(String.raw`^${DATE}$`, "i");
/**
 * A row's text without the value date standing in a column of its own after it ("Valeur", "Wert", "Valuta":
 * "DELHAIZE   02.11") and without a reference number in a column of its own before it (card statements' "Reference"
 * column: "745190311   HI-LO FOOD STORES").
 */
function withoutValueDate(text: string): string {
  let fields = text.trim().split(/\s{2,}/);
  if (fields.length > 1 && VALUE_DATE.test(fields[fields.length - 1])) fields = fields.slice(0, -1);
  if (fields.length > 1 && /^\d{6,}$/.test(fields[0]) && /\p{L}/u.test(fields.slice(1).join(" "))) fields = fields.slice(1);
  return fields.join("  ");
}

/** A short token a balance is printed with: its direction word ("3.731,74 H", "9.496,71 C") or currency ("$ 76.785,30"). */
const BALANCE_TOKEN = new RegExp(String.raw`^(?:${DIRECTION_WORD_SOURCE}|[$€£¥]|EUR|USD|GBP|CHF|UYU|BRL)$`, "i");
/**
 * A line without the figures at its end, and the direction words and currency signs printed with them (linear: a
 * regex anchored at the end would retry from every position; at most a few short tokens are looked at).
 */
function withoutTrailingFigures(line: string): string {
  let end = line.length;
  for (let tokens = 0; tokens < 4; tokens++) {
    while (end > 0 && /[\d.,'+\-\s]/.test(line[end - 1])) end--;
    const space = line.lastIndexOf(" ", end - 1);
    if (end - space - 1 > 8 || !BALANCE_TOKEN.test(line.slice(space + 1, end))) break;
    end = space + 1;
  }
  return line.slice(0, end);
}

/** A balance's cents, negative when overdrawn ("DR", "-"). */
function signedBalance(text: string): number | null {
  const a = parseAmount(text);
  if (!a) return null;
  return a.marker === "DR" ? -Math.abs(a.cents) : a.marker === "CR" ? Math.abs(a.cents) : a.cents;
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

/** Where a statement prints a row's further lines: under the row's amount line, or above it (before). */
type WrapHabit = "after" | "before";

export function parseTextLines(lines: string[], opts: { today: string; format?: "text" | "pdf" }): ParsedStatement {
  const format = opts.format ?? "text";
  const wordColumn = withDirectionWordColumn(lines);
  lines = wordColumn.lines;
  const secondDate = postingDateFirst(lines);
  // Read twice: the first reading learns where this statement prints a row's further lines (under it, or above the
  // next), the second uses that from the first row on. Read once, the lines under the first row were taken for the
  // start of the next row's description until the statement had shown its habit (Kasikornbank, Hang Seng, Spuerkeess).
  const first = readRows(lines, secondDate, null);
  const { records, opening } = readRows(lines, secondDate, first.wrapsAfter > first.wrapsBefore ? "after" : "before");
  if (records.length === 0) throw new StatementError(NO_TRANSACTIONS);
  const notes = [format === "pdf" ? "PDF statement, read page by page as text lines." : "Text statement, read line by line."];
  // A credit-card statement (issue 21): purchases are spending, payments and credits money in — the opposite of
  // a checking account's signs, and its balance (what is owed) grows with purchases.
  const cues = cardStatementCues(lines.slice(0, 400).join("\n"));
  const card = cues !== null;
  if (card) notes.unshift(`Credit-card statement (${cues.join(", ")}): purchases are spending, payments and credits money in.`);
  if (secondDate) notes.push("Two date columns: the transaction date is used.");
  if (wordColumn.column) notes.push("A column of debit/credit words beside the amounts gives the direction.");
  const order = detectDateOrder(records.map((r) => r.dateRaw), dateOrderHint(lines.slice(0, 400).join("\n")));
  const end = periodEnd(lines, opts.today, order);
  if (end) notes.push(`Dates without a year are placed before the statement's closing date ${end}.`);
  // Unsigned amounts with a running balance: the balance decides (only where the signs do not already).
  const fromBalance = records.some((r) => r.cents < 0) ? records.map(() => null) : directionsFromBalance(records, opening).map((d) => (d === null ? null : card ? !d : d));
  if (fromBalance.some((d) => d !== null)) notes.push(card ? "Directions read from the balance owed: it grows with purchases." : "Directions read from the running balance's changes.");
  // The column an amount stands under speaks only where amounts are unsigned: a sign printed says more.
  if (records.some((r) => r.cents < 0)) for (const r of records) r.column = null;
  if (records.some((r, i) => r.column && !r.marker && fromBalance[i] === null)) notes.push("The money-out or money-in column each amount stands under gives its direction.");
  // A card statement that marks its credits row by row ("50,000.00 CR", "420,00 ABONO") and no row as a debit: its
  // unmarked rows are purchases, whatever section words stand above them (NCB prints its summary's "Payments &
  // Credits" and "Purchases & Debits" before one table of every row). A payments section whose rows carry no mark
  // keeps its direction.
  const marksCredits = card && records.some((r) => r.marker === "CR") && !records.some((r) => r.marker === "DR");
  const unmarkedIncomeSection = records.some((r) => r.section === "income" && !r.marker) && !records.some((r) => r.section === "income" && r.marker);
  const unmarkedPurchase = (r: Pending, i: number) => marksCredits && !r.marker && fromBalance[i] === null && !r.column && r.cents > 0 && !(r.section === "income" && unmarkedIncomeSection);
  const bySection = (r: Pending, i: number) => !!r.section && !r.marker && fromBalance[i] === null && !r.column && !unmarkedPurchase(r, i);
  const bySign = records.filter((r, i) => !r.section && !r.marker && !r.column && fromBalance[i] === null && !unmarkedPurchase(r, i));
  const sign = detectSignConvention(bySign.map((r) => ({ description: r.description, cents: r.cents })), { cardStatement: card });
  if (records.some(bySection)) notes.push("Sections (purchases, payments and credits, fees, refunds) give the direction.");
  if (records.some((r) => r.marker)) notes.push("A debit/credit word after the amount gives the direction.");
  if (records.some(unmarkedPurchase)) notes.push("Credits are marked row by row: the unmarked rows are purchases.");
  if (bySign.length) notes.push(`Signs: ${sign.reason}.`);
  const rows: StatementRow[] = [];
  let skipped = 0;
  for (const [i, r] of records.entries()) {
    const date = toIsoDate(r.dateRaw, order, { today: opts.today, period: end ? { start: end, end } : undefined });
    if (!date) {
      skipped++;
      continue;
    }
    const isIncome = r.marker ? r.marker === "CR" : fromBalance[i] !== null ? fromBalance[i]! : r.column ? r.column === "in" : unmarkedPurchase(r, i) ? false : r.section ? r.section === "income" : incomeBySign(sign.convention, r.cents, r.description);
    rows.push({ date, description: r.description, amountCents: Math.abs(r.cents), isIncome, line: r.line });
  }
  if (skipped) notes.push(`${skipped} row(s) with an impossible or future date skipped.`);
  if (rows.length === 0) throw new StatementError(NO_TRANSACTIONS);
  return { format, rows, notes, skipped };
}

/** The rows of a statement's lines, before their dates and directions are decided. */
function readRows(lines: string[], secondDate: boolean, habit: WrapHabit | null): { records: Pending[]; opening: number | null; wrapsAfter: number; wrapsBefore: number } {
  const records: Pending[] = [];
  let section: Pending["section"] = null;
  let lineNo = 0;
  const whole = lines.slice(0, 400).some((l) => WHOLE_CURRENCY.test(l));
  const row = whole ? ROW_WHOLE : ROW;
  const spaced = whole ? ROW_WHOLE_SPACED : ROW_SPACED;
  const undated = whole ? UNDATED_WHOLE : UNDATED;
  const undatedSpaced = whole ? UNDATED_WHOLE_SPACED : UNDATED_SPACED;
  // Where the lines keep their layout, the latest table header's money-out and money-in columns.
  let labels: ColumnLabel[] | null = null;
  let labelsLine = -Infinity;
  // The table's state, for rows printed without a date and descriptions wrapped onto more lines:
  let lastDate: string | null = null; // the date of the row above (a row without one is that day's)
  let chain = false; // the lines since the last row are only its wrapped text, blank lines or a repeated header
  let inTable = false; // a table header or a whole dated row was seen: a dated line without an amount may wrap
  let wrapped: { dateRaw: string; description: string; lines: number; column: number } | null = null; // a dated line waiting for its amount
  let afterBlank = false; // text after a blank line is not a wrapped description
  let carry: Array<{ text: string; indent: number }> = []; // text lines after a row: the row's wrapped description, or the start of the next row's
  /** A balance printed before the first row ("Balance brought forward"): places the first row's direction. */
  let opening: number | null = null;
  /** Where the row above's description starts on its line: its wrapped text starts there too. */
  let descriptionColumn = -1;
  // Where this statement prints a row's further lines: under its amount's line (Hang Seng, Kasikornbank: counted when
  // text under a row is followed by a dated row) or above it (HSBC: a dated line whose amount comes lines later).
  let wrapsAfter = 0;
  let wrapsBefore = 0;
  const flushCarry = () => {
    // Text under a row, indented to its description, is the rest of it; anything else (a page's header in a PDF's
    // text, where indentation is lost) is not.
    if (carry.length && records.length && carry.every((c) => Math.abs(c.indent - descriptionColumn) <= 2)) {
      records[records.length - 1].description += ` ${carry.map((c) => c.text).join(" ")}`;
    }
    carry = [];
  };
  const push = (dateRaw: string, description: string, amountText: string, balanceText: string | undefined, at: [number, number] | undefined) => {
    const amount = parseAmount(amountText);
    if (!amount || amount.cents === 0) return false;
    if (records.length >= MAX_STATEMENT_ROWS) throw new StatementError(TOO_MANY_ROWS);
    const balance = balanceText ? parseAmount(balanceText) : null;
    const column = labels && at ? columnOf(labels, at[0], at[1]) : null;
    records.push({ dateRaw, description, cents: amount.cents, section, marker: amount.marker, column, balance: balance && !balance.marker ? balance.cents : balance ? (balance.marker === "DR" ? -Math.abs(balance.cents) : Math.abs(balance.cents)) : null, line: lineNo });
    return true;
  };
  for (const raw of lines) {
    lineNo++;
    // No statement row is this long; the row pattern's backtracking on a hostile line would grow with its square.
    if (raw.length > MAX_LINE) continue;
    // Full-width digits and letters (Japanese statements) read as ASCII.
    const l = (/[^\x00-\x7f]/.test(raw) ? raw.normalize("NFKC") : raw).replace(/\u00a0/g, " ").replace(/\t/g, "  ");
    if (l.trim() === "") {
      flushCarry();
      wrapped = null;
      afterBlank = true;
      continue;
    }
    const blankAbove = afterBlank;
    afterBlank = false;
    const spacedAmount = /\d \d{3}[.,]\d{2}/.test(l);
    const m = (spacedAmount ? spaced.exec(l) : null) ?? row.exec(l);
    if (m) {
      if (carry.length && records.length && carry.every((c) => Math.abs(c.indent - descriptionColumn) <= 2)) wrapsAfter++;
      flushCarry();
      wrapped = null;
      const description = squash(withoutValueDate(m[3]));
      const dateRaw = secondDate && m[2] ? m[2] : m[1];
      // Balances, limits and totals (a summary page's figures) are never transactions, in any of the languages.
      // A row's text has a word (or is a check's number): "11/03   980.00   11/10   1,200.00" is a daily-balance table.
      if (!/\p{L}/u.test(description) && !/^#?\d{1,8}$/.test(description)) {
        flushCarry();
        chain = false;
        continue;
      }
      // A statement's period ("23 October to 22 November 2026") with a summary box's figure beside it ("Opening
      // Balance  1,204.18") on the same line of a PDF: the text by the amount is a summary, not a row.
      const lastField = m[3].trim().split(/\s{3,}/).pop() ?? "";
      if (PERIOD_TAIL.test(description) || (lastField !== m[3].trim() && BOX_FIGURE.test(lastField))) {
        flushCarry();
        continue;
      }
      if (SUMMARY_LINE.test(description) || SUMMARY_ROW.test(description) || PAGE_CARRY.test(description)) {
        // "Balance brought forward" opens a run of rows (the day's next ones may come undated); a closing balance ends it.
        const opens = OPENING_BALANCE.test(description) || CARRY_IN.test(description);
        if (records.length === 0 && opens) opening = signedBalance(m[4]);
        [chain, lastDate] = opens ? [true, dateRaw] : [false, lastDate];
        continue;
      }
      if (push(dateRaw, description, m[4], m[5], m.indices?.[4])) [lastDate, chain, inTable, descriptionColumn] = [dateRaw, true, true, m.indices?.[3][0] ?? -1];
      continue;
    }
    const heading = inTable ? DATE_HEADING.exec(l) : null;
    if (heading && looksLikeDate(heading[1])) {
      // A day's heading ("Monday, 3 November 2026", N26 and Revolut style): the rows under it carry no date.
      flushCarry();
      wrapped = null;
      [lastDate, chain] = [heading[1], true];
      continue;
    }
    if (PAGE_LINE.test(l)) {
      // A page's number between rows: the rows go on after it.
      flushCarry();
      continue;
    }
    const header = columnLabels(l);
    if (header || isTableHeader(l)) {
      // A table header, maybe repeated at a page break: the rows under it continue the day above.
      // A table header naming no money-out and money-in columns ends the last one's (a summary box above the table),
      // unless it is the second line of that header (Wells Fargo's "Deposits/ ... Additions").
      if (header || lineNo - labelsLine > 2) labels = header;
      if (header) labelsLine = lineNo;
      flushCarry();
      wrapped = null;
      inTable = true;
      continue;
    }
    const u = /\d/.test(l.slice(-30)) ? ((spacedAmount ? undatedSpaced.exec(l) : null) ?? undated.exec(l)) : null;
    const text = u ? squash(withoutValueDate(u[1])) : "";
    // The carried line may hold three figures (money out, money in, balance: "SUMA Y SIGUE  181,42  2.680,00  4.603,13").
    const carried = /\d[.,]\d{2}\b/.test(l) ? squash(withoutTrailingFigures(l)) : "";
    if (carried && PAGE_CARRY.test(carried)) {
      flushCarry();
      wrapped = null;
      chain = CARRY_IN.test(carried) && lastDate !== null;
      continue;
    }
    // A purchase's foreign amount or exchange rate: neither a row nor its text; the day's rows go on under it.
    if (chain && FX_LINE.test(u ? text : squash(l))) continue;
    if (u && /\p{L}/u.test(text) && !NOT_A_ROW.test(text) && !SUMMARY_LINE.test(text) && !SUMMARY_ROW.test(text) && !SECTION_ONLY.test(text)) {
      if (wrapped) {
        // The amount on the last line of a wrapped description (HSBC, Barclays, Wells Fargo).
        wrapsBefore++;
        if (push(wrapped.dateRaw, squash([wrapped.description, ...carry.map((c) => c.text), text].join(" ")), u[2], u[3], u.indices?.[2])) [lastDate, chain, descriptionColumn] = [wrapped.dateRaw, true, wrapped.column];
        wrapped = null;
        carry = [];
        continue;
      }
      if (chain && lastDate) {
        // A row without its date: the same day as the row above. Text between it and the row above is the row
        // above's, where this statement prints a row's further lines under it.
        if (habit ? habit === "after" : wrapsAfter > wrapsBefore) flushCarry();
        if (push(lastDate, squash([...carry.map((c) => c.text), text].join(" ")), u[2], u[3], u.indices?.[2])) [carry, descriptionColumn] = [[], u.indices?.[1][0] ?? -1];
        continue;
      }
    }
    if (u && records.length === 0 && OPENING_BALANCE.test(text)) opening = signedBalance(u[2]);
    // A section heading ("Payments and Credits", "Purchases"), maybe with its total.
    if (!u || SECTION_ONLY.test(text)) {
      if (INCOME_SECTION.test(l)) section = "income";
      else if (EXPENSE_SECTION.test(l)) section = "expense";
      if (SECTION_ONLY.test(u ? text : squash(l))) {
        flushCarry();
        wrapped = null;
        chain = false;
        continue;
      }
    }
    const dated = !u && inTable ? DATED_TEXT.exec(l) : null;
    if (dated && /\p{L}/u.test(dated[3]) && !SUMMARY_LINE.test(squash(dated[3]))) {
      // A dated line with no amount: a description that wraps, its amount on a line below.
      flushCarry();
      wrapped = { dateRaw: secondDate && dated[2] ? dated[2] : dated[1], description: squash(dated[3]), lines: 0, column: dated.indices?.[3][0] ?? -1 };
      chain = true;
      continue;
    }
    if (!u && wrapped && wrapped.lines < MAX_WRAP) {
      wrapped.description = squash(`${wrapped.description} ${l}`);
      wrapped.lines++;
      continue;
    }
    if (!u && chain && !blankAbove && carry.length < MAX_WRAP && !NOT_A_ROW.test(l.trim())) {
      carry.push({ text: squash(l), indent: l.search(/\S/) });
      continue;
    }
    // Anything else ends the table's run of rows: a footer's figures are not the last day's purchases.
    flushCarry();
    wrapped = null;
    chain = false;
  }
  // The file's end, like a blank line, ends the last row's text.
  flushCarry();
  return { records, opening, wrapsAfter, wrapsBefore };
}
