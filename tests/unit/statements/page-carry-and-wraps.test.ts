import { describe, expect, it } from "vitest";
import { parseStatement } from "../../../app/domain/statements";

// Held-out 7's third kind and the known fifth: a text statement over pages carries its balance to the next page
// ("A reporter" at a page's foot, "Report" at the next one's head, in every language) — never a row (Spuerkeess's
// carried balance was read as 6,682.21 of spending) — and the rows under the carried line may come undated, the same
// day as the page above's last. A row's further lines printed under it belong to it from the first row on, once the
// statement shows elsewhere that it prints them there (the first wrapped line used to start the next row's text).
const TODAY = "2026-11-22";
const text = (lines: string[]) => parseStatement(new TextEncoder().encode(lines.join("\n")), "s.txt", { today: TODAY });
const rowsOf = (rows: Array<{ date: string; description: string; amountCents: number; isIncome: boolean }>) => rows.map((r) => `${r.date} ${r.isIncome ? "in" : "out"} ${r.amountCents} ${r.description}`);

describe("a balance carried over a page break", () => {
  // Foot and head lines, each with the carried figures (one, two or three of them).
  it.each([
    ["French", "A reporter", "Report"],
    ["French (solde)", "Solde à reporter", "Solde reporté"],
    ["German", "Übertrag", "Übertrag"],
    ["German (Vortrag)", "Übertrag", "Vortrag"],
    ["Spanish", "Suma y sigue", "Suma anterior"],
    ["Italian", "A riportare", "Riporto"],
    ["English", "Carried forward", "Brought forward"],
    ["Dutch", "Over te brengen", "Van vorige pagina"],
  ])("%s: '%s' and '%s' are no rows; the undated row under the head line is the day above's", async (_, foot, head) => {
    const parsed = await text([
      "Date       Description                              Debit        Credit       Balance",
      "                Opening balance                                                1.000,00",
      "02.11.2026 GROCER ONE                                 87,34                      912,66",
      "05.11.2026 EMPLOYER SARL                                         4.125,00      5.037,66",
      `           ${foot.padEnd(40)}            87,34      4.125,00      5.037,66`,
      "",
      "BANK OF SOMEWHERE                                                          Page 2/2",
      "Date       Description                              Debit        Credit       Balance",
      `           ${head.padEnd(40)}            87,34      4.125,00      5.037,66`,
      "           CASH WITHDRAWAL STATION                   100,00                    4.937,66",
      "17.11.2026 GROCER TWO                                 53,18                    4.884,48",
    ]);
    expect(rowsOf(parsed.rows)).toEqual(["2026-11-02 out 8734 GROCER ONE", "2026-11-05 in 412500 EMPLOYER SARL", "2026-11-05 out 10000 CASH WITHDRAWAL STATION", "2026-11-17 out 5318 GROCER TWO"]);
  });

  it.each(["Zwischensumme", "Sous-total", "Subtotale", "Subtotaal", "Totaux"])("a page's subtotal line (%s) is no row", async (label) => {
    const parsed = await text([
      "Date       Description                              Debit        Credit",
      "02.11.2026 GROCER ONE                                 87,34",
      `           ${label.padEnd(40)}            87,34`,
      "05.11.2026 GROCER TWO                                 12,00",
    ]);
    expect(parsed.rows.map((r) => r.description)).toEqual(["GROCER ONE", "GROCER TWO"]);
  });

  it("a shop whose name starts like a carried line is still a row", async () => {
    const parsed = await text(["Date       Description                Amount", "02.11.2026 REPORTER MAGAZINE SHOP       -12,50", "03.11.2026 RIPORTO BAR MILANO           -8,00"]);
    expect(parsed.rows.map((r) => r.description)).toEqual(["REPORTER MAGAZINE SHOP", "RIPORTO BAR MILANO"]);
  });
});

describe("a value date in its own column after the text", () => {
  it("is dropped from the description (Valeur, Wert, Valuta), a date inside the text stays", async () => {
    const parsed = await text([
      "Date      Libellé                                   Valeur           Débit      Crédit         Solde",
      "02.11.26  Paiement carte DELHAIZE du 01.11          02.11            87,34                  2.669,11",
      "05.11.26  Virement reçu EUROFINS                    05.11                     4.125,00      6.794,11",
    ]);
    expect(parsed.rows.map((r) => r.description)).toEqual(["Paiement carte DELHAIZE du 01.11", "Virement reçu EUROFINS"]);
  });
});

describe("a row's further lines, from the first row on", () => {
  it("under its amount line (Kasikornbank, Hang Seng, Spuerkeess): the first row's wrapped line is its own, not the next row's", async () => {
    const parsed = await text([
      "Date        Description                                Amount (THB)       Balance",
      "21/10/2026  Beginning Balance                                           24,615.80",
      "25/10/2026  Payroll SIAM PRECISION CO LTD                45,200.00+     69,815.80",
      "            Salary Oct 2026",
      "            Debit Card TOPS MARKET                        1,286.45-     68,529.35",
      "            CENTRAL LADPRAO",
      "28/10/2026  Transfer to SOMCHAI RATTANA                  15,000.00-     53,529.35",
      "            Rent November",
      "01/11/2026  Bill Payment MEA                              2,148.00-     51,381.35",
    ]);
    expect(parsed.rows.map((r) => r.description)).toEqual(["Payroll SIAM PRECISION CO LTD Salary Oct 2026", "Debit Card TOPS MARKET CENTRAL LADPRAO", "Transfer to SOMCHAI RATTANA Rent November", "Bill Payment MEA"]);
  });

  it("above its amount line (HSBC: a dated line whose amount comes lines later): text over an undated row stays that row's", async () => {
    const parsed = await text([
      "Date      Payment type and details                       Paid out        Paid in        Balance",
      "23 Oct    BALANCE BROUGHT FORWARD                                                       1,000.00",
      "27 Oct    VIS  CARD PAYMENT TO",
      "               TESCO STORES 2231                            45.10",
      "          VIS  CARD PAYMENT TO",
      "               SHELL UK 7781                                60.00                        894.90",
      "05 Nov    BACS CREDIT FROM",
      "               ACME LTD SALARY                                          2,000.00       2,894.90",
    ]);
    expect(parsed.rows.map((r) => r.description)).toEqual(["VIS CARD PAYMENT TO TESCO STORES 2231", "VIS CARD PAYMENT TO SHELL UK 7781", "BACS CREDIT FROM ACME LTD SALARY"]);
  });
});
