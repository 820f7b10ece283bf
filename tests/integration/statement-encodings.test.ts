import { describe, expect, it } from "vitest";
import { parseStatement } from "../../app/domain/statements";

// The parsers run in the queue consumer, inside workerd: its TextDecoder must know Shift_JIS for a Japanese
// bank's export to be read (issue 21). Node's does; this checks the Worker's.
describe("statement encodings inside the Worker", () => {
  it("a Shift_JIS export is decoded (日付,摘要,金額 and half-width katakana)", async () => {
    const ascii = (s: string) => Array.from(new TextEncoder().encode(s));
    const sjis = new Uint8Array([0x93, 0xfa, 0x95, 0x74, 0x2c, 0x93, 0x45, 0x97, 0x76, 0x2c, 0x8b, 0xe0, 0x8a, 0x7a, 0x0a, ...ascii("2026/11/02,"), 0xdb, 0xb0, 0xbf, 0xdd, ...ascii(",-540\n")]);
    const parsed = await parseStatement(sjis, "x.csv", { today: "2026-11-22" });
    expect(parsed.rows.map((r) => [r.date, r.description, r.amountCents, r.isIncome])).toEqual([["2026-11-02", "ﾛｰｿﾝ", 54000, false]]);
    expect(parsed.notes.join(" ")).toMatch(/Shift_JIS/);
  });
});
