import { describe, expect, it } from "vitest";
import { parseStatement } from "../../../app/domain/statements";

// Held-out 7's second kind: a card statement as `pdftotext -layout` text, refused (NCB's Visa). Its dates were a day
// and a month joined by a dash with no year ("23-OCT", and "OCT-24" elsewhere), in two columns; a reference number
// column stood before the description; credits were marked row by row ("50,000.00 CR") and purchases not; the
// summary page before the table printed "Payments & Credits" and "Purchases & Debits" with their totals. Purchases
// are spending and payments and credits money in, whichever order the summary's words come in.
const TODAY = "2026-11-22";
const text = (lines: string[]) => parseStatement(new TextEncoder().encode(lines.join("\n")), "s.txt", { today: TODAY });
const rowsOf = (rows: Array<{ date: string; description: string; amountCents: number; isIncome: boolean }>) => rows.map((r) => `${r.date} ${r.isIncome ? "in" : "out"} ${r.amountCents} ${r.description}`);

const summary = (order: "payments first" | "purchases first") => {
  const lines = ["Payments & Credits                                 JMD 75,999.00", "Purchases & Debits                                 JMD 54,099.75"];
  return order === "payments first" ? lines : [...lines].reverse();
};

describe("card statements as layout text, dates without a year", () => {
  it.each([
    ["DD-MON, CR, summary payments first", "payments first" as const, ["23-OCT  25-OCT", "30-OCT  01-NOV", "12-NOV  14-NOV"], "CR"],
    ["DD-MON, CR, summary purchases first", "purchases first" as const, ["23-OCT  25-OCT", "30-OCT  01-NOV", "12-NOV  14-NOV"], "CR"],
    ["MON-DD, Cr glued to the amount", "purchases first" as const, ["OCT-23  OCT-25", "OCT-30  NOV-01", "NOV-12  NOV-14"], "Cr"],
    ["DD-MON in Spanish, ABONO", "purchases first" as const, ["23-OCT  25-OCT", "30-OCT  01-NOV", "12-NOV  14-NOV"], "ABONO"],
    ["DD-MON in French, Crédit", "purchases first" as const, ["23-OCT  25-OCT", "30-OCT  01-NOV", "12-NOV  14-NOV"], "Crédit"],
  ])("%s", async (_, order, [d1, d2, d3], mark) => {
    const parsed = await text([
      "NATIONAL BANK                                                      Page 1 of 2",
      "VISA GOLD CARD STATEMENT",
      "Statement Date: 20 NOV 2026                                  Payment Due Date: 15 DEC 2026",
      "ACCOUNT SUMMARY",
      ...summary(order),
      "New Balance                                       JMD 160,547.85",
      "Minimum Payment Due                                 JMD 8,027.39",
      "",
      "Trans   Post    Reference     Description                              Amount (JMD)",
      "Date    Date",
      `${d1}  745190311     HI-LO FOOD STORES                        12,684.50`,
      `${d2}  745190325     PAYMENT - THANK YOU                      50,000.00 ${mark}`,
      `${d3}  745190346     COURTS JAMAICA                           25,999.00${mark === "Cr" ? "" : " "}${mark}`,
      "                              USD 89.99 @ 156.93",
      "                              TOTAL PURCHASES & DEBITS          12,684.50",
    ]);
    expect(rowsOf(parsed.rows)).toEqual(["2026-10-23 out 1268450 HI-LO FOOD STORES", "2026-10-30 in 5000000 PAYMENT - THANK YOU", "2026-11-12 in 2599900 COURTS JAMAICA"]);
    expect(parsed.notes.join(" ")).toMatch(/Credit-card statement.*Credits are marked row by row: the unmarked rows are purchases/);
  });

  it("a December–January statement places each year-less date before its closing date", async () => {
    const parsed = await text([
      "CREDIT CARD STATEMENT         Statement Date: 18-JAN-2026",
      "Credit Limit 5,000.00         Minimum Payment Due 25.00",
      "Trans    Post     Description                       Amount",
      "28-DEC   29-DEC   SUPER VALUE WINTON                186.42",
      "05-JAN   06-JAN   PAYMENT RECEIVED                  200.00CR",
    ]);
    expect(rowsOf(parsed.rows)).toEqual(["2025-12-28 out 18642 SUPER VALUE WINTON", "2026-01-05 in 20000 PAYMENT RECEIVED"]);
  });

  it("a payments section whose rows carry no mark keeps its direction beside a purchase marked CR (a refund)", async () => {
    const parsed = await text([
      "CREDIT CARD STATEMENT         Statement Date: 20-NOV-2026",
      "New Balance 1,000.00          Minimum Payment Due 25.00",
      "Trans    Post     Description                       Amount",
      "Payments and Credits",
      "30-OCT   31-OCT   AUTOPAY THANK YOU                 500.00",
      "Purchases",
      "02-NOV   03-NOV   BOOKSHOP                           40.00",
      "04-NOV   05-NOV   BOOKSHOP RETURN                    15.00 CR",
    ]);
    expect(rowsOf(parsed.rows)).toEqual(["2026-10-30 in 50000 AUTOPAY THANK YOU", "2026-11-02 out 4000 BOOKSHOP", "2026-11-04 in 1500 BOOKSHOP RETURN"]);
  });
});
