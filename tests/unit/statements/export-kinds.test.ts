import { describe, expect, it } from "vitest";
import { parseAmount } from "../../../app/domain/statements/amounts";
import { dateParts, detectDateOrder, toIsoDate } from "../../../app/domain/statements/dates";
import { parseStatement, StatementError } from "../../../app/domain/statements";
import { detectSignConvention } from "../../../app/domain/statements/signs";

// Issue 21, kinds of CSV export (not single files): each rule over variants in other banks' shapes, other
// delimiters and languages.
const TODAY = "2026-11-22";
const csv = (text: string, name = "x.csv") => parseStatement(new TextEncoder().encode(text), name, { today: TODAY });
const summary = (rows: Array<{ date: string; description: string; amountCents: number; isIncome: boolean }>) =>
  rows.map((r) => `${r.date} ${r.isIncome ? "in" : "out"} ${r.amountCents} ${r.description}`);
const join = (d: string, lines: string[][]) => lines.map((l) => l.join(d)).join("\n");

describe("preambles of key and value lines before the header", () => {
  // A key whose name reads like a column ("Datum von:", "Datei erstellt am: 20.11.2026", "Date:") next to a date
  // or an amount is not the header; the header is the row the dated rows under it confirm.
  const preamble = [
    ["Umsatzanzeige", "Datei erstellt am: 20.11.2026 09:15"],
    ["Datum von:", "01.11.2026"],
    ["Datum bis:", "20.11.2026"],
    ["Saldo", "2.345,67", "EUR"],
    ["Betrag gesamt", "-100,00"],
  ];
  const table = [
    ["Buchungstag", "Text", "Betrag", "Saldo"],
    ["18.11.2026", "REWE", "-64,33", "2.345,67"],
    ["15.11.2026", "Gehalt November", "2.800,00", "2.410,00"],
  ];
  it.each([";", "\t", "|", ","])("delimiter %j", async (d) => {
    // With "," the decimal commas need quotes, as real comma exports do.
    const quote = (v: string) => (d === "," && /,/.test(v) ? `"${v}"` : v);
    const text = join(d, [...preamble, [""], ...table].map((l) => l.map(quote)));
    const parsed = await csv(text);
    expect(summary(parsed.rows)).toEqual(["2026-11-18 out 6433 REWE", "2026-11-15 in 280000 Gehalt November"]);
    expect(parsed.notes.join(" ")).toMatch(/Header on line 7/);
  });

  it("a header-like line with no rows under it is passed over for the one the rows confirm", async () => {
    const parsed = await csv("Date,Amount\n\nAccount,Everyday\nDate,Description,Amount\n2026-11-02,SHOP,-5.00\n2026-11-03,SALARY,100.00\n");
    expect(summary(parsed.rows)).toEqual(["2026-11-02 out 500 SHOP", "2026-11-03 in 10000 SALARY"]);
  });
});

describe("a balance column is never the amount, wherever it stands", () => {
  it.each([
    ["Saldo before Betrag (German)", "Datum;Saldo;Betrag;Text\n02.11.2026;954,80;-45,20;EDEKA\n05.11.2026;3.454,80;2.500,00;Lohn\n"],
    ["Balance first (English)", "Date,Balance,Amount,Description\n11/02/2026,954.80,-45.20,KROGER\n11/05/2026,\"3,454.80\",\"2,500.00\",PAYROLL\n"],
    ["残高 before 金額 (Japanese)", "日付,残高,金額,摘要\n2026/11/02,954,-45,コンビニ\n2026/11/05,3454,2500,給与\n"],
    ["Solde before Montant (French)", "Date;Solde;Montant;Libellé\n02/11/2026;954,80;-45,20;CARREFOUR\n05/11/2026;3 454,80;2 500,00;SALAIRE\n"],
  ])("%s", async (_, text) => {
    const parsed = await csv(text);
    expect(parsed.rows.map((r) => r.isIncome)).toEqual([false, true]);
    expect(parsed.rows[0].amountCents).toBeLessThan(5000);
  });

  it("without a header, the column that runs as a balance of another is not the amount (even with signs)", async () => {
    const parsed = await csv('05/11/2026,"+1954.80","-45.20","WOOLWORTHS"\n07/11/2026,"+4454.80","+2500.00","Salary"\n10/11/2026,"+4334.80","-120.00","TELSTRA"\n');
    expect(summary(parsed.rows)).toEqual(["2026-11-05 out 4520 WOOLWORTHS", "2026-11-07 in 250000 Salary", "2026-11-10 out 12000 TELSTRA"]);
  });

  it("without a header and with two number columns it cannot tell apart, it refuses and says what to do", async () => {
    const read = csv("11/02/2026,SHOP A,12.00,30.00\n11/03/2026,SHOP B,13.00,44.00\n11/04/2026,SHOP C,14.00,91.00\n");
    await expect(read).rejects.toBeInstanceOf(StatementError);
    await expect(read).rejects.toThrow(/could not tell the amount from the balance/);
  });
});

describe("separate debit and credit columns (either may be empty) in other languages", () => {
  it.each([
    ["German Belastung/Gutschrift", "Datum;Beschreibung;Belastung;Gutschrift;Saldo\n03.11.2026;Migros;-136.80;;1'000.00\n10.11.2026;Lohn;;6'200.00;7'200.00\n"],
    ["German Lastschrift/Gutschrift (CHF)", "Buchungsdatum;Avisierungstext;Gutschrift in CHF;Lastschrift in CHF\n03.11.2026;Migros;;136.80\n10.11.2026;Lohn;6’200.00;\n"],
    ["Italian Uscite/Entrate", "Data;Descrizione;Uscite;Entrate\n03/11/2026;Esselunga;136,80;\n10/11/2026;Stipendio;;6.200,00\n"],
    ["Italian Addebiti/Accrediti", "Data operazione;Causale;Addebiti;Accrediti\n03/11/2026;Esselunga;-136,80;\n10/11/2026;Stipendio;;6.200,00\n"],
    ["Portuguese Débito/Crédito", "Data|Histórico|Débito|Crédito\n03/11/2026|Pão de Açúcar|R$ 136,80|\n10/11/2026|Salário|| R$ 6.200,00\n"],
    ["Spanish Cargo/Abono", "Fecha;Concepto;Cargo;Abono\n03/11/2026;Mercadona;136,80;\n10/11/2026;Nómina;;6.200,00\n"],
    ["Dutch debet/credit (KBC)", "Datum;Omschrijving;Bedrag;Saldo;credit;debet\n03/11/2026;Delhaize;;863,20;;136,80\n10/11/2026;Loon;;7.063,20;6.200,00;\n"],
    ["Dutch Af/Bij", "Datum\tOmschrijving\tAf\tBij\n03-11-2026\tAlbert Heijn\t136,80\t\n10-11-2026\tSalaris\t\t6.200,00\n"],
    ["French Débit/Crédit", "Date;Libellé;Débit euros;Crédit euros\n03/11/2026;Carrefour;136,80;\n10/11/2026;Salaire;;6 200,00\n"],
    ["Japanese 出金/入金", "日付,摘要,出金,入金,残高\n2026/11/03,コンビニ,13680,,100000\n2026/11/10,給与,,620000,720000\n"],
  ])("%s", async (_, text) => {
    const parsed = await csv(text);
    expect(parsed.rows.map((r) => [r.amountCents, r.isIncome])).toEqual(
      text.includes("620000") ? [[1368000, false], [62000000, true]] : [[13680, false], [620000, true]],
    );
  });
});

describe("amounts: thousands, decimal commas, currencies", () => {
  it.each([
    ["5'400.00", 540000], ["5’400.00", 540000], ["-1'950.00 CHF", -195000], ["CHF 84.50", 8450], ["SFr. 12.00", 1200],
    ["2 150,00 €", 215000], ["-1 045,00 EUR", -104500], ["1.234,56 EUR", 123456], ["R$ 1.234,56", 123456], ["US$ 12.00", 1200],
    ["¥1,200", 120000], ["1,200円", 120000], ["￥540", 54000], ["２０，０００", 2000000], ["-980", -98000], ["12 345", 1234500], ["△1,280", -128000], ["▲540円", -54000],
  ])("%s → %i", (text, cents) => {
    expect(parseAmount(text)?.cents).toBe(cents);
  });
});

describe("dates: year first with any separator, Japanese dates", () => {
  it.each([
    ["2026/11/02", "2026-11-02"], ["2026.11.02", "2026-11-02"], ["2026.11.02.", "2026-11-02"], ["R8.11.02", "2026-11-02"], ["令和8年11月2日", "2026-11-02"], ["2026-11-02", "2026-11-02"], ["2026年11月2日", "2026-11-02"], ["2026/11/02 10:15", "2026-11-02"],
  ])("%s", (text, iso) => {
    expect(toIsoDate(text, "ymd", { today: TODAY })).toBe(iso);
  });

  it("dates that read both ways take the order under which they span weeks, not months", () => {
    expect(detectDateOrder(["05/11/2026", "07/11/2026", "10/11/2026"])).toBe("dmy");
    expect(detectDateOrder(["11/05/2026", "11/07/2026", "11/10/2026"])).toBe("mdy");
    expect(detectDateOrder(["01/02/2026", "03/04/2026"])).toBe("mdy");
  });

  it("month names with dashes, and Spanish/Portuguese 'de'", () => {
    expect(toIsoDate("Nov-02-2026", "mdy", { today: TODAY })).toBe("2026-11-02");
    expect(toIsoDate("2 de noviembre de 2026", "dmy", { today: TODAY })).toBe("2026-11-02");
    expect(toIsoDate("2 de novembro de 2026", "dmy", { today: TODAY })).toBe("2026-11-02");
  });

  it("month names in Portuguese and Italian", () => {
    expect(dateParts("5 out 2026")?.named).toEqual({ month: 10, day: 5 });
    expect(dateParts("12 maggio 2026")?.named).toEqual({ month: 5, day: 12 });
    expect(dateParts("3 março 2026")?.named).toEqual({ month: 3, day: 3 });
  });
});

describe("footers are never rows", () => {
  it.each([
    ["English totals and closing balance", "Date,Description,Amount\n11/02/2026,SHOP,-5.00\n11/03/2026,PAYROLL,100.00\nTotal Debits,,-5.00\nTotal Credits,,100.00\nClosing Balance,,195.00\n"],
    ["a dated closing balance row", "Date,Description,Amount\n11/02/2026,SHOP,-5.00\n11/03/2026,PAYROLL,100.00\n11/20/2026,Closing balance,195.00\n"],
    ["German Summe and Kontostand", "Datum;Text;Betrag\n02.11.2026;SHOP;-5,00\n03.11.2026;Gehalt;100,00\n;Summe;95,00\n20.11.2026;Kontostand;195,00\n"],
    ["Spanish Saldo final and Total", "Fecha;Concepto;Importe\n02/11/2026;TIENDA;-5,00\n03/11/2026;NOMINA;100,00\n20/11/2026;Saldo final;195,00\nTotal;;95,00\n"],
    ["Japanese 前月繰越 and 合計", "日付,摘要,金額\n2026/11/01,前月繰越,100\n2026/11/02,SHOP,-5\n2026/11/03,給与,100\n合計,,95\n"],
    ["a dated total row", "Date;Description;Amount\n02/11/2026;SHOP;-5,00\n03/11/2026;SALAIRE;100,00\n20/11/2026;Total des mouvements;95,00\n"],
  ])("%s", async (_, text) => {
    const parsed = await csv(text);
    expect(parsed.rows.map((r) => [r.amountCents % 10000 === 0 ? "in" : "out", r.isIncome])).toEqual([["out", false], ["in", true]]);
  });

  it("a note under the table after a blank line does not join the last row's description", async () => {
    const parsed = await csv("Datum;Text;Betrag\n02.11.2026;SHOP;-5,00\n\nDisclaimer:\nDies ist kein Dokument der Bank.\n");
    expect(parsed.rows.map((r) => r.description)).toEqual(["SHOP"]);
  });

  it("a key;value footer right under the last row is not part of its description", async () => {
    const parsed = await csv("Datum;Text;Betrag;Saldo\n02.11.2026;SHOP;-5,00;95,00\nAnzahl Umsätze;1\n");
    expect(parsed.rows.map((r) => r.description)).toEqual(["SHOP"]);
  });

  it("a shop whose name starts with Total is still a purchase", async () => {
    const parsed = await csv("Date,Description,Amount\n11/02/2026,TOTAL WINE & MORE,-45.00\n11/03/2026,PAYROLL,100.00\n");
    expect(parsed.rows).toHaveLength(2);
  });
});

describe("directions when nothing names them", () => {
  it("a card export with no card words (mostly positive amounts, one negative): purchases are spending", async () => {
    const parsed = await csv("ご利用日,ご利用店名,ご利用金額\n2026/11/02,ＡＭＡＺＯＮ,\"3,480\"\n2026/11/08,スターバックス,650\n2026/11/12,ＪＲ東日本,\"5,000\"\n2026/11/13,キャンセル,-650\n");
    expect(parsed.rows.map((r) => r.isIncome)).toEqual([false, false, false, true]);
    expect(detectSignConvention([{ description: "A", cents: 1 }, { description: "B", cents: 2 }, { description: "C", cents: 3 }, { description: "D", cents: -1 }]).convention).toBe("positive-is-expense");
  });

  it("salary and payment-received words in more languages tell the convention", () => {
    for (const word of ["SALAIRE", "NOMINA", "STIPENDIO", "Salário", "給与 カブシキガイシャ", "Rückerstattung", "PAGO RECIBIDO", "Zahlung erhalten", "PAIEMENT REÇU", "ご入金ありがとうございます"]) {
      expect(detectSignConvention([{ description: word, cents: -100 }, { description: "X", cents: 5 }, { description: "Y", cents: 6 }]).convention).toBe("positive-is-expense");
    }
  });
});

describe("text statements in other shapes", () => {
  const text = (t: string) => parseStatement(new TextEncoder().encode(t), "s.txt", { today: TODAY });

  it("year-first dates with slashes or dots, and a footer total", async () => {
    const parsed = await text(["Kontoauszug 2026.11.20", "2026.11.03   Migros Filiale   -136.80", "2026.11.10   Lohn Beispiel AG   6'200.00", "2026/11/12   Swisscom   -64.90", "Total   5'998.30"].join("\n"));
    expect(summary(parsed.rows)).toEqual(["2026-11-03 out 13680 Migros Filiale", "2026-11-10 in 620000 Lohn Beispiel AG", "2026-11-12 out 6490 Swisscom"]);
  });

  it("a yen statement: whole amounts, Japanese dates, full-width digits, balance and totals left out", async () => {
    const parsed = await text(
      ["普通預金 入出金明細 (円)", "2026年11月1日   前月繰越   1,234,567", "2026年11月5日   カード ローソン   -1,280   1,233,287", "2026年11月10日   給与 カブシキガイシャ   ３１２，４００   1,545,687", "2026年11月15日   電気料金   -9,870   1,535,817", "合計   301,250"].join("\n"),
    );
    expect(summary(parsed.rows)).toEqual(["2026-11-05 out 128000 カード ローソン", "2026-11-10 in 31240000 給与 カブシキガイシャ", "2026-11-15 out 987000 電気料金"]);
  });

  it("outside a yen statement, a number without decimals is not an amount (a reference stays text)", async () => {
    const parsed = await text("11/02/2026   ORDER 12345   45.00\n11/03/2026   SALARY   1,000.00\n11/04/2026   REF 9981\n");
    expect(parsed.rows.map((r) => r.description)).toEqual(["ORDER 12345", "SALARY"]);
  });
});

describe("Japanese exports in Shift_JIS", () => {
  it("a Shift_JIS file is decoded as such; Western Windows-1252 text is not taken for it", async () => {
    // "日付,摘要,金額\n2026/11/02,ﾛｰｿﾝ,-540\n" in Shift_JIS (half-width katakana are single bytes).
    const sjis = new Uint8Array([0x93, 0xfa, 0x95, 0x74, 0x2c, 0x93, 0x45, 0x97, 0x76, 0x2c, 0x8b, 0xe0, 0x8a, 0x7a, 0x0a, ...new TextEncoder().encode("2026/11/02,"), 0xdb, 0xb0, 0xbf, 0xdd, ...new TextEncoder().encode(",-540\n")]);
    const parsed = await parseStatement(sjis, "x.csv", { today: TODAY });
    expect(summary(parsed.rows)).toEqual(["2026-11-02 out 54000 ﾛｰｿﾝ"]);
    expect(parsed.notes.join(" ")).toMatch(/Shift_JIS/);
    // "Straße;Bäcker" in Windows-1252: ß and ä followed by letters would be valid Shift_JIS kanji.
    const western = new Uint8Array([...new TextEncoder().encode("Datum;Text;Betrag\n02.11.2026;Stra"), 0xdf, 0x65, 0x20, 0x42, 0xe4, 0x63, 0x6b, 0x65, 0x72, ...new TextEncoder().encode(";-5,00\n")]);
    const read = await parseStatement(western, "x.csv", { today: TODAY });
    expect(read.rows[0].description).toBe("Straße Bäcker");
  });
});

describe("more shapes", () => {
  it("the header printed again mid-file is skipped, not counted as a pending row", async () => {
    const parsed = await csv("Date,Description,Amount\n11/02/2026,SHOP,-5.00\nDate,Description,Amount\n11/03/2026,PAYROLL,100.00\n");
    expect(parsed.rows).toHaveLength(2);
    expect(parsed.notes.join(" ")).not.toMatch(/pending/);
  });

  it.each([
    ["Swedish", "Bokföringsdatum;Beskrivning;Belopp;Saldo\n2026-11-02;ICA Maxi;-245,50;10 254,50\n2026-10-25;Lön;28 000,00;38 254,50\n"],
    ["Danish", "Dato;Tekst;Beløb;Saldo\n02.11.2026;Netto;-245,50;10.254,50\n25.10.2026;Løn;28.000,00;38.254,50\n"],
    ["Polish", "Data operacji;Opis operacji;Kwota;Saldo po operacji\n2026-11-02;Biedronka;-245,50;10 254,50\n2026-10-25;Wynagrodzenie;28 000,00;38 254,50\n"],
    ["Incoming/Outgoing", "Date,Reference,Outgoing,Incoming\n2026-11-02,Grocer,245.50,\n2026-10-25,Employer,,28000.00\n"],
  ])("%s", async (_, text) => {
    const parsed = await csv(text);
    expect(parsed.rows.map((r) => [r.amountCents, r.isIncome])).toEqual([[24550, false], [2800000, true]]);
  });
});

describe("OFX signs checked against the transaction types", () => {
  const ofx = (trns: Array<[string, string, string]>) =>
    parseStatement(
      new TextEncoder().encode(
        "OFXHEADER:100\nDATA:OFXSGML\n<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><BANKTRANLIST>\n" +
          trns.map(([type, amt, name], i) => `<STMTTRN><TRNTYPE>${type}<DTPOSTED>2026110${i + 1}<TRNAMT>${amt}<NAME>${name}\n`).join("") +
          "</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>",
      ),
      "x.ofx",
      { today: TODAY },
    );

  it("as the spec says (money out negative): unchanged", async () => {
    const parsed = await ofx([["DEBIT", "-12.50", "GROCER"], ["POS", "-3.00", "COFFEE"], ["CREDIT", "100.00", "PAYMENT THANK YOU"]]);
    expect(parsed.rows.map((r) => r.isIncome)).toEqual([false, false, true]);
  });

  it("a card issuer's purchases printed positive, which its types contradict: turned round, with the reason", async () => {
    const parsed = await ofx([["DEBIT", "12.50", "GROCER"], ["POS", "3.00", "COFFEE"], ["CREDIT", "-100.00", "AUTOPAY"]]);
    expect(parsed.rows.map((r) => r.isIncome)).toEqual([false, false, true]);
    expect(parsed.notes[0]).toMatch(/contradict the signs/);
  });

  it("unsigned amounts: each row's type gives its direction", async () => {
    const parsed = await ofx([["DEBIT", "12.50", "GROCER"], ["CREDIT", "100.00", "AUTOPAY"], ["OTHER", "4.00", "SHOP"]]);
    expect(parsed.rows.map((r) => r.isIncome)).toEqual([false, true, false]);
  });
});

describe("column names that are easy to misread", () => {
  it.each([
    ["one column named for both directions (Raiffeisen)", "IBAN;Booked At;Text;Credit/Debit Amount;Balance\nCH93;2026-11-02 00:00:00.0;Coop;-45.20;954.80\nCH93;2026-11-05 00:00:00.0;Lohn;2500.00;3454.80\n"],
    ["a Debit/Credit column holding the amounts", "Date;Description;Debit/Credit\n02/11/2026;Coop;-45,20\n05/11/2026;Salaire;2 500,00\n"],
    ["a +/- column beside unsigned amounts", "Datum;Buchungstext;Betrag;+/-\n02.11.2026;Coop;45,20;-\n05.11.2026;Lohn;2.500,00;+\n"],
    ["an Italian Segno column (D/A)", "Data;Descrizione;Importo;Segno\n02/11/2026;Esselunga;45,20;D\n05/11/2026;Stipendio;2.500,00;A\n"],
    ["CAD$ as the amount (RBC)", "Account Type,Account Number,Transaction Date,Cheque Number,Description 1,Description 2,CAD$,USD$\nChequing,01234-5678901,11/2/2026,,COSTCO,,-45.20,\nChequing,01234-5678901,11/5/2026,,PAYROLL ACME,,2500.00,\n"],
    ["dateOp and label (Boursorama)", "dateOp;dateVal;label;category;amount;accountbalance\n2026-11-02;2026-11-02;CB CARREFOUR;Alimentation;-45,20;954,80\n2026-11-05;2026-11-05;VIR SALAIRE;Revenus;2500,00;3454,80\n"],
  ])("%s", async (_, text) => {
    const parsed = await csv(text);
    expect(parsed.rows.map((r) => [r.amountCents, r.isIncome])).toEqual([[4520, false], [250000, true]]);
    expect(parsed.rows[0].description).not.toBe("(no description)");
  });
});

describe("text statements with thousands grouped by a space", () => {
  const text = (t: string) => parseStatement(new TextEncoder().encode(t), "s.txt", { today: TODAY });

  it("after a column gap the spaced amount is whole; a number in the description stays there", async () => {
    const parsed = await text(["Relevé au 20/11/2026", "03/11/2026   LOYER NOVEMBRE   -1 045,00   3 767,37", "05/11/2026   SALAIRE ACME   3 250,00   7 017,37", "12/11/2026   FILIALE 100 450,00", "14/11/2026   CARREFOUR   -62,15   6 505,22"].join("\n"));
    expect(parsed.rows.map((r) => [r.description, r.amountCents])).toEqual([["LOYER NOVEMBRE", 104500], ["SALAIRE ACME", 325000], ["FILIALE 100", 45000], ["CARREFOUR", 6215]]);
  });
});

describe("bounded work on hostile lines", () => {
  it("a line of a million spaces between a date and a word, and a cell of them, are refused quickly", async () => {
    const started = performance.now();
    await expect(parseStatement(new TextEncoder().encode(`11/02/2026 ${" ".repeat(1_000_000)}x\n`), "s.txt", { today: TODAY })).rejects.toBeInstanceOf(StatementError);
    // Padding around a cell is trimmed (linear), so this one is still read.
    expect((await csv(`Date,Description,Amount\n11/02/2026,A,${" ".repeat(1_000_000)}1.00 CR\n`)).rows).toHaveLength(1);
    await expect(csv(`Date,Description,Amount\n11/02/2026,A,1${" ".repeat(1_000_000)}.00 CR\n`)).rejects.toBeInstanceOf(StatementError);
    expect(parseAmount(`${" ".repeat(100_000)}12.00 CR`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("headerless exports with separate debit and credit columns and a running balance (held-out 3's kind)", () => {
  // The balance is the column that moves by each row's credit minus its debit; the amount is whichever side is
  // filled; the credit is money in. Which side is the credit is read from the balance, not from the order.
  it.each([
    ["TD shape: date, description, debit, credit, balance; oldest first", "11/02/2026,COFFEE SHOP,4.35,,1845.20\r\n11/05/2026,EMPLOYER PAY,,2150.00,3995.20\r\n11/07/2026,GROCER,126.58,,3868.62\r\n"],
    ["credit before debit, newest first, day-first", '07/11/2026,GROCER,,126.58,3868.62\n05/11/2026,"EMPLOYER PAY, NOV",2150.00,,3995.20\n02/11/2026,COFFEE SHOP,,4.35,1845.20\n'],
    ["semicolons, decimal commas, 0,00 in the unused side, balance first", "02.11.2026;1845,20;COFFEE SHOP;4,35;0,00\n05.11.2026;3995,20;EMPLOYER PAY;0,00;2150,00\n07.11.2026;3868,62;GROCER;126,58;0,00\n"],
    ["tabs, codes around the table, year-first dates", "EOP\t2026-11-02\t1\tCOFFEE SHOP\t\t4.35\t\t1845.20\nEOP\t2026-11-05\t2\tEMPLOYER PAY\t\t\t2150.00\t3995.20\nEOP\t2026-11-07\t3\tGROCER\t\t126.58\t\t3868.62\n"],
  ])("%s", async (_, text) => {
    const parsed = await csv(text);
    const bySummary = summary(parsed.rows).map((s) => s.replace(/, NOV$/, "")).sort();
    expect(bySummary).toEqual(["2026-11-02 out 435 COFFEE SHOP", "2026-11-05 in 215000 EMPLOYER PAY", "2026-11-07 out 12658 GROCER"]);
    expect(parsed.notes.join(" ")).toMatch(/debit in column \d+, credit in column \d+, told apart by the running balance/);
  });

  it("no balance to tell the debit side from the credit side: refused, not guessed", async () => {
    await expect(csv("11/02/2026,COFFEE SHOP,4.35,\n11/05/2026,EMPLOYER PAY,,2150.00\n11/07/2026,GROCER,126.58,\n")).rejects.toThrow(/separate debit and credit columns/);
  });

  it("a balance that does not move by either side's amounts is no evidence: refused", async () => {
    await expect(csv("11/02/2026,COFFEE SHOP,4.35,,500.00\n11/05/2026,EMPLOYER PAY,,2150.00,500.00\n11/07/2026,GROCER,126.58,,500.00\n")).rejects.toBeInstanceOf(StatementError);
  });
});

describe("header cells padded with spaces (fixed-width-looking CSV, held-out 3's kind)", () => {
  // HDFC-like: a blank first line, CRLF, every header cell padded, a zero in the unused side, dd/mm/yy dates.
  const pad = (cells: string[], width = 18) => cells.map((c, i) => (i === 1 ? c.padEnd(48) : c.padStart(width))).join(",");
  const file = (descriptionName: string) =>
    [
      "",
      pad(["  Date     ", descriptionName, "Value Dat", "Debit Amount", "Credit Amount", "Closing Balance"]),
      pad(["03/11/26", "POS 4160XXXX GROCER BANGALORE", "03/11/26", "452.00", "0.00", "48548.00"]),
      pad(["07/11/26", "NEFT CR-ACME LIMITED-SALARY", "07/11/26", "0.00", "85000.00", "133548.00"]),
      pad(["18/11/26", "IMPS-RENT NOV", "18/11/26", "22000.00", "0.00", "111548.00"]),
    ].join("\r\n") + "\r\n";
  it.each(["Narration", "Particulars", "Remarks", "Details", "Transaction Remarks", "  Narration       "])("description column %j", async (name) => {
    const parsed = await csv(file(name));
    expect(summary(parsed.rows)).toEqual(["2026-11-03 out 45200 POS 4160XXXX GROCER BANGALORE", "2026-11-07 in 8500000 NEFT CR-ACME LIMITED-SALARY", "2026-11-18 out 2200000 IMPS-RENT NOV"]);
  });

  it("dd/mm/yy dates that all read both ways are placed by the weeks they span", async () => {
    const text = ["", " Txn Date , Remarks            , Withdrawal , Deposit  , Balance ", " 02/11/26 , SHOP A             ,     10.00 ,     0.00 ,  990.00 ", " 05/11/26 , SALARY             ,      0.00 ,   500.00 , 1490.00 ", " 09/11/26 , SHOP B             ,     20.00 ,     0.00 , 1470.00 "].join("\r\n");
    const parsed = await csv(text);
    expect(summary(parsed.rows)).toEqual(["2026-11-02 out 1000 SHOP A", "2026-11-05 in 50000 SALARY", "2026-11-09 out 2000 SHOP B"]);
  });
});
