import { describe, expect, it } from "vitest";
import { bankSyncSettingsSchema, BANK_TEXT, priceAnalysisSchema, syncTransactionsSchema } from "~/domain/bank";
import { shouldSuggestPriceUpdate } from "~/domain/bank-rules";
import { analysePrices, decideBankTransactions, matchesBill, rankMerchants, type BankTxn, type DecideInput } from "~/domain/bank-sync/rules";

const txn = (over: Partial<BankTxn> & Pick<BankTxn, "transactionId">): BankTxn => ({
  accountId: "card",
  date: "2026-11-10",
  name: "PURCHASE",
  merchantName: null,
  amountCents: 1000,
  pending: false,
  pendingTransactionId: null,
  categoryPrimary: null,
  categoryDetailed: null,
  ...over,
});

const base = (incoming: BankTxn[], over: Partial<DecideInput> = {}): DecideInput => ({
  incoming,
  stored: [],
  accountMasks: new Map([["card", "3333"], ["checking", "0000"], ["savings", "1111"]]),
  bills: [],
  handExpenses: [],
  memory: new Map(),
  ...over,
});

const kind = (input: DecideInput, id: string) => decideBankTransactions(input).decisions.get(id)?.kind;

describe("rule 1: only money out can be spending", () => {
  it("payroll, interest and refunds (amount ≤ 0) are income", () => {
    const input = base([
      txn({ transactionId: "pay", accountId: "checking", amountCents: -250000, categoryPrimary: "INCOME", categoryDetailed: "INCOME_WAGES" }),
      txn({ transactionId: "int", accountId: "savings", amountCents: -125, categoryPrimary: "INCOME", categoryDetailed: "INCOME_INTEREST_EARNED" }),
      txn({ transactionId: "refund", amountCents: -2500, categoryPrimary: "GENERAL_MERCHANDISE", categoryDetailed: "GENERAL_MERCHANDISE_ONLINE_MARKETPLACES" }),
    ]);
    expect(kind(input, "pay")).toBe("income");
    expect(kind(input, "int")).toBe("income");
    expect(kind(input, "refund")).toBe("income");
  });
  it("a purchase is spending, categorised by Plaid", () => {
    const out = decideBankTransactions(base([txn({ transactionId: "a", merchantName: "Whole Foods", categoryPrimary: "FOOD_AND_DRINK", categoryDetailed: "FOOD_AND_DRINK_GROCERIES" })]));
    expect(out.decisions.get("a")).toEqual({ kind: "spending", categoryId: "food", description: "Whole Foods" });
  });
});

describe("rule 2: transfers between own accounts", () => {
  it("a card payment: neither leg counts (by Plaid's category)", () => {
    const input = base([
      txn({ transactionId: "out", accountId: "checking", amountCents: 50000, categoryPrimary: "LOAN_PAYMENTS", categoryDetailed: "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT" }),
      txn({ transactionId: "in", accountId: "card", date: "2026-11-11", amountCents: -50000, categoryPrimary: "TRANSFER_IN", categoryDetailed: "TRANSFER_IN_ACCOUNT_TRANSFER" }),
    ]);
    expect(kind(input, "out")).toBe("transfer");
    expect(kind(input, "in")).toBe("transfer");
  });
  it("equal and opposite legs on two linked accounts within 3 days, with no category", () => {
    const input = base([
      txn({ transactionId: "out", accountId: "checking", amountCents: 20000, name: "ONLINE TRANSFER" }),
      txn({ transactionId: "in", accountId: "savings", date: "2026-11-13", amountCents: -20000, name: "ONLINE TRANSFER" }),
    ]);
    expect(kind(input, "out")).toBe("transfer");
    expect(kind(input, "in")).toBe("transfer");
  });
  it("legs 4 days apart, on the same account, or on an account not linked are not a transfer", () => {
    expect(kind(base([txn({ transactionId: "o", accountId: "checking", amountCents: 20000 }), txn({ transactionId: "i", accountId: "savings", date: "2026-11-14", amountCents: -20000 })]), "o")).toBe("spending");
    expect(kind(base([txn({ transactionId: "o", accountId: "card", amountCents: 20000 }), txn({ transactionId: "i", accountId: "card", amountCents: -20000 })]), "o")).toBe("spending");
    expect(kind(base([txn({ transactionId: "o", accountId: "checking", amountCents: 20000 }), txn({ transactionId: "i", accountId: "elsewhere", amountCents: -20000 })]), "o")).toBe("spending");
  });
  it("a leg stored as spending earlier becomes a transfer when its other leg arrives", () => {
    const out = decideBankTransactions(
      base([txn({ transactionId: "in", accountId: "card", amountCents: -7000 })], {
        stored: [{ transactionId: "out", accountId: "checking", date: "2026-11-09", amountCents: 7000, disposition: "spending", importedExpenseId: "e1" }],
      }),
    );
    expect(out.decisions.get("in")?.kind).toBe("transfer");
    expect(out.storedNowTransfers).toEqual(["out"]);
  });
});

describe("rule 3: pending", () => {
  it("a pending debit waits; its posted version counts", () => {
    const input = base([txn({ transactionId: "p", pending: true, amountCents: 645 }), txn({ transactionId: "posted", amountCents: 745, pendingTransactionId: "p0" })]);
    expect(kind(input, "p")).toBe("pending");
    expect(kind(input, "posted")).toBe("spending");
  });
});

describe("rule 4: bills matched within tolerance", () => {
  const netflix = { id: "line-netflix", amountCents: 1549, matchingMerchants: ["netflix"], amountTolerancePercent: 5, matchingAccountMasks: [] as string[] };
  it("merchant contained (any case) and amount within tolerance → the bill", () => {
    expect(kind(base([txn({ transactionId: "n", merchantName: "NETFLIX.COM", amountCents: 1599 })], { bills: [netflix] }), "n")).toBe("bill");
  });
  it("outside the tolerance, or on a line without the merchant, it is spending", () => {
    expect(kind(base([txn({ transactionId: "n", merchantName: "Netflix", amountCents: 1999 })], { bills: [netflix] }), "n")).toBe("spending");
    expect(kind(base([txn({ transactionId: "n", merchantName: "Hulu", amountCents: 1549 })], { bills: [netflix] }), "n")).toBe("spending");
  });
  it("account masks, when set, must include the debit's account", () => {
    const line = { ...netflix, matchingAccountMasks: ["0000"] };
    expect(matchesBill({ merchantName: "Netflix", name: "x", amountCents: 1549 }, "3333", line)).toBe(false);
    expect(matchesBill({ merchantName: "Netflix", name: "x", amountCents: 1549 }, "0000", line)).toBe(true);
  });
  it("a pending bill debit is still only pending", () => {
    expect(kind(base([txn({ transactionId: "n", merchantName: "Netflix", amountCents: 1549, pending: true })], { bills: [netflix] }), "n")).toBe("pending");
  });
});

describe("rule 6: hand-logged expenses reconciled", () => {
  it("same amount within 3 days links to the hand-logged expense; each expense once", () => {
    const out = decideBankTransactions(
      base([txn({ transactionId: "a", amountCents: 1250, date: "2026-11-10" }), txn({ transactionId: "b", amountCents: 1250, date: "2026-11-11" })], {
        handExpenses: [{ id: "chat-1", amountCents: 1250, date: "2026-11-09" }],
      }),
    );
    expect(out.decisions.get("a")).toEqual({ kind: "reconciled", expenseId: "chat-1" });
    expect(out.decisions.get("b")?.kind).toBe("spending");
  });
  it("4 days apart or another amount is a new purchase", () => {
    expect(kind(base([txn({ transactionId: "a", amountCents: 1250, date: "2026-11-10" })], { handExpenses: [{ id: "c", amountCents: 1250, date: "2026-11-06" }] }), "a")).toBe("spending");
    expect(kind(base([txn({ transactionId: "a", amountCents: 1251 })], { handExpenses: [{ id: "c", amountCents: 1250, date: "2026-11-10" }] }), "a")).toBe("spending");
  });
});

describe("categories: the household's memory first", () => {
  it("a remembered merchant wins over Plaid's category", () => {
    const out = decideBankTransactions(base([txn({ transactionId: "a", merchantName: "Costco", categoryPrimary: "GENERAL_MERCHANDISE", categoryDetailed: "GENERAL_MERCHANDISE_SUPERSTORES" })], { memory: new Map([["costco", "food"]]) }));
    expect(out.decisions.get("a")).toMatchObject({ kind: "spending", categoryId: "food" });
  });
});

describe("price analysis and merchant suggestions", () => {
  it("median of the debits, confidence from count and likeness", () => {
    expect(analysePrices([])).toEqual({ suggestedCents: null, confidence: 0 });
    const alike = analysePrices([1599, 1599, 1599]);
    expect(alike.suggestedCents).toBe(1599);
    expect(alike.confidence).toBe(1);
    expect(analysePrices([1599]).confidence).toBeLessThan(0.5);
    expect(analysePrices([1000, 2000, 3000]).confidence).toBeLessThanOrEqual(0.5);
  });
  it("the spec's suggestion rule: confidence > 0.5, > 5% and ≥ $5 apart", () => {
    expect(shouldSuggestPriceUpdate(1000, 1600, 0.9)).toBe(true);
    expect(shouldSuggestPriceUpdate(1000, 1499, 0.9)).toBe(false);
    expect(shouldSuggestPriceUpdate(100000, 104000, 0.9)).toBe(false);
    expect(shouldSuggestPriceUpdate(1000, 1600, 0.5)).toBe(false);
    expect(shouldSuggestPriceUpdate(1000, null, 0)).toBe(false);
  });
  it("merchant names containing the query, most frequent first, at most the limit", () => {
    const names = [{ name: "Netflix", count: 3 }, { name: "NETFLIX ", count: 1 }, { name: "Netgear", count: 5 }, { name: "Shell", count: 9 }];
    expect(rankMerchants(names, "net", 10)).toEqual(["Netgear", "Netflix"]);
    expect(rankMerchants(names, "net", 1)).toEqual(["Netgear"]);
  });
});

describe("bank sync settings", () => {
  it("merchants trimmed and de-duplicated; tolerance 0–50", () => {
    const parsed = bankSyncSettingsSchema.parse({ bankSyncEnabled: true, matchingMerchants: [" Netflix ", "netflix", "", "Hulu"], amountTolerancePercent: "7.5" });
    expect(parsed).toMatchObject({ bankSyncEnabled: true, matchingMerchants: ["Netflix", "Hulu"], amountTolerancePercent: 7.5 });
    expect(bankSyncSettingsSchema.safeParse({ bankSyncEnabled: false, amountTolerancePercent: 51 }).success).toBe(false);
    expect(bankSyncSettingsSchema.safeParse({ bankSyncEnabled: false, amountTolerancePercent: -1 }).success).toBe(false);
  });
  it("enabled with no merchant is refused with the spec's warning", () => {
    const result = bankSyncSettingsSchema.safeParse({ bankSyncEnabled: "on", matchingMerchants: "  ,  " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(BANK_TEXT.noMerchantWarning);
  });
  it("form fields work too: a checkbox and one merchant per line", () => {
    expect(bankSyncSettingsSchema.parse({ bankSyncEnabled: "on", matchingMerchants: "Netflix\nHulu", amountTolerancePercent: "5" })).toMatchObject({ bankSyncEnabled: true, matchingMerchants: ["Netflix", "Hulu"] });
  });
  it("call bodies: price analysis needs a merchant; sync days default to 7", () => {
    expect(priceAnalysisSchema.safeParse({ merchants: [], currentAmount: 10 }).success).toBe(false);
    expect(priceAnalysisSchema.parse({ merchants: ["Netflix"], currentAmount: "15.49" }).currentAmount).toBe(1549);
    expect(syncTransactionsSchema.parse({})).toEqual({ days: 7, autoImport: true });
  });
});
