import { describe, expect, it } from "vitest";
import { detailsFromForm, detailsSaveSchema, editingTotals, isTempLineId, linesAfter, mergeLines, type StoredLine } from "../../app/domain/budget-details";
import { daysUntilReset, summarize, totalsFromLines } from "../../app/domain/budget-math";
import { todayIn } from "../../app/domain/dates";
import { expenseCreateSchema, expenseUpdateSchema, isRealDay, parseAmount } from "../../app/domain/expense-input";

describe("amount parsing", () => {
  const ok: [unknown, number][] = [
    ["12.34", 1234],
    ["12.3", 1230],
    ["12", 1200],
    [".5", 50],
    ["0.01", 1],
    ["1,250.00", 125000],
    ["$8", 800],
    [" 42 ", 4200],
    [19.99, 1999],
    [0.1, 10],
    ["10000000", 1_000_000_000],
    ["10000000.00", 1_000_000_000],
    ["00012.50", 1250],
  ];
  for (const [input, cents] of ok) {
    it(`${JSON.stringify(input)} is ${cents} cents`, () => expect(parseAmount(input)).toEqual({ ok: true, cents }));
  }

  const bad: [unknown, RegExp][] = [
    ["-5", /negative/],
    [-0.5, /negative/],
    ["0", /more than 0/],
    [0, /more than 0/],
    ["0.00", /more than 0/],
    ["abc", /number/],
    ["12.3.4", /number/],
    ["1e3", /number/],
    [Number.NaN, /number/],
    [Number.POSITIVE_INFINITY, /number/],
    [null, /number/],
    ["", /Enter an amount/],
    [".", /number/],
    ["1.234", /2 decimal/],
    [1.005, /2 decimal/],
    ["10000000.01", /10,000,000/],
    ["99999999999999999999", /10,000,000/],
    [1e21, /number/],
  ];
  for (const [input, message] of bad) {
    it(`${JSON.stringify(input)} is refused`, () => {
      const result = parseAmount(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(message);
    });
  }

  it("allows zero only for budget lines", () => {
    expect(parseAmount("0", { allowZero: true })).toEqual({ ok: true, cents: 0 });
  });

  it("the add schema asks to fill in all fields, and checks real days", () => {
    const missing = expenseCreateSchema.safeParse({ amount: "", description: "", categoryId: "" });
    expect(missing.success).toBe(false);
    if (!missing.success) expect(new Set(missing.error.issues.map((i) => i.message))).toEqual(new Set(["Please fill in all fields"]));
    expect(expenseCreateSchema.safeParse({ amount: "5", description: " Milk ", categoryId: "food", date: "" }).data).toEqual({ amount: 500, description: "Milk", categoryId: "food", date: undefined, idempotencyKey: undefined });
    expect(isRealDay("2024-02-29")).toBe(true);
    expect(isRealDay("2025-02-29")).toBe(false);
    expect(isRealDay("2025-04-31")).toBe(false);
    expect(expenseUpdateSchema.safeParse({}).success).toBe(false);
  });
});

describe("days left and per day, in the budget's time zone", () => {
  it("the same instant is a different day, and a different days-left, either side of UTC", () => {
    // 05:00 UTC on 1 March: still 28 February in Los Angeles, already 1 March in Tokyo.
    const instant = Date.UTC(2026, 2, 1, 5);
    expect(todayIn("America/Los_Angeles", instant)).toBe("2026-02-28");
    expect(daysUntilReset(todayIn("America/Los_Angeles", instant), 1)).toBe(1);
    expect(daysUntilReset(todayIn("UTC", instant), 1)).toBe(31);
    // 20:00 UTC on 28 February: 1 March in Tokyo (UTC+9) rolls to the next month's reset.
    const evening = Date.UTC(2026, 1, 28, 20);
    expect(todayIn("Asia/Tokyo", evening)).toBe("2026-03-01");
    expect(daysUntilReset(todayIn("Asia/Tokyo", evening), 1)).toBe(31);
    expect(daysUntilReset(todayIn("America/New_York", evening), 1)).toBe(1);
  });

  it("reset day 28 in February and on the day itself", () => {
    expect(daysUntilReset("2026-02-27", 28)).toBe(1);
    expect(daysUntilReset("2026-02-28", 28)).toBe(28); // to 28 March
    expect(daysUntilReset("2026-01-28", 28)).toBe(31);
    expect(daysUntilReset("2026-02-01", 28)).toBe(27);
  });

  it("per day divides what is left by the days left, never by zero", () => {
    const totals = totalsFromLines([
      { kind: "income", amountCents: 300_000 },
      { kind: "expense", amountCents: 100_000 },
    ]);
    const s = summarize(totals, 50_000, "2026-02-27", 28);
    expect(s).toMatchObject({ spendableCents: 200_000, leftCents: 150_000, daysLeft: 1, perDayCents: 150_000, onTrack: true });
    expect(summarize(totals, 250_000, "2026-02-10", 28)).toMatchObject({ daysLeft: 18, perDayCents: Math.floor(-50_000 / 18), onTrack: false });
  });
});

const stored = (over: Partial<StoredLine> & { id: string }): StoredLine => ({
  kind: "expense",
  label: over.id,
  amountCents: 100,
  category: "other",
  isSingleMonth: false,
  managedBy: null,
  ...over,
});

describe("line merge", () => {
  let n = 0;
  const newId = () => `real-${++n}`;
  const sent = (id: string, label = id, amount = 100) => ({ id, label, amount });

  it("adds temporary ids (with the list's kind and default category) and maps them to real ids", () => {
    n = 0;
    const plan = mergeLines([], { income: [sent("new-income-1", "Pay", 5000)], expenses: [sent("new-expense-2", "Rent", 900)] }, [], newId);
    expect(plan.idMap).toEqual({ "new-income-1": "real-1", "new-expense-2": "real-2" });
    expect(plan.inserts.map((l) => [l.kind, l.category, l.label, l.amountCents])).toEqual([
      ["income", "income", "Pay", 5000],
      ["expense", "other", "Rent", 900],
    ]);
    expect(isTempLineId("new-income-1")).toBe(true);
    expect(isTempLineId("new-savings-1")).toBe(false);
  });

  it("updates changed lines only, deletes loaded-and-dropped, keeps never-seen", () => {
    const lines = [stored({ id: "a" }), stored({ id: "b" }), stored({ id: "c" }), stored({ id: "added-by-other" })];
    const plan = mergeLines(lines, { income: [], expenses: [sent("a"), sent("b", "B renamed")] }, ["a", "b", "c"], newId);
    expect(plan.updates.map((u) => [u.id, u.label])).toEqual([["b", "B renamed"]]);
    expect(plan.deletes).toEqual(["c"]);
    expect(linesAfter(lines, plan).map((l) => l.id).sort()).toEqual(["a", "added-by-other", "b"]);
  });

  it("without loadedIds deletes nothing", () => {
    const plan = mergeLines([stored({ id: "a" })], { income: [], expenses: [] }, undefined, newId);
    expect(plan.deletes).toEqual([]);
  });

  it("never changes or deletes a managed line; reports unknown ids; a line keeps its kind", () => {
    const lines = [stored({ id: "debt", managedBy: "debt-plan" }), stored({ id: "pay", kind: "income", category: "income" })];
    const plan = mergeLines(lines, { income: [], expenses: [sent("debt", "Hacked", 1), sent("pay", "Pay", 7), sent("ghost")] }, ["debt", "pay"], newId);
    expect(plan.updates).toEqual([{ id: "pay", kind: "income", label: "Pay", amountCents: 7, category: "income", isSingleMonth: false }]);
    expect(plan.deletes).toEqual([]);
    expect(plan.unknownIds).toEqual(["ghost"]);
  });

  it("the save schema limits lines, labels and duplicate ids, and reads a no-JavaScript form", () => {
    const form = detailsFromForm({
      "income.0.id": "i1",
      "income.0.label": "Pay",
      "income.0.amount": "3,000",
      "expenses.1.id": "e2",
      "expenses.1.amount": "20",
      "expenses.0.id": "new-expense-5",
      "expenses.0.label": "Gym",
      "expenses.0.amount": "x",
      "expenses.0.isSingleMonth": "on",
      loadedIds: ["i1", "e2", "gone"],
      resetDay: "12",
      intent: "saveDetails",
    });
    expect(form).toEqual({
      income: [{ id: "i1", label: "Pay", amount: "3,000" }],
      expenses: [
        { id: "new-expense-5", label: "Gym", amount: "x", isSingleMonth: "on" },
        { id: "e2", amount: "20" },
      ],
      loadedIds: ["i1", "e2", "gone"],
      resetDay: "12",
    });
    const parsed = detailsSaveSchema.safeParse(form);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues[0].path).toEqual(["expenses", 0, "amount"]);
    const fixed = detailsSaveSchema.safeParse({ ...form, expenses: [{ id: "new-expense-5", label: "Gym", amount: "15", isSingleMonth: "on" }] });
    expect(fixed.data).toMatchObject({ income: [{ amount: 300000 }], expenses: [{ amount: 1500, isSingleMonth: true, label: "Gym" }], resetDay: 12 });
    expect(detailsSaveSchema.safeParse({ income: [], expenses: [{ id: "x", label: "L".repeat(121), amount: 1 }] }).success).toBe(false);
  });

  it("local totals count an invalid amount as 0", () => {
    expect(
      editingTotals([
        { kind: "income", amount: "1000.50" },
        { kind: "expense", amount: "abc" },
        { kind: "expense", amount: "200" },
      ]),
    ).toEqual({ totalIncomeCents: 100050, fixedExpensesCents: 20000, spendableCents: 80050 });
  });
});
