import { describe, expect, it } from "vitest";
import { parseStatement } from "../../../app/domain/statements";
import { summaryTailLength } from "../../../app/domain/statements/summary-rows";

// Held-out 8's two kinds (issue 21), each over variants written for them, not over held-out 8's files:
// 1. A fixed-width text statement printing each amount followed by its debit/credit word, then the running balance
//    ("58.300,00 Crédito   80.472,70"): the amount the word follows is the row's, the word its direction, the figure
//    after it the balance. Unread, the word made the balance the amount and the salary spending (BROU).
// 2. Summary lines among a CSV's rows (Swedbank Latvia's "Turnover" D and K): never rows, named in the bank's
//    language, by a record-type column, or by their shape (the sum of their direction's rows).
const TODAY = "2026-11-22";
const read = (text: string, name: string) => parseStatement(new TextEncoder().encode(text), name, { today: TODAY });
const summary = (rows: Array<{ date: string; description: string; amountCents: number; isIncome: boolean }>) => rows.map((r) => `${r.date} ${r.isIncome ? "in" : "out"} ${r.amountCents} ${r.description}`);

/** A fixed-width line: text padded to a column, the amount right-aligned, then the balance. */
const line = (date: string, text: string, amount: string, balance: string) => `${date.padEnd(8)}${text.padEnd(48)}${amount.padStart(18)}${balance.padStart(16)}`;

describe("an amount followed by its debit/credit word, then the balance (fixed-width text)", () => {
  it.each([
    ["English Debit/Credit", "Date    Description                                             Amount         Balance", "Debit", "Credit", "Balance carried forward", "Balance brought forward"],
    ["English DR/CR", "Date    Details                                                 Amount         Balance", "DR", "CR", "Carried forward", "Brought forward"],
    ["Dutch Af/Bij", "Datum   Omschrijving                                            Bedrag           Saldo", "Af", "Bij", "Transport", "Transport"],
    ["German Soll/Haben", "Datum   Vorgang                                                 Betrag           Saldo", "Soll", "Haben", "Übertrag", "Übertrag"],
    ["German S/H", "Datum   Vorgang                                                 Betrag           Saldo", "S", "H", "Übertrag", "Übertrag"],
    ["French Débit/Crédit", "Date    Libellé                                                 Montant          Solde", "Débit", "Crédit", "A reporter", "Report"],
    ["Spanish Débito/Crédito", "Fecha   Concepto                                                Importe          Saldo", "Débito", "Crédito", "Saldo a transportar", "Saldo transportado"],
    ["Spanish Cargo/Abono", "Fecha   Concepto                                                Importe          Saldo", "Cargo", "Abono", "Suma y sigue", "Suma anterior"],
    ["Portuguese D/C", "Data    Histórico                                               Valor            Saldo", "D", "C", "Saldo a transportar", "Saldo transportado"],
  ])("%s: the word's amount is the row's, over two pages and wrapped descriptions", async (_, header, debit, credit, carriedOut, carriedIn) => {
    // The credits carry no income wording ("TRANSFER 4471", "NORTAL"): only the word after the amount places them.
    const text = [
      "STATEMENT OF ACCOUNT                                                      Page 1 of 2",
      "Statement date: 20.11.2026",
      "",
      header,
      line("", "Opening balance", "", "1.000,00"),
      line("03.11.", "GROCER MARKT 12", `1.245,80 ${debit}`, "754,20"),
      "        CARD 4410 03.11.",
      line("04.11.", "NORTAL", `58.300,00 ${credit}`, "59.054,20"),
      "        REF 7781200",
      line("05.11.", "TRANSFER 4471", `450,00 ${credit}`, "59.504,20"),
      line("", carriedOut, "", "59.504,20"),
      "",
      "STATEMENT OF ACCOUNT                                                      Page 2 of 2",
      "",
      header,
      line("", carriedIn, "", "59.504,20"),
      line("12.11.", "FUEL STATION 8", `2.100,00 ${debit}`, "57.404,20"),
      "        PUMP 3",
      line("14.11.", "POWER COMPANY", `1.589,00 ${debit}`, "55.815,20"),
    ].join("\n");
    const parsed = await read(text, "s.txt");
    expect(summary(parsed.rows)).toEqual([
      "2026-11-03 out 124580 GROCER MARKT 12 CARD 4410 03.11.",
      "2026-11-04 in 5830000 NORTAL REF 7781200",
      "2026-11-05 in 45000 TRANSFER 4471",
      "2026-11-12 out 210000 FUEL STATION 8 PUMP 3",
      "2026-11-14 out 158900 POWER COMPANY",
    ]);
    expect(parsed.notes.join(" ")).toContain("A debit/credit word after the amount gives the direction.");
  });

  it("the word decides even where the balance is missing on a row, and a word inside a description is only text", async () => {
    const text = [
      "Fecha   Concepto                                                Importe          Saldo",
      line("03.11.", "PAGO CARGO EXTRA HOTEL", "62,35 Débito", ""),
      line("05.11.", "ABONO TRANSPORTE PUBLICO", "40,00 Débito", "897,65"),
      line("07.11.", "DEVOLUCION FIANZA", "300,00 Crédito", "1.197,65"),
    ].join("\n");
    expect(summary((await read(text, "s.txt")).rows)).toEqual([
      "2026-11-03 out 6235 PAGO CARGO EXTRA HOTEL",
      "2026-11-05 out 4000 ABONO TRANSPORTE PUBLICO",
      "2026-11-07 in 30000 DEVOLUCION FIANZA",
    ]);
  });

  it("a page's carried balance printed with its direction word or currency sign is never a row", async () => {
    const text = [
      "Datum   Vorgang                                                 Betrag           Saldo",
      line("03.11.", "EDEKA", "86,42 S", "1.755,74 H"),
      line("05.11.", "MUSTERTECH GMBH", "3.120,00 H", "4.875,74 H"),
      line("", "Übertrag", "", "4.875,74 H"),
      line("", "SALDO A TRANSPORTAR", "", "$ 4.875,74"),
      line("", "Übertrag", "", "4.875,74 H"),
      line("06.11.", "MIETE", "1.050,00 S", "3.825,74 H"),
      line("", "neuer Kontostand vom 20.11.2026", "", "3.825,74 H"),
    ].join("\n");
    expect(summary((await read(text, "s.txt")).rows)).toEqual(["2026-11-03 out 8642 EDEKA", "2026-11-05 in 312000 MUSTERTECH GMBH", "2026-11-06 out 105000 MIETE"]);
  });

  it("a text statement's turnover lines, dated or not, in the bank's language, are never rows", async () => {
    const text = [
      "Datum   Vorgang                                                 Betrag           Saldo",
      line("03.11.", "EDEKA", "86,42 S", "1.755,74 H"),
      line("05.11.", "MUSTERTECH GMBH", "3.120,00 H", "4.875,74 H"),
      line("20.11.", "Umsätze Soll", "86,42 S", ""),
      line("", "Umsätze Haben", "3.120,00 H", ""),
      line("", "Apgrozījums", "3.206,42", ""),
    ].join("\n");
    expect(summary((await read(text, "s.txt")).rows)).toEqual(["2026-11-03 out 8642 EDEKA", "2026-11-05 in 312000 MUSTERTECH GMBH"]);
  });

  it("stays bounded: 4,000 rows with words and 8,000 hostile lines of 140 amount-and-letter pairs, are read in time", async () => {
    const started = performance.now();
    const rows = Array.from({ length: 4_000 }, (_, i) => line("03.11.", `SHOP ${i}`, `1.${String(i % 1000).padStart(3, "0")},00 ${i % 2 ? "Débito" : "Crédito"}`, "9.999,00"));
    const hostile = Array.from({ length: 8_000 }, () => `03.11. ${"1,00 D ".repeat(140)}x`);
    const head = ["ESTADO DE CUENTA                                      Hoja 1 de 1", "", "Fecha   Concepto                                                Importe          Saldo"];
    const parsed = await read([...head, ...rows, ...hostile].join("\n"), "s.txt");
    expect(parsed.rows).toHaveLength(4_000);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe("summary lines among a CSV's rows are never rows", () => {
  const rows = (dk: string, lines: string[]) => ["Date;Details;Amount;D/K", "02.11.2026;GROCER;23,48;D", "05.11.2026;NORTAL AS;2145,00;K", "07.11.2026;FUEL;58,20;D", "10.11.2026;MARI KASK;35,00;K", ...lines].join("\n") + dk;
  const kept = ["2026-11-02 out 2348 GROCER", "2026-11-05 in 214500 NORTAL AS", "2026-11-07 out 5820 FUEL", "2026-11-10 in 3500 MARI KASK"];

  it.each([
    ["English turnover", "Turnover", "Turnover"],
    ["Latvian apgrozījums", "Apgrozījums", "Apgrozījums"],
    ["Estonian käive", "Deebetkäive", "Kreeditkäive"],
    ["German Umsätze", "Umsätze Soll", "Umsätze Haben"],
    ["Dutch omzet", "Totaal af", "Totaal bij"],
    ["French totals", "Total des mouvements débiteurs", "Total des mouvements créditeurs"],
    ["Spanish totals", "Total débitos", "Total créditos"],
    // Amounts that are not the sums: the name alone tells them (a statement's totals over a longer period).
  ])("%s, named, with any amount", async (_, outName, inName) => {
    const parsed = await read(rows("", [`20.11.2026;${outName};999,00;D`, `20.11.2026;${inName};5000,00;K`]), "x.csv");
    expect(summary(parsed.rows)).toEqual(kept);
  });

  it("by shape: lines after the rows whose amount is their direction's sum, in words no list names", async () => {
    const parsed = await read(rows("", ["20.11.2026;Kokku;81,68;D", "20.11.2026;Kokku;2180,00;K"]), "x.csv");
    expect(summary(parsed.rows)).toEqual(kept);
    const named = await read(rows("", ["20.11.2026;Summe der Belastungen im November;81,68;D"]), "x.csv");
    expect(summary(named.rows)).toEqual(kept);
  });

  it("by a record-type column (Swedbank: 10 opening, 20 transaction, 82 turnover, 86 closing, 900 interest)", async () => {
    const text = [
      "Account;Row type;Date;Details;Amount;D/K",
      "LV80;10;01.11.2026;Sākuma atlikums;684,12;K",
      "LV80;20;02.11.2026;GROCER;23,48;D",
      "LV80;20;05.11.2026;NORTAL AS;2145,00;K",
      "LV80;82;20.11.2026;Periods kopā;23,48;D",
      "LV80;86;20.11.2026;Beigu atlikums;2805,64;K",
      "LV80;900;20.11.2026;Procenti;0,12;K",
    ].join("\n");
    expect(summary((await read(text, "x.csv")).rows)).toEqual(["2026-11-02 out 2348 GROCER", "2026-11-05 in 214500 NORTAL AS"]);
  });

  it("a real row whose text merely holds such a word is kept", async () => {
    const parsed = await read(rows("", ["11.11.2026;TURNOVER CAFE RIGA;4,50;D", "12.11.2026;Total Energies station 44;61,20;D", "13.11.2026;Umsatz Werbeagentur Gehalt;100,00;K"]), "x.csv");
    expect(summary(parsed.rows)).toEqual([...kept, "2026-11-11 out 450 TURNOVER CAFE RIGA", "2026-11-12 out 6120 Total Energies station 44", "2026-11-13 in 10000 Umsatz Werbeagentur Gehalt"]);
  });

  it("the shape rule needs the sum and the words: a last purchase that equals two earlier ones is kept", () => {
    const r = (description: string, amountCents: number, isIncome = false) => ({ description, amountCents, isIncome });
    expect(summaryTailLength([r("A", 1000), r("B", 2000), r("C", 3000)])).toBe(0);
    expect(summaryTailLength([r("A", 1000), r("B", 2000), r("TOTAL", 3000)])).toBe(1);
    expect(summaryTailLength([r("A", 1000), r("B", 2000), r("PAY", 500, true), r("PAY2", 700, true), r("Kokku", 3000), r("Kokku", 1200, true)])).toBe(2);
    expect(summaryTailLength([r("A", 1000), r("TOTAL", 1000)])).toBe(0);
  });
});
