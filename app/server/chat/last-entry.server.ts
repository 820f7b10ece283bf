import { and, desc, eq, sql } from "drizzle-orm";
import { CATEGORY_NAMES, exactMoney as money, type Intent } from "~/domain/assistant";
import type { BudgetAccess } from "../budget.server";
import { applyBudgetCommand } from "../budget-room/client.server";
import type { BudgetCommand } from "../budget-room/commands";
import type { AppContext } from "../context.server";
import { inJson } from "../db/json-rows.server";
import { expenses, type UserRow } from "../db/schema";
import type { ConversationState } from "./conversations.server";

// "undo", "delete that", "actually it was 15", "make that dining": always the user's own last entry,
// changed through the expense commands of the budget room (issue 6), never by writing D1 here.

async function lastEntries(app: AppContext, access: BudgetAccess, user: UserRow, state: ConversationState) {
  const columns = { id: expenses.id, amountCents: expenses.amountCents, description: expenses.description, categoryId: expenses.categoryId };
  if (state.lastExpenseIds?.length) {
    // Every id the last message logged (hundreds fit in one message) as ONE bound JSON value: D1 binds at most 100.
    const rows = await app.db
      .select(columns)
      .from(expenses)
      .where(and(eq(expenses.budgetId, access.budget.id), eq(expenses.userId, user.id), inJson(sql`${expenses.id}`, state.lastExpenseIds)));
    if (rows.length) return rows;
  }
  // Nothing remembered from this conversation: the user's newest expense in this budget.
  return app.db
    .select(columns)
    .from(expenses)
    .where(and(eq(expenses.budgetId, access.budget.id), eq(expenses.userId, user.id)))
    .orderBy(desc(expenses.createdAt))
    .limit(1);
}

export async function applyUndo(app: AppContext, access: BudgetAccess, user: UserRow, state: ConversationState): Promise<string> {
  const rows = await lastEntries(app, access, user, state);
  if (rows.length === 0) return "There's nothing of yours to undo yet.";
  const removed: string[] = [];
  for (const row of rows) {
    const outcome = await applyBudgetCommand(app, access.budget.id, user.id, { type: "deleteExpense", expenseId: row.id } as unknown as BudgetCommand);
    if (outcome.ok) removed.push(`${money(row.amountCents)} for ${row.description}`);
  }
  state.lastExpenseIds = [];
  if (removed.length === 0) return "I couldn't remove that entry. Try again from the Budget page.";
  return `Removed ${removed.join(" and ")}.`;
}

export async function applyCorrection(
  app: AppContext,
  access: BudgetAccess,
  user: UserRow,
  state: ConversationState,
  intent: Extract<Intent, { kind: "correction" }>,
): Promise<string> {
  const rows = await lastEntries(app, access, user, state);
  // A correction names one figure: it applies to the last expense the message logged.
  const row = rows[rows.length - 1];
  if (!row) return "There's nothing of yours to change yet. Log an expense first, like \"coffee $4\".";
  const outcome = await applyBudgetCommand(app, access.budget.id, user.id, {
    type: "updateExpense",
    expenseId: row.id,
    ...(intent.amountCents !== undefined ? { amountCents: intent.amountCents } : {}),
    ...(intent.categoryId ? { categoryId: intent.categoryId } : {}),
  } as unknown as BudgetCommand);
  if (!outcome.ok) return `I couldn't change that entry: ${outcome.message}`;
  state.lastExpenseIds = [row.id];
  const parts: string[] = [];
  if (intent.amountCents !== undefined) parts.push(`${money(intent.amountCents)} (was ${money(row.amountCents)})`);
  if (intent.categoryId) parts.push(`${CATEGORY_NAMES[intent.categoryId]}`);
  return `Updated ${row.description}: ${parts.join(", ")}.${intent.categoryId ? ` I'll file ${row.description} under ${CATEGORY_NAMES[intent.categoryId]} from now on.` : ""}`;
}
