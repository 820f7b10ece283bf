import { describe, expect, it } from "vitest";
import { parseStatement } from "../../../app/domain/statements";

// Held-out 7's fourth kind: a CSV (after a preamble) whose rows all came out "(no description)" because its
// description column was named in a language the parsers did not list (Banca Transilvania's "Descriere"). A row
// without its words cannot be told by them, and a review screen of "(no description)" is no review. The
// description column is read by name in more languages, by what it holds when its name is unknown, and from the
// lines under a row that continue it (ING Romania prints a row's details on lines of their own).
const TODAY = "2026-11-22";
const csv = (text: string) => parseStatement(new TextEncoder().encode(text), "x.csv", { today: TODAY });
const rowsOf = (rows: Array<{ description: string; amountCents: number; isIncome: boolean }>) => rows.map((r) => `${r.isIncome ? "in" : "out"} ${r.amountCents} ${r.description}`);

describe("the description column, by name in other languages", () => {
  it.each([
    ["Romanian Descriere (debit and credit columns)", "Data tranzactie;Descriere;Referinta;Debit;Credit;Sold contabil", ";"],
    ["Romanian Detalii tranzactie", "Data;Detalii tranzactie;Debit;Credit", ";"],
    ["Turkish Açıklama, Borç/Alacak", "Tarih;Açıklama;Borç;Alacak;Bakiye", ";"],
    ["Latvian Apraksts", "Datums;Apraksts;Debets;Kredīts", ";"],
    ["Lithuanian Mokėjimo paskirtis", "Data;Mokėjimo paskirtis;Debetas;Kreditas", ";"],
    ["Croatian Opis, Isplata/Uplata", "Datum;Opis;Isplata;Uplata;Stanje", ";"],
    ["Greek Περιγραφή, Χρέωση/Πίστωση", "Ημερομηνία;Περιγραφή;Χρέωση;Πίστωση", ";"],
    ["Russian Назначение платежа, Дебет/Кредит", "Дата;Назначение платежа;Дебет;Кредит", ";"],
  ])("%s", async (_, header, d) => {
    const cols = header.split(d);
    const row = (date: string, text: string, out: string, inn: string) => cols.map((c, k) => (k === 0 ? date : k === 1 ? text : /^deb|borç|isplata|χρέωση|дебет/i.test(c) ? out : /^(cred|kred)|alacak|uplata|πίστωση|кредит/i.test(c) ? inn : "")).join(d);
    const parsed = await csv([header, row("02.11.2026", "KAUFLAND 1043", "287,45", ""), row("10.11.2026", "IOANA MARIN chirie", "", "850,00")].join("\n"));
    expect(rowsOf(parsed.rows)).toEqual(["out 28745 KAUFLAND 1043", "in 85000 IOANA MARIN chirie"]);
  });
});

describe("the description column, by what it holds when its name is unknown", () => {
  it("the text column with the most different words, not a code or a currency", async () => {
    const parsed = await csv(["Datums;Dokumenta Nr.;Valūta;Maksājuma mērķis;Summa", "02.11.2026;40117;EUR;RIMI LATVIA Riga karte;-12,84", "05.11.2026;40119;EUR;SIA ACCENTURE alga;1980,00"].join("\n"));
    expect(rowsOf(parsed.rows)).toEqual(["out 1284 RIMI LATVIA Riga karte", "in 198000 SIA ACCENTURE alga"]);
  });

  it("a column whose name says it is something else (a currency, a category) is never taken for it", async () => {
    const parsed = await csv(["Date;Currency;Category;Amount", "02.11.2026;EUR;Groceries food;-12,84", "05.11.2026;EUR;Income salary;1980,00"].join("\n"));
    expect(parsed.rows.map((r) => r.description)).toEqual(["(no description)", "(no description)"]);
  });
});

describe("a row's details on the lines under it", () => {
  it("lines with no date and no amount under a row (ING Romania) continue its description, debit and credit columns apart", async () => {
    const parsed = await csv(
      [
        "Data,,,Detalii tranzactie,,Debit,Credit",
        '03 noiembrie 2026,,,Incasare,,,"5.200,00"',
        ",,,Ordonator: SOFTVISION SRL,,,",
        ",,,Detalii: SALARIU,,,",
        '06 noiembrie 2026,,,Plata debit direct,,"164,20",',
        ",,,Beneficiar: ENGIE ROMANIA SA,,,",
        ",,,,,,",
        'Sold final,,,,,"6.422,25",',
      ].join("\n"),
    );
    expect(rowsOf(parsed.rows)).toEqual(["in 520000 Incasare Ordonator: SOFTVISION SRL Detalii: SALARIU", "out 16420 Plata debit direct Beneficiar: ENGIE ROMANIA SA"]);
    expect(parsed.notes.join(" ")).not.toMatch(/pending/);
  });
});
