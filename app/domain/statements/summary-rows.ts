// A statement's summary lines printed among its rows (issue 21, held-out 8's Swedbank Latvia export kept its two
// "Turnover" lines, one D and one K, as a purchase and an income): turnover, totals per direction and interest
// summaries are never transactions. Recognised three ways: by the whole description being such a line's name, in
// the bank's language; by a record-type column saying so (Swedbank's Baltic exports); and by shape (lines after the
// rows whose amount is the sum of the rows of their direction). A real row whose text merely holds such a word
// ("TURNOVER CAFE", "Total Energies") is none of them: the name must be the whole text, or the sum must match.

/** The whole description of a summary line: turnover, a direction's total, the movements' total. */
export const SUMMARY_ROW = new RegExp(
  [
    String.raw`(debit |credit |total )?turnovers?( (debit|credit|total|for the period))?`,
    String.raw`total (debit|credit) turnover|period turnover`,
    String.raw`k[äa]ive|deebetk[äa]ive|kreeditk[äa]ive|apgroz[īi]jums|debeta apgroz[īi]jums|kred[īi]ta apgroz[īi]jums|apyvarta|debeto apyvarta|kredito apyvarta`,
    String.raw`(summe )?ums[äa]tze?( (gesamt|soll|haben|summe))?|summe (soll|haben|ums[äa]tze)|gesamtums[äa]tze?|soll-?ums[äa]tze?|haben-?ums[äa]tze?`,
    String.raw`(totale? )?omzet(ten)?( (af|bij|debet|credit|totaal))?|totaal (af|bij|debet|credit)`,
    String.raw`chiffre d'affaires|total des (mouvements|op[ée]rations)( (d[ée]biteurs|cr[ée]diteurs))?|mouvements totaux|total (d[ée]bit|cr[ée]dit)s?`,
    String.raw`movimientos totales|total (de )?movimientos|total (de )?(d[ée]bitos|cr[ée]ditos|cargos|abonos)|totales? (d[ée]bitos|cr[ée]ditos)`,
    String.raw`(credit |debit |accrued )?interest (summary|total|accrued)|total interest( (paid|charged|earned))?|zinsen gesamt|intereses totales`,
  ]
    .map((s) => `(?:${s})`)
    .join("|")
    .replace(/^/, "^(?:")
    .concat(")\\s*:?$"),
  "i",
);

/** A column naming each line's kind (Swedbank Baltic's "Row type"/"Ieraksta tips"/"Rea tüüp"/"Įrašo tipas"). */
export const ROW_TYPE_HEADER = /^(row|record|entry|line) ?type$|^ieraksta tips$|^rea t[üu][üu]p$|^kirje t[üu][üu]p$|^[įi]ra[šs]o tipas$|^satzart$/i;
/**
 * Swedbank's documented record types: 10 opening balance, 20 a transaction, 82 turnover, 86 closing balance, 900
 * interest accrued. Only 20 is a transaction.
 */
const SUMMARY_RECORD_TYPES = new Set(["10", "82", "86", "900"]);
export const isSummaryRecordType = (code: string) => SUMMARY_RECORD_TYPES.has(code.trim());

/** Summary words a description may hold among others: with the sum's shape, enough to tell a footer. */
const SUMMARY_HINT = /turnover|k[äa]ive|apgroz|apyvarta|ums[äa]tz|omzet|chiffre d'affaires|mouvements|movimientos|\btotal|\bsumme|\bsum\b|totaal|interest/i;

/** The most lines a statement's summary block after its rows holds (turnover out and in, interest, a total). */
const MAX_TAIL = 4;

/**
 * How many lines at the end are the statement's summary by their shape: each one's amount is the sum of two or more
 * rows of its direction above the block, and its text says so (a summary word in it, no letters at all, or the same
 * text as another line of the block in the other direction: "Turnover" D and K). 0 when none.
 */
export function summaryTailLength(rows: ReadonlyArray<{ description: string; amountCents: number; isIncome: boolean }>): number {
  for (let tail = Math.min(MAX_TAIL, rows.length - 2); tail >= 1; tail--) {
    const block = rows.slice(rows.length - tail);
    const sums = { in: { n: 0, cents: 0 }, out: { n: 0, cents: 0 } };
    for (let i = 0; i < rows.length - tail; i++) {
      const s = rows[i].isIncome ? sums.in : sums.out;
      s.n++;
      s.cents += Math.abs(rows[i].amountCents);
    }
    const fits = block.every((r) => {
      const s = r.isIncome ? sums.in : sums.out;
      if (s.n < 2 || Math.abs(r.amountCents) !== s.cents) return false;
      const paired = block.some((o) => o !== r && o.isIncome !== r.isIncome && o.description.trim().toLowerCase() === r.description.trim().toLowerCase());
      return paired || SUMMARY_HINT.test(r.description) || !/\p{L}/u.test(r.description);
    });
    if (fits) return tail;
  }
  return 0;
}
