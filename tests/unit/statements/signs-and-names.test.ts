import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { parseAmount } from "../../../app/domain/statements/amounts";
import { parseStatement } from "../../../app/domain/statements";

// Held-out 5's two kinds (issue 21): an amount's sign printed in any of the forms banks use, read everywhere an
// amount is read; and the description led by the other party's name, falling back per row to the message or note.

const TODAY = "2026-11-22";
const read = (text: string, name: string) => parseStatement(new TextEncoder().encode(text), name, { today: TODAY });

describe("signed amounts", () => {
  it.each([
    ["4,850.00+", 485000, null],
    ["+4,850.00", 485000, null],
    ["186.45-", -18645, null],
    ["−54.20", -5420, null],
    ["54.20−", -5420, null],
    ["(123.45)", -12345, null],
    ["1,250.00Dr", 125000, "DR"],
    ["1,250.00 Cr", 125000, "CR"],
    ["45.00CR", 4500, "CR"],
    ["12.00 DR", 1200, "DR"],
    ["RM 4,850.00+", 485000, null],
    ["1.234,56+", 123456, null],
  ])("%s → %i cents, marker %s", (text, cents, marker) => {
    expect(parseAmount(text)).toEqual({ cents, marker });
  });

  it("a text statement's trailing-plus credit is its amount, not the balance after it", async () => {
    const parsed = await read(
      ["Date     Description           Amount        Balance", "01/11/2026  SALARY ACME      2,000.00+      3,000.00", "03/11/2026  GROCER            150.00-       2,850.00", "05/11/2026  FRIEND SHARE       40.00+       2,890.00"].join("\n"),
      "s.txt",
    );
    expect(parsed.rows.map((r) => [r.amountCents, r.isIncome])).toEqual([[200000, true], [15000, false], [4000, true]]);
  });

  it("leading plus, Unicode minus and Cr/Dr without a space in text rows", async () => {
    const parsed = await read(["Date  Description  Amount  Balance", "02/11/2026  Salary NORTHWIND  +1,500.00  2,500.00", "04/11/2026  Market  −20.00  2,480.00", "06/11/2026  Cafe  12.50Dr  2,467.50", "08/11/2026  Refund shop  7.50Cr  2,475.00"].join("\n"), "s.txt");
    expect(parsed.rows.map((r) => [r.amountCents, r.isIncome])).toEqual([[150000, true], [2000, false], [1250, false], [750, true]]);
  });

  it("a PDF statement's trailing-plus credit: the amount, not the balance column after it", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    let y = 740;
    const row = (...cells: Array<[number, string]>) => {
      for (const [x, text] of cells) page.drawText(text, { x, y, size: 10, font });
      y -= 16;
    };
    row([40, "STATEMENT DATE 20/11/26"]);
    row([40, "ENTRY DATE"], [120, "TRANSACTION DESCRIPTION"], [360, "TRANSACTION AMOUNT"], [480, "STATEMENT BALANCE"]);
    row([40, "02/11/26"], [120, "TRANSFER FR A/C SALARY"], [380, "4,850.00+"], [490, "8,252.15"]);
    row([40, "04/11/26"], [120, "DEBIT CARD PURCHASE"], [390, "186.45-"], [490, "8,065.70"]);
    row([40, "19/11/26"], [120, "FUND TRANSFER FR A/C"], [390, "120.00+"], [490, "8,185.70"]);
    const parsed = await parseStatement(await doc.save(), "s.pdf", { today: TODAY });
    expect(parsed.format).toBe("pdf");
    expect(parsed.rows.map((r) => [r.amountCents, r.isIncome])).toEqual([[485000, true], [18645, false], [12000, true]]);
  });

  it("a CSV's trailing-plus and trailing-minus amounts", async () => {
    const parsed = await read("Date;Text;Amount;Balance\n01.11.2026;Lohn;2.100,00+;3.100,00\n03.11.2026;Spar;45,10-;3.054,90\n05.11.2026;Bahn;19,90-;3.035,00\n", "x.csv");
    expect(parsed.rows.map((r) => [r.amountCents, r.isIncome])).toEqual([[210000, true], [4510, false], [1990, false]]);
  });
});

describe("description: the other party's name, else the message or note", () => {
  it("leads with the name; a row with an empty name takes its note", async () => {
    const parsed = await read('"Datum";"Objem";"Název protiúčtu";"Zpráva pro příjemce";"Poznámka"\n"03.11.2026";"1000,00";"FIRMA S.R.O.";"Mzda";""\n"04.11.2026";"-99,00";"";"";"Nákup: BILLA"\n', "x.csv");
    expect(parsed.rows.map((r) => r.description)).toEqual(["FIRMA S.R.O. Mzda", "Nákup: BILLA"]);
  });

  it.each([
    ["Payee", "Memo"],
    ["Counterparty", "Description"],
    ["Beneficiary", "Details"],
    ["Empfänger", "Verwendungszweck"],
    ["Mottaker", "Forklaring"],
    ["Tegenpartij", "Omschrijving"],
  ])("header '%s' is the name, '%s' the text after it or in its place", async (nameHeader, textHeader) => {
    const parsed = await read(`Date,${textHeader},Amount,${nameHeader}\n2026-11-02,card 1234 purchase,-10.00,Corner Shop\n2026-11-03,INTEREST,0.50,\n`, "x.csv");
    expect(parsed.rows.map((r) => r.description)).toEqual(["Corner Shop card 1234 purchase", "INTEREST"]);
  });

  it("a name column holding an account number names nobody: the text is the description", async () => {
    const parsed = await read("Date;Payee;Text;Amount\n2026-11-02;3300 12 34567;Swish från Anna;200,00\n2026-11-03;;ICA Maxi;-120,00\n", "x.csv");
    expect(parsed.rows.map((r) => r.description)).toEqual(["Swish från Anna", "ICA Maxi"]);
  });
});
