import { describe, expect, it } from "vitest";
import { parseStatement } from "../../../app/domain/statements";

// Held-out 7's first kind: an unsigned amount with a debit/credit indicator column beside it (LHV's "Debit/Credit"
// of D and C, Swedbank's "Deebet/Kreedit" of D and K, Volksbank's unnamed S/H column, Kotak's "Dr / Cr"). The
// indicator decides each row's direction; unread, a credit whose words do not say "salary" or "refund" was read as
// spending. Each variant below has a credit with no income wording, so only the indicator can place it.
const TODAY = "2026-11-22";
const csv = (text: string) => parseStatement(new TextEncoder().encode(text), "x.csv", { today: TODAY });
const directions = (rows: Array<{ description: string; amountCents: number; isIncome: boolean }>) => rows.map((r) => `${r.isIncome ? "in" : "out"} ${r.amountCents} ${r.description}`);

describe("a debit/credit indicator column beside unsigned amounts", () => {
  it.each([
    ["D/C letters under 'Debit/Credit', after a 'Type' column of codes (LHV)", ",", "Date,Name,Type,Debit/Credit,Amount", ["MK", "D"], ["MK", "C"]],
    ["D/K under 'Deebet/Kreedit' (Swedbank Baltics)", ";", "Kuupäev;Saaja/Maksja;Summa;Deebet/Kreedit", ["D"], ["K"]],
    ["DR/CR under 'Dr/Cr'", ",", "Txn Date,Particulars,Amount,Dr/Cr", ["DR"], ["CR"]],
    ["Debit/Credit words under 'Indicator'", ",", "Date,Payee,Amount,Credit/Debit Indicator", ["Debit"], ["Credit"]],
    ["S/H in an unnamed column after 'Umsatz' (Volksbank)", ";", "Buchungstag;Empfänger;Umsatz; ", ["S"], ["H"]],
    ["Débito/Crédito under 'Tipo'", ";", "Fecha;Concepto;Importe;Tipo", ["Débito"], ["Crédito"]],
    ["'-'/'+' under 'D/C'", "\t", "Date\tDescription\tAmount\tD/C", ["-"], ["+"]],
    ["'Dr.'/'Cr.' with dots under 'Dr/Cr'", ",", "Date,Narration,Amount,Dr/Cr", ["Dr."], ["Cr."]],
    ["'DB'/'CR' under 'Type'", ",", "Date,Details,Amount,Type", ["DB"], ["CR"]],
    ["Polish Wn/Ma under 'Strona'", ";", "Data;Opis;Kwota;Strona", ["Wn"], ["Ma"]],
    ["Czech Odchozí/Příchozí under 'Směr'", ";", "Datum;Zpráva;Částka;Směr", ["Odchozí"], ["Příchozí"]],
  ])("%s", async (_, d, header, outCells, inCells) => {
    const cols = header.split(d);
    const amountAt = cols.findIndex((c) => /amount|summa|umsatz|importe|kwota|částka/i.test(c));
    const row = (date: string, text: string, amount: string, extra: string[]) => {
      const cells = cols.map(() => "");
      cells[0] = date;
      cells[1] = text;
      cells[amountAt] = amount;
      let e = 0;
      for (let k = 2; k < cells.length; k++) if (k !== amountAt) cells[k] = extra[e++] ?? "";
      return cells.join(d);
    };
    const text = [header, row("02.11.2026", "GROCER", "45.20", outCells), row("05.11.2026", "NORTAL AS", "2310.00", inCells), row("09.11.2026", "MARI KASK", "80.00", inCells), row("12.11.2026", "FUEL", "61.45", outCells)].join("\n");
    const parsed = await csv(text);
    expect(directions(parsed.rows)).toEqual(["out 4520 GROCER", "in 231000 NORTAL AS", "in 8000 MARI KASK", "out 6145 FUEL"]);
  });

  it("two indicator columns (the amount's and the balance's, which goes overdrawn): the one beside the amount decides", async () => {
    const parsed = await csv(
      [
        "Sl. No.,Date,Description,Amount,Dr / Cr,Balance,Dr / Cr",
        "1,01-11-2026,RENT,900.00,DR,400.00,DR",
        "2,02-11-2026,TECHNOVA PVT LTD,2000.00,CR,1600.00,CR",
        "3,04-11-2026,RAHUL MEHTA,100.00,CR,1700.00,CR",
        "4,07-11-2026,ATM,50.00,DR,1650.00,CR",
      ].join("\n"),
    );
    expect(directions(parsed.rows)).toEqual(["out 90000 RENT", "in 200000 TECHNOVA PVT LTD", "in 10000 RAHUL MEHTA", "out 5000 ATM"]);
  });

  it("without a header: a column of D and C beside unsigned amounts gives each row's direction", async () => {
    const parsed = await csv("EE5177;2026-11-01;RIMI EESTI FOOD AS;D;64.31;EUR\nEE5177;2026-11-05;BALTIC DATA SOLUTIONS OU;C;2485.00;EUR\nEE5177;2026-11-12;KRISTJAN TAMM;C;39.00;EUR\nEE5177;2026-11-16;BOLT OPERATIONS OU;D;11.40;EUR\n");
    expect(directions(parsed.rows)).toEqual(["out 6431 RIMI EESTI FOOD AS", "in 248500 BALTIC DATA SOLUTIONS OU", "in 3900 KRISTJAN TAMM", "out 1140 BOLT OPERATIONS OU"]);
    expect(parsed.notes.join(" ")).toMatch(/debit\/credit indicator in column 4/);
  });

  it("signed amounts say their own direction: an unnamed D/C column beside them (the balance's) is not taken for it", async () => {
    const parsed = await csv("Date,Description,Amount,Balance,\n11/02/2026,GROCER,-45.20,-20.00,D\n11/05/2026,SALARY ACME,2310.00,2290.00,C\n11/09/2026,FUEL,-61.45,2228.55,C\n");
    expect(directions(parsed.rows)).toEqual(["out 4520 GROCER", "in 231000 SALARY ACME", "out 6145 FUEL"]);
  });

  it("an unnamed column holding one letter on every row ('C' for cleared) is no indicator: the wording decides", async () => {
    const parsed = await csv("Date,Description,Amount,\n11/02/2026,GROCER,45.20,C\n11/05/2026,SALARY ACME,2310.00,C\n11/09/2026,FUEL,61.45,C\n");
    expect(directions(parsed.rows)).toEqual(["out 4520 GROCER", "in 231000 SALARY ACME", "out 6145 FUEL"]);
  });

  it("a preamble's balance rows of a Baltic export (algsaldo, käive, lõppsaldo) are not transactions", async () => {
    const parsed = await csv(
      [
        '"Kuupäev";"Saaja/Maksja";"Selgitus";"Summa";"Deebet/Kreedit"',
        '"01.11.2026";"";"Algsaldo";"1520,40";"K"',
        '"02.11.2026";"PRISMA";"Kaardimakse";"45,18";"D"',
        '"05.11.2026";"NORTAL AS";"Töötasu";"2310,00";"K"',
        '"20.11.2026";"";"Käive";"45,18";"D"',
        '"20.11.2026";"";"Käive";"2310,00";"K"',
        '"20.11.2026";"";"lõppsaldo";"3785,22";"K"',
      ].join("\n"),
    );
    expect(directions(parsed.rows)).toEqual(["out 4518 PRISMA Kaardimakse", "in 231000 NORTAL AS Töötasu"]);
  });
});
