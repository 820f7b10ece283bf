import { describe, expect, it } from "vitest";
import { csvCell, isMonth, toCsv } from "~/domain/csv-export";
import { figuresFromGroups, monthFigures } from "~/domain/expense-history";
import { monthSummaryMessage } from "~/domain/month-summary";
import { isPeriodOver, monthOf, periodEndAfterChange, periodEndOf, periodsToClose, resetDayChange, startOfDayUtc } from "~/domain/reset-period";

describe("period arithmetic", () => {
  it.each([
    ["2026-01-01", 1, "2026-02-01"],
    ["2026-01-28", 28, "2026-02-28"],
    ["2026-02-28", 28, "2026-03-28"],
    ["2026-12-15", 15, "2027-01-15"],
    ["2024-01-29", 28, "2024-02-28"], // a start past the reset day (legacy) ends at the next one
    ["2024-02-01", 1, "2024-03-01"], // leap February: 29 days
    ["2026-03-05", 10, "2026-03-10"], // a changed day not yet reached this month
  ])("a period from %s with reset day %i ends on %s", (start, resetDay, end) => {
    expect(periodEndOf(start, resetDay)).toBe(end);
  });

  it("a stored end (reset day changed mid-period) wins", () => {
    expect(periodEndOf("2026-11-01", 15, "2026-12-15")).toBe("2026-12-15");
  });

  it("a reset day changed mid-period takes effect at the next occurrence of the new day, never today", () => {
    expect(periodEndAfterChange("2026-11-20", 15)).toBe("2026-12-15");
    expect(periodEndAfterChange("2026-11-10", 15)).toBe("2026-11-15");
    expect(periodEndAfterChange("2026-11-15", 15)).toBe("2026-12-15"); // changed on the day itself: not again today
    expect(periodEndAfterChange("2026-12-28", 1)).toBe("2027-01-01");
  });

  it("is over on its end day and after, not before", () => {
    expect(isPeriodOver("2026-11-30", "2026-12-01")).toBe(false);
    expect(isPeriodOver("2026-12-01", "2026-12-01")).toBe(true);
    expect(isPeriodOver("2027-01-05", "2026-12-01")).toBe(true);
  });

  it("catches up missed periods one by one, oldest first", () => {
    expect(periodsToClose("2026-08-01", 1, null, "2026-11-02")).toEqual([
      { start: "2026-08-01", end: "2026-09-01" },
      { start: "2026-09-01", end: "2026-10-01" },
      { start: "2026-10-01", end: "2026-11-01" },
    ]);
    expect(periodsToClose("2026-11-01", 1, null, "2026-11-30")).toEqual([]);
    // February with reset day 28, leap and not
    expect(periodsToClose("2024-01-28", 28, null, "2024-03-01").map((p) => p.end)).toEqual(["2024-02-28"]);
    expect(periodsToClose("2023-01-28", 28, null, "2023-03-28").map((p) => p.end)).toEqual(["2023-02-28", "2023-03-28"]);
  });

  it.each([
    ["2026-12-01", "America/New_York", "2026-12-01T05:00:00.000Z"],
    ["2026-12-01", "Asia/Tokyo", "2026-11-30T15:00:00.000Z"],
    ["2026-12-01", "UTC", "2026-12-01T00:00:00.000Z"],
    ["2026-12-01", "Pacific/Kiritimati", "2026-11-30T10:00:00.000Z"],
    ["2026-03-08", "America/New_York", "2026-03-08T05:00:00.000Z"], // DST starts at 2:00 that day: midnight is still EST
    ["2026-03-09", "America/New_York", "2026-03-09T04:00:00.000Z"], // the day after: EDT
    ["2026-11-01", "America/New_York", "2026-11-01T04:00:00.000Z"], // DST ends at 2:00: midnight is still EDT
    ["2026-03-29", "Europe/London", "2026-03-29T00:00:00.000Z"],
    ["2026-03-30", "Europe/London", "2026-03-29T23:00:00.000Z"],
    ["2026-12-01", "Not/AZone", "2026-12-01T00:00:00.000Z"], // unknown zone: UTC
  ])("local midnight of %s in %s is %s", (day, zone, iso) => {
    expect(new Date(startOfDayUtc(day, zone)).toISOString()).toBe(iso);
  });

  it("a reset-day change stores the new end and its instant", () => {
    expect(resetDayChange("2026-11-20", 15, "UTC")).toEqual({ resetDay: 15, periodEnd: "2026-12-15", resetDueAt: Date.UTC(2026, 11, 15) });
  });

  it("archives under the month the period began", () => {
    expect(monthOf("2026-10-15")).toBe("2026-10");
  });
});

describe("CSV export cells", () => {
  it.each([
    ["=SUM(A1:A9)", "'=SUM(A1:A9)"],
    ["+1 555", "'+1 555"],
    ["-5 refund", "'-5 refund"],
    ["@cmd", "'@cmd"],
    ["\tTab", "'\tTab"],
    ["\rCR", "\"'\rCR\""],
    ['=HYPERLINK("http://x","y")', "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""],
    ["Coffee, large", '"Coffee, large"'],
    ['Say "hi"', '"Say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["plain", "plain"],
    ["", ""],
  ])("%j → %j", (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it("leaves numbers (negative amounts included) as numbers", () => {
    expect(csvCell(-12.5)).toBe("-12.5");
    expect(csvCell(null)).toBe("");
  });

  it("writes a header and CRLF rows", () => {
    expect(toCsv(["A", "B"], [["x", 1]])).toBe("A,B\r\nx,1\r\n");
  });

  it.each([["2026-11", true], ["2026-13", false], ["2026-1", false], ["26-11", false], ["2026-00", false], ["", false], [null, false]])("isMonth(%j) = %s", (v, ok) => {
    expect(isMonth(v as string | null)).toBe(ok);
  });
});

describe("month figures and summary", () => {
  const e = (amountCents: number, id: string, enabled = true) => ({
    id: `${id}-${amountCents}`, date: "2026-10-02", amount: "", amountCents, description: "x", originalInput: null, enabled, createdAt: "", budgetMonth: "2026-10", archivedAt: null, user: null,
    category: { id, name: id, emoji: "•" },
  });
  it("totals enabled expenses and sorts the breakdown by amount", () => {
    const f = monthFigures("2026-10", [e(500, "food"), e(2500, "dining"), e(700, "food"), e(9999, "food", false)]);
    expect(f.totalCents).toBe(3700);
    expect(f.count).toBe(3);
    expect(f.breakdown.map((b) => [b.id, b.totalCents])).toEqual([["dining", 2500], ["food", 1200]]);
  });

  it("gives the same figures from per-category sums (the page's SQL) as from the rows (the export)", () => {
    const rows = [e(500, "food"), e(2500, "dining"), e(700, "food"), e(900, "coffee"), e(1200, "coffee"), e(9999, "food", false)];
    const groups = [
      { id: "food", name: "food", emoji: "•", totalCents: 1200, count: 2 },
      { id: "coffee", name: "coffee", emoji: "•", totalCents: 2100, count: 2 },
      { id: "dining", name: "dining", emoji: "•", totalCents: 2500, count: 1 },
    ];
    expect(figuresFromGroups("2026-10", groups)).toEqual(monthFigures("2026-10", rows));
    // Equal totals are ordered by name, whichever order the groups come in.
    const tied = figuresFromGroups("2026-10", [{ ...groups[0]!, totalCents: 2500 }, groups[2]!]);
    expect(tied.breakdown.map((b) => b.id)).toEqual(["dining", "food"]);
  });

  it("summarises a closed period in the member's wording", () => {
    const period = { periodStart: "2026-10-01", periodEnd: "2026-11-01", spentCents: 123_456, spendableCents: 200_000, topCategory: { name: "Food & Groceries", cents: 45_600 } };
    const spending = monthSummaryMessage(period, "spending");
    expect(spending).toContain("From Oct 1 – Oct 31 you spent $1,235 of $2,000 spendable, with $765 left over.");
    expect(spending).toContain("Top category: Food & Groceries ($456).");
    const saving = monthSummaryMessage(period, "saving");
    // Issue 22 #10: what was spent is still "spent"; only the spendable figure reads "saveable".
    expect(saving).toContain("you spent $1,235 of $2,000 saveable");
    expect(saving).toContain("with $765 saved.");
    expect(monthSummaryMessage({ ...period, spentCents: 250_000, topCategory: null }, "spending")).toContain("$500 over.");
  });
});
