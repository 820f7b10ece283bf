import { and, asc, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { centsToDecimal } from "~/domain/money";
import { ROWS_PER_PAGE } from "~/domain/list-size";
import { monthOf } from "~/domain/reset-period";
import { figuresFromGroups, UNCATEGORIZED, type CategoryGroup, type HistoryExpense, type MonthFigures } from "~/domain/expense-history";
import { riddenRowsFor, type Ridden } from "./auth/session.server";
import type { BudgetAccess } from "./budget.server";
import type { AppContext } from "./context.server";
import { budgetMembers, budgets, categories, expenses, users } from "./db/schema";

// Reads for /history, /expense-history, GET /api/expenses/history and the exports. Always scoped to the
// caller's budget (BudgetAccess comes from requireBudget, never from the client).

function expenseQuery(app: AppContext, where: SQL | undefined) {
  return app.db
    .select({
      id: expenses.id,
      date: expenses.date,
      amountCents: expenses.amountCents,
      description: expenses.description,
      originalInput: expenses.originalInput,
      enabled: expenses.enabled,
      createdAt: expenses.createdAt,
      budgetMonth: expenses.budgetMonth,
      archivedAt: expenses.archivedAt,
      // expenses.categoryId, not categories.id: a batch keys row fields by column name, and a second
      // "id" would overwrite the expense's (db/batch-guard.server.ts). A missing category has no name.
      categoryId: expenses.categoryId,
      categoryName: categories.name,
      categoryEmoji: categories.emoji,
      userEmail: users.email,
      userFirstName: users.firstName,
      userLastName: users.lastName,
    })
    .from(expenses)
    .leftJoin(categories, eq(categories.id, expenses.categoryId))
    .leftJoin(users, eq(users.id, expenses.userId))
    .where(where);
}

type Row = Awaited<ReturnType<typeof expenseQuery>>[number];

function shape(r: Row): HistoryExpense {
  return {
    id: r.id,
    date: r.date,
    amount: centsToDecimal(r.amountCents),
    amountCents: r.amountCents,
    description: r.description,
    originalInput: r.originalInput,
    category: r.categoryName !== null ? { id: r.categoryId, name: r.categoryName, emoji: r.categoryEmoji ?? "📝" } : null,
    user: r.userEmail ? { firstName: r.userFirstName, lastName: r.userLastName, email: r.userEmail } : null,
    budgetMonth: r.budgetMonth,
    archivedAt: r.archivedAt === null ? null : new Date(r.archivedAt).toISOString(),
    enabled: r.enabled,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

/** The current period's month: what "this month" means for expenses not yet archived. */
export function currentMonthOf(access: BudgetAccess): string {
  return monthOf(access.budget.periodStart);
}

/** Every expense of the budget, all periods, newest first. */
export async function allExpenses(app: AppContext, access: BudgetAccess, ridden?: Row[] | null): Promise<HistoryExpense[]> {
  return (ridden ?? (await allExpensesQuery(app, access.budget.id))).map(shape);
}

/** Every expense of the budget `budget` names (an id, or SQL to ride with the session lookup), newest first. */
export function allExpensesQuery(app: AppContext, budget: string | SQL) {
  return expenseQuery(app, eq(expenses.budgetId, budget)).orderBy(desc(expenses.date), desc(expenses.createdAt));
}

/** One month's expenses (archived under it, or the current period's), newest first. */
export async function expensesOfMonth(app: AppContext, access: BudgetAccess, month: string, ridden?: Row[] | null): Promise<HistoryExpense[]> {
  return (ridden ?? (await monthExpensesQuery(app, access.budget.id, month, currentMonthOf(access)))).map(shape);
}

/** One month's expenses of the budget `budget` names; `current` its current month, or SQL for it. */
export function monthExpensesQuery(app: AppContext, budget: string | SQL, month: string, current: string | SQL = currentMonthSql(budget)) {
  return expenseQuery(app, monthWhere(budget, month, current)).orderBy(desc(expenses.date), desc(expenses.createdAt));
}

/** SQL for the current month of the budget `budget` names: the month its open period started in. */
function currentMonthSql(budget: string | SQL): SQL {
  return sql`(SELECT substr(${budgets.periodStart}, 1, 7) FROM ${budgets} WHERE ${budgets.id} = ${budget})`;
}

/**
 * Which expenses make up `month` (undefined: the current one): those archived under it, and for the
 * current month the open period's too. `current` is the current month, or SQL for it when the budget is
 * found by subquery (then "is `month` the current one" is decided in SQL too).
 */
function monthWhere(budget: string | SQL, month: string | undefined, current: string | SQL): SQL {
  // The budget test is inside each branch so SQLite answers each from its own index (a MULTI-INDEX OR):
  // outside it, the current month scanned the budget's whole archive.
  const archived = and(eq(expenses.budgetId, budget), eq(expenses.budgetMonth, month ?? current))!;
  const open = and(eq(expenses.budgetId, budget), isNull(expenses.archivedAt))!;
  if (month === undefined || month === current) return or(archived, open)!;
  if (typeof current === "string") return archived;
  return or(archived, and(open, sql`${month} = ${current}`))!;
}

export interface MonthPage {
  month: string;
  months: string[];
  /** The newest `limit` expenses of the month (all of them without a limit). */
  expenses: HistoryExpense[];
  /** Every expense of the month, counted or not. */
  total: number;
  figures: MonthFigures;
  memberCount: number;
}

/**
 * /expense-history's queries, one D1 batch: the months present, the member count, the month's newest
 * `limit` rows, its row count and its per-category sums (the figures count every row, not only those
 * listed). `budget` is the budget's id, or SQL naming it (the session's active budget, to ride with the
 * session lookup); `month` undefined is the current month.
 */
export function monthPageQueries(app: AppContext, budget: string | SQL, month: string | undefined, limit: number | undefined, current: string | SQL = currentMonthSql(budget)) {
  const where = monthWhere(budget, month, current);
  const rows = expenseQuery(app, where).orderBy(desc(expenses.date), desc(expenses.createdAt));
  return [
    app.db.selectDistinct({ month: expenses.budgetMonth }).from(expenses).where(and(eq(expenses.budgetId, budget), isNotNull(expenses.budgetMonth))),
    app.db.select({ n: count() }).from(budgetMembers).where(eq(budgetMembers.budgetId, budget)),
    limit === undefined ? rows : rows.limit(limit),
    app.db.select({ n: count() }).from(expenses).where(where),
    app.db
      .select({ categoryId: expenses.categoryId, name: categories.name, emoji: categories.emoji, n: count(), cents: sql<number>`sum(${expenses.amountCents})` })
      .from(expenses)
      .leftJoin(categories, eq(categories.id, expenses.categoryId))
      .where(and(where, eq(expenses.enabled, true)))
      .groupBy(expenses.categoryId),
  ] as const;
}

type MonthPageRows = BatchResponse<ReturnType<typeof monthPageQueries>>;

/**
 * /expense-history in one D1 round trip: the rows that rode with the session lookup when they are for
 * this budget, otherwise a batch of its own. A month that is not present (a stale or typed link) falls
 * back to the current one, at one more trip.
 */
export async function monthPage(
  app: AppContext,
  access: BudgetAccess,
  asked: string | undefined,
  limit?: number,
  ridden?: Ridden<MonthPageRows> | null,
): Promise<MonthPage> {
  const current = currentMonthOf(access);
  const month = asked ?? current;
  const [monthRows, memberRows, listed, totals, groups] =
    riddenRowsFor(ridden, access.budget.id) ?? (await app.db.batch(monthPageQueries(app, access.budget.id, month, limit, current)));
  const months = [...new Set([...monthRows.map((r) => r.month ?? ""), current])].filter(Boolean).sort().reverse();
  if (!months.includes(month)) return monthPage(app, access, current, limit);
  // Groups as monthFigures makes them: a category row that is gone counts as "Uncategorized".
  const byCategory = new Map<string, CategoryGroup>();
  for (const g of groups) {
    const c = g.name !== null ? { id: g.categoryId, name: g.name, emoji: g.emoji ?? "📝" } : UNCATEGORIZED;
    const row = byCategory.get(c.id) ?? { ...c, totalCents: 0, count: 0 };
    row.totalCents += Number(g.cents ?? 0);
    row.count += g.n;
    byCategory.set(c.id, row);
  }
  return {
    month,
    months,
    expenses: listed.map(shape),
    total: totals[0]?.n ?? 0,
    figures: figuresFromGroups(month, [...byCategory.values()]),
    memberCount: memberRows[0]?.n ?? 1,
  };
}

export interface ArchiveFilter {
  month?: string;
  categoryId?: string;
}

export interface ArchivePage {
  items: HistoryExpense[];
  totalCount: number;
  totalCents: number;
  periods: number;
  /** Month → count and total over the whole filtered set (not only this page). */
  groups: Array<{ month: string; count: number; totalCents: number }>;
  months: string[];
  page: number;
  pageCount: number;
}

/**
 * The queries of one page of archived expenses (those a reset has closed), filtered, with the categories
 * for the filter: one D1 batch. `budget` is the budget's id, or SQL naming it (the session's active
 * budget, to ride with the session lookup).
 */
export function archivedPageQueries(app: AppContext, budget: string | SQL, filter: ArchiveFilter, page: number) {
  // Archived rows are those with a budget month (a reset or an import sets both together): that test
  // lets the month sums read only the covering index expenses_budget_month_cover (migration 0009).
  const base = and(eq(expenses.budgetId, budget), isNotNull(expenses.budgetMonth));
  const filtered = archiveWhere(budget, filter);
  return [
    app.db
      .select({ month: expenses.budgetMonth, n: count(), total: sql<number>`sum(${expenses.amountCents})` })
      .from(expenses)
      .where(filtered)
      .groupBy(expenses.budgetMonth)
      .orderBy(desc(expenses.budgetMonth)),
    app.db.selectDistinct({ month: expenses.budgetMonth }).from(expenses).where(base).orderBy(desc(expenses.budgetMonth)),
    archivedRowsQuery(app, filtered, page),
    app.db.select({ id: categories.id, name: categories.name, emoji: categories.emoji }).from(categories).orderBy(asc(categories.position)),
  ] as const;
}

function archiveWhere(budget: string | SQL, filter: ArchiveFilter) {
  return and(
    eq(expenses.budgetId, budget),
    isNotNull(expenses.budgetMonth),
    filter.month ? eq(expenses.budgetMonth, filter.month) : undefined,
    filter.categoryId ? eq(expenses.categoryId, filter.categoryId) : undefined,
  );
}

function archivedRowsQuery(app: AppContext, where: SQL | undefined, page: number) {
  return expenseQuery(app, where)
    .orderBy(desc(expenses.budgetMonth), desc(expenses.date), desc(expenses.createdAt), asc(expenses.id))
    .limit(ROWS_PER_PAGE)
    .offset((Math.max(1, page) - 1) * ROWS_PER_PAGE);
}

type ArchivedPageRows = BatchResponse<ReturnType<typeof archivedPageQueries>>;

/**
 * One page of archived expenses with the categories for the filter: the rows that rode with the session
 * lookup when they are for this budget, otherwise one D1 batch. A page past the end (a stale link) costs
 * one more query.
 */
export async function archivedPage(
  app: AppContext,
  access: BudgetAccess,
  filter: ArchiveFilter,
  page: number,
  ridden?: Ridden<ArchivedPageRows> | null,
): Promise<ArchivePage & { categories: Array<{ id: string; name: string; emoji: string }> }> {
  const [groups, allMonths, asked, cats] =
    riddenRowsFor(ridden, access.budget.id) ?? (await app.db.batch(archivedPageQueries(app, access.budget.id, filter, page)));
  const totalCount = groups.reduce((s, g) => s + g.n, 0);
  const pageCount = Math.max(1, Math.ceil(totalCount / ROWS_PER_PAGE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = current === Math.max(1, page) ? asked : await archivedRowsQuery(app, archiveWhere(access.budget.id, filter), current);
  return {
    items: rows.map(shape),
    totalCount,
    totalCents: groups.reduce((s, g) => s + Number(g.total ?? 0), 0),
    periods: groups.length,
    groups: groups.map((g) => ({ month: g.month ?? "", count: g.n, totalCents: Number(g.total ?? 0) })),
    months: allMonths.map((m) => m.month ?? "").filter(Boolean),
    page: current,
    pageCount,
    categories: cats,
  };
}
