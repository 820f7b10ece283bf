// The words statements are printed with, in English, Dutch, German, French and Spanish (issue 21), and the debit/credit
// words and card cues of Italian, Portuguese, Polish, Turkish, Indonesian and Czech/Slovak statements: month
// names and abbreviations, the debit/credit word after an amount, and what marks a credit-card statement.
// Data, not logic: each list is what banks of those countries print (their statements and help pages).

/** Month names and the abbreviations banks print, lower-case, to the month number. */
export const MONTH_NAMES: Record<string, number> = {
  // English
  january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
  jan: 1, feb: 2, mar: 3, apr: 4, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
  // Dutch
  januari: 1, februari: 2, maart: 3, mei: 5, juni: 6, juli: 7, augustus: 8, oktober: 10, mrt: 3, okt: 10,
  // German (and Austrian Jänner)
  januar: 1, februar: 2, märz: 3, maerz: 3, mai: 5, dezember: 12, mär: 3, mrz: 3, dez: 12, jän: 1, jänner: 1,
  // French
  janvier: 1, février: 2, fevrier: 2, mars: 3, avril: 4, juin: 6, juillet: 7, août: 8, aout: 8, septembre: 9, octobre: 10, novembre: 11, décembre: 12, decembre: 12,
  janv: 1, févr: 2, fevr: 2, fév: 2, fev: 2, avr: 4, juil: 7, déc: 12,
  // Spanish
  enero: 1, febrero: 2, marzo: 3, abril: 4, mayo: 5, junio: 6, julio: 7, agosto: 8, septiembre: 9, setiembre: 9, octubre: 10, noviembre: 11, diciembre: 12,
  ene: 1, abr: 4, ago: 8, set: 9, dic: 12,
  // Portuguese
  janeiro: 1, fevereiro: 2, março: 3, marco: 3, maio: 5, junho: 6, julho: 7, setembro: 9, outubro: 10, novembro: 11, dezembro: 12, out: 10,
  // Italian
  gennaio: 1, febbraio: 2, aprile: 4, maggio: 5, giugno: 6, luglio: 7, settembre: 9, ottobre: 10, dicembre: 12, gen: 1, mag: 5, giu: 6, lug: 7, ott: 10,
  // Romanian (ING Home'Bank prints "03 noiembrie 2026")
  ianuarie: 1, februarie: 2, martie: 3, aprilie: 4, iunie: 6, iulie: 7, septembrie: 9, octombrie: 10, noiembrie: 11, decembrie: 12, ian: 1, iun: 6, iul: 7, noi: 11,
};

/** The month of a name or abbreviation ("Nov", "nov.", "MRT", "févr", "Dezember"), or undefined. */
export function monthOf(name: string): number | undefined {
  const key = name.toLowerCase().replace(/\.$/, "");
  return MONTH_NAMES[key];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A regex source matching any month name (longest first), to be used with the `i` flag. */
export const MONTH_SOURCE = Object.keys(MONTH_NAMES)
  .sort((a, b) => b.length - a.length)
  .map(escape)
  .join("|");

/** The word a statement prints after an amount to say which way it went → income (true) or spending. */
const DIRECTION_WORDS: Record<string, boolean> = {
  cr: true, credit: true, dr: false, debit: false, // English
  bij: true, af: false, // Dutch
  haben: true, h: true, soll: false, s: false, gutschrift: true, belastung: false, // German
  crédit: true, débit: false, // French
  abono: true, cargo: false, // Spanish
  // Spanish and Portuguese "Débito"/"Crédito" (BROU, Banco do Brasil), with and without the accent, and their short
  // forms; English and Brazilian single letters "D"/"C"; Dutch/Nordic "Debet"; Italian "Dare"/"Avere". Without them
  // "1.245,80 Débito  22.172,70" read the balance after the word as the row's amount (held-out 8's BROU statement).
  débito: false, debito: false, crédito: true, credito: true, déb: false, deb: false, créd: true, cred: true, db: false,
  d: false, c: true, debet: false, dare: false, avere: true,
  // Italian card and account statements print the noun after the amount: "87,45 addebito", "642,18 accredito"
  // (held-out 9's BSM card statement was refused: the words were unknown, so no line read as a row).
  addebito: false, accredito: true, addebitato: false, accreditato: true,
  // Portuguese "Déb."/"Créd." are above; Indonesian "Debet"/"Kredit" (BCA, Mandiri: "DB"/"CR" above too), Czech and
  // Slovak "Debet"/"Kredit", Polish "Obciążenie"/"Uznanie" and the ledger's "Wn"/"Ma", Turkish "Borç"/"Alacak".
  kredit: true, obciążenie: false, obciazenie: false, uznanie: true, wn: false, ma: true, borç: false, borc: false, alacak: true,
};

/** Regex source of the direction words (use with the `i` flag, after an amount). */
export const DIRECTION_WORD_SOURCE = Object.keys(DIRECTION_WORDS)
  .sort((a, b) => b.length - a.length)
  .map(escape)
  .join("|");

/** true for a credit word, false for a debit word, undefined for anything else. */
export function directionWord(word: string): boolean | undefined {
  return DIRECTION_WORDS[word.toLowerCase().replace(/\.$/, "")];
}

/**
 * What only a credit-card statement prints: its summary words (new balance, minimum payment, payment due
 * date, credit limit) and its name, in the five languages. Two different cues are needed, or one that
 * names the card itself, so a checking statement mentioning "credit" once is not taken for a card.
 */
const CARD_NAMES = /credit ?card|card ?statement|cardmember|card member|creditcard|kreditkarte|carte (bancaire|de crédit|visa|mastercard)|relev[ée] de (votre )?carte|tarjeta de cr[ée]dito|extracto de tarjeta|barclaycard|international card services|carta di credito|estratto conto (della )?carta|cart[ãa]o de cr[ée]dito|fatura do cart[ãa]o|kred[iİ] kart[ıiİ]|kart hesap [öo]zeti|karta kredytow[aą]|zestawienie (operacji|transakcji) karty|kartu kredit|tagihan kartu|kreditn[íi] kart[ay]|クレジットカード|カードご利用明細|ご利用明細/i;
const CARD_SUMMARY: Array<[string, RegExp]> = [
  ["new balance", /new balance|nieuw saldo|neuer saldo|nouveau solde|nuevo saldo|saldo (actual|nuevo)|nuovo saldo|d[öo]nem borcu|saldo zad[łl]u[żz]enia|tagihan baru/i],
  ["minimum payment", /minimum (payment|amount) due|minimum payment|minimaal te betalen|minimumbedrag|mindest(betrag|zahlung)|paiement minimum|pago m[íi]nimo|importo minimo|asgari [öo]deme|minimalna kwota|pembayaran minimum|minim[áa]ln[íi] spl[áa]tka/i],
  ["payment due date", /payment due date|uiterste betaaldatum|f[äa]lligkeitsdatum|date limite de paiement|fecha (l[íi]mite|de cargo)|son [öo]deme tarihi|termin sp[łl]aty|tanggal jatuh tempo|datum splatnosti/i],
  ["credit limit", /credit limit|available credit|kredietlimiet|bestedingslimiet|kreditlimit|verf[üu]gungsrahmen|limite de cr[ée]dit|plafond|l[íi]mite de cr[ée]dito|fido accordato|kart limiti|limit kredytowy|batas kredit|[úu]v[ěe]rov[ýy] r[áa]mec/i],
];

/** Why a text reads as a credit-card statement (the cues found), or null when it does not. */
export function cardStatementCues(text: string): string[] | null {
  const cues = CARD_SUMMARY.filter(([, re]) => re.test(text)).map(([name]) => name);
  const named = CARD_NAMES.exec(text);
  if (named) cues.unshift(`"${named[0].toLowerCase()}"`);
  return named || cues.length >= 2 ? cues : null;
}

/** Lines of a statement's summary (balances, limits, totals), never transactions, in the five languages. */
export const SUMMARY_LINE = /^((alter|neuer) kontostand|s a l d o|total|totals|totaux|totaal|gesamt|summe|sum|subtotal|sub-total|sous-total|subtotaal|subtotale|zwischensumme|balance|saldo|solde|new balance|previous balance|opening balance|closing balance|statement balance|start balance|end balance|starting balance|ending balance|beginning balance|nieuw saldo|vorig saldo|neuer saldo|alter saldo|nouveau solde|ancien solde|saldo anterior|saldo actual|nuevo saldo|minimum|minimaal|mindest|paiement minimum|pago m[íi]nimo|payment due|credit limit|available credit|kreditlimit|limite|l[íi]mite|kontostand|totale|saldo (iniziale|finale|contabile|disponibile)|saldo (inicial|final)|solde (initial|final|pr[ée]c[ée]dent)|anfangssaldo|endsaldo|schlusssaldo|beginsaldo|eindsaldo|brought forward|carried forward|(balance |bal\.? )?[bc]\/f\b|合計|小計|残高|差引残高|前月繰越|繰越|今回ご請求|お支払金額合計)/i;
