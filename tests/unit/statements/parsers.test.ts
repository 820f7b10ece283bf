import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { columnDecimal, parseAmount } from "../../../app/domain/statements/amounts";
import { detectDelimiter } from "../../../app/domain/statements/csv";
import { decodeText } from "../../../app/domain/statements/decode";
import { detectDateOrder, toIsoDate } from "../../../app/domain/statements/dates";
import { detectFormat, NO_TRANSACTIONS, parseStatement, StatementError, TOO_MANY_ROWS } from "../../../app/domain/statements";
import { detectSignConvention } from "../../../app/domain/statements/signs";

// The statement parsers (issue 10) on their own: each quirk, then every fixture file against counts and
// totals written by hand in tests/fixtures/statements/expected.json.

const TODAY = "2026-11-22";
const DIR = path.join(__dirname, "../../fixtures/statements");

describe("amounts", () => {
  it.each([
    ["$1,234.56", 123456],
    ["1.234,56 €", 123456],
    ["1'234.50", 123450],
    ["1 234,50", 123450],
    ["-12,5", -1250],
    ["(45.00)", -4500],
    ["12.50-", -1250],
    ["€ -7", -700],
    ["1,234", 123400],
    ["0.99", 99],
  ])("%s → %i cents", (text, cents) => {
    expect(parseAmount(text)?.cents).toBe(cents);
  });

  it("reads CR/DR markers and refuses what is not money", () => {
    expect(parseAmount("45.00 CR")).toEqual({ cents: 4500, marker: "CR" });
    expect(parseAmount("45.00 DR")).toEqual({ cents: 4500, marker: "DR" });
    for (const bad of ["", "abc", "12.345.6", "1.2.3", "--5", "12/10/2026"]) expect(parseAmount(bad)).toBeNull();
  });

  it("a column with decimal commas is read as such, even '1.234' then", () => {
    expect(columnDecimal(["12,50", "1.234,56", "3,00"])).toBe(",");
    expect(parseAmount("1.234", ",")?.cents).toBe(123400);
    expect(columnDecimal(["12.50", "3.00"])).toBe(".");
  });
});

describe("dates", () => {
  it("decides day-first or month-first from the whole column", () => {
    expect(detectDateOrder(["01/02/2026", "03/04/2026", "13/04/2026"])).toBe("dmy");
    expect(detectDateOrder(["01/02/2026", "03/04/2026", "04/13/2026"])).toBe("mdy");
    expect(detectDateOrder(["2026-01-02", "2026-03-04"])).toBe("ymd");
    expect(detectDateOrder(["01/02/2026"])).toBe("mdy");
  });

  it("reads named months and two-digit years, never a future date", () => {
    expect(toIsoDate("Jan 5, 2024", "mdy", { today: TODAY })).toBe("2024-01-05");
    expect(toIsoDate("5 Jan 2024", "dmy", { today: TODAY })).toBe("2024-01-05");
    expect(toIsoDate("03.10.26", "dmy", { today: TODAY })).toBe("2026-10-03");
    expect(toIsoDate("12/31/2026", "mdy", { today: TODAY })).toBeNull();
    expect(toIsoDate("02/30/2026", "mdy", { today: TODAY })).toBeNull();
  });

  it("places a year-less date before the statement's closing date (a December–January statement)", () => {
    const period = { start: "2025-12-15", end: "2026-01-14" };
    expect(toIsoDate("12/28", "mdy", { today: TODAY, period })).toBe("2025-12-28");
    expect(toIsoDate("01/05", "mdy", { today: TODAY, period })).toBe("2026-01-05");
  });
});

describe("decoding, delimiters, signs", () => {
  it("decodes UTF-8 with and without BOM, UTF-16 by BOM or NUL pattern, Windows-1252", () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x41])).text).toBe("A");
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x41, 0x00])).text).toBe("A");
    expect(decodeText(new Uint8Array([0x00, 0x41, 0x00, 0x42, 0x00, 0x43])).text).toBe("ABC");
    expect(decodeText(new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x80])).text).toBe("Café€");
  });

  it("finds the delimiter", () => {
    expect(detectDelimiter("a;b;c\n1;2;3\n")).toBe(";");
    expect(detectDelimiter("a\tb\n1\t2\n")).toBe("\t");
    expect(detectDelimiter('a,"b,c",d\n1,"2,3",4\n')).toBe(",");
    expect(detectDelimiter("a|b|c\n1|2|3\n")).toBe("|");
    expect(detectDelimiter("just words here\nand more words\n")).toBeNull();
    // Decimal commas in a small semicolon export (a key;value preamble, two rows) are not columns.
    expect(detectDelimiter("Kreditlimit;3.000,00\nSaldo;120,00\nDatum;Text;Betrag\n02.11.2026;A;-100,00\n03.11.2026;B;20,00\n")).toBe(";");
    expect(detectDelimiter("Date,Amount,Day\n2026-11-02,100,25\n2026-11-03,12.50,26\n")).toBe(",");
  });

  it("tells the sign convention from where salary-like rows fall", () => {
    expect(detectSignConvention([{ description: "PAYROLL", cents: 100 }, { description: "X", cents: -5 }]).convention).toBe("negative-is-expense");
    expect(detectSignConvention([{ description: "PAYMENT THANK YOU", cents: -100 }, { description: "X", cents: 5 }]).convention).toBe("positive-is-expense");
    expect(detectSignConvention([{ description: "X", cents: 5 }, { description: "SALARY", cents: 500 }]).convention).toBe("unsigned");
    expect(detectSignConvention([{ description: "X", cents: 5 }, { description: "Y", cents: -5 }], { cardStatement: true }).convention).toBe("positive-is-expense");
  });
});

describe("real-world column names", () => {
  const csv = async (text: string) => parseStatement(new TextEncoder().encode(text), "x.csv", { today: TODAY });

  it("picks the plainest of several amount columns (booked amount, not the original or local one)", async () => {
    const parsed = await csv("Buchungstag;Verwendungszweck;Lastschrift Ursprungsbetrag;Betrag\n02.11.26;Miete;-999,00;-950,00\n03.11.26;Lohn;;2.400,00\n");
    expect(parsed.rows.map((r) => [r.amountCents, r.isIncome])).toEqual([[95000, false], [240000, true]]);
  });

  it("reads an Umsatztyp column (Eingang/Ausgang) as the direction, not the amount", async () => {
    const parsed = await csv("Buchungsdatum;Verwendungszweck;Umsatztyp;Betrag (€)\n18.11.26;REWE;Ausgang;54,32\n15.11.26;Gehalt;Eingang;3.210,00\n");
    expect(parsed.rows.map((r) => [r.amountCents, r.isIncome])).toEqual([[5432, false], [321000, true]]);
  });

  it("without a header, the amount is the column with both signs, not a balance before it", async () => {
    const parsed = await csv("123456789\tEUR\t20261103\t1500,00\t1476,55\t-23,45\tAlbert Heijn\n123456789\tEUR\t20261105\t1476,55\t3976,55\t2500,00\tSalaris\n");
    expect(parsed.rows.map((r) => [r.amountCents, r.isIncome])).toEqual([[2345, false], [250000, true]]);
  });

  it("a text column holding only DEBIT/CREDIT is the direction, and stays out of the description", async () => {
    const parsed = await csv("Date,Transaction,Name,Amount\n2026-11-02,DEBIT,WAL-MART,63.12\n2026-11-05,CREDIT,ACME,1850.00\n2026-11-06,DEPOSIT,,20.00\n");
    expect(parsed.rows.map((r) => [r.description, r.isIncome])).toEqual([["WAL-MART", false], ["ACME", true], ["DEPOSIT", true]]);
  });

  it("unsigned amounts next to a running balance take their direction from the balance", async () => {
    const parsed = await csv("Date,Description,Amount,Balance\n11/02/2026,REFUND SHOP,10.00,990.00\n11/03/2026,ACME,500.00,1490.00\n11/04/2026,GAS,40.00,1450.00\n");
    expect(parsed.rows.map((r) => [r.description, r.isIncome])).toEqual([["REFUND SHOP", true], ["ACME", true], ["GAS", false]]);
  });

  it("reads card exports with Charges and Payments columns", async () => {
    const parsed = await csv("Date,Merchant,Charges,Payments\n11/02/2026,COSTCO,212.34,\n11/06/2026,AUTOPAY,,450.00\n");
    expect(parsed.rows.map((r) => [r.amountCents, r.isIncome])).toEqual([[21234, false], [45000, true]]);
  });

  it("reads 'Started Date' columns and dates with a time of day", async () => {
    const parsed = await csv("Started Date,Description,Amount\n11/02/2026 08:12,Coffee,-3.50\n11/14/2026 17:40:02,Salary,2000.00\n");
    expect(parsed.rows.map((r) => r.date)).toEqual(["2026-11-02", "2026-11-14"]);
  });

  it("keeps every row of a 5,000-row export, in order, each fully converted; one row more is refused with the limit", async () => {
    const lines = ["Date,Description,Amount,Balance"];
    for (let i = 0; i < 5_000; i++) lines.push(`11/${String((i % 20) + 1).padStart(2, "0")}/2026,SHOP ${i % 97},-${(i % 50) + 1}.25,100.00`);
    const parsed = await csv(lines.join("\n"));
    expect(parsed.rows).toHaveLength(5_000);
    expect(parsed.rows[4_999]).toEqual({ date: "2026-11-20", description: "SHOP 52", amountCents: 5025, isIncome: false, line: 5_001 });
    lines.push("11/21/2026,ONE MORE,-1.00,100.00");
    await expect(csv(lines.join("\n"))).rejects.toThrow("This statement has more than 5,000 transactions: split it by date");
  });

  it("217k short rows: refused within the limit's work, not after reading them all", async () => {
    const text = "Date,Description,Amount\n" + "11/02/2026,A,-1.00\n".repeat(217_000);
    await expect(csv(text)).rejects.toThrow(TOO_MANY_ROWS);
  });
});

describe("text statements", () => {
  const text = async (t: string) => parseStatement(new TextEncoder().encode(t), "s.txt", { today: TODAY });

  it("unsigned withdrawals and deposits next to a running balance: the balance's change gives the direction", async () => {
    const parsed = await text(["Statement period 10/15/2026 - 11/14/2026", "Date   Description   Amount   Balance", "10/16  SAFEWAY 0912   54.20   1,145.80", "10/17  ACME CORP   2,500.00   3,645.80", "10/20  COMCAST   120.45   3,525.35"].join("\n"));
    expect(parsed.rows.map((r) => [r.description, r.isIncome])).toEqual([["SAFEWAY 0912", false], ["ACME CORP", true], ["COMCAST", false]]);
  });

  it("dotted dates without a year are day-first; the closing date places them", async () => {
    expect(detectDateOrder(["02.11.", "05.11.", "07.11."])).toBe("dmy");
    const parsed = await text("Auszugsdatum 14.11.2026\n02.11. 02.11. REWE   -54,32\n05.11. 05.11. Gehalt   3.210,00\n");
    expect(parsed.rows.map((r) => r.date)).toEqual(["2026-11-02", "2026-11-05"]);
  });

  it("with no negative amount at all, the wording decides (salary in, the rest out)", async () => {
    const parsed = await text("05-Nov-26   TESCO   32.60\n07-Nov-26   SALARY ACME   2,100.00\n");
    expect(parsed.rows.map((r) => r.isIncome)).toEqual([false, true]);
  });

  it("the same, newest first", async () => {
    const parsed = await text(["Closing date 11/14/2026", "10/20  COMCAST   120.45   3,525.35", "10/17  ACME CORP   2,500.00   3,645.80", "10/16  SAFEWAY 0912   54.20   1,145.80", "10/15  SHELL   20.00   1,200.00"].join("\n"));
    expect(parsed.rows.map((r) => [r.description, r.isIncome])).toEqual([["COMCAST", false], ["ACME CORP", true], ["SAFEWAY 0912", false], ["SHELL", false]]);
  });
});

describe("OFX and QIF details", () => {
  it("reads a decimal comma in an OFX amount and a Quicken-style QIF date", async () => {
    const ofx = "OFXHEADER:100\nDATA:OFXSGML\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>\n<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261102<TRNAMT>-12,50<NAME>BAKKER\n<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261103<TRNAMT>1500.00<NAME>SALARIS\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>";
    const parsed = await parseStatement(new TextEncoder().encode(ofx), "x.ofx", { today: TODAY });
    expect(parsed.rows.map((r) => [r.amountCents, r.isIncome])).toEqual([[1250, false], [150000, true]]);
    const qif = await parseStatement(new TextEncoder().encode("!Type:Bank\nD11/ 5'26\nT-1,234.56\nPRENT\n^\n"), "x.qif", { today: TODAY });
    expect(qif.rows).toEqual([{ date: "2026-11-05", description: "RENT", amountCents: 123456, isIncome: false, line: 2 }]);
  });
});

describe("formats by content", () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it("refuses binary and spreadsheets whatever their name", () => {
    expect(detectFormat(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]), "x.csv")).toBeNull();
    expect(detectFormat(new Uint8Array(Array.from({ length: 200 }, (_, i) => (i * 37) % 256)), "garbage.csv")).toBeNull();
    expect(detectFormat(new Uint8Array(), "empty.csv")).toBeNull();
    expect(detectFormat(bytes("%PDF-1.7\n"), "x.txt")).toBe("pdf");
    expect(detectFormat(bytes("OFXHEADER:100\n"), "x.csv")).toBe("ofx");
    expect(detectFormat(bytes("!Type:Bank\n"), "x.txt")).toBe("qif");
  });

  it("a file with no transactions is a clear error", async () => {
    await expect(parseStatement(bytes("Date,Description,Amount\n"), "x.csv", { today: TODAY })).rejects.toThrow(NO_TRANSACTIONS);
    await expect(parseStatement(bytes("hello there\n"), "x.txt", { today: TODAY })).rejects.toBeInstanceOf(StatementError);
  });
});

// Two fixture sets (issue 21): statements/ is what the parsers are developed against; statements-heldout/ was
// written first from public descriptions of banks' export formats and is never tuned to. The table prints
// both scores and how many purchases were read as income (the worst error: it must stay 0). A file scores
// when its count and both totals are exact; a purchase read as income is a parsed income row whose
// description is none of the file's income rows (expected.json's incomeRows, matched as substrings).
// statements-heldout2/ (held-out 2) was written later, from memory of other banks' exports, without reading the
// parsers; it is never tuned to and only measured: a file the parsers refuse is a miss, any other throw fails.
// Its two misses (PostFinance, Japanese) were read while tuning for issue 21, so it is development data now;
// it stays measured on its own. A row with the wrong direction is an income row read as spending or a purchase read as income (a row is
// income when its description contains one of expected.json's incomeRows).
type Expected = Record<string, { count: number; expenseCents: number; incomeCents: number; incomeRows: string[] }>;
const HELDOUT = path.join(__dirname, "../../fixtures/statements-heldout");
const HELDOUT2 = path.join(__dirname, "../../fixtures/statements-heldout2");
// statements-heldout3/ (held-out 3) was written outside the repository, while the parsers were being tuned, by
// someone who read neither the parsers nor their fixtures, and added after tuning stopped. Blind score when added:
// 7 of 8 exact by count and totals, 4 rows of wrong direction, 2 of them "purchases read as income": the
// headerless TD file (debit, credit, balance) read its balance as the amount and its two deposits as spending; the
// HDFC file's padded 'Narration' column was not taken for the description. Those two misses were then read and
// their kinds fixed (headerless debit/credit columns told apart by the running balance; 'Narration', 'Remarks'
// and other description names in padded headers), with development fixtures of other banks' shapes, so held-out 3
// is development data now: it stays measured only, never asserted file by file.
const HELDOUT3 = path.join(__dirname, "../../fixtures/statements-heldout3");
// statements-heldout4/ (held-out 4) was written outside the repository after held-out 3 became development data,
// by someone who read neither the parsers nor any fixture, and added untouched. Blind score when added: 6/8 exact,
// 0 rows of wrong direction, 0 purchases read as income; a Nordea export (';', year-first dates, '-8 950,00') was
// refused, and an HSBC text statement lost a row printed without its date (HSBC dates only a day's first row).
// Those two misses were then read and their kinds fixed (a date column found by what it holds, whatever its name
// or language; undated and wrapped rows of text statements), with development fixtures of other banks' shapes:
// held-out 4 is development data now, and gated file by file like statements/.
const HELDOUT4 = path.join(__dirname, "../../fixtures/statements-heldout4");
// statements-heldout5/ (held-out 5: 10 exports from Norway, Finland, New Zealand, Ireland, Austria, the Czech
// Republic, Singapore, Malaysia, the UAE and the Philippines) was written outside the repository while held-out 4's
// kinds were being fixed, by someone who read neither the parsers nor any fixture, and added untouched after that
// tuning stopped. Blind score when added: 9 of 10 exact; Maybank's text statement read the running balance as the
// amount of its two credits printed with a trailing plus ("4,850.00+"), and Fio's export took the note column
// ("Výplata mzdy") for the description, so its two credits, rightly read as money in, do not match the expected
// names ("wrong direction 2" is that naming, not a direction). It is measured only: never tune the parsers to it; whoever reads its misses to fix them writes a
// held-out 6 outside the repository first.
// Held-out 6 was then written outside the repository, and held-out 5's two kinds were fixed generally (a sign in any
// form banks print it, "4,850.00+" included, read everywhere an amount is; the other party's name leads the description,
// a row without one takes its message or note), with development fixtures of other banks: held-out 5 is development
// data now, gated file by file like held-out 4.
const HELDOUT5 = path.join(__dirname, "../../fixtures/statements-heldout5");
// statements-heldout6/ (held-out 6: Danske Bank, Tatra banka, Banco Popular, GTBank, CIB Egypt, Hang Seng,
// Kasikornbank, Republic Bank) was written outside the repository while held-out 5's kinds were being fixed, by
// someone who read neither the parsers nor any fixture, and added untouched after that tuning stopped. Blind score
// when added: 5 of 8 exact, 0 rows of wrong direction, 0 purchases read as income; Hang Seng's text statement gained
// 3 rows that are not transactions, Tatra banka's tab-separated Debet/Kredit export lost its 3 credits, and
// Kasikornbank's text statement (trailing-sign amounts, dates on a day's first row only) was refused. Measured
// only: never tune the parsers to it; whoever reads its misses to fix them writes a held-out 7 outside first.
// It was then tuned on its misses: their kinds fixed generally (a credit column named 'Kredit'/'Kredyt'; 'B/F' and
// 'C/F' balance lines; a short text column such as 'Channel' after a text statement's amounts), with development
// fixtures of other banks sharing each kind: held-out 6 is development data now, gated file by file like held-out 5.
const HELDOUT6 = path.join(__dirname, "../../fixtures/statements-heldout6");
// statements-heldout7/ (held-out 7: Banca Transilvania, Banco de Chile, KB Kookmin card, LHV, Bancolombia, Equity
// Bank, NCB Visa, Spuerkeess) was written outside the repository while held-out 6's kinds were being fixed, by
// someone who read neither the parsers nor any fixture, and added untouched after that tuning stopped. Blind score
// when added: 5 of 8 exact. LHV's unsigned amounts with a D/C indicator column read its 2 credits as spending (the
// indicator is not used); NCB's Visa text statement was refused; Spuerkeess's text statement read 697963 cents of
// spending for 39742; Banca Transilvania's totals and directions are right but its 3 credits lost their
// descriptions ("(no description)"), which the test counts as "purchases read as income 3". Measured only: never
// tune the parsers to it; whoever reads its misses to fix them writes a held-out 8 outside first.
// A new blind set was then being written outside the repository, and held-out 7's kinds were fixed generally (a debit/credit
// indicator column found by what it holds, D/C, D/K, DR/CR, S/H, Débito/Crédito or +/-, named or not; a card
// statement's year-less "23-OCT"/"OCT-24" dates, reference column and row-by-row CR marks, its unmarked rows purchases
// whatever the summary's section words; a balance carried over a page break, "A reporter"/"Report", "Übertrag", "Suma y
// sigue", never a row; a description column named in more languages or found by what it holds; a row's further lines
// under it its own from the first row on), with development fixtures of other banks sharing each kind (Swedbank,
// Volksbank, Kotak, ING Romania, Garanti, Citadele, Intesa, Sparkasse, CaixaBank, Scotiabank, Santander, Bank of
// Ireland): held-out 7 is development data now (8/8, 0 rows of wrong direction), gated file by file like held-out 6.
const HELDOUT7 = path.join(__dirname, "../../fixtures/statements-heldout7");
// statements-heldout8/ (held-out 8: QNB card CSV, Bank of Valletta card text, BCP Peru, LLB Liechtenstein, BROU
// Uruguay fixed-width text, Swedbank Latvia D/K, Ecobank Ghana headerless, BankGuam card QFX) was written outside the
// repository while held-out 7's kinds were being fixed, by someone who read neither the parsers nor any fixture, and
// added untouched after that tuning stopped. Blind score when added: 6 of 8 exact, 2 rows of wrong
// direction, 1 purchase read as income. BROU's fixed-width Spanish statement ("58.300,00 Crédito" then a balance)
// read its balance column as every row's amount and its salary as spending; Swedbank Latvia's statement-style CSV
// kept its two "Turnover" summary lines (one D, one K) as rows. Measured only: never tune the parsers
// to it; whoever reads its misses to fix them writes a held-out 9 outside first.
// A new blind set was then being written outside the repository, and held-out 8's two kinds were fixed generally
// (an amount followed by its debit/credit word and then the balance, in English, Dutch, German, French, Spanish and
// Portuguese, "S"/"H" and "D"/"C" letters included, over page breaks and wrapped descriptions; turnover, totals and
// interest lines among a CSV's rows, by their name in the bank's language, a record-type column, or an amount that
// is its direction's sum), with development fixtures of other banks sharing each kind (Volksbank, Rabobank, Banco do
// Brasil; Swedbank Lithuania, a German S/H export, a Spanish Cargo/Abono export): held-out 8 is development data now
// (8/8, 0 rows of wrong direction), gated file by file like held-out 7.
const HELDOUT8 = path.join(__dirname, "../../fixtures/statements-heldout8");
// statements-heldout9/ (held-out 9: Bank of Cyprus card CSV, Butterfield card text, Attijariwafa, MCB Mauritius,
// DSB Suriname Dutch fixed-width text, Millennium bim Portuguese fixed-width text, BSM San Marino Italian card text,
// Banco Pichincha) was written outside the repository while held-out 8's kinds were being fixed, by someone who read
// neither the parsers nor any fixture, and added untouched after that tuning stopped. Blind score when added: 7 of 8 exact, 0 rows of wrong
// direction, 0 purchases read as income; BSM's Italian card statement (amounts followed by "addebito"/"accredito",
// a summary in "€") was refused.
// A new blind set was then being written outside the repository, and the miss's kind was fixed generally: a debit/credit
// word after an amount in Italian (addebito/accredito), Polish (obciążenie/uznanie, Wn/Ma), Turkish (borç/alacak),
// Indonesian, Czech and Slovak (debet/kredit), in either case, beating a direction word in the description; such words
// in a column of their own wide of the amount, where they stand at one position down the statement; a foreign-currency
// line under its purchase in other languages ("USD 229,80 CAMBIO 1,0784"); card cues in those languages. With
// development fixtures of other banks sharing the kind (mBank, Garanti card, Mandiri): held-out 9 is development data
// now (8/8, 0 rows of wrong direction), gated file by file like held-out 8.
const HELDOUT9 = path.join(__dirname, "../../fixtures/statements-heldout9");
// statements-heldout10/ (held-out 10: Galicia Visa CSV, SNB card text, Banco General, NLB, CMB Monaco French
// fixed-width text, BCR Costa Rica Spanish fixed-width text, Piraeus MT940, Bank Windhoek headerless) was written
// outside the repository while held-out 9's kind was being fixed, by someone who read neither the parsers nor any
// fixture, and added untouched after that tuning stopped. Blind score when added: 6 of 8 exact, 0 rows of wrong direction, 0 purchases read
// as income; Piraeus's MT940 export was refused (MT940 is not read at all), and SNB's card text statement read
// every row's direction right but its spending 784.92 short. Measured only: never tune
// the parsers to it; whoever reads its misses to fix them writes a held-out 11 outside first.
const HELDOUT10 = path.join(__dirname, "../../fixtures/statements-heldout10");
type Tally = { exact: number; files: number; purchasesAsIncome: number; wrongDirection: number };
const tallyOf = (): Tally => ({ exact: 0, files: 0, purchasesAsIncome: 0, wrongDirection: 0 });
const score = { development: tallyOf(), heldOut: tallyOf(), heldOut2: tallyOf(), heldOut3: tallyOf(), heldOut4: tallyOf(), heldOut5: tallyOf(), heldOut6: tallyOf(), heldOut7: tallyOf(), heldOut8: tallyOf(), heldOut9: tallyOf(), heldOut10: tallyOf() };
afterAll(() => {
  const line = (label: string, t: Tally) =>
    `${label}: ${t.exact} of ${t.files} files exact (count and totals); rows with the wrong direction ${t.wrongDirection}; purchases read as income ${t.purchasesAsIncome}`;
  console.log(
    [line("development", score.development), line("held-out 1 (misses read during tuning)", score.heldOut), line("held-out 2 (misses read during tuning)", score.heldOut2), line("held-out 3 (misses read during tuning)", score.heldOut3), line("held-out 4 (misses read during tuning; gated)", score.heldOut4), line("held-out 5 (misses read during tuning; gated)", score.heldOut5), line("held-out 6 (misses read during tuning; gated)", score.heldOut6), line("held-out 7 (misses read during tuning; gated)", score.heldOut7), line("held-out 8 (misses read during tuning; gated; blind 6 of 8)", score.heldOut8), line("held-out 9 (misses read during tuning; gated; blind 7 of 8)", score.heldOut9), line("held-out 10 (blind: never tuned)", score.heldOut10)].join("\n"),
  );
});

describe.each([
  ["development", DIR],
  ["held-out", HELDOUT],
  ["held-out 2", HELDOUT2],
  ["held-out 3", HELDOUT3],
  ["held-out 4", HELDOUT4],
  ["held-out 5", HELDOUT5],
  ["held-out 6", HELDOUT6],
  ["held-out 7", HELDOUT7],
  ["held-out 8", HELDOUT8],
  ["held-out 9", HELDOUT9],
  ["held-out 10", HELDOUT10],
] as const)("fixtures (%s)", (set, dir) => {
  const expected = JSON.parse(readFileSync(path.join(dir, "expected.json"), "utf8")) as Expected;
  const files = readdirSync(dir).filter((f) => f !== "expected.json");
  const tally = set === "development" ? score.development : set === "held-out" ? score.heldOut : set === "held-out 2" ? score.heldOut2 : set === "held-out 3" ? score.heldOut3 : set === "held-out 4" ? score.heldOut4 : set === "held-out 5" ? score.heldOut5 : set === "held-out 6" ? score.heldOut6 : set === "held-out 7" ? score.heldOut7 : set === "held-out 8" ? score.heldOut8 : set === "held-out 9" ? score.heldOut9 : score.heldOut10;
  tally.files = files.length;

  it("every fixture has expected figures", () => {
    expect(files.sort()).toEqual(Object.keys(expected).sort());
    expect(files.length).toBeGreaterThanOrEqual(set === "development" ? 15 : set === "held-out" ? 10 : set === "held-out 2" ? 6 : 8);
  });

  const measuredOnly = set === "held-out 2" || set === "held-out 3" || set === "held-out 10";
  const gated = set === "development" || set === "held-out 4" || set === "held-out 5" || set === "held-out 6" || set === "held-out 7" || set === "held-out 8" || set === "held-out 9";
  it.each(Object.keys(expected))(gated ? "%s: count and totals, no purchase read as income" : set === "held-out" ? "%s: scored; no purchase read as income" : "%s: measured only (fails on a crash, not a refusal)", async (file) => {
    const read = parseStatement(new Uint8Array(readFileSync(path.join(dir, file))), file, { today: TODAY });
    // A held-out file the parsers refuse is a miss in the score, not a failure; in held-outs 2 and 3 only a refusal
    // (StatementError) is a miss, any other error is a crash and fails.
    const parsed =
      gated
        ? await read
        : await read.catch((e: unknown) => {
            if (measuredOnly && !(e instanceof StatementError)) throw e;
            return { rows: [], notes: ["refused"] };
          });
    const got = {
      count: parsed.rows.length,
      expenseCents: parsed.rows.filter((r) => !r.isIncome).reduce((s, r) => s + r.amountCents, 0),
      incomeCents: parsed.rows.filter((r) => r.isIncome).reduce((s, r) => s + r.amountCents, 0),
    };
    const want = expected[file];
    const isIncomeRow = (description: string) => want.incomeRows.some((d) => description.toLowerCase().includes(d.toLowerCase()));
    const wrongIncome = parsed.rows.filter((r) => r.isIncome && !isIncomeRow(r.description));
    const incomeAsSpending = parsed.rows.filter((r) => !r.isIncome && isIncomeRow(r.description));
    tally.purchasesAsIncome += wrongIncome.length;
    tally.wrongDirection += wrongIncome.length + incomeAsSpending.length;
    if (got.count === want.count && got.expenseCents === want.expenseCents && got.incomeCents === want.incomeCents) tally.exact++;
    if (measuredOnly) return;
    expect(wrongIncome.map((r) => r.description), "purchases read as income").toEqual([]);
    // The held-out set is measured, not asserted file by file (asserting would be tuning to it); its score
    // is printed. Reading a purchase as income fails in both sets.
    if (gated) expect(got, parsed.notes.join(" | ")).toEqual({ count: want.count, expenseCents: want.expenseCents, incomeCents: want.incomeCents });
    // In a gated set an income row read as spending (or its name carried onto a purchase's text) fails too.
    if (gated) expect(incomeAsSpending.map((r) => r.description), "income rows read as spending").toEqual([]);
    for (const r of parsed.rows) {
      expect(r.date <= TODAY).toBe(true);
      expect(r.description.trim()).not.toBe("");
    }
  });
});

describe("fixture details", () => {
  it("a continuation row joins its description; identical purchases both stay; a pending row is counted", async () => {
    const parsed = await parseStatement(new Uint8Array(readFileSync(path.join(DIR, "continuation-pending-duplicates.csv"))), "x.csv", { today: TODAY });
    expect(parsed.rows.map((r) => r.description)).toEqual(["SQ *FARMERS MARKET", "SQ *FARMERS MARKET STALL 12 ORGANIC VEG", "SALARY EMPLOYER"]);
    expect(parsed.skipped).toBe(1);
    expect(parsed.notes.join(" ")).toMatch(/1 pending row/);
  });
});

describe("PDF", () => {
  async function statementPdf(pages: number, rowsPerPage: number): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    let n = 0;
    for (let p = 0; p < pages; p++) {
      const page = doc.addPage([612, 792]);
      let y = 740;
      const line = (x: number, text: string) => page.drawText(text, { x, y, size: 10, font });
      if (p === 0) {
        line(40, "ACME BANK CREDIT CARD STATEMENT   Closing Date 11/20/2026");
        y -= 20;
        line(40, "Payments and Other Credits");
        y -= 16;
        line(40, "Nov 02");
        line(100, "PAYMENT - THANK YOU");
        line(480, "100.00");
        y -= 20;
      }
      line(40, "Purchases and Adjustments");
      y -= 16;
      for (let i = 0; i < rowsPerPage; i++, n++) {
        line(40, `Nov ${String((n % 20) + 1).padStart(2, "0")}`);
        line(100, `MERCHANT ${n}`);
        line(480, `${(10 + (n % 7)).toFixed(2)}`);
        y -= 14;
      }
    }
    return doc.save();
  }

  it("reads a generated multi-page card statement page by page, across sections", async () => {
    const pdf = await statementPdf(3, 10);
    const parsed = await parseStatement(pdf, "statement.pdf", { today: TODAY });
    expect(parsed.format).toBe("pdf");
    const expenses = parsed.rows.filter((r) => !r.isIncome);
    expect(expenses).toHaveLength(30);
    expect(expenses.reduce((s, r) => s + r.amountCents, 0)).toBe(Array.from({ length: 30 }, (_, n) => (10 + (n % 7)) * 100).reduce((a, b) => a + b, 0));
    expect(parsed.rows.filter((r) => r.isIncome).map((r) => [r.description, r.amountCents])).toEqual([["PAYMENT - THANK YOU", 10000]]);
  });

  it("a PDF of more than 200 pages is refused with the limit before any page is read", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let p = 0; p < 201; p++) doc.addPage([200, 200]).drawText(`11/0${(p % 9) + 1}/2026  SHOP  1.00`, { x: 10, y: 100, size: 8, font });
    await expect(parseStatement(await doc.save(), "long.pdf", { today: TODAY })).rejects.toThrow("This statement has more than 200 pages: split it by date");
  });

  it("a PDF with no text is 'No transactions found in this file'", async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    await expect(parseStatement(await doc.save(), "scan.pdf", { today: TODAY })).rejects.toThrow(NO_TRANSACTIONS);
  });
});
