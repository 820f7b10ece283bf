import { describe, expect, it } from "vitest";
import { findRelinked, institutionKey, normalizeBankName, type OrphanTxn } from "~/domain/bank-sync/relink";

// Re-link dedupe (issue 20, rule 5 across links): which new transaction ids replace a removed account's.

const bank = institutionKey("ins_1", "First Platypus Bank");
const orphan = (id: string, over: Partial<OrphanTxn> = {}): OrphanTxn => ({ transactionId: id, institutionKey: bank, mask: "3333", date: "2026-11-20", amountCents: 450, name: "TEA HOUSE #12", merchantName: null, ...over });
const fresh = (id: string, over: Partial<{ mask: string | null; date: string; amountCents: number; name: string; merchantName: string | null }> = {}) => ({ transactionId: id, mask: "3333", date: "2026-11-20", amountCents: 450, name: "Tea House 12", merchantName: null, ...over });

describe("findRelinked", () => {
  it("matches on bank, mask, date, amount and the normalised name", () => {
    expect(normalizeBankName("TEA HOUSE #12")).toBe(normalizeBankName("Tea House 12"));
    expect([...findRelinked([fresh("new-1")], bank, [orphan("old-1")])]).toEqual([["new-1", "old-1"]]);
  });

  it("the merchant name counts when Plaid gives one", () => {
    expect(findRelinked([fresh("n", { merchantName: "Tea House", name: "SQ *TEA HSE" })], bank, [orphan("o", { merchantName: "Tea House", name: "TEA HOUSE #12" })]).get("n")).toBe("o");
  });

  it("takes each old transaction once: two alike purchases then one old one are one re-link and one new purchase", () => {
    const out = findRelinked([fresh("n1"), fresh("n2")], bank, [orphan("o1")]);
    expect(out.size).toBe(1);
    expect(out.get("n1")).toBe("o1");
  });

  it.each([
    ["another mask", { mask: "0000" }],
    ["another day", { date: "2026-11-21" }],
    ["another amount", { amountCents: 451 }],
    ["another name", { name: "COFFEE BAR" }],
  ])("no match with %s", (_what, over) => {
    expect(findRelinked([fresh("n", over)], bank, [orphan("o")]).size).toBe(0);
  });

  it("no match at another bank; the bank is its Plaid id when known, else its name", () => {
    expect(findRelinked([fresh("n")], institutionKey("ins_2", "First Platypus Bank"), [orphan("o")]).size).toBe(0);
    expect(institutionKey(null, " First Platypus Bank ")).toBe(institutionKey(null, "first platypus bank"));
  });
});
