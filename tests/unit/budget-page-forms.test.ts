import { describe, expect, it } from "vitest";
import { budgetPageFormSchema, detailsIntentOf } from "../../app/domain/budget-page-forms";

// The budget page's one validator: every intent, the details form's field names, and refusals.

describe("budget page forms", () => {
  it("reads the details form's fields into the save payload, with the button's intent", () => {
    const parsed = budgetPageFormSchema.safeParse({
      intent: "add-income",
      "income.0.id": "line-1",
      "income.0.label": "Salary",
      "income.0.amount": "4,200.50",
      "expenses.0.id": "line-2",
      "expenses.0.label": "Gym",
      "expenses.0.amount": "40",
      "expenses.0.isSingleMonth": "on",
      loadedIds: ["line-1", "line-2"],
      resetDay: "15",
    });
    expect(parsed.success).toBe(true);
    if (!parsed.success || parsed.data.intent !== "details") throw new Error("expected details");
    expect(parsed.data.action).toEqual({ kind: "add", lineKind: "income" });
    expect(parsed.data.details).toMatchObject({
      income: [{ id: "line-1", label: "Salary", amount: 420050 }],
      expenses: [{ id: "line-2", label: "Gym", amount: 4000, isSingleMonth: true }],
      loadedIds: ["line-1", "line-2"],
      resetDay: 15,
    });
  });

  it("knows each details button", () => {
    expect(detailsIntentOf("save-details")).toEqual({ kind: "save" });
    expect(detailsIntentOf("add-fixed-expense")).toEqual({ kind: "add", lineKind: "expense" });
    expect(detailsIntentOf("delete-line:abc-123")).toEqual({ kind: "delete", id: "abc-123" });
    expect(detailsIntentOf("delete-line:../../x")).toBeNull();
    expect(detailsIntentOf("something")).toBeNull();
  });

  it("validates an added expense like the API: all three fields, else 'Please fill in all fields'", () => {
    const ok = budgetPageFormSchema.safeParse({ intent: "add-expense", amount: "12.34", description: " Bagels ", categoryId: "food", idempotencyKey: "key-12345678" });
    expect(ok).toMatchObject({ success: true, data: { intent: "add-expense", amount: 1234, description: "Bagels", categoryId: "food" } });
    const missing = budgetPageFormSchema.safeParse({ intent: "add-expense", amount: "12" });
    expect(missing.success).toBe(false);
    if (!missing.success) expect(missing.error.issues.map((i) => i.message)).toContain("Please fill in all fields");
    const bad = budgetPageFormSchema.safeParse({ intent: "add-expense", amount: "1.234", description: "x", categoryId: "food" });
    expect(bad.success).toBe(false);
  });

  it("edits, toggles and deletes need a well-formed expense id; unknown intents are refused", () => {
    expect(budgetPageFormSchema.safeParse({ intent: "update-expense", expenseId: "e-1", amount: "5" })).toMatchObject({ success: true, data: { expenseId: "e-1", amount: 500 } });
    expect(budgetPageFormSchema.safeParse({ intent: "update-expense", expenseId: "e-1" }).success).toBe(false);
    expect(budgetPageFormSchema.safeParse({ intent: "toggle-expense", expenseId: "e 1; drop" }).success).toBe(false);
    expect(budgetPageFormSchema.safeParse({ intent: "delete-expense", expenseId: "e-2" })).toMatchObject({ success: true });
    expect(budgetPageFormSchema.safeParse({ intent: "launch" }).success).toBe(false);
    expect(budgetPageFormSchema.safeParse("not an object").success).toBe(false);
  });
});
