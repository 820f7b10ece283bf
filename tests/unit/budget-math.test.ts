import { describe, expect, it } from "vitest";
import { clampResetDay, currentPeriodStart, daysUntilReset, nextResetDay, summarize, totalsFromLines } from "~/domain/budget-math";
import { centsToDecimal, formatUSD, formatUSDWhole, toCents } from "~/domain/money";
import { todayIn } from "~/domain/dates";

describe("totals", () => {
  it("income minus fixed expenses is spendable", () => {
    const totals = totalsFromLines([
      { kind: "income", amountCents: 420000 },
      { kind: "income", amountCents: 310000 },
      { kind: "expense", amountCents: 210000 },
      { kind: "expense", amountCents: 1549 },
    ]);
    expect(totals).toEqual({ totalIncomeCents: 730000, fixedExpensesCents: 211549, spendableCents: 518451 });
  });

  it("no lines means nothing to spend", () => {
    expect(totalsFromLines([])).toEqual({ totalIncomeCents: 0, fixedExpensesCents: 0, spendableCents: 0 });
  });
});

describe("reset day arithmetic", () => {
  it("next reset is later this month when still ahead", () => {
    expect(nextResetDay("2026-11-10", 15)).toBe("2026-11-15");
    expect(daysUntilReset("2026-11-10", 15)).toBe(5);
  });

  it("rolls into next month when today is on or past the reset day", () => {
    expect(nextResetDay("2026-11-15", 15)).toBe("2026-12-15");
    expect(daysUntilReset("2026-11-15", 15)).toBe(30);
    expect(nextResetDay("2026-11-21", 1)).toBe("2026-12-01");
    expect(daysUntilReset("2026-11-21", 1)).toBe(10);
  });

  it("crosses year ends and short months", () => {
    expect(nextResetDay("2026-12-20", 5)).toBe("2027-01-05");
    expect(daysUntilReset("2026-12-20", 5)).toBe(16);
    expect(daysUntilReset("2027-02-27", 28)).toBe(1);
    expect(daysUntilReset("2028-02-28", 28)).toBe(29); // leap year: Feb has 29 days
  });

  it("is at least one day", () => {
    expect(daysUntilReset("2026-01-27", 28)).toBe(1);
  });

  it("current period starts on the latest reset day on or before today", () => {
    expect(currentPeriodStart("2026-11-21", 1)).toBe("2026-11-01");
    expect(currentPeriodStart("2026-11-10", 15)).toBe("2026-10-15");
    expect(currentPeriodStart("2026-01-03", 28)).toBe("2025-12-28");
    expect(currentPeriodStart("2026-11-15", 15)).toBe("2026-11-15");
  });

  it("rejects malformed days instead of computing nonsense", () => {
    expect(() => daysUntilReset("21/11/2026", 1)).toThrow(RangeError);
  });

  it("clamps reset days to 1..28", () => {
    expect(clampResetDay(0)).toBe(1);
    expect(clampResetDay(31)).toBe(28);
    expect(clampResetDay(12.7)).toBe(12);
    expect(clampResetDay(Number.NaN)).toBe(1);
  });
});

describe("summary", () => {
  it("left, per-day allowance and status", () => {
    const s = summarize({ totalIncomeCents: 500000, fixedExpensesCents: 200000, spendableCents: 300000 }, 112628, "2026-11-21", 1);
    expect(s.leftCents).toBe(187372);
    expect(s.daysLeft).toBe(10);
    expect(s.perDayCents).toBe(18737); // truncated, never rounded up
    expect(s.onTrack).toBe(true);
  });

  it("over budget when the per-day figure is negative", () => {
    const s = summarize({ totalIncomeCents: 100000, fixedExpensesCents: 90000, spendableCents: 10000 }, 25000, "2026-11-21", 1);
    expect(s.leftCents).toBe(-15000);
    expect(s.perDayCents).toBe(-1500);
    expect(s.onTrack).toBe(false);
  });

  it("even a few cents over is over budget, never a -0 that reads as on track", () => {
    const s = summarize({ totalIncomeCents: 1000, fixedExpensesCents: 0, spendableCents: 1000 }, 1003, "2026-11-26", 1);
    expect(s.daysLeft).toBe(5);
    expect(s.leftCents).toBe(-3);
    expect(s.perDayCents).toBe(-1);
    expect(s.onTrack).toBe(false);
  });

  it("exactly zero left is still on track", () => {
    expect(summarize({ totalIncomeCents: 1000, fixedExpensesCents: 0, spendableCents: 1000 }, 1000, "2026-11-21", 1).onTrack).toBe(true);
  });
});

describe("money", () => {
  it.each([
    ["80", 8000],
    ["80.5", 8050],
    ["1,250.00", 125000],
    ["$12", 1200],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    ["1.005", 101],
    ["-4.20", -420],
  ])("toCents(%j) = %d", (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });

  it.each(["", "abc", "1.2.3", ".", "-", null, undefined])("toCents(%j) is null", (input) => {
    expect(toCents(input as string)).toBeNull();
  });

  it("formats decimals and dollars", () => {
    expect(centsToDecimal(123456)).toBe("1234.56");
    expect(centsToDecimal(-5)).toBe("-0.05");
    expect(centsToDecimal(0)).toBe("0.00");
    expect(formatUSD(358323)).toBe("$3,583.23");
    expect(formatUSDWhole(35832)).toBe("$358");
  });
});

describe("today in a budget's time zone", () => {
  it("uses the zone, not UTC", () => {
    const instant = Date.UTC(2026, 10, 21, 3, 0); // 03:00 UTC on Nov 21
    expect(todayIn("UTC", instant)).toBe("2026-11-21");
    expect(todayIn("America/Los_Angeles", instant)).toBe("2026-11-20");
    expect(todayIn("Asia/Tokyo", instant)).toBe("2026-11-21");
  });

  it("falls back to UTC for an unknown zone", () => {
    expect(todayIn("Mars/Olympus", Date.UTC(2026, 0, 1, 12))).toBe("2026-01-01");
  });
});
