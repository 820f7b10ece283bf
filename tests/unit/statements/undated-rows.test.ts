import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { parseStatement } from "../../../app/domain/statements";
import { directionsFromBalance } from "../../../app/domain/statements/balance";
import { columnLabels, columnOf } from "../../../app/domain/statements/text-columns";

// Issue 21, after held-out 4: text statements that print a day's date only on its first row (HSBC, NatWest,
// AIB), rows whose description wraps onto more lines with the amount on the last (Barclays, Wells Fargo), the
// money-out/money-in column an unsigned amount stands under, and balances printed only at the end of a day.
const TODAY = "2026-11-22";
const read = (text: string, name = "s.txt") => parseStatement(new TextEncoder().encode(text), name, { today: TODAY });
const summary = (rows: Array<{ date: string; description: string; amountCents: number; isIncome: boolean }>) =>
  rows.map((r) => `${r.date} ${r.isIncome ? "in" : "out"} ${r.amountCents} ${r.description}`);

/** Columns at fixed places: date 0, description 12, then right-aligned money columns ending at 58, 72, 86. */
const line = (date: string, text: string, out = "", inn = "", balance = "") =>
  (date.padEnd(12) + text.padEnd(32) + out.padStart(14) + inn.padStart(14) + balance.padStart(14)).trimEnd();

describe("rows printed without their date are that day's", () => {
  it.each([
    ["Paid out / Paid in", "Paid out", "Paid in"],
    ["Money out / Money in", "Money out", "Money in"],
    ["Withdrawals / Deposits", "Withdrawals", "Deposits"],
    ["Debit / Credit", "Debit", "Credit"],
    ["Soll / Haben", "Soll", "Haben"],
  ])("%s, no balance on any row: the column gives each direction", async (_, outLabel, inLabel) => {
    const text = [
      "Statement 01 Nov 2026 to 20 Nov 2026",
      "",
      line("Date", "Description", outLabel, inLabel, "Balance"),
      line("03 Nov", "CARD TESCO STORES", "64.27"),
      line("", "TFR FROM J SMITH", "", "250.00"),
      line("", "DD THAMES WATER", "38.50"),
      line("10 Nov", "FASTER PMT A PATEL", "", "1,200.00"),
      "",
      "Overdraft limit                                                   500.00",
      "Total payments                                    102.77      1,450.00",
    ].join("\n");
    expect(summary((await read(text)).rows)).toEqual([
      "2026-11-03 out 6427 CARD TESCO STORES",
      "2026-11-03 in 25000 TFR FROM J SMITH",
      "2026-11-03 out 3850 DD THAMES WATER",
      "2026-11-10 in 120000 FASTER PMT A PATEL",
    ]);
  });

  it("balance only on a day's last row: the day's change signs its rows (oldest first and newest first)", async () => {
    const oldest = [
      line("Date", "Details", "Debit", "Credit", "Balance"),
      line("01 Nov", "BALANCE FORWARD", "", "", "1,000.00"),
      line("03 Nov", "POS SHOP", "20.00"),
      line("", "TRANSFER A FRIEND", "", "50.00"),
      line("", "POS CAFE", "5.00", "", "1,025.00"),
    ];
    expect(summary((await read(oldest.join("\n"))).rows).map((r) => r.split(" ")[1])).toEqual(["out", "in", "out"]);
    // The same rows with no column header at all: only the balance tells them apart.
    const plain = ["01 Nov   BALANCE FORWARD                          1,000.00", "03 Nov   POS SHOP                   20.00", "         TRANSFER A FRIEND          50.00", "         POS CAFE                    5.00         1,025.00"];
    expect(summary((await read(plain.join("\n"))).rows).map((r) => r.split(" ")[1])).toEqual(["out", "in", "out"]);
    // Newest first: a balance covers the rows below it down to the next balance.
    expect(directionsFromBalance([{ cents: 500, balance: 102_500 }, { cents: 5000, balance: null }, { cents: 2000, balance: null }, { cents: 1000, balance: 100_000 }])).toEqual([false, true, false, null]);
  });

  it("a day's change that more than one signing explains leaves those rows to the other rules", () => {
    // +10 -10 or -10 +10: nothing to tell.
    expect(directionsFromBalance([{ cents: 1000, balance: 100 }, { cents: 1000, balance: null }, { cents: 1000, balance: 100 }])).toEqual([null, null, null]);
  });

  it("a footer's figures after the table are not rows of the last day", async () => {
    const parsed = await read(
      [
        line("Date", "Description", "Paid out", "Paid in", "Balance"),
        line("03 Nov", "CARD TESCO STORES", "64.27", "", "935.73"),
        line("", "Balance carried forward", "", "", "935.73"),
        line("", "Arranged overdraft limit", "", "", "500.00"),
        line("", "Interest rate", "", "", "19.90"),
        "",
        line("", "Page 2 of 2"),
        line("", "Payments in", "", "", "0.00"),
      ].join("\n"),
    );
    expect(parsed.rows.map((r) => r.description)).toEqual(["CARD TESCO STORES"]);
  });

  it("a daily-balance table after the rows is not rows (a date and a balance, no words); a check's number alone is a row", async () => {
    const parsed = await read(["Statement period 11/01/2026 - 11/20/2026", "11/03  POS SHOP   20.00", "11/04  1187   1,400.00", "11/05  PAYROLL ACME   2,000.00", "", "DAILY ENDING BALANCE", "11/03    980.00    11/04    1,200.00", "11/05    3,200.00"].join("\n"));
    expect(parsed.rows.map((r) => [r.description, r.amountCents])).toEqual([["POS SHOP", 2000], ["1187", 140000], ["PAYROLL ACME", 200000]]);
  });

  it("a statement period with a summary box's figure beside it on one line is not a row", async () => {
    const parsed = await read(["23 October to 22 November 2026          Opening Balance        1,204.18", "01 Nov 2026 - 20 Nov 2026   Payments In   2,632.40", line("Date", "Description", "Paid out", "Paid in", "Balance"), line("24 Oct", "TESCO", "20.00", "", "1,184.18")].join("\n"));
    expect(parsed.rows.map((r) => r.description)).toEqual(["TESCO"]);
  });

  it("a section heading with its total is not a row (a card statement's 'Purchases 133.50')", async () => {
    const parsed = await read(["CREDIT CARD STATEMENT", "New Balance 133.50", "Payment due date 12/15/2026", "Purchases", "11/03  BOOKSHOP   20.00", "11/04  RESTAURANT   113.50", "Purchases total   133.50", "Fees charged   0.00"].join("\n"));
    expect(parsed.rows.map((r) => r.description)).toEqual(["BOOKSHOP", "RESTAURANT"]);
  });
});

describe("a day's heading, then its rows without a date (N26, Revolut)", () => {
  it.each([
    ["English with weekday", "Monday, 3 November 2026", "Wednesday, 5 November 2026"],
    ["German with weekday", "Montag, 3. November 2026", "Mittwoch, 5. November 2026"],
    ["date only, month first", "November 3, 2026", "November 5, 2026"],
  ])("%s", async (_, day1, day2) => {
    const parsed = await read(
      [line("Date", "Description", "Money out", "Money in", "Balance"), day1, line("", "REWE Markt", "23.40", "", "976.60"), line("", "Lena Fischer", "", "40.00", "1,016.60"), day2, line("", "Deutsche Bahn", "89.90", "", "926.70")].join("\n"),
    );
    expect(summary(parsed.rows)).toEqual(["2026-11-03 out 2340 REWE Markt", "2026-11-03 in 4000 Lena Fischer", "2026-11-05 out 8990 Deutsche Bahn"]);
  });
});

describe("a card purchase's foreign-currency line is not a row", () => {
  it.each(["EUR  125.00", "Exchange rate   1.0832", "125.00 EUR @ 1.16   125.00", "Foreign amount   125.00"])("%s", async (second) => {
    const parsed = await read(["Credit card statement   Statement date 20 Nov 2026", line("Date", "Description", "Debit", "Credit"), line("03 Nov", "HOTEL PARIS", "135.40"), `            ${second}`, line("", "NON-STERLING TRANSACTION FEE", "3.72")].join("\n"));
    expect(summary(parsed.rows)).toEqual(["2026-11-03 out 13540 HOTEL PARIS", "2026-11-03 out 372 NON-STERLING TRANSACTION FEE"]);
  });
});

describe("descriptions wrapped onto more lines", () => {
  it("the amount on the last line: one row, dated by its first line, its text joined", async () => {
    const parsed = await read(
      [
        line("Date", "Description", "Money out", "Money in", "Balance"),
        line("22 Oct", "Card Payment to Tesco Stores"),
        line("", "On 21 Oct", "58.12", "", "1,472.28"),
        line("", "Received From Olivia Brown"),
        line("", "Ref: Holiday Money", "", "120.00", "1,592.28"),
        line("25 Oct", "Card Payment to Shell", "61.40", "", "1,530.88"),
        line("", "On 24 Oct"),
        line("26 Oct", "Cash Machine Withdrawal", "40.00", "", "1,490.88"),
      ].join("\n"),
    );
    expect(summary(parsed.rows)).toEqual([
      "2026-10-22 out 5812 Card Payment to Tesco Stores On 21 Oct",
      "2026-10-22 in 12000 Received From Olivia Brown Ref: Holiday Money",
      "2026-10-25 out 6140 Card Payment to Shell On 24 Oct",
      "2026-10-26 out 4000 Cash Machine Withdrawal",
    ]);
  });

  it("a statement that prints a row's further lines under its amount (Hang Seng, Kasikornbank): an undated row's text starts at its own line", async () => {
    const parsed = await read(
      [
        line("Date", "Transaction Details", "Withdrawal", "Deposit", "Balance"),
        line("02 Nov", "EPS WELLCOME QUARRY BAY", "84.50", "", "9,915.50"),
        line("", "REF 1180"),
        line("03 Nov", "FPS TRANSFER FROM HO KA MAN", "", "300.00", "10,215.50"),
        line("", "LUNCH SHARE"),
        line("", "AUTOPAY TOWNGAS", "212.00", "", "10,003.50"),
        line("", "A/C 5512 0098"),
        line("", "REFUND SOGO CAUSEWAY BAY", "", "99.00", "10,102.50"),
        line("", "RETURN 4471"),
      ].join("\n"),
    );
    expect(summary(parsed.rows)).toEqual([
      "2026-11-02 out 8450 EPS WELLCOME QUARRY BAY REF 1180",
      "2026-11-03 in 30000 FPS TRANSFER FROM HO KA MAN LUNCH SHARE",
      "2026-11-03 out 21200 AUTOPAY TOWNGAS A/C 5512 0098",
      "2026-11-03 in 9900 REFUND SOGO CAUSEWAY BAY RETURN 4471",
    ]);
  });

  it("text after a blank line or not under the description is not part of the row above", async () => {
    const parsed = await read([line("Date", "Description", "Paid out", "Paid in"), line("03 Nov", "CARD TESCO STORES", "64.27"), "ACCOUNT ACTIVITY (CONTINUED)", line("04 Nov", "CARD SHELL", "20.00"), "", line("", "Thank you for banking with us")].join("\n"));
    expect(parsed.rows.map((r) => r.description)).toEqual(["CARD TESCO STORES", "CARD SHELL"]);
  });
});

describe("the column an amount stands under", () => {
  it("reads the labels of a header line, one column each way", () => {
    const labels = columnLabels("Date      Description           Paid out      Paid in      Balance")!;
    expect(labels.map((l) => l.kind)).toEqual(["out", "in", "balance"]);
    expect(columnOf(labels, 36, 41)).toBe("out");
    expect(columnOf(labels, 50, 55)).toBe("in");
    expect(columnOf(labels, 62, 70)).toBeNull();
  });

  it("a summary box's columns do not carry over to a table under its own header, nor to signed amounts", async () => {
    const box = [line("", "Account summary", "Withdrawals", "Deposits"), line("", "", "20.00", "2,000.00"), ""];
    const stale = await read([...box, line("Date", "Description      Amount"), line("03 Nov", "SHOP", "", "20.00"), line("05 Nov", "SALARY ACME", "", "2,000.00")].join("\n"));
    expect(stale.rows.map((r) => r.isIncome)).toEqual([false, true]);
    const signed = await read([line("Date", "Description", "Withdrawals", "Deposits"), line("03 Nov", "SHOP", "", "-20.00"), line("05 Nov", "ACME", "2,000.00")].join("\n"));
    expect(signed.rows.map((r) => r.isIncome)).toEqual([false, true]);
  });

  it("one column of signed amounts ('Debit/Credit'), prose, or a line with money is no such header", () => {
    expect(columnLabels("Date   Description   Debit/Credit   Balance")).toBeNull();
    expect(columnLabels("Deposits and withdrawals are shown below")).toBeNull();
    expect(columnLabels("Payments In   2,632.40   Payments Out   1,059.62")).toBeNull();
  });
});

describe("a PDF statement with undated rows", () => {
  it("takes the date of the row above and the balance's change for the direction", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    const rows: string[][] = [
      ["Date", "Payment type and details", "Paid out", "Paid in", "Balance"],
      ["23 Oct", "BALANCE BROUGHT FORWARD", "", "", "1,204.18"],
      ["27 Oct", "DD THAMES WATER", "38.50", "", ""],
      ["", "VIS TESCO STORES 2041", "64.27", "", ""],
      ["", "CR A FRIEND", "", "20.00", "1,121.41"],
      ["03 Nov", "))) PRET A MANGER", "6.85", "", "1,114.56"],
    ];
    rows.forEach((r, i) => r.forEach((t, c) => t && page.drawText(t, { x: [40, 100, 330, 410, 490][c], y: 700 - i * 16, size: 9, font })));
    const parsed = await parseStatement(await doc.save(), "hsbc.pdf", { today: TODAY });
    expect(summary(parsed.rows)).toEqual([
      "2026-10-27 out 3850 DD THAMES WATER",
      "2026-10-27 out 6427 VIS TESCO STORES 2041",
      "2026-10-27 in 2000 CR A FRIEND",
      "2026-11-03 out 685 ))) PRET A MANGER",
    ]);
  });
});

describe("a PDF statement's columns, rebuilt from where the page puts each text", () => {
  it("with no balance anywhere, the Paid out / Paid in column an amount stands under gives its direction; a wrapped line joins its row", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    const rows: string[][] = [
      ["Date", "Details", "Paid out", "Paid in"],
      ["03 Nov", "TFR FROM J SMITH", "", "250.00"],
      ["", "CARD TESCO STORES", "64.27", ""],
      ["05 Nov", "FASTER PMT A PATEL", "", ""],
      ["", "REF FLAT SHARE", "", "1,200.00"],
      ["06 Nov", "DD THAMES WATER", "38.50", ""],
    ];
    rows.forEach((r, i) => r.forEach((t, c) => t && page.drawText(t, { x: [40, 100, 330, 410][c], y: 700 - i * 16, size: 9, font })));
    const parsed = await parseStatement(await doc.save(), "bank.pdf", { today: TODAY });
    expect(summary(parsed.rows)).toEqual([
      "2026-11-03 in 25000 TFR FROM J SMITH",
      "2026-11-03 out 6427 CARD TESCO STORES",
      "2026-11-05 in 120000 FASTER PMT A PATEL REF FLAT SHARE",
      "2026-11-06 out 3850 DD THAMES WATER",
    ]);
    expect(parsed.notes.join(" ")).toMatch(/money-out or money-in column/);
  });
});

describe("a date column found by what it holds", () => {
  it.each([
    ["named in a language not listed (Icelandic 'Dagsetning')", "Dagsetning;Skýring;Upphæð\n2026-11-02;BONUS;-4 512,00\n2026-11-05;LAUN;450 000,00\n"],
    ["'Valuta' holding the currency (Swedish), the date column unnamed", "Bokdag x;Belopp;Rubrik;Valuta\n2026/11/02;-4 512,00;BONUS;SEK\n2026/11/05;450 000,00;LAUN;SEK\n"],
  ])("%s", async (_, text) => {
    const parsed = await read(text, "x.csv");
    expect(summary(parsed.rows)).toEqual(["2026-11-02 out 451200 BONUS", "2026-11-05 in 45000000 LAUN"]);
  });

  it("thousands grouped by a no-break, narrow no-break or thin space, or an apostrophe", async () => {
    for (const sep of ["\u00a0", "\u202f", "\u2009", "'", "’"]) {
      const parsed = await read(`Datum;Text;Betrag\n2026-11-02;MIETE;-1${sep}250,00\n2026-11-05;LOHN;3${sep}400,50\n`, "x.csv");
      expect(parsed.rows.map((r) => r.amountCents)).toEqual([125000, 340050]);
    }
  });
});
