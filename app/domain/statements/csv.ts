import Papa from "papaparse";
import { columnDecimal, parseAmount } from "./amounts";
import { splitLines } from "./decode";
import { dateOrderHint, detectDateOrder, looksLikeDate, toIsoDate } from "./dates";
import { detectSignConvention, incomeBySign } from "./signs";
import { directionsFromBalance } from "./balance";
import { cardStatementCues } from "./words";
import { isSummaryRecordType, ROW_TYPE_HEADER, SUMMARY_ROW, summaryTailLength } from "./summary-rows";
import { MAX_STATEMENT_ROWS, NO_TRANSACTIONS, StatementError, TOO_MANY_ROWS, type ParsedStatement, type StatementRow } from "./types";

// Bank CSV exports (issue 10): a header row somewhere after a preamble (account number, date range), data
// rows, and sometimes summary lines after them. Columns are found by their names (English, Dutch, German,
// French, Spanish), or, without a header, by what their cells look like.

const DELIMITERS = [",", ";", "\t", "|"] as const;

/** The delimiter whose count per line is the most consistent over the first lines (quotes respected). */
export function detectDelimiter(text: string): (typeof DELIMITERS)[number] | null {
  const lines = splitLines(text.slice(0, 64 * 1024)).filter((l) => l.trim() !== "").slice(0, 40);
  let best: { d: (typeof DELIMITERS)[number]; score: number } | null = null;
  // Where semicolons (or tabs, pipes) separate the fields, commas in "3.000,00" are decimal commas, not columns:
  // a small European export with a key;value preamble must not be read as comma-separated.
  const otherDelimiter = lines.some((l) => /[;\t|]/.test(l));
  for (const d of DELIMITERS) {
    // "November 3, 2026": a date's comma (a text statement's day heading or row) is no column either.
    const counts = lines.map((l) => countOutsideQuotes(d === "," ? withoutDateCommas(otherDelimiter ? l.replace(/(\d),(\d{1,2})(?!\d)/g, "$1.$2") : l) : l, d));
    const freq = new Map<number, number>();
    for (const c of counts) if (c > 0) freq.set(c, (freq.get(c) ?? 0) + 1);
    let mode = 0;
    let modeLines = 0;
    for (const [c, n] of freq) if (n > modeLines || (n === modeLines && c > mode)) [mode, modeLines] = [c, n];
    const score = modeLines * 10 + mode;
    if (modeLines >= Math.min(2, lines.length) && (!best || score > best.score)) best = { d, score };
  }
  return best?.d ?? null;
}

const DATE_COMMA = /\b([A-Za-z]{3,9}\.? \d{1,2}(?:st|nd|rd|th)?), (\d{4})\b/g;
function withoutDateCommas(line: string): string {
  return line.includes(",") ? line.replace(DATE_COMMA, "$1 $2") : line;
}

function countOutsideQuotes(line: string, d: string): number {
  let n = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === d && !quoted) n++;
  }
  return n;
}

type Role = "date" | "name" | "description" | "amount" | "debit" | "credit" | "direction" | "balance" | "extra";

// Column names in English, German, Dutch, French, Spanish, Portuguese, Italian and Japanese. Order matters: a
// column is the first role whose pattern it matches, so a balance ("Saldo", "残高", "Running Bal.") is never
// read as the amount wherever it stands, and an original/foreign-currency amount is never the booked one.
const HEADERS: Array<[Role, RegExp]> = [
  ["extra", /ursprungsbetrag|original ?(amount|betrag)|foreign|fremdw[äa]hrung|local amount|exchange rate|wechselkurs|taux de change|tipo de cambio|^(currency|w[äa]hrung|devise|moneda|moeda|munt|divisa|m[ěe]na|mena|valuta ?kod|通貨)$|^(category|kategorie|categorie|catégorie|categoría|categoria|tags?|notes?)$|支払区分|支払方法|お支払回数|kartennummer|card ?number|account ?(number|no)|iban|\bbic\b|blz|kontonummer|rekeningnummer|tegenrekening|referen[cz]e? ?(number|nummer)|^id$|mandat|gläubiger/],
  ["balance", /balance|saldo|kontostand|guthaben|solde|running|\bbal\.?$|^bal\b|egyenleg|zůstatek|zustatek|残高|^sold( contabil| disponibil| final| curent)?$|bakiye|stanje|atlikums|likutis|υπόλοιπο|остаток|баланс/],
  ["direction", /^(af ?\/? ?bij|bij ?\/? ?af|debit ?\/ ?credit|credit ?\/ ?debit|d ?\/ ?c|c ?\/ ?d|cr ?\/ ?dr|dr ?\/ ?cr|soll ?\/ ?haben|s ?\/ ?h|d ?\/ ?k|deebet ?\/ ?kreedit|debet ?\/ ?kredit|((debit|credit|dr|cr|d) ?\/ ?(credit|debit|cr|dr|c) )?indicator|type|transaction type|trans type|richting|umsatztyp|debit\/credit indicator|credit debit indicator|segno|sign|vorzeichen|\+ ?\/ ?-|- ?\/ ?\+|dare ?\/ ?avere|d[ée]bit ?\/ ?cr[ée]dit|d[ée]bito ?\/ ?cr[ée]dito|cargo ?\/ ?abono|入出金区分|入出金)$|^(debets ?\/ ?kred[īi]ts|bor[çc] ?\/ ?alacak)$/],
  ["date", /^(transaction |trans\.? |posting |posted |post |booking |value |trade |started |completed )?date$|^date(?!i)|\bdate$|^booked( at| on)?$|datum|fecha|^data\b|buchungstag|valuta|wertstellung|date d'op|date de valeur|^(posted|booked|posting|buchung|boeking)$|bokf[öo]ringsdag|bokf[øo]ringsdato|bogf[øo]ringsdato|transaktionsdag|dato$|päivämäärä|päivä$|^data (operacji|księgowania|ksiegowania|transakcji|zaksięgowania)|d[áa]tum|日付|年月日|取引日|利用日|お取引日|日時|^tarih|^i[şs]lem tarihi$|kuup[äa]ev|datums|^data tranzac[tț]iei$|^datum transakcije$|^дата|ημερομηνία/],
  ["debit", /debit|debet|withdrawal|^charges?$|paid out|money out|outflow|^out$|outgoing|^af$|soll|ausgang|ausgabe|lastschrift|belastung|d[ée]bit|cargo|retiro|spent|addebit|^dare$|uscite|sa[íi]da|^uttak|ut fra konto|udbetaling|^ut$|obci[ąa][żz]eni|terhel[ée]s|出金|引出|支払|払出|bor[çc]$|^iz[dn]atak|^isplata|дебет|χρέωση/],
  ["credit", /credit|kredit|kredyt|deposit|^payments?$|^payments? ?(and|&) ?credits?$|paid in|money in|inflow|^in$|incoming|^bij$|haben|eingang|einnahme|gutschrift|cr[ée]dit|abono|ingreso|dep[óo]sito|received|accredit|^avere$|entrate|entrada|^innskudd|inn p[åa] konto|indbetaling|ins[äa]ttning|^inn$|uznani|j[óo]v[áa][íi]r[áa]s|入金|預入|預り|お預|^alacak$|kred[īi]ts|^uplata|^prihod|кредит|πίστωση/],
  ["amount", /amount|bedrag|betrag|importe|importo|montant|belopp|bel[øo]b|bel[øo]p|kwota|[čc][áa]stka|^objem|m[äa][äa]r[äa]|summa|[öo]sszeg|^valor|^value$|^sum$|^total$|^umsatz( in .*)?$|transaction amount|金額|tutar[ıi]?$|^sum[aă]$|^iznos$|^znesek$|ποσό|^сумма$/],
  // The other party's name (a counterparty, payee, merchant), in the languages banks print it: the plainest
  // description for a review screen. A row whose name cell is empty (a card purchase whose merchant is only in the
  // message or the note) takes the description columns instead.
  ["name", /^(payee|payee name|merchant|merchant name|name|counter ?party|counter ?party name|other party|beneficiary|beneficiary name|remitter|payer|zahlungsempf[aä]nger(\*in)?|empf[aä]nger|empf[aä]nger ?\/ ?auftraggeber|auftraggeber ?\/ ?empf[aä]nger|auftraggeber|beg(ü|ue)nstigter( ?\/ ?zahlungspflichtiger)?|zahlungspflichtige?r?|name (des )?zahlungsbeteiligten|zahlungsbeteiligte?r?|tegenpartij|naam tegenpartij|tegenrekening ?naam|n[áa]zev proti[úu][čc]tu|n[áa]zev protistrany|protistrana|n[áa]zov proti[úu][čc]tu|mottaker|avsender|mottaker ?\/ ?avsender|mottagare|avs[äa]ndare|modtager|saaja ?\/ ?maksaja|maksaja ?\/ ?saaja|saaja|maksaja|saaja ?\/ ?maksja|maksja ?\/ ?saaja|maksja|partner( neve| name)?|kontrahent|nazwa kontrahenta|dane kontrahenta|b[ée]n[ée]ficiaire|nom du (tiers|b[ée]n[ée]ficiaire)|contrepartie|tiers|ordenante|beneficiario|destinatario|contraparte|ordinante|利用店名|ご利用先|ご利用店名|取引先)$/],
  ["description", /description|memo|payee|merchant|narrative|d[ée]tails?\b|^(transaction )?ref(erence)? ?\d$|^name|omschrijving|naam|mededeling|verwendungszweck|beschreibung|auftraggeber|empf[aä]nger|concepto|libell[ée]|beg(ü|ue)nstigter|reference|^transaction$|particulars|counter ?party|beneficiary|text$|^text\b|^label$|descri[cç][ãa]o|descripci[óo]n|hist[óo]rico|descrizione|causale|dettagli|movimiento|beskrivning|beskrivelse|forklaring|tekst|opis|tytu[łl]|meddelande|^rubrik$|^namn$|^partner( neve| name)?$|selitys|selgitus|saaja ?\/ ?maksaja|viesti|k[öo]zlem[ée]ny|kontrahent|narration|remarks|keterangan|uraian|zpr[áa]va|pozn[áa]mka|^message|^melding|^nachricht|^mitteilung|摘要|内容|利用店名|ご利用先|取引先|備考|descriere|detalii|explica[tț]i[ie]|a[cç][ıi]klama|apraksts|informācija|informacija|apra[šs]ymas|paai[šs]kinimas|mok[ėe]jimo paskirtis|^popis|^namen$|περιγραφή|описание|назначение|^opis|n[ộo]i dung|di[ễe]n gi[ảa]i|butiran/],
];

function roleOf(header: string): Exclude<Role, "extra"> | null {
  const role = roleOrExtra(header);
  return role === "extra" ? null : role;
}

/** A column's role, "extra" for a column we know is none of them (a currency, an IBAN, a category), null when unknown. */
function roleOrExtra(header: string): Role | null {
  // "Beneficiary's name" is the beneficiary name; "Beneficiary's account" (an IBAN) names nobody.
  const h = header.toLowerCase().replace(/\s+/g, " ").replace(/[()[\]"]/g, "").replace(/ ?\((eur|usd|gbp|chf)\)$/, "").replace(/['’]s\b/g, "").trim();
  if (/^(beneficiary|counter ?party|payee|recipient|remitter|payer|other party) (account|bank|iban)\b/.test(h)) return "extra";
  if (!h) return null;
  // One column named for both directions ("Credit/Debit Amount", "Betrag Soll/Haben") holds signed amounts;
  // read as a debit column it would make every salary spending.
  if (/debit|debet|d[ée]bit|soll/.test(h) && /credit|kredit|cr[ée]dit|haben/.test(h) && /amount|betrag|montant|importe|bedrag|importo|valor/.test(h)) return "amount";
  // "CAD$", "USD$", "$": a currency as the amount column's name (RBC).
  if (/^([a-z]{3} ?)?\$$/.test(h)) return "amount";
  for (const [role, re] of HEADERS) if (re.test(h)) return role;
  return null;
}

interface Columns {
  date: number;
  /** The other party's name: the description where it is filled. */
  names?: number[];
  description: number[];
  amount?: number;
  debit?: number;
  credit?: number;
  direction?: number;
  balance?: number;
}

/**
 * A header row: it names a date column and something that holds money. With `unnamedDate`, a row naming money
 * columns and at least one other column may leave the date unnamed (-1): the rows under it must then show it.
 */
function headerColumns(cells: string[], unnamedDate = false): Columns | null {
  // A header names columns; it holds no dates or amounts. A preamble's "Datei erstellt am: 20.11.2026" or
  // "Datum von:;01.11.2026" is a key and its value, not the table's header.
  if (cells.some(looksLikeValue)) return null;
  const roles = cells.map(roleOf);
  const date = roles.indexOf("date");
  if (date >= 0 && /:\s*$/.test(cells[date])) return null;
  const description = roles.flatMap((r, i) => (r === "description" ? [i] : []));
  const names = roles.flatMap((r, i) => (r === "name" ? [i] : []));
  // Several "amount" columns (Monzo's "Local amount", Sparkasse's "Lastschrift Ursprungsbetrag", N26's
  // "Amount (Foreign Currency)"): the plainest name is the booked amount.
  let amount = -1;
  roles.forEach((r, i) => {
    if (r === "amount" && (amount < 0 || cells[i].trim().length < cells[amount].trim().length)) amount = i;
  });
  const debit = roles.indexOf("debit");
  const credit = roles.indexOf("credit");
  let direction = roles.indexOf("direction");
  const balance = roles.indexOf("balance");
  // A "Debit/Credit" column and no amount column: it holds the signed amounts.
  if (amount < 0 && debit < 0 && credit < 0 && direction >= 0) [amount, direction] = [direction, -1];
  if (amount < 0 && debit < 0 && credit < 0) return null;
  if (date < 0 && !(unnamedDate && roles.filter((r) => r !== null).length >= 2)) return null;
  return { date, names, description, amount: amount >= 0 ? amount : undefined, debit: debit >= 0 ? debit : undefined, credit: credit >= 0 ? credit : undefined, direction: direction >= 0 ? direction : undefined, balance: balance >= 0 ? balance : undefined };
}

/** A cell that is a value, not a column name: a date anywhere in it, or an amount. */
function looksLikeValue(cell: string): boolean {
  const t = cell.trim();
  if (!t) return false;
  return /\d{1,4}[./-]\d{1,2}[./-]\d{2,4}|\d{4}年/.test(t) || looksLikeDate(t) || parseAmount(t) !== null;
}

/** Rows read to find the header (a preamble is at most this long). */
const HEADER_SCAN_ROWS = 200;

/**
 * The header row among the first rows: the first that names a date and a money column and is confirmed by
 * the rows under it (one of the next ten non-empty rows has a date and an amount where it says). Without a
 * confirmed one, the first candidate (a header with no rows under it reads as "no transactions").
 */
function findHeader(rows: string[][]): { index: number; columns: Columns } | null {
  let first: { index: number; columns: Columns } | null = null;
  for (let i = 0; i < rows.length; i++) {
    const named = headerColumns(rows[i], true);
    if (!named) continue;
    if (named.date >= 0) first ??= { index: i, columns: named };
    const below: string[][] = [];
    for (let j = i + 1; j < rows.length && below.length < 10; j++) if (!rows[j].every((v) => v.trim() === "")) below.push(rows[j]);
    const columns = confirmDescriptionColumn(confirmDirectionColumn(confirmDateColumn(named, rows[i], below), rows[i], below), rows[i], below);
    const confirmed = below.some((r) => {
      const money = [columns.amount, columns.debit, columns.credit].some((k) => k !== undefined && parseAmount((r[k] ?? "").trim()) !== null);
      return money && looksLikeDate((r[columns.date] ?? "").trim());
    });
    if (confirmed) return { index: i, columns };
  }
  return first;
}

/**
 * The date column is the one holding dates, whatever its name says. A name shared by two languages misleads
 * ("Valuta" is the value date in Italian and Dutch, the currency in Swedish: Nordea prints "SEK" under it), and a
 * date column named in a language we do not list is not named at all: when the named column holds no dates under
 * the header and exactly one other column (not money) holds them in every money row, that one is the date.
 */
function confirmDateColumn(named: Columns, header: string[], below: string[][]): Columns {
  const moneyRows = below.filter((r) => [named.amount, named.debit, named.credit].some((k) => k !== undefined && parseAmount((r[k] ?? "").trim()) !== null));
  if (moneyRows.length === 0 || (named.date >= 0 && moneyRows.some((r) => looksLikeDate((r[named.date] ?? "").trim())))) return named;
  const money = [named.amount, named.debit, named.credit, named.balance];
  const dated = header.map((_, k) => k).filter((k) => !money.includes(k) && moneyRows.every((r) => looksLikeDate((r[k] ?? "").trim())));
  if (dated.length === 0) return named;
  const date = dated[0];
  return { ...named, date, names: named.names?.filter((k) => k !== date), description: named.description.filter((k) => k !== date) };
}

/** A cell that is a debit/credit indicator: "D"/"C", "DR"/"CR", "S"/"H", "Débito", "+"/"-"… (null otherwise). */
function indicatorOf(value: string): boolean | null {
  const v = value.trim().replace(/\.$/, "");
  return DIRECTION_IN.test(v) ? true : DIRECTION_OUT.test(v) ? false : null;
}

/**
 * The column that says each unsigned amount's direction (a debit/credit indicator: LHV's "Debit/Credit" of D and C,
 * Swedbank's "Deebet/Kreedit" of D and K, Volksbank's unnamed S/H column after "Umsatz", Kotak's "Dr / Cr"), found
 * by what it holds: every filled cell under the header is an indicator. A column merely named "Type" that holds
 * codes ("MK") is not it. Among several, the one holding both directions, then one named for them, then the one
 * nearest the amount (Kotak prints a second "Dr / Cr" after the balance). An unnamed column must hold both
 * directions: a column of "C" alone may be a cleared flag.
 */
function confirmDirectionColumn(named: Columns, header: string[], below: string[][]): Columns {
  if (named.amount === undefined) return named;
  const amount = named.amount;
  const moneyRows = below.filter((r) => parseAmount((r[amount] ?? "").trim()) !== null);
  // Amounts printed with both signs say their direction themselves: the named columns stand as they are.
  const cents = moneyRows.map((r) => parseAmount((r[amount] ?? "").trim())?.cents ?? 0);
  if (moneyRows.length === 0 || (cents.some((c) => c < 0) && cents.some((c) => c > 0))) return named;
  // A description column holding only DEBIT/CREDIT words is read as the direction where the row is joined.
  const taken = [named.date, amount, named.debit, named.credit, named.balance, ...named.description, ...(named.names ?? [])];
  let best: { k: number; score: number } | null = null;
  for (let k = 0; k < Math.max(header.length, ...moneyRows.map((r) => r.length)); k++) {
    if (taken.includes(k)) continue;
    const values = moneyRows.map((r) => (r[k] ?? "").trim()).filter(Boolean);
    if (values.length < moneyRows.length / 2 || values.some((v) => indicatorOf(v) === null)) continue;
    const both = values.some((v) => indicatorOf(v)) && values.some((v) => !indicatorOf(v));
    const isNamed = roleOf(header[k] ?? "") === "direction";
    if (!both && !isNamed) continue;
    const score = (both ? 2000 : 0) + (isNamed ? 1000 : 0) - Math.abs(k - amount);
    if (!best || score > best.score) best = { k, score };
  }
  if (!best) return named;
  return { ...named, direction: best.k };
}

/**
 * A header that names no description column (its name in a language we do not list): the text column under it with
 * the most different words is the description, as without a header. Unread, every row was "(no description)" and a
 * credit could not be told by its words.
 */
function confirmDescriptionColumn(named: Columns, header: string[], below: string[][]): Columns {
  if (named.description.length || named.names?.length || below.length === 0) return named;
  const taken = [named.date, named.amount, named.debit, named.credit, named.direction, named.balance];
  const width = Math.max(header.length, ...below.map((r) => r.length));
  // Only columns whose name is unknown: a known one (currency, IBAN, category) is not the description.
  const candidates = textColumns(below, width, taken.filter((k): k is number => k !== undefined)).filter((k) => roleOrExtra(header[k] ?? "") === null);
  const words = (k: number) => new Set(below.flatMap((r) => (r[k] ?? "").toLowerCase().match(/\p{L}{2,}/gu) ?? [])).size;
  const best = candidates.find((k) => words(k) >= 2);
  return best === undefined ? named : { ...named, description: [best] };
}

/** Without a header: the date column, the amount column(s) and the longest text column, by content. */
function inferColumns(sample: string[][]): Columns | null {
  const width = Math.max(...sample.map((r) => r.length));
  const share = (i: number, test: (v: string) => boolean) => sample.filter((r) => test((r[i] ?? "").trim())).length / sample.length;
  let date = -1;
  for (let i = 0; i < width && date < 0; i++) if (share(i, looksLikeDate) >= 0.8) date = i;
  if (date < 0) return null;
  const numeric = Array.from({ length: width }, (_, i) => i).filter((i) => i !== date && share(i, (v) => v !== "" && parseAmount(v) !== null && !/^\d{5,}$/.test(v)) >= 0.8);
  const pair = debitCreditPair(sample, width, date);
  if (pair) return { date, description: textColumns(sample, width, [date, pair.debit, pair.credit, pair.balance]).slice(0, 1), debit: pair.debit, credit: pair.credit, balance: pair.balance };
  if (numeric.length === 0) return null;
  const textual = Array.from({ length: width }, (_, i) => i).filter((i) => i !== date && !numeric.includes(i));
  textual.sort(byDescriptionLikeness(sample));
  // Balances are mostly positive; the amount column is the one with both signs (ABN AMRO's tab export puts
  // the start and end balance before the amount).
  const signs = (i: number) => {
    let neg = 0;
    let pos = 0;
    for (const r of sample) {
      const a = parseAmount((r[i] ?? "").trim());
      if (a && a.cents < 0) neg++;
      else if (a && a.cents > 0) pos++;
    }
    return neg > 0 && pos > 0;
  };
  // A running balance: its change from row to row is another numeric column's amount, in most rows. It is
  // never the amount (CommBank's headerless export prints "+1954.80" balances after signed amounts).
  const cents = (r: string[], i: number) => parseAmount((r[i] ?? "").trim())?.cents ?? null;
  const runsOn = (bal: number, amt: number) => {
    let hits = 0;
    for (let k = 1; k < sample.length; k++) {
      const [b0, b1, a0, a1] = [cents(sample[k - 1], bal), cents(sample[k], bal), cents(sample[k - 1], amt), cents(sample[k], amt)];
      if (b0 === null || b1 === null) continue;
      if ((a1 !== null && Math.abs(b1 - b0) === Math.abs(a1)) || (a0 !== null && Math.abs(b0 - b1) === Math.abs(a0))) hits++;
    }
    return sample.length > 1 && hits >= Math.max(1, (sample.length - 1) / 2);
  };
  const balances = numeric.filter((b) => numeric.some((a) => a !== b && runsOn(b, a) && !runsOn(a, b)));
  const candidates = numeric.filter((i) => !balances.includes(i));
  const amount = candidates.find(signs) ?? (candidates.length === 1 ? candidates[0] : undefined);
  if (amount === undefined) {
    throw new StatementError("This file has no header row and several number columns: we could not tell the amount from the balance. Add a header row (Date, Description, Amount) and upload it again.");
  }
  return { date, description: textual.slice(0, 1), amount, balance: balances[0] };
}

/** A cell's cents, or null when it is empty or not an amount. */
function centsOf(r: string[], i: number): number | null {
  return parseAmount((r[i] ?? "").trim())?.cents ?? null;
}

/** The text columns (not `taken`, not all numbers), longest first. */
function textColumns(sample: string[][], width: number, taken: number[]): number[] {
  const cols = Array.from({ length: width }, (_, i) => i).filter((i) => !taken.includes(i) && sample.some((r) => (r[i] ?? "").trim() !== "" && centsOf(r, i) === null));
  return cols.sort(byDescriptionLikeness(sample));
}

/**
 * Without a header, the description is the text column with the most different words, not the longest: Amex UK's
 * headerless export puts "Reference: AT263220038000010274911" (one word and a long code on every row) before the
 * merchant, and "Process Date 18/11/2026" after it. Ties go to the longer column.
 */
function byDescriptionLikeness(sample: string[][]): (a: number, b: number) => number {
  const score = new Map<number, { words: number; length: number }>();
  const of = (i: number) => {
    let s = score.get(i);
    if (!s) {
      const words = new Set<string>();
      let length = 0;
      for (const r of sample) {
        const v = (r[i] ?? "").trim();
        length += v.length;
        for (const w of v.toLowerCase().match(/\p{L}{2,}/gu) ?? []) if (words.size < 1_000) words.add(w);
      }
      s = { words: words.size, length };
      score.set(i, s);
    }
    return s;
  };
  return (a, b) => of(b).words - of(a).words || of(b).length - of(a).length;
}

/**
 * Without a header, separate debit and credit columns (TD Canada: date, description, debit, credit, balance):
 * two money columns of which exactly one is filled on each row (a 0.00 is an empty side), next to a running
 * balance. Which one is the credit is read from the balance: it moves by the row's credit minus its debit
 * (oldest or newest first). Two such columns with no balance to tell them apart are refused, not guessed.
 */
function debitCreditPair(sample: string[][], width: number, date: number): { debit: number; credit: number; balance: number } | null {
  const n = sample.length;
  if (n < 2 || width > 40) return null;
  const filled = (r: string[], i: number) => {
    const c = centsOf(r, i);
    return c !== null && c !== 0;
  };
  // Money-or-empty columns with both filled and empty cells: each side of a debit/credit pair.
  const sides = Array.from({ length: width }, (_, i) => i).filter((i) => {
    if (i === date) return false;
    let money = 0;
    let empty = 0;
    for (const r of sample) {
      const v = (r[i] ?? "").trim();
      const c = v === "" ? 0 : parseAmount(v)?.cents;
      if (c === undefined || /^\d{5,}$/.test(v)) return false;
      if (c === 0) empty++;
      else money++;
    }
    return money > 0 && empty > 0;
  });
  let found: { debit: number; credit: number; balance: number } | null = null;
  for (let x = 0; x < sides.length; x++) {
    for (let y = x + 1; y < sides.length; y++) {
      const [p, q] = [sides[x], sides[y]];
      if (sample.some((r) => filled(r, p) === filled(r, q))) continue;
      // The balance: filled on most rows, and moving by the pair's net in at least half the steps.
      for (let b = 0; b < width; b++) {
        if (b === date || b === p || b === q || sample.filter((r) => centsOf(r, b) !== null).length < n * 0.8) continue;
        const hits = (credit: number, debit: number) => {
          const net = (r: string[]) => Math.abs(centsOf(r, credit) ?? 0) - Math.abs(centsOf(r, debit) ?? 0);
          let h = 0;
          for (let k = 1; k < n; k++) {
            const [b0, b1] = [centsOf(sample[k - 1], b), centsOf(sample[k], b)];
            if (b0 === null || b1 === null) continue;
            if (b1 - b0 === net(sample[k]) || b0 - b1 === net(sample[k - 1])) h++;
          }
          return h;
        };
        const [qCredit, pCredit] = [hits(q, p), hits(p, q)];
        const need = Math.max(1, (n - 1) / 2);
        if (qCredit >= need && qCredit > pCredit) found ??= { debit: p, credit: q, balance: b };
        else if (pCredit >= need && pCredit > qCredit) found ??= { debit: q, credit: p, balance: b };
      }
      if (!found) {
        throw new StatementError("This file has no header row and separate debit and credit columns, with no running balance to tell which is which. Add a header row (Date, Description, Debit, Credit) and upload it again.");
      }
      return found;
    }
  }
  return null;
}

// The words and letters a direction column holds (English, Dutch, German, French, Spanish, Portuguese, Italian,
// Estonian/Nordic K for kreedit, Japanese).
// Polish Ma/Wn and uznanie/obciążenie, Czech příchozí/odchozí, Swedish insättning/uttag, Hungarian jóváírás/terhelés too.
const DIRECTION_IN = /^(\+|a|credit|cr|c|crdt|cred|k|kredit|kreedit|bij|haben|h|in|deposit|incoming|gutschrift|eingang|abono|crédit|cr[ée]dito|ingreso|avere|entrata|entrada|ma|uznanie|p[řr][íi]choz[íi]|p[řr][íi]jem|ins[äa]ttning|j[óo]v[áa][íi]r[áa]s|入金)$/i;
const DIRECTION_OUT = /^(-|debit|dr|d|db|deb|dbit|debet|deebet|af|soll|s|out|withdrawal|outgoing|lastschrift|ausgang|cargo|débit|d[ée]bito|egreso|dare|uscita|sa[íi]da|wn|obci[ąa][żz]enie|odchoz[íi]|v[ýy]daj|uttag|terhel[ée]s|出金)$/i;
// Swedbank's Baltic exports print the opening balance, the turnover and the closing balance as rows of their own
// (Estonian algsaldo/käive/lõppsaldo, Latvian sākuma atlikums/apgrozījums/beigu atlikums, Lithuanian likutis/apyvarta).
const BALANCE_LINE = /^((opening|closing|beginning|ending|available|current|account|ledger|new|previous|statement) )?balance\b|^(beginning|ending) balance|^(alter |neuer )?(saldo|kontostand)\b|^(ancien |nouveau )?solde\b|^(vorig|nieuw|begin|eind|anfangs|end|schluss|start)saldo\b|^(brought|carried) forward\b|繰越|^(差引)?残高|^(algsaldo|l[õo]ppsaldo|k[äa]ive)$|^(s[āa]kuma|beigu) atlikums|^apgroz[īi]jums$|^(pradinis |galutinis )?likutis\b|^apyvarta$|^sold (ini[tț]ial|final|precedent)\b/i;
// A dated row whose description is only a total ("Total", "Summe", "Total débits", "合計") is a footer, not a
// purchase (a shop called "Total Wine" has more words).
const TOTAL_LINE = /^(totals?|totale|totaal|totaux|summe|gesamt(summe)?|合計|小計|total (des |de )?(debits?|credits?|d[ée]bits|cr[ée]dits|cargos|abonos|ums[äa]tze|mouvements|movimientos|operations|transactions|purchases|payments))\s*:?$/i;
const SUMMARY = /^(total|totals|sum|summe|totaal|totaux|gesamt|closing balance|opening balance|ending balance|beginning balance|balance|saldo|solde|kontostand|end of|einde|合計|小計|残高|繰越)/i;

// Memory (a 10 MB export is ~150k rows inside a 128 MB Worker): each row is held once, as the StatementRow it
// becomes. While reading, `date` holds the raw text (interned: a statement has few distinct dates) and
// `amountCents` the signed cents as printed; `resolved[i]` says whether the direction is already known
// (debit/credit columns, CR/DR, a direction column). At the end each row is rewritten in place.
const enum Dir {
  Unresolved = 0,
  Income = 1,
  Expense = 2,
}

/** Collapses runs of blanks without copying the (usually clean) text. */
function squash(text: string): string {
  return /\s\s|[\t\r\n\u00a0]/.test(text) ? text.replace(/\s+/g, " ").trim() : text;
}

export function parseCsv(text: string, opts: { today: string; onProgress?: (fraction: number) => void }): ParsedStatement {
  const delimiter = detectDelimiter(text);
  if (!delimiter) throw new StatementError(NO_TRANSACTIONS);
  const notes: string[] = [];
  const records: StatementRow[] = [];
  const dirs: Dir[] = [];
  /** The running balance of each row (only with a balance column): unsigned amounts take their direction from it. */
  const balances: Array<number | null> = [];
  let balancesUseful = true;
  const interned = new Map<string, string>();
  let columns: Columns | null = null;
  /** A column naming each line's record type (Swedbank Baltic's "Row type"), or -1. */
  let rowTypeColumn = -1;
  let headerLine = 0;
  /** How many cells the header has: a wrapped description keeps the row's delimiters, a key;value footer does not. */
  let headerWidth = 0;
  const preamble: Array<{ cells: string[]; line: number }> = [];
  let line = 0;
  let pendingSkipped = 0;
  /** The line a wrapped description may continue on (right after a row). */
  let continuesAt = -1;
  let summarySkipped = 0;
  let decimal: "." | "," | undefined;
  let tooMany = false;
  const amountSamples: string[] = [];
  const total = text.length;
  let lastReport = 0;

  const take = (cells: string[], lineNo: number) => {
    const c = columns!;
    const cell = (i: number | undefined) => (i === undefined ? "" : (cells[i] ?? "").trim());
    const dateRaw = cell(c.date);
    // A "Transaction"/"Details" column holding only DEBIT or CREDIT (US Bank, Chase) is a direction, not text.
    let directionWord = "";
    const join = (indexes: number[]) => {
      let text = "";
      for (const i of indexes) {
        const v = cell(i);
        if (v && (DIRECTION_IN.test(v) || DIRECTION_OUT.test(v)) && v.length > 1) directionWord = v;
        // A counterparty's name repeated in the text beside it (Nordea: "ANNA LINDQVIST", "SWISH FRÅN ANNA LINDQVIST") once.
        else if (v && !text.includes(v)) text = text && !v.includes(text) ? `${text} ${v}` : v;
      }
      return text;
    };
    // The other party's name leads where the row has one, its message or note after it (what the payment was
    // for, and the words that say salary or refund); a row with no name is its message or note alone (Fio's card
    // purchases leave the name empty and print the merchant in the note).
    // A name column holding an account number (Nordea's "3300 12 34567") names nobody.
    const name = c.names?.length ? join(c.names.filter((i) => /\p{L}/u.test(cell(i)))) : "";
    const text = join(c.description);
    let description = name && text && !text.includes(name) ? (name.includes(text) ? name : `${name} ${text}`) : text || name;
    if (!description) description = directionWord;
    description = squash(description);
    // A balance printed as a row (a preamble's "31.10.2026;Kontostand;1.234,56", an opening-balance line) is
    // not a transaction, in any of the languages.
    // So is a turnover or a direction's total (Swedbank's "Turnover" D and K), named in the bank's language or by
    // the row's record type.
    if (BALANCE_LINE.test(description) || TOTAL_LINE.test(description) || SUMMARY_ROW.test(description) || (rowTypeColumn >= 0 && isSummaryRecordType(cells[rowTypeColumn] ?? ""))) {
      summarySkipped++;
      return;
    }
    const moneyCells = [cell(c.amount), cell(c.debit), cell(c.credit)].filter(Boolean);
    if (!dateRaw || !looksLikeDate(dateRaw)) {
      if (cells.every((v) => v.trim() === "")) return;
      // The header printed again (a page break in the export) is not a pending row.
      if (headerColumns(cells)) return;
      const first = cells.find((v) => v.trim() !== "")?.trim() ?? "";
      if (SUMMARY.test(first) || BALANCE_LINE.test(first)) {
        summarySkipped++;
        return;
      }
      if (moneyCells.length === 0 && description && records.length > 0 && continuesAt === lineNo && cells.length >= headerWidth - 1) {
        // A description wrapped onto the next line belongs to the row above (only right under it: a footer
        // after a blank line, "Disclaimer: …", is not part of the last purchase).
        records[records.length - 1].description += ` ${description}`;
        continuesAt = lineNo + 1;
        return;
      }
      if (moneyCells.length > 0) pendingSkipped++;
      return;
    }
    if (amountSamples.length < 500) amountSamples.push(...moneyCells);
    let cents = 0;
    let dir = Dir.Unresolved;
    if (c.debit !== undefined || c.credit !== undefined) {
      const out = parseAmount(cell(c.debit), decimal);
      const inn = parseAmount(cell(c.credit), decimal);
      const net = Math.abs(inn?.cents ?? 0) - Math.abs(out?.cents ?? 0);
      if (c.amount !== undefined && net === 0) {
        const a = parseAmount(cell(c.amount), decimal);
        if (!a) return;
        cents = a.cents;
      } else {
        cents = net;
        dir = net > 0 ? Dir.Income : Dir.Expense;
      }
    } else {
      const a = parseAmount(cell(c.amount), decimal);
      if (!a) {
        if (cell(c.amount) === "") pendingSkipped++;
        return;
      }
      cents = a.cents;
      if (a.marker) {
        dir = a.marker === "CR" ? Dir.Income : Dir.Expense;
      } else if (c.direction !== undefined || directionWord) {
        const d = c.direction !== undefined ? cell(c.direction) : directionWord;
        const inward = indicatorOf(d);
        if (inward !== null) dir = inward ? Dir.Income : Dir.Expense;
      }
    }
    if (cents === 0) return;
    let date = interned.get(dateRaw);
    if (date === undefined) {
      date = dateRaw;
      if (interned.size < 20_000) interned.set(dateRaw, dateRaw);
    }
    if (records.length >= MAX_STATEMENT_ROWS) {
      tooMany = true;
      return;
    }
    records.push({ date, description, amountCents: cents, isIncome: dir === Dir.Income, line: lineNo });
    continuesAt = lineNo + 1;
    dirs.push(dir);
    // Balances matter only while no amount is negative: stop reading them at the first one.
    if (dir === Dir.Unresolved && cents < 0) balancesUseful = false;
    if (c.balance !== undefined && balancesUseful) balances.push(parseAmount(cell(c.balance), decimal)?.cents ?? null);
    else if (balances.length) balances.length = 0;
  };

  // The header is found first, over a bounded number of rows, so a key;value preamble above it is skipped.
  const head = Papa.parse<string[]>(text, { delimiter, preview: HEADER_SCAN_ROWS, skipEmptyLines: false }).data;
  const header = findHeader(head);
  head.length = 0;

  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (result, parser) => {
      // Bounded work (issue 18): past the import limit the file is refused, without reading the rest.
      if (tooMany) return parser.abort();
      line++;
      const cells = result.data as string[];
      if (!columns) {
        if (header) {
          if (line === header.index + 1) {
            columns = header.columns;
            headerLine = line;
            headerWidth = cells.length;
            rowTypeColumn = cells.findIndex((h) => ROW_TYPE_HEADER.test(h.trim()));
            notes.push(`Header on line ${line}: ${describeColumns(cells, header.columns)}.`);
          }
          return;
        }
        preamble.push({ cells, line });
        // No header in the first lines: decide the columns from what the cells look like.
        if (preamble.length === 30) startHeaderless();
        return;
      }
      if (!decimal && amountSamples.length >= 50) decimal = columnDecimal(amountSamples);
      take(cells, line);
      if (opts.onProgress && result.meta.cursor - lastReport > total / 20) {
        lastReport = result.meta.cursor;
        opts.onProgress(Math.min(0.99, result.meta.cursor / total));
      }
    },
  });
  if (!columns) startHeaderless();
  if (tooMany) throw new StatementError(TOO_MANY_ROWS);

  function startHeaderless() {
    if (columns) return;
    // The table is the rows of its most common width that hold a date: key;value lines and free text before
    // it are not columns.
    const dated = preamble.filter((p) => p.cells.length > 1 && p.cells.some((c) => looksLikeDate(c.trim())));
    const widths = new Map<number, number>();
    for (const p of dated) widths.set(p.cells.length, (widths.get(p.cells.length) ?? 0) + 1);
    const width = [...widths.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0];
    const rows = dated.filter((p) => p.cells.length === width);
    const found = rows.length > 0 ? inferColumns(rows.map((r) => r.cells)) : null;
    if (!found) return;
    // Without a header too, a column of debit/credit indicators holding both directions beside unsigned amounts.
    const inferred = confirmDirectionColumn(found, [], rows.map((r) => r.cells));
    columns = inferred;
    if (inferred.amount !== undefined) {
      notes.push(`No header row: columns found by content (date in column ${inferred.date + 1}, amount in column ${inferred.amount + 1}${inferred.direction !== undefined ? `, its debit/credit indicator in column ${inferred.direction + 1}` : ""}).`);
    } else {
      notes.push(`No header row: columns found by content (date in column ${inferred.date + 1}, debit in column ${inferred.debit! + 1}, credit in column ${inferred.credit! + 1}, told apart by the running balance in column ${inferred.balance! + 1}).`);
    }
    const moneyColumns = [inferred.amount, inferred.debit, inferred.credit].filter((k): k is number => k !== undefined);
    decimal = columnDecimal(rows.flatMap((r) => moneyColumns.map((k) => (r.cells[k] ?? "").trim())).filter(Boolean));
    for (const r of preamble) take(r.cells, r.line);
    preamble.length = 0;
  }

  if (!columns || records.length === 0) throw new StatementError(NO_TRANSACTIONS);
  notes.unshift(`CSV, delimiter ${delimiter === "\t" ? "tab" : `"${delimiter}"`}${headerLine > 1 ? `, ${headerLine - 1} line(s) before the header skipped` : ""}.`);

  const order = detectDateOrder(interned.size > 0 && interned.size < 20_000 ? [...interned.keys()] : records.map((r) => r.date), dateOrderHint(text.slice(0, 16 * 1024)));
  notes.push(order === "dmy" ? "Dates read day-first (DD/MM)." : order === "mdy" ? "Dates read month-first (MM/DD)." : "Dates read as year-month-day.");
  if (decimal === ",") notes.push("Amounts use a decimal comma.");
  // A credit-card export (its preamble or header names the card, or two of a card's summary words): purchases
  // are spending, payments and credits money in, and the balance owed grows with purchases (issue 21).
  const cues = cardStatementCues(text.slice(0, 4096));
  if (cues) notes.unshift(`Credit-card export (${cues.join(", ")}): purchases are spending, payments and credits money in.`);
  // Unsigned amounts (none negative) next to a running balance: the balance's change gives the direction.
  if (balancesUseful && balances.length === records.length && records.length > 1) {
    const fromBalance = directionsFromBalance(records.map((r, i) => ({ cents: r.amountCents, balance: balances[i] }))).map((d) => (d === null ? null : cues ? !d : d));
    let n = 0;
    for (let i = 0; i < records.length; i++) {
      if (dirs[i] === Dir.Unresolved && fromBalance[i] !== null) {
        dirs[i] = fromBalance[i] ? Dir.Income : Dir.Expense;
        n++;
      }
    }
    if (n) notes.push(`Directions of ${n} unsigned row(s) read from the running balance.`);
  }
  balances.length = 0;
  function* unresolved() {
    for (let i = 0; i < records.length; i++) if (dirs[i] === Dir.Unresolved) yield { description: records[i].description, cents: records[i].amountCents };
  }
  const sign = detectSignConvention(unresolved(), { cardStatement: cues !== null });
  if (dirs.includes(Dir.Unresolved)) notes.push(`Signs: ${sign.reason}.`);

  // Rewrite in place: ISO dates (cached per raw text), absolute cents, the direction.
  const isoOf = new Map<string, string | null>();
  let badDates = 0;
  let kept = 0;
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    let date = isoOf.get(r.date);
    if (date === undefined) {
      date = toIsoDate(r.date, order, { today: opts.today });
      if (isoOf.size < 20_000) isoOf.set(r.date, date);
    }
    if (!date) {
      badDates++;
      continue;
    }
    const cents = r.amountCents;
    r.date = date;
    r.isIncome = dirs[i] === Dir.Unresolved ? incomeBySign(sign.convention, cents, r.description) : dirs[i] === Dir.Income;
    r.amountCents = Math.abs(cents);
    if (!r.description) r.description = "(no description)";
    records[kept++] = r;
  }
  records.length = kept;
  dirs.length = 0;
  // Summary lines after the rows that no word above named: each one's amount is its direction's sum.
  const tail = summaryTailLength(records);
  if (tail) {
    records.length -= tail;
    summarySkipped += tail;
  }
  const rows = records;
  if (pendingSkipped) notes.push(`${pendingSkipped} pending row(s) without a date skipped.`);
  if (summarySkipped) notes.push(`${summarySkipped} summary line(s) skipped.`);
  if (badDates) notes.push(`${badDates} row(s) with an impossible or future date skipped.`);
  if (rows.length === 0) throw new StatementError(NO_TRANSACTIONS);
  opts.onProgress?.(1);
  return { format: "csv", rows, notes, skipped: pendingSkipped + summarySkipped + badDates };
}

function describeColumns(cells: string[], c: Columns): string {
  const name = (i: number | undefined) => (i === undefined ? null : `"${(cells[i] ?? "").trim()}"`);
  const parts = [`date ${name(c.date)}`];
  if (c.names?.length) parts.push(`name ${c.names.map(name).join(" + ")} (else the description)`);
  if (c.description.length) parts.push(`description ${c.description.map(name).join(" + ")}`);
  if (c.amount !== undefined) parts.push(`amount ${name(c.amount)}`);
  if (c.debit !== undefined) parts.push(`debit ${name(c.debit)}`);
  if (c.credit !== undefined) parts.push(`credit ${name(c.credit)}`);
  if (c.direction !== undefined) parts.push(`direction ${name(c.direction)}`);
  return parts.join(", ");
}
