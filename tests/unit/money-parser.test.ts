import { describe, expect, it } from "vitest";
import { amountMessage, parseAmount, typedCents } from "~/domain/money";
import { debtApiSchema } from "~/domain/debts/forms";
import { editingTotals } from "~/domain/budget-details";
import { provisionalCents } from "~/components/chat/offline-queue";

// Issue 18 #11: one money parser. Every typed amount, on the server and in the figures a page shows while a
// save is pending, is read by parseAmount: at most 2 decimals, refused rather than rounded.

describe("parseAmount names the problem and the field", () => {
  it.each([
    ["1.005", "decimals", "Current balance can have at most 2 decimal places."],
    ["-0", "negative", "Current balance cannot be negative."],
    [-0, "negative", "Current balance cannot be negative."],
    ["1e3", "not-a-number", "Current balance must be a number, like 12.50."],
    ["", "missing", "Current balance is required."],
  ])("%j → %s", (value, problem, message) => {
    expect(parseAmount(value, { allowZero: true, label: "Current balance" })).toEqual({ ok: false, problem, message });
  });

  it("without a label, the expense form's wording", () => {
    expect(amountMessage("missing")).toBe("Enter an amount.");
    expect(amountMessage("decimals")).toBe("The amount can have at most 2 decimal places.");
  });
});

describe("the same rule wherever an amount is typed", () => {
  it("debts refuse 1.005 instead of storing 1.01", () => {
    const base = { name: "Visa", type: "credit_card", currentBalance: "2000", interestRate: 0.2, minimumPayment: "60" };
    expect(debtApiSchema.safeParse({ ...base, currentBalance: "1.005" }).success).toBe(false);
    expect(debtApiSchema.safeParse({ ...base, currentBalance: "1.01" }).data?.currentBalance).toBe(101);
  });

  it("pending figures: what the save would refuse shows as nothing, not a rounded amount", () => {
    expect(typedCents("12.5")).toBe(1250);
    expect(typedCents("1,250.00")).toBe(125000);
    expect(typedCents("0.004")).toBeNull();
    expect(typedCents(undefined)).toBeNull();
    expect(editingTotals([{ kind: "income", amount: "100.005" }, { kind: "expense", amount: "10" }])).toEqual({ totalIncomeCents: 0, fixedExpensesCents: 1000, spendableCents: -1000 });
    expect(provisionalCents({ kind: "expense", fields: { amount: "4.999" } } as never)).toBe(0);
    expect(provisionalCents({ kind: "message", content: "coffee $4.50" } as never)).toBe(450);
  });
});
