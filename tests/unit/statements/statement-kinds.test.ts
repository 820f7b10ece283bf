import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { parseAmount } from "../../../app/domain/statements/amounts";
import { dateParts, dateOrderHint, toIsoDate } from "../../../app/domain/statements/dates";
import { parseStatement } from "../../../app/domain/statements";
import { cardStatementCues } from "../../../app/domain/statements/words";

// Issue 21: each kind of file is a rule, tested over variants (other banks' layouts, languages, section
// names), not over one file.
const TODAY = "2026-11-22";
const read = (text: string, name = "s.txt") => parseStatement(new TextEncoder().encode(text), name, { today: TODAY });
const directions = (rows: Array<{ description: string; isIncome: boolean }>) => rows.map((r) => [r.description, r.isIncome ? "in" : "out"]);

describe("month names and debit/credit words in five languages", () => {
  it.each([
    ["03 NOV", 11, 3], ["27 okt", 10, 27], ["12. Dez", 12, 12], ["5 févr.", 2, 5], ["14 dic", 12, 14], ["2 mrt", 3, 2], ["9 Mär", 3, 9], ["1 août", 8, 1], ["20 ene", 1, 20], ["Sept 4", 9, 4], ["7 septiembre", 9, 7],
  ])("%s is month %i day %i", (text, month, day) => {
    expect(dateParts(text)?.named).toEqual({ month, day });
  });

  it.each([
    ["84,20 Débit", -1], ["35,99 Crédit", 1], ["1.153,09 Af", -1], ["450,00 Bij", 1], ["45,10 Soll", -1], ["300,00 Haben", 1], ["62,35 Cargo", -1], ["842,10 Abono", 1], ["45.00 CR", 1], ["45.00 DR", -1], ["12.00 Debit", -1], ["12.00 credit", 1],
  ])("%s carries its direction", (text, dir) => {
    const a = parseAmount(text)!;
    expect(a.marker).toBe(dir > 0 ? "CR" : "DR");
    expect(Math.abs(a.cents)).toBeGreaterThan(0);
  });

  it("a word alone is no amount", () => {
    expect(parseAmount("Cargo")).toBeNull();
    expect(parseAmount("Haben")).toBeNull();
  });
});

describe("credit-card statements: purchases are spending, payments and credits money in", () => {
  it.each([
    ["English", "New Balance $423.90\nMinimum Payment Due $25.00"],
    ["Dutch", "Nieuw saldo € 1.304,27\nMinimaal te betalen € 45,00"],
    ["German", "Neuer Saldo 834,60 EUR\nKreditlimit 3.000,00 EUR"],
    ["French", "Nouveau solde 612,45 €\nPaiement minimum 25,00 €"],
    ["Spanish", "Límite de crédito 5.000,00 €\nPago mínimo 30,00 €"],
  ])("is recognised by its summary words (%s)", (_, text) => {
    expect(cardStatementCues(text)).not.toBeNull();
  });

  it("a checking statement with one mention of credit is not a card statement", () => {
    expect(cardStatementCues("Statement of account\nClosing balance 1,234.56\nCredit interest 0.12")).toBeNull();
  });

  it("unsigned rows with a balance owed that grows with purchases (no sections): purchases spending", async () => {
    const parsed = await read(["VISA PLATINUM CARD STATEMENT   Closing Date 11/20/2026", "New Balance 1,294.55   Minimum Payment Due 35.00", "10/22  SAFEWAY 1234   87.45   1,087.45", "10/25  UNITED AIRLINES   612.40   1,699.85", "11/02  PAYMENT THANK YOU   500.00   1,199.85", "11/07  COSTCO WHSE   94.70   1,294.55"].join("\n"));
    expect(directions(parsed.rows)).toEqual([["SAFEWAY 1234", "out"], ["UNITED AIRLINES", "out"], ["PAYMENT THANK YOU", "in"], ["COSTCO WHSE", "out"]]);
    expect(parsed.notes[0]).toMatch(/^Credit-card statement \(.*new balance.*\): purchases are spending/);
  });

  it("signed rows with no income-like wording: purchases positive, credits negative", async () => {
    const parsed = await read(["Card statement - card ending 4821", "Payment due date 12/15/2026", "11/02  ONLINE PYMT   -250.00", "11/03  HARDWARE STORE   64.10", "11/05  GROCER   31.20"].join("\n"));
    expect(directions(parsed.rows)).toEqual([["ONLINE PYMT", "in"], ["HARDWARE STORE", "out"], ["GROCER", "out"]]);
  });

  it.each([
    ["English", ["Purchases", "Payments and Credits", "Fees Charged", "Interest Charged"]],
    ["Dutch", ["Aankopen", "Betalingen", "Aankopen", "Aankopen"]],
    ["German", ["Umsätze", "Gutschriften", "Umsätze", "Umsätze"]],
    ["French", ["Achats", "Remboursements", "Achats", "Achats"]],
    ["Spanish", ["Compras", "Abonos", "Compras", "Compras"]],
  ])("sections give the direction of unsigned rows (%s)", async (_, [buy, pay, fees, interest]) => {
    const parsed = await read(["CREDIT CARD STATEMENT", "New Balance 700.00", "Minimum payment 25.00", pay, "11/02  THANK YOU ONLINE   500.00", buy, "11/03  BOOKSHOP   20.00", "11/04  RESTAURANT   40.00", fees, "11/20  LATE FEE   29.00", interest, "11/20  INTEREST CHARGE   12.34"].join("\n"));
    expect(directions(parsed.rows)).toEqual([["THANK YOU ONLINE", "in"], ["BOOKSHOP", "out"], ["RESTAURANT", "out"], ["LATE FEE", "out"], ["INTEREST CHARGE", "out"]]);
  });

  it.each([
    ["signed, no income-like wording", "Card member;Erika Musterfrau\nKreditlimit;3.000,00\nNeuer Saldo;120,00\nDatum;Beschreibung;Betrag\n02.11.2026;ONLINE UEBERWEISUNG;-100,00\n03.11.2026;BUCHLADEN;20,00\n"],
    ["unsigned, a balance owed growing with purchases", "Credit card statement,,,\nDate,Description,Amount,Balance\n11/01/2026,STATIONERY,20.00,120.00\n11/02/2026,ONLINE TRANSFER,100.00,20.00\n11/03/2026,BOOKSHOP,20.00,40.00\n"],
  ])("a card CSV export (%s): the same directions, and the note says why", async (_, text) => {
    const parsed = await read(text, "card.csv");
    expect(parsed.rows.filter((r) => r.description !== "STATIONERY").map((r) => r.isIncome)).toEqual([true, false]);
    expect(parsed.notes[0]).toMatch(/^Credit-card export/);
  });

  it("two date columns: the transaction date, also when the posting date is printed first", async () => {
    const first = await read(["Credit card statement  Statement date 11/20/2026", "Trans Date  Post Date  Description  Amount", "11/02  11/04  BOOKSHOP   20.00"].join("\n"));
    expect(first.rows[0].date).toBe("2026-11-02");
    const postedFirst = await read(["Credit card statement  Statement date 11/20/2026", "Posting Date  Transaction Date  Description  Amount", "11/04  11/02  BOOKSHOP   20.00"].join("\n"));
    expect(postedFirst.rows[0].date).toBe("2026-11-02");
    const german = await read(["Kreditkartenabrechnung 19.11.2026", "Buchungsdatum Belegdatum Verwendungszweck Betrag", "04 Nov  02 Nov  BUCHLADEN   20,00 Soll"].join("\n"));
    expect(german.rows[0].date).toBe("2026-11-02");
  });

  it("summary lines with a date are never rows (balances, limits, minimum payment)", async () => {
    const parsed = await read(["CREDIT CARD STATEMENT", "11/20/2026  New Balance   1,234.56", "11/20/2026  Previous Balance   900.00", "12/15/2026  Minimum Payment Due   35.00", "11/20/2026  Credit Limit   5,000.00", "11/03  BOOKSHOP   20.00"].join("\n"));
    expect(parsed.rows.map((r) => r.description)).toEqual(["BOOKSHOP"]);
  });

  async function cardPdf(opts: { columnFirst: boolean }): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const summary = doc.addPage([612, 792]);
    const put = (page: ReturnType<typeof doc.addPage>, x: number, y: number, t: string) => page.drawText(t, { x, y, size: 9, font });
    [["Previous Balance", "$900.00"], ["Payments", "-$300.00"], ["Purchases", "+$133.50"], ["New Balance", "$733.50"], ["Payment Due Date", "12/15/2026"], ["Minimum Payment Due", "$25.00"], ["Statement Closing Date 11/20/2026", ""]].forEach(([a, b], i) => {
      put(summary, 40, 740 - i * 16, a);
      if (b) put(summary, 400, 740 - i * 16, b);
    });
    const pages = [
      [["PAYMENTS AND OTHER CREDITS"], ["11/02", "11/03", "PAYMENT - THANK YOU", "-300.00"], ["PURCHASES"], ["10/25", "10/26", "GROCERY OUTLET", "45.50"]],
      [["PURCHASES (CONTINUED)"], ["11/09", "11/10", "HARDWARE STORE", "88.00"]],
    ];
    for (const rows of pages) {
      const page = doc.addPage([612, 792]);
      const order = opts.columnFirst ? [3, 0, 1, 2] : [0, 1, 2, 3];
      for (const c of order) rows.forEach((row, i) => {
        const t = row.length === 1 ? (c === 0 ? row[0] : "") : row[c];
        if (t) put(page, [40, 100, 160, 500][c], 700 - i * 18, t);
      });
    }
    return doc.save();
  }

  it.each([false, true])("a card statement PDF: rows from every page and section, by position, none from the summary page (column-first drawing: %s)", async (columnFirst) => {
    const parsed = await parseStatement(await cardPdf({ columnFirst }), "card.pdf", { today: TODAY });
    expect(parsed.rows.map((r) => [r.date, r.description, r.amountCents, r.isIncome ? "in" : "out"])).toEqual([
      ["2026-11-02", "PAYMENT - THANK YOU", 30000, "in"],
      ["2026-10-25", "GROCERY OUTLET", 4550, "out"],
      ["2026-11-09", "HARDWARE STORE", 8800, "out"],
    ]);
    expect(parsed.notes.join(" ")).toMatch(/Credit-card statement/);
  });
});

describe("preambles: key;value lines and balance lines before the real header", () => {
  const csv = (t: string) => read(t, "x.csv");
  it.each([
    ["German, balance column before the amount", "Kontoauszug;Girokonto\nKontostand;1.234,56;EUR\n\nDatum;Name;Saldo;Betrag\n02.10.2026;REWE;1.180,24;-54,32\n05.10.2026;Arbeitgeber AG Gehalt;3.580,24;2.400,00\n"],
    ["English, 'Posted' date header, negative balance line", "Account;12345678\nBalance;-1,234.56;USD\nPeriod;10/01/2026 - 10/31/2026\n\nPosted;Payee;Balance;Amount\n10/02/2026;REWE;1,180.24;-54.32\n10/05/2026;Arbeitgeber AG Gehalt;3,580.24;2,400.00\n"],
    ["a preamble longer than 30 lines", Array.from({ length: 34 }, (_, i) => `Hinweis ${i + 1};Text ${i + 1}`).join("\n") + "\nSaldo;2.345,67;EUR\n\nBuchung;Valuta;Empfänger;Saldo;Währung;Betrag;Währung\n02.10.2026;02.10.2026;REWE;1.180,24;EUR;-54,32;EUR\n05.10.2026;05.10.2026;Arbeitgeber AG Gehalt;3.580,24;EUR;2.400,00;EUR\n"],
    ["a dated balance row in the preamble", "Saldo;2.345,67;EUR\n30.09.2026;Kontostand;1.234,56\n\nBuchungstag;Text;Kontostand;Umsatz\n02.10.2026;REWE;1.180,24;-54,32\n05.10.2026;Arbeitgeber AG Gehalt;3.580,24;2.400,00\n"],
    ["French, balance before amount, date order from the preamble", "Compte;FR76 3000 1000\nSolde au 31/10/2026;1 234,56\nDate;Libellé;Solde;Montant\n02/10/2026;REWE;1 180,24;-54,32\n05/10/2026;Arbeitgeber AG Gehalt;3 580,24;2 400,00\n"],
    ["Spanish, headerless after the preamble", "Cuenta;ES12 3456\nSaldo disponible;2.345,67\n\n02/10/2026;REWE;1.180,24;-54,32\n05/10/2026;Arbeitgeber AG Gehalt;3.580,24;2.400,00\n"],
  ])("%s", async (_, text) => {
    const parsed = await csv(text);
    expect(parsed.rows.map((r) => [r.date, r.description, r.amountCents, r.isIncome])).toEqual([
      ["2026-10-02", "REWE", 5432, false],
      ["2026-10-05", "Arbeitgeber AG Gehalt", 240000, true],
    ]);
  });

  it("dates that are ambiguous everywhere: a day-first date elsewhere, or a European language, decides", () => {
    expect(dateOrderHint("Solde au 31/10/2026\n02/10/2026;X")).toBe("dmy");
    expect(dateOrderHint("Datum;Omschrijving;Bedrag\n02-10-2026;X;1,00")).toBe("dmy");
    expect(dateOrderHint("Date,Description,Amount\n02/10/2026,X,1.00")).toBe("mdy");
  });
});

describe("fixed-width text statements in other languages", () => {
  const layouts: Array<[string, string[]]> = [
    ["Dutch", ["Creditcard afschrift", "Datum afschrift: 21 november 2026", "Nieuw saldo                          € 1.304,27", "Datum    Boekdatum  Omschrijving                 Bedrag", "27 okt   28 okt     BAKKERIJ                     12,50 Af", "02 nov   03 nov     BETALING ONTVANGEN          400,00 Bij", "Pagina 2", "Datum    Boekdatum  Omschrijving                 Bedrag", "10 nov   11 nov     FIETSENWINKEL             1.153,09 Af", "Totaal uitgaven                     € 1.165,59"]],
    ["German", ["Kreditkartenabrechnung  Abrechnungsdatum 21.11.2026", "Neuer Saldo                            834,60 EUR", "Belegdatum Buchungsdatum Text                  Betrag", "27 Okt     28 Okt        BAKKERIJ              12,50 Soll", "02 Nov     03 Nov        BETALING ONTVANGEN   400,00 Haben", "Seite 2", "Belegdatum Buchungsdatum Text                  Betrag", "10 Nov     11 Nov        FIETSENWINKEL      1.153,09 Soll", "Summe Belastungen                      € 1.165,59"]],
    ["French", ["Relevé de votre carte  Date d'arrêté : 21/11/2026", "Nouveau solde                        612,45 €", "Date opér.  Date valeur  Libellé             Montant", "27 oct      28 oct       BAKKERIJ            12,50 Débit", "02 nov      03 nov       BETALING ONTVANGEN 400,00 Crédit", "Page 2/2", "Date opér.  Date valeur  Libellé             Montant", "10 nov      11 nov       FIETSENWINKEL    1.153,09 Débit", "Total des opérations                € 1.165,59"]],
    ["Spanish", ["Extracto de tarjeta de crédito  Fecha de emisión: 21/11/2026", "Saldo anterior                         842,10 €", "F. operación F. valor Concepto           Importe", "27 oct       28 oct   BAKKERIJ            12,50 Cargo", "02 nov       03 nov   BETALING ONTVANGEN 400,00 Abono", "Página 2", "F. operación F. valor Concepto           Importe", "10 nov       11 nov   FIETSENWINKEL    1.153,09 Cargo", "Total cargos                         € 1.165,59"]],
    ["English", ["Card statement  Statement date 21 Nov 2026", "New balance                          £1,304.27", "Date    Posted  Description                 Amount", "27 Oct  28 Oct  BAKKERIJ                    12.50 DR", "02 Nov  03 Nov  BETALING ONTVANGEN         400.00 CR", "Page 2", "Date    Posted  Description                 Amount", "10 Nov  11 Nov  FIETSENWINKEL            1,153.09 DR", "Total debits                         £1,165.59"]],
  ];
  it.each(layouts)("%s: day + month abbreviation without a year, two dates, the debit/credit word, repeated headers, summary lines", async (_, lines) => {
    const parsed = await read(lines.join("\n"));
    expect(parsed.rows.map((r) => [r.date, r.description, r.amountCents, r.isIncome])).toEqual([
      ["2026-10-27", "BAKKERIJ", 1250, false],
      ["2026-11-02", "BETALING ONTVANGEN", 40000, true],
      ["2026-11-10", "FIETSENWINKEL", 115309, false],
    ]);
    expect(parsed.notes.join(" ")).toMatch(/debit\/credit word/);
  });

  it("the year comes from the statement date: a December row on a January statement is last year's", async () => {
    const parsed = await read(["Creditcard afschrift", "Datum afschrift: 14 januari 2026", "28 dec   29 dec   OLIEBOLLEN   12,50 Af", "05 jan   06 jan   BAKKER   3,10 Af"].join("\n"));
    expect(parsed.rows.map((r) => r.date)).toEqual(["2025-12-28", "2026-01-05"]);
    expect(toIsoDate("28 dec", "dmy", { today: TODAY, period: { start: "2026-01-14", end: "2026-01-14" } })).toBe("2025-12-28");
  });
});
