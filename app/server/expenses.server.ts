import { and, asc, count, desc, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { ExpenseCreateInput, ExpenseUpdateInput } from "~/domain/expense-input";
import { todayIn } from "~/domain/dates";
import { centsToDecimal } from "~/domain/money";
import type { BudgetAccess } from "./budget.server";
import { applyBudgetCommand } from "./budget-room/client.server";
import type { CommandOutcome } from "./budget-room/commands";
import type { AppContext } from "./context.server";
import { bankAccounts, categories, expenses, users, type UserRow } from "./db/schema";
import { jsonError } from "./api.server";
import { datedInCurrentPeriod } from "./period-sql.server";
import { EXPENSE_SORTS, type ExpenseJson, type ExpenseSort } from "~/domain/expense-view";

// Expenses (transactions) of the user's active budget: reads straight from D1, writes as BudgetRoom commands.


export function expenseSortOf(value: string | null | undefined): ExpenseSort {
  return (EXPENSE_SORTS as readonly string[]).includes(value ?? "") ? (value as ExpenseSort) : "date-desc";
}

const ORDER: Record<ExpenseSort, SQL[]> = {
  "date-desc": [desc(expenses.date), desc(expenses.createdAt)],
  "date-asc": [asc(expenses.date), asc(expenses.createdAt)],
  "amount-desc": [desc(expenses.amountCents), desc(expenses.createdAt)],
  "amount-asc": [asc(expenses.amountCents), desc(expenses.createdAt)],
};

function expenseQuery(app: AppContext) {
  return app.db
    .select({
      id: expenses.id,
      amountCents: expenses.amountCents,
      description: expenses.description,
      date: expenses.date,
      createdAt: expenses.createdAt,
      enabled: expenses.enabled,
      originalInput: expenses.originalInput,
      source: expenses.source,
      // expenses.categoryId, not categories.id: inside a D1 batch rows come back keyed by column name,
      // and two columns named "id" would collide (the inner join makes them equal).
      category: { id: expenses.categoryId, name: categories.name, emoji: categories.emoji },
      userId: expenses.userId,
      userFirstName: users.firstName,
      userLastName: users.lastName,
      userEmail: users.email,
    })
    .from(expenses)
    .innerJoin(categories, eq(categories.id, expenses.categoryId))
    .leftJoin(users, eq(users.id, expenses.userId));
}

type ExpenseRow = Awaited<ReturnType<ReturnType<typeof expenseQuery>["where"]>>[number];

/** The Expense entity of spec part 1 §3, with money as a decimal string. */
export function toExpenseJson(row: ExpenseRow): ExpenseJson {
  return {
    id: row.id,
    amount: centsToDecimal(row.amountCents),
    description: row.description,
    categoryId: row.category.id,
    category: row.category,
    date: row.date,
    createdAt: new Date(row.createdAt).toISOString(),
    enabled: row.enabled,
    originalInput: row.originalInput,
    source: row.source,
    // A member who deleted their account leaves their expenses behind without a user.
    user: row.userId ? { id: row.userId, firstName: row.userFirstName, lastName: row.userLastName, email: row.userEmail ?? "" } : null,
  };
}


/** The current period's expenses (every member's; not yet archived by a reset). */
export async function listCurrentExpenses(app: AppContext, access: BudgetAccess, sort: ExpenseSort = "date-desc", ridden?: ExpenseRow[] | null): Promise<ExpenseJson[]> {
  const rows = ridden ?? (await currentExpensesQuery(app, access.budget.id, sort));
  return rows.map(toExpenseJson);
}

/** The current period's expenses in `sort` order, the first `limit` of them if given (batchable). */
export function currentExpensesQuery(app: AppContext, budgetId: string | SQL, sort: ExpenseSort, limit?: number) {
  const query = expenseQuery(app)
    .where(and(eq(expenses.budgetId, budgetId), isNull(expenses.archivedAt)))
    .orderBy(...ORDER[sort]);
  return limit === undefined ? query : query.limit(limit);
}

/** How many expenses the current period has, and the total of those counted in the budget (batchable). */
export function currentExpenseTotalsQuery(app: AppContext, budgetId: string | SQL) {
  return app.db
    .select({
      count: count(),
      // Counted: included, and dated inside the period (issue 18 #16), as the budget's spent.
      countedCents: sql<number>`coalesce(sum(CASE WHEN ${expenses.enabled} AND ${datedInCurrentPeriod(budgetId)} THEN ${expenses.amountCents} ELSE 0 END), 0)`,
    })
    .from(expenses)
    .where(and(eq(expenses.budgetId, budgetId), isNull(expenses.archivedAt)));
}

export async function getExpense(app: AppContext, budgetId: string, id: string, ridden?: ExpenseRow[] | null): Promise<ExpenseJson | null> {
  const rows = ridden ?? (await expenseByIdQuery(app, budgetId, id));
  return rows[0] ? toExpenseJson(rows[0]) : null;
}

/** The expense `id` of the budget `budgetId` names (an id, or SQL to ride with the session lookup). */
export function expenseByIdQuery(app: AppContext, budgetId: string | SQL, id: string) {
  return expenseQuery(app)
    .where(and(eq(expenses.budgetId, budgetId), eq(expenses.id, id)))
    .limit(1);
}

/** A refused command as the JSON error the caller gets (its status and message). */
export function requireApplied(outcome: CommandOutcome): Extract<CommandOutcome, { ok: true }> {
  if (!outcome.ok) {
    const field = /category/i.test(outcome.message) ? "categoryId" : undefined;
    throw jsonError(outcome.status, outcome.message, field ? { [field]: [outcome.message] } : undefined);
  }
  return outcome;
}

export async function addExpense(app: AppContext, user: UserRow, access: BudgetAccess, input: ExpenseCreateInput, idempotencyKey?: string) {
  const outcome = await applyBudgetCommand(
    app,
    access.budget.id,
    user.id,
    {
      type: "addExpense",
      amountCents: input.amount,
      description: input.description,
      categoryId: input.categoryId,
      date: input.date ?? todayIn(access.budget.timeZone, app.now),
      source: "form",
      originalInput: null,
      externalId: null,
    },
    idempotencyKey,
  );
  const applied = requireApplied(outcome);
  return { id: String(applied.result.id), replayed: applied.replayed, category: applied.result.category as ExpenseRow["category"] | undefined };
}

/**
 * The answer for an expense this request just added, from what it sent and the room answered (the category
 * as stored), exactly as reading it back would give it, without a D1 round trip. A replay is read back
 * (`getExpense`): it may have been edited since.
 */
export function addedExpenseJson(app: AppContext, user: UserRow, access: BudgetAccess, input: ExpenseCreateInput, id: string, category: ExpenseRow["category"]): ExpenseJson {
  return toExpenseJson({
    id,
    amountCents: input.amount,
    description: input.description,
    date: input.date ?? todayIn(access.budget.timeZone, app.now),
    createdAt: app.now,
    enabled: true,
    originalInput: null,
    source: "form",
    category,
    userId: user.id,
    userFirstName: user.firstName,
    userLastName: user.lastName,
    userEmail: user.email,
  });
}

export async function updateExpense(app: AppContext, user: UserRow, access: BudgetAccess, expenseId: string, input: ExpenseUpdateInput) {
  requireApplied(
    await applyBudgetCommand(app, access.budget.id, user.id, {
      type: "updateExpense",
      expenseId,
      amountCents: input.amount,
      description: input.description,
      categoryId: input.categoryId,
      date: input.date,
    }),
  );
}

export async function toggleExpense(app: AppContext, user: UserRow, access: BudgetAccess, expenseId: string, enabled?: boolean): Promise<boolean> {
  const applied = requireApplied(await applyBudgetCommand(app, access.budget.id, user.id, { type: "toggleExpense", expenseId, enabled }));
  return applied.result.enabled === true;
}

export async function deleteExpense(app: AppContext, user: UserRow, access: BudgetAccess, expenseId: string): Promise<void> {
  requireApplied(await applyBudgetCommand(app, access.budget.id, user.id, { type: "deleteExpense", expenseId }));
}

/** Whether the budget has linked bank accounts (the Bank Sync button); the bank issue fills the tables. */
export async function hasConnectedAccounts(app: AppContext, budgetId: string): Promise<boolean> {
  const rows = await connectedAccountsQuery(app, budgetId);
  return rows.length > 0;
}

/** One active bank account of the budget, if any (batchable). */
export function connectedAccountsQuery(app: AppContext, budgetId: string | SQL) {
  return app.db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    // A bank that needs its login again is still connected (Bank Sync then says to reconnect it).
    .where(and(eq(bankAccounts.budgetId, budgetId), ne(bankAccounts.status, "removed")))
    .limit(1);
}
