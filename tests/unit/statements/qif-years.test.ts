import { describe, expect, it } from "vitest";
import { parseStatement } from "../../../app/domain/statements";
import { toIsoDate } from "../../../app/domain/statements/dates";

// Issue 18 #19: a four-digit year is the year it says. "0001" was read as 2001 (only two-digit years are
// widened), and a year before 1900 is no bank's transaction: the row is refused, not moved a millennium.

const TODAY = "2026-11-20";
const qif = (date: string) => new TextEncoder().encode(`!Type:Bank\nD${date}\nT-12.50\nPCOFFEE\n^\nD11/02/2026\nT-3.00\nPTEA\n^\n`);

describe("QIF years", () => {
  it("year 0001 is refused (the row is skipped and counted), never read as 2001", async () => {
    const parsed = await parseStatement(qif("01/02/0001"), "x.qif", { today: TODAY });
    expect(parsed.rows.map((r) => r.date)).toEqual(["2026-11-02"]);
    expect(parsed.skipped).toBe(1);
  });

  it("two-digit years are still widened: 01/02/01 is 2001, 11/5'26 is 2026", async () => {
    expect((await parseStatement(qif("01/02/01"), "x.qif", { today: TODAY })).rows[0].date).toBe("2001-01-02");
    expect((await parseStatement(qif("11/ 5'26"), "x.qif", { today: TODAY })).rows[0].date).toBe("2026-11-05");
  });

  it.each(["01/02/0001", "0001-01-02", "Jan 2, 0099", "2 Jan 1899"])("%s is not a date", (raw) => {
    expect(toIsoDate(raw, "mdy", { today: TODAY })).toBeNull();
  });
});
