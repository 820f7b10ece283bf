import { describe, expect, it } from "vitest";
import { bankPageFormSchema, bankSyncSettingsFormSchema, bankSyncSettingsOf, syncCompleteText, updateBillAmountFormSchema } from "~/domain/bank-forms";
import { bankSyncSettingsSchema } from "~/domain/bank";
import { normalizeMerchants, NO_MERCHANT_WARNING, shouldSuggestPriceUpdate, syncDoneTitle, TOLERANCE_MESSAGE, toleranceCents } from "~/domain/bank-rules";

describe("the price suggestion rule (spec part 1 §4: confidence > 0.5, difference > 5% and ≥ 5)", () => {
  it.each([
    [null, 0.9, 100, false, "no suggestion"],
    [120, 0.5, 100, false, "confidence not above 0.5"],
    [120, 0.51, 100, true, "20% and $20 apart"],
    [104.99, 0.9, 100, false, "under 5 apart"],
    [105, 0.9, 100, false, "exactly 5%: not more than 5%"],
    [105.01, 0.9, 100, true, "just over 5% and at least 5"],
    [1040, 0.9, 1000, false, "4%: within 5% although 40 apart"],
    [15.49, 0.9, 0, true, "a bill at 0 and a suggestion of 15.49"],
    [3, 0.9, 0, false, "a bill at 0 and a suggestion under 5"],
    [90, 0.8, 100, true, "lower by 10"],
  ] as Array<[number | null, number, number, boolean, string]>)("%s at %s confidence for a bill of %s → %s (%s)", (suggested, confidence, current, expected) => {
    expect(shouldSuggestPriceUpdate(Math.round(current * 100), suggested === null ? null : Math.round(suggested * 100), confidence)).toBe(expected);
  });
});

describe("the matching panel's form", () => {
  const base = { intent: "bank-sync-settings", lineId: "line-1" };

  it("merges kept chips and the typed merchant: trimmed, once each whatever the case", () => {
    const parsed = bankSyncSettingsFormSchema.safeParse({ ...base, bankSyncEnabled: "on", matchingMerchants: ["Netflix", " netflix "], newMerchant: "  Hulu ", amountTolerancePercent: "7.25" });
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(bankSyncSettingsOf(parsed.data)).toEqual({ lineId: "line-1", bankSyncEnabled: true, matchingMerchants: ["Netflix", "Hulu"], amountTolerancePercent: 7.3 });
  });

  it("refuses sync enabled with no merchant, with the spec's warning", () => {
    const parsed = bankSyncSettingsFormSchema.safeParse({ ...base, bankSyncEnabled: "on", newMerchant: "   " });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.error.issues.map((i) => i.message)).toContain(NO_MERCHANT_WARNING);
  });

  it("accepts sync off with no merchant; an unticked checkbox is off; an empty tolerance is the default 5", () => {
    const parsed = bankSyncSettingsFormSchema.safeParse({ ...base, amountTolerancePercent: "" });
    expect(parsed.success && bankSyncSettingsOf(parsed.data)).toEqual({ lineId: "line-1", bankSyncEnabled: false, matchingMerchants: [], amountTolerancePercent: 5 });
  });

  it.each(["-0.1", "50.1", "abc", "1e3"])("refuses a tolerance of %s (0 to 50)", (value) => {
    const parsed = bankSyncSettingsFormSchema.safeParse({ ...base, newMerchant: "Netflix", amountTolerancePercent: value });
    expect(parsed.success).toBe(false);
  });

  it.each(["0", "50", "12.3"])("accepts a tolerance of %s", (value) => {
    expect(bankSyncSettingsFormSchema.safeParse({ ...base, newMerchant: "Netflix", amountTolerancePercent: value }).success).toBe(true);
  });

  it("refuses a line id that is not an id, and more than 20 merchants", () => {
    expect(bankSyncSettingsFormSchema.safeParse({ ...base, lineId: "../x" }).success).toBe(false);
    expect(bankSyncSettingsFormSchema.safeParse({ ...base, matchingMerchants: Array.from({ length: 21 }, (_, i) => `M${i}`) }).success).toBe(false);
  });

  it("Update Amount takes a plain amount only", () => {
    expect(updateBillAmountFormSchema.safeParse({ intent: "bank-sync-update-amount", lineId: "l", amount: "15.49" }).success).toBe(true);
    expect(updateBillAmountFormSchema.safeParse({ intent: "bank-sync-update-amount", lineId: "l", amount: "-3" }).success).toBe(false);
    expect(updateBillAmountFormSchema.safeParse({ intent: "bank-sync-update-amount", lineId: "l", amount: "1.234" }).success).toBe(false);
  });
});

describe("the bank page's forms and texts", () => {
  it("knows its three intents and nothing else", () => {
    expect(bankPageFormSchema.safeParse({ intent: "sync-now" }).success).toBe(true);
    expect(bankPageFormSchema.safeParse({ intent: "link-test-bank" }).success).toBe(true);
    expect(bankPageFormSchema.safeParse({ intent: "remove-account", accountId: "acc_1" }).success).toBe(true);
    expect(bankPageFormSchema.safeParse({ intent: "remove-account" }).success).toBe(false);
    expect(bankPageFormSchema.safeParse({ intent: "drop-tables" }).success).toBe(false);
  });

  it("a sync that stopped part way is never titled complete", () => {
    expect(syncDoneTitle("success", "bank")).toBe("Sync Complete");
    expect(syncDoneTitle("success", "budget")).toBe("Bank sync completed");
    expect(syncDoneTitle("partial", "bank")).toBe("Sync Incomplete");
    expect(syncDoneTitle("partial", "budget")).toBe("Bank sync incomplete");
  });

  it("says how many were imported (part 2 §8 'Sync Complete')", () => {
    expect(syncCompleteText(0)).toBe("0 transactions imported, balances updated");
    expect(syncCompleteText(1)).toBe("1 transaction imported, balances updated");
    expect(syncCompleteText(12)).toBe("12 transactions imported, balances updated");
  });

  it("shows the tolerance in dollars, and merges merchants once", () => {
    expect(toleranceCents(1549, 10)).toBe(155);
    expect(toleranceCents(210000, 5)).toBe(10500);
    expect(normalizeMerchants(["A", "a", "", "  B  ", 3, "Whole   Foods"])).toEqual(["A", "B", "Whole Foods"]);
  });

  it("the page form and the API apply the same rules (one source, app/domain/bank-rules.ts)", () => {
    const form = bankSyncSettingsFormSchema.safeParse({ intent: "bank-sync-settings", lineId: "l", bankSyncEnabled: "on", matchingMerchants: ["  Whole   Foods ", "whole foods", "Hulu"], amountTolerancePercent: "12.34" });
    const api = bankSyncSettingsSchema.safeParse({ bankSyncEnabled: "on", matchingMerchants: ["  Whole   Foods ", "whole foods", "Hulu"], amountTolerancePercent: "12.34" });
    expect(form.success && api.success).toBe(true);
    if (!form.success || !api.success) return;
    expect(bankSyncSettingsOf(form.data).matchingMerchants).toEqual(api.data.matchingMerchants);
    expect(bankSyncSettingsOf(form.data).amountTolerancePercent).toBe(api.data.amountTolerancePercent);
    for (const bad of ["50.1", "-1", "abc"]) {
      const f = bankSyncSettingsFormSchema.safeParse({ intent: "bank-sync-settings", lineId: "l", amountTolerancePercent: bad });
      const a = bankSyncSettingsSchema.safeParse({ amountTolerancePercent: bad });
      expect(f.success || a.success).toBe(false);
      expect(f.error?.issues[0]?.message).toBe(TOLERANCE_MESSAGE);
      expect(a.error?.issues[0]?.message).toBe(TOLERANCE_MESSAGE);
    }
  });
});
