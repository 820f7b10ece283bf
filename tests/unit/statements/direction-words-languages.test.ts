import { describe, expect, it } from "vitest";
import { parseStatement } from "../../../app/domain/statements";
import { parseAmount } from "../../../app/domain/statements/amounts";
import { withDirectionWordColumn } from "../../../app/domain/statements/direction-column";
import { cardStatementCues } from "../../../app/domain/statements/words";

// Held-out 9's miss (issue 21), fixed as a kind over variants written for it, not over its file: a fixed-width
// statement (account or card) printing each amount followed by its debit/credit word in a language the parsers did not
// know (Italian "addebito"/"accredito" was refused outright), the word beating any direction word in the description;
// such words standing in a column of their own wide of the amount; a foreign-currency line under its purchase.
const TODAY = "2026-11-22";
const read = (text: string, name = "s.txt") => parseStatement(new TextEncoder().encode(text), name, { today: TODAY });
const summary = (rows: Array<{ date: string; description: string; amountCents: number; isIncome: boolean }>) => rows.map((r) => `${r.date} ${r.isIncome ? "in" : "out"} ${r.amountCents} ${r.description}`);

describe("debit/credit words after an amount, in more languages, either case", () => {
  it.each([
    ["87,45 addebito", "DR"],
    ["642,18 ACCREDITO", "CR"],
    ["1.245,80 Dare", "DR"],
    ["300,00 Avere", "CR"],
    ["1 245,80 obciążenie", "DR"],
    ["1 245,80 OBCIĄŻENIE", "DR"],
    ["8 450,00 uznanie", "CR"],
    ["25,00 Wn", "DR"],
    ["25,00 Ma", "CR"],
    ["845,60 BORÇ", "DR"],
    ["845,60 borç", "DR"],
    ["4.125,80 ALACAK", "CR"],
    ["2.500.000,00 Debet", "DR"],
    ["12.500.000,00 KREDIT", "CR"],
    ["1,250,000.00 DB", "DR"],
    ["1,250,000.00 CR", "CR"],
    ["1.245,80 DÉBITO", "DR"],
    ["58.300,00 crédito", "CR"],
  ])("%s → %s", (text, marker) => {
    expect(parseAmount(text)?.marker).toBe(marker);
  });

  /** A fixed-width line: date, text padded to a column, the amount and its word, then the balance. */
  const line = (date: string, text: string, amount: string, balance: string) => `${date.padEnd(12)}${text.padEnd(44)}${amount.padStart(22)}${balance.padStart(16)}`;
  it.each([
    ["Italian addebito/accredito", "Data        Descrizione                                              Importo           Saldo", "addebito", "accredito", "GIROCONTO ADDEBITO DIRETTO"],
    ["Polish obciążenie/uznanie", "Data        Opis operacji                                              Kwota           Saldo", "obciążenie", "uznanie", "PRZELEW UZNANIE RACHUNKU"],
    ["Polish Wn/Ma", "Data        Opis operacji                                              Kwota           Saldo", "Wn", "Ma", "PRZELEW OD KLIENTA"],
    ["Turkish BORÇ/ALACAK", "Tarih       Açıklama                                                   Tutar          Bakiye", "BORÇ", "ALACAK", "BORÇ KAPAMA HAVALE"],
    ["Indonesian Debet/Kredit", "Tanggal     Keterangan                                               Nominal           Saldo", "Debet", "Kredit", "TRANSFER DEBET DARI"],
    ["Czech Debet/Kredit", "Datum       Popis                                                      Částka         Zůstatek", "DEBET", "KREDIT", "PŘÍCHOZÍ PLATBA DEBET"],
  ])("%s: the word's amount is the row's, the figure after it the balance, the word beats the description's", async (_, header, debit, credit, creditText) => {
    const text = [
      "STATEMENT                                                               1/1",
      "Period 01.11.2026 - 20.11.2026",
      "",
      header,
      line("03.11.2026", "MARKET 12", `1.245,80 ${debit}`, "754,20"),
      line("04.11.2026", creditText, `5.800,00 ${credit}`, "6.554,20"),
      line("06.11.2026", "FUEL 77", `60,00 ${debit}`, "6.494,20"),
    ].join("\n");
    const parsed = await read(text);
    expect(summary(parsed.rows)).toEqual(["2026-11-03 out 124580 MARKET 12", `2026-11-04 in 580000 ${creditText}`, "2026-11-06 out 6000 FUEL 77"]);
  });

  it("an Italian card statement: summary in €, two date columns, a payment whose text says ADDEBITO is money in, a refund, a wrapped foreign-currency line, a repeated header", async () => {
    const head = ["Data op.    Data reg.   Descrizione                                        Importo EUR", "----------------------------------------------------------------------------------------"];
    const text = [
      "BANCA ESEMPIO                                                               Pagina 1 di 2",
      "ESTRATTO CONTO CARTA DI CREDITO                                     Data estratto: 15/11/2026",
      "",
      "Saldo precedente                          € 410,00",
      "Nuovo saldo                               € 395,10",
      "Importo minimo da pagare                   € 39,51",
      "",
      ...head,
      "02 NOV      03 NOV      ESSELUNGA MILANO                                     120,40 addebito",
      "04 NOV      05 NOV      PAGAMENTO ESTRATTO CONTO ADDEBITO C/C                410,00 accredito",
      "06 NOV      07 NOV      SPOTIFY STOCKHOLM                                     11,99 addebito",
      "                        SEK 137,00 CAMBIO 11,4262",
      "",
      "BANCA ESEMPIO                                                               Pagina 2 di 2",
      ...head,
      "09 NOV      10 NOV      STORNO ESSELUNGA MILANO                               20,00 accredito",
      "12 NOV      13 NOV      CASA DEL CAMBIO VIAGGI                               282,71 addebito",
      "------------------------------------------------------------------------------------------",
      "                        Totale addebiti                                     € 415,10",
      "                        Totale accrediti                                    € 430,00",
    ].join("\n");
    const parsed = await read(text);
    expect(summary(parsed.rows)).toEqual([
      "2026-11-02 out 12040 ESSELUNGA MILANO",
      "2026-11-04 in 41000 PAGAMENTO ESTRATTO CONTO ADDEBITO C/C",
      "2026-11-06 out 1199 SPOTIFY STOCKHOLM",
      "2026-11-09 in 2000 STORNO ESSELUNGA MILANO",
      "2026-11-12 out 28271 CASA DEL CAMBIO VIAGGI",
    ]);
    expect(parsed.notes.join(" ")).toMatch(/credit-card statement/i);
  });

  it.each([
    ["Italian", "ESTRATTO CONTO CARTA DI CREDITO VISA"],
    ["Turkish", "BONUS KREDİ KARTI HESAP ÖZETİ"],
    ["Polish", "ZESTAWIENIE OPERACJI KARTY KREDYTOWEJ\nMinimalna kwota do zapłaty 120,00\nTermin spłaty 10.12.2026"],
    ["Indonesian", "TAGIHAN KARTU KREDIT BCA"],
  ])("%s card statements are recognised", (_, text) => {
    expect(cardStatementCues(text)).not.toBeNull();
  });
});

describe("a column of direction words wide of the amounts", () => {
  const header = "Date        Description                          Amount          D/C               Balance";
  const row = (date: string, text: string, amount: string, word: string, balance: string, align: "left" | "right") =>
    `${date.padEnd(12)}${text.padEnd(30)}${amount.padStart(15)}${align === "left" ? `      ${word.padEnd(6)}` : word.padStart(12)}${balance.padStart(20)}`;

  it.each(["left", "right"] as const)("%s-aligned words at one position give every row's direction, the balance stays the balance", async (align) => {
    const text = [
      "STATEMENT OF ACCOUNT                                               Page 1 of 1",
      "Period 01/11/2026 - 20/11/2026",
      "",
      header,
      row("03/11/2026", "GROCER 12", "1.245,80", "Debet", "754,20", align),
      row("04/11/2026", "SALARY ACME", "5.800,00", "Kredit", "6.554,20", align),
      row("06/11/2026", "CREDIT CARD REPAYMENT", "60,00", "Debet", "6.494,20", align),
    ].join("\n");
    const parsed = await read(text);
    expect(summary(parsed.rows)).toEqual(["2026-11-03 out 124580 GROCER 12", "2026-11-04 in 580000 SALARY ACME", "2026-11-06 out 6000 CREDIT CARD REPAYMENT"]);
    expect(parsed.notes.join(" ")).toMatch(/column of debit\/credit words/);
  });

  it("words at no consistent position are not a column: the lines are left as they are", () => {
    const lines = ["03/11/2026  SHOP          1.245,80      CR   754,20", "04/11/2026  OTHER       5.800,00            DR"];
    expect(withDirectionWordColumn(lines)).toEqual({ lines, column: false });
  });

  it("a single wide word is not a column", () => {
    const lines = ["03/11/2026  SHOP          1.245,80        CR"];
    expect(withDirectionWordColumn(lines)).toEqual({ lines, column: false });
  });

  it("pulling a word keeps the line's width, so the columns after it stay where they were", () => {
    const lines = ["03/11  A      1,00       Debet      9,00", "04/11  B      2,00       Debet     11,00"];
    const out = withDirectionWordColumn(lines);
    expect(out.column).toBe(true);
    expect(out.lines[0]).toBe("03/11  A      1,00 Debet            9,00");
    expect(out.lines[0]).toHaveLength(lines[0].length);
  });

  // A line of many wide pairs, and a line whose long gap comes before a word wide of its amount and a figure that is
  // no balance: the second made the row patterns split the gap every way (16 ms a line before the patterns were fixed).
  it.each([
    ["wide amount-and-word pairs", (i: number) => `03.11. ${"1,00      D     ".repeat(60)}${i}`],
    ["a 900-space gap before a wide word", (i: number) => `03.11. x${" ".repeat(900)}1,00${" ".repeat(40)}D  ${i}`],
    ["a 900-space gap before a pulled word", (i: number) => `03.11. x${" ".repeat(900)}1,00 D${" ".repeat(41)}${i}`],
  ])("stays bounded: 8,000 hostile lines of %s are read in time", async (_, hostileLine) => {
    const started = performance.now();
    const hostile = Array.from({ length: 8_000 }, (_, i) => hostileLine(i));
    await read(["Date  Text  Amount  Balance", ...hostile].join("\n")).catch(() => null);
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 30_000);
});
