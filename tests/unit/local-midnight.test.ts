import { describe, expect, it } from "vitest";
import { msUntilNextLocalMidnight } from "~/domain/local-midnight";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "~/components/ui/tooltip";

const H = 3_600_000;

describe("msUntilNextLocalMidnight (a page left open past midnight recomputes then)", () => {
  it("counts to the next midnight in the budget's zone, not the server's (UTC)", () => {
    // 2026-11-24 22:30 in New York is 03:30 UTC on the 25th: midnight in New York is 1.5 h away.
    expect(msUntilNextLocalMidnight(Date.parse("2026-11-25T03:30:00Z"), "America/New_York")).toBe(1.5 * H);
    expect(msUntilNextLocalMidnight(Date.parse("2026-11-25T03:30:00Z"), "UTC")).toBe(20.5 * H);
    expect(msUntilNextLocalMidnight(Date.parse("2026-11-24T23:59:59Z"), "Asia/Tokyo")).toBe(15 * H + 1000);
  });

  it("is exact across daylight-saving changes (23- and 25-hour days)", () => {
    // 2026-03-08: New York springs forward; from local midnight to the next is 23 hours.
    expect(msUntilNextLocalMidnight(Date.parse("2026-03-08T05:00:00Z"), "America/New_York")).toBe(23 * H);
    // 2026-11-01: falls back; 25 hours.
    expect(msUntilNextLocalMidnight(Date.parse("2026-11-01T04:00:00Z"), "America/New_York")).toBe(25 * H);
  });

  it("at midnight exactly waits a whole day, and an unknown zone is read as UTC", () => {
    expect(msUntilNextLocalMidnight(Date.parse("2026-11-24T00:00:00Z"), "UTC")).toBe(24 * H);
    expect(msUntilNextLocalMidnight(Date.parse("2026-11-24T12:00:00Z"), "Not/AZone")).toBe(12 * H);
  });
});

describe("tooltips", () => {
  it("use the spec's delays: 700 ms to open, 300 ms skip", () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });
});

describe("localDayKey", () => {
  it("is the budget's calendar day, not UTC's", async () => {
    const { localDayKey } = await import("~/domain/local-midnight");
    expect(localDayKey(Date.parse("2026-11-25T03:30:00Z"), "America/New_York")).toBe("2026-11-24");
    expect(localDayKey(Date.parse("2026-11-25T03:30:00Z"), "UTC")).toBe("2026-11-25");
    expect(localDayKey(Date.parse("2026-11-25T03:30:00Z"), "Not/AZone")).toBe("2026-11-25");
  });
});
