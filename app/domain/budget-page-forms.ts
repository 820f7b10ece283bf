// The budget page's forms (spec part 1 "Budget page"): one schema per intent, shared by the browser and
// the route's action. The details form posts its lines as `income.0.label`-style fields; it is read into
// the JSON payload's shape first, so both go through detailsSaveSchema.
import * as z from "zod/mini";
import { detailsFromForm, detailsSaveSchema, type DetailsSaveInput } from "./budget-details";
import { bankSyncSettingsFormSchema, bankSyncSettingsOf, updateBillAmountFormSchema, type BankSyncSettingsInput } from "./bank-forms";
import { expenseCreateSchema, expenseUpdateSchema, type ExpenseCreateInput, type ExpenseUpdateInput } from "./expense-input";

const rowId = z.string({ error: "Expense not found." }).check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,100}$/, { error: "Expense not found." }));

/** The details form's buttons: save, add a line, or remove one (`delete-line:<id>`), each saving what was typed. */
export type DetailsIntent = { kind: "save" } | { kind: "add"; lineKind: "income" | "expense" } | { kind: "delete"; id: string };

export type BudgetPageForm =
  | { intent: "details"; action: DetailsIntent; details: DetailsSaveInput }
  | ({ intent: "add-expense" } & ExpenseCreateInput)
  | ({ intent: "update-expense"; expenseId: string } & ExpenseUpdateInput)
  | { intent: "toggle-expense"; expenseId: string }
  | { intent: "delete-expense"; expenseId: string }
  // The bank parts (issue 20): a bill's matching rules, its suggested amount, and Bank Sync without JavaScript.
  | ({ intent: "bank-sync-settings" } & BankSyncSettingsInput)
  | { intent: "bank-sync-update-amount"; lineId: string; amount: string }
  | { intent: "bank-sync-run" };

const updateSchema = z.extend(expenseUpdateSchema, { expenseId: rowId });
const idSchema = z.object({ expenseId: rowId });

type Issues = ReadonlyArray<{ path: PropertyKey[]; message: string }>;
type Parsed = { success: true; data: BudgetPageForm } | { success: false; error: { issues: Issues } };

export function detailsIntentOf(value: unknown): DetailsIntent | null {
  if (value === "save-details") return { kind: "save" };
  if (value === "add-income") return { kind: "add", lineKind: "income" };
  if (value === "add-fixed-expense") return { kind: "add", lineKind: "expense" };
  if (typeof value === "string" && /^delete-line:[A-Za-z0-9_-]{1,100}$/.test(value)) return { kind: "delete", id: value.slice("delete-line:".length) };
  return null;
}

function fail(message: string, path: PropertyKey[] = []): Parsed {
  return { success: false, error: { issues: [{ path, message }] } };
}

/** Validates one submission of the budget page (a Validator for submitForm). */
export const budgetPageFormSchema = {
  safeParse(raw: unknown): Parsed {
    const fields = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const intent = fields.intent;
    const details = detailsIntentOf(intent);
    if (details) {
      const parsed = detailsSaveSchema.safeParse(detailsFromForm(fields));
      return parsed.success ? { success: true, data: { intent: "details", action: details, details: parsed.data } } : { success: false, error: parsed.error };
    }
    if (intent === "add-expense") {
      const parsed = expenseCreateSchema.safeParse(fields);
      return parsed.success ? { success: true, data: { intent, ...parsed.data } } : { success: false, error: parsed.error };
    }
    if (intent === "update-expense") {
      const parsed = updateSchema.safeParse(fields);
      return parsed.success ? { success: true, data: { intent, ...parsed.data } } : { success: false, error: parsed.error };
    }
    if (intent === "toggle-expense" || intent === "delete-expense") {
      const parsed = idSchema.safeParse(fields);
      return parsed.success ? { success: true, data: { intent, expenseId: parsed.data.expenseId } } : { success: false, error: parsed.error };
    }
    if (intent === "bank-sync-settings") {
      const parsed = bankSyncSettingsFormSchema.safeParse(fields);
      return parsed.success ? { success: true, data: { intent, ...bankSyncSettingsOf(parsed.data) } } : { success: false, error: parsed.error };
    }
    if (intent === "bank-sync-update-amount") {
      const parsed = updateBillAmountFormSchema.safeParse(fields);
      return parsed.success ? { success: true, data: parsed.data } : { success: false, error: parsed.error };
    }
    if (intent === "bank-sync-run") return { success: true, data: { intent } };
    return fail("Unknown action.", ["intent"]);
  },
};

/** The spec's toasts (part 1 §8) for a refused form, by intent. */
export const BUDGET_PAGE_FAILURE: Record<string, { title: string; description: string }> = {
  "save-details": { title: "Error", description: "Failed to update budget. Please try again." },
  "add-income": { title: "Error", description: "Failed to update budget. Please try again." },
  "add-fixed-expense": { title: "Error", description: "Failed to update budget. Please try again." },
  "add-expense": { title: "Error", description: "Failed to add expense" },
  "update-expense": { title: "Error", description: "Failed to update expense" },
  "toggle-expense": { title: "Error", description: "Failed to toggle expense" },
  "delete-expense": { title: "Error", description: "Failed to delete expense" },
  "bank-sync-settings": { title: "Error", description: "Failed to update bank sync settings" },
  "bank-sync-update-amount": { title: "Error", description: "Failed to update budget. Please try again." },
  "bank-sync-run": { title: "Sync failed", description: "Failed to sync bank transactions" },
};
