import { describe, expect, it } from "vitest";
import { findDuplicates, findFixedBillMatches, findRecurring, fingerprints, normalizeMerchant, similarity, type FixedBill } from "../../../app/domain/statements/review";
import type { StatementRow } from "../../../app/domain/statements/types";

// Duplicate scoring and recurring detection for the upload review (issue 10).

const row = (date: string, description: string, cents: number, isIncome = false): StatementRow => ({ date, description, amountCents: cents, isIncome });

describe("merchant names and fingerprints", () => {
  it("drops processor prefixes, store numbers and card digits", () => {
    expect(normalizeMerchant("SQ *BLUE BOTTLE #123")).toBe("blue bottle");
    expect(normalizeMerchant("KROGER #0456 11/03")).toBe("kroger");
    expect(similarity("Kroger groceries", "KROGER #123")).toBe(1);
    expect(similarity("Shell", "Chipotle")).toBe(0);
  });

  it("identical rows in one file get different fingerprints; the same file gives the same ones again", () => {
    const rows = [row("2026-10-05", "SQ *FARMERS MARKET", 1800), row("2026-10-05", "SQ *FARMERS MARKET", 1800), row("2026-10-06", "X", 100)];
    const a = fingerprints(rows);
    expect(new Set(a).size).toBe(3);
    expect(fingerprints(rows)).toEqual(a);
  });
});

describe("duplicates", () => {
  const existing = [
    { id: "e1", date: "2026-10-04", description: "Kroger groceries", amountCents: 5420, externalId: null },
    { id: "e2", date: "2026-09-01", description: "Rent", amountCents: 150000, externalId: null },
  ];

  it("same amount within 3 days and a similar merchant is a likely duplicate, with its reasons", () => {
    const rows = [row("2026-10-05", "KROGER #123", 5420)];
    const [d] = findDuplicates(rows, fingerprints(rows), existing);
    expect(d).toMatchObject({ index: 0, existing: { id: "e1" }, matchReasons: ["Same amount", "Date within 1 day", "Similar description"] });
    expect(d.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it("the same amount a week apart is not flagged; a different name two days apart is, weakly (hand-typed names differ from the bank's)", () => {
    expect(findDuplicates([row("2026-10-12", "KROGER #123", 5420)], ["x|0"], existing)).toEqual([]);
    expect(findDuplicates([row("2026-10-06", "SHELL OIL", 5420)], ["x|0"], existing)).toEqual([
      { index: 0, existing: existing[0], confidence: 0.6, matchReasons: ["Same amount", "Date within 2 days"] },
    ]);
  });

  it("an earlier import of the same row is certain; its twin in the file matches that expense too; income is never a duplicate", () => {
    const rows = [row("2026-10-05", "SQ *FARMERS MARKET", 1800), row("2026-10-05", "SQ *FARMERS MARKET", 1800), row("2026-10-05", "PAYROLL", 1800, true)];
    const prints = fingerprints(rows);
    const found = findDuplicates(rows, prints, [{ id: "old", date: "2026-10-05", description: "SQ *FARMERS MARKET", amountCents: 1800, externalId: `upload:${prints[0]}` }]);
    expect(found.map((d) => [d.index, d.confidence, d.matchReasons[0]])).toEqual([
      [0, 1, "Imported before from a statement"],
      [1, 0.99, "Same amount"],
    ]);
  });
});

describe("recurring", () => {
  it("proposes a merchant seen once a month with similar amounts, with a budget-line category", () => {
    const rows = [
      row("2026-08-03", "NETFLIX.COM", 1549),
      row("2026-09-03", "NETFLIX.COM", 1549),
      row("2026-10-03", "NETFLIX.COM", 1599),
      row("2026-09-01", "ACME PAYROLL", 250000, true),
      row("2026-10-01", "ACME PAYROLL", 250000, true),
      row("2026-09-10", "STARBUCKS", 450),
      row("2026-09-12", "STARBUCKS", 475),
      row("2026-09-15", "STARBUCKS", 450),
      row("2026-10-02", "STARBUCKS", 450),
      row("2026-09-20", "BEST BUY", 29999),
      row("2026-10-20", "BEST BUY", 4999),
    ];
    expect(findRecurring(rows)).toEqual([
      { label: "ACME PAYROLL", kind: "income", monthlyCents: 250000, months: 2, category: "income" },
      { label: "NETFLIX.COM", kind: "expense", monthlyCents: 1549, months: 3, category: "subscriptions" },
    ]);
  });
});

describe("rows that are a fixed bill already in the budget (issue 22)", () => {
  const row = (description: string, cents: number, isIncome = false) => ({ date: "2026-11-02", description, amountCents: cents, isIncome });
  const bill = (label: string, cents: number, extra: Partial<FixedBill> = {}): FixedBill => ({ label, amountCents: cents, matchingMerchants: [], amountTolerancePercent: 5, ...extra });

  it("same merchant and an amount within the bill's tolerance: flagged with the bill's name", () => {
    const matches = findFixedBillMatches([row("NETFLIX.COM 866-579-7172", 1549), row("SQ *BLUE BOTTLE", 1549), row("NETFLIX.COM", 1999)], [bill("Netflix", 1549)]);
    expect(matches).toEqual([{ index: 0, existing: null, confidence: 0.9, matchReasons: ["Already in your fixed expenses as Netflix"] }]);
  });

  it.each([
    ["within 5%", 10_400, true],
    ["exactly the bill", 10_000, true],
    ["over the tolerance", 10_600, false],
  ])("amount %s", (_, cents, flagged) => {
    expect(findFixedBillMatches([row("COMCAST CABLE COMM", cents)], [bill("Comcast internet", 10_000)]).length > 0).toBe(flagged);
  });

  it("a bill's matching merchants and its own tolerance count; income rows and empty bills never match", () => {
    expect(findFixedBillMatches([row("PLANET FITNESS CLUB 12", 2600)], [bill("Gym", 2500, { matchingMerchants: ["Planet Fitness"], amountTolerancePercent: 10 })])).toHaveLength(1);
    expect(findFixedBillMatches([row("NETFLIX.COM", 1549, true)], [bill("Netflix", 1549)])).toEqual([]);
    expect(findFixedBillMatches([row("NETFLIX.COM", 1549)], [bill("Netflix", 0), bill("  ", 1549)])).toEqual([]);
  });
});
