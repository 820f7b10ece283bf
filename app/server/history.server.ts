import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { centsToDecimal } from "~/domain/money";
import { monthOf } from "~/domain/reset-period";
import type { HistoryExpense } from "~/domain/expense-history";
import type { BudgetAccess } from "./budget.server";
import type { AppContext } from "./context.server";
import { categories, expenses, users } from "./db/schema";

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
      categoryId: categories.id,
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
    category: r.categoryId ? { id: r.categoryId, name: r.categoryName ?? "Other", emoji: r.categoryEmoji ?? "📝" } : null,
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
export async function allExpenses(app: AppContext, access: BudgetAccess): Promise<HistoryExpense[]> {
  const rows = await expenseQuery(app, eq(expenses.budgetId, access.budget.id)).orderBy(desc(expenses.date), desc(expenses.createdAt));
  return rows.map(shape);
}

/** The months present (archived months and the current one), newest first. */
export async function monthsPresent(app: AppContext, access: BudgetAccess): Promise<string[]> {
  const rows = await app.db
    .selectDistinct({ month: expenses.budgetMonth })
    .from(expenses)
    .where(and(eq(expenses.budgetId, access.budget.id), isNotNull(expenses.budgetMonth)));
  const months = new Set(rows.map((r) => r.month!).filter(Boolean));
  months.add(currentMonthOf(access));
  return [...months].sort().reverse();
}

/** One month's expenses (archived under it, or the current period's), newest first. */
export async function expensesOfMonth(app: AppContext, access: BudgetAccess, month: string): Promise<HistoryExpense[]> {
  const inMonth =
    month === currentMonthOf(access)
      ? sql`(${expenses.budgetMonth} = ${month} OR ${expenses.archivedAt} IS NULL)`
      : eq(expenses.budgetMonth, month);
  const rows = await expenseQuery(app, and(eq(expenses.budgetId, access.budget.id), inMonth)).orderBy(desc(expenses.date), desc(expenses.createdAt));
  return rows.map(shape);
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

export const ARCHIVE_PAGE_SIZE = 50;

/**
 * Archived expenses (those a reset has closed), filtered and one page at a time — with the categories for
 * the filter, all in one D1 round trip. A page past the end (a stale link) costs a second one.
 */
export async function archivedPage(app: AppContext, access: BudgetAccess, filter: ArchiveFilter, page: number): Promise<ArchivePage & { categories: Array<{ id: string; name: string; emoji: string }> }> {
  const base = and(eq(expenses.budgetId, access.budget.id), isNotNull(expenses.archivedAt));
  const filtered = and(base, filter.month ? eq(expenses.budgetMonth, filter.month) : undefined, filter.categoryId ? eq(expenses.categoryId, filter.categoryId) : undefined);
  const pageRows = (n: number) =>
    expenseQuery(app, filtered)
      .orderBy(desc(expenses.budgetMonth), desc(expenses.date), desc(expenses.createdAt), asc(expenses.id))
      .limit(ARCHIVE_PAGE_SIZE)
      .offset((n - 1) * ARCHIVE_PAGE_SIZE);
  const [groups, allMonths, asked, cats] = await app.db.batch([
    app.db
      .select({ month: expenses.budgetMonth, n: count(), total: sql<number>`sum(${expenses.amountCents})` })
      .from(expenses)
      .where(filtered)
      .groupBy(expenses.budgetMonth)
      .orderBy(desc(expenses.budgetMonth)),
    app.db.selectDistinct({ month: expenses.budgetMonth }).from(expenses).where(base).orderBy(desc(expenses.budgetMonth)),
    pageRows(Math.max(1, page)),
    app.db.select({ id: categories.id, name: categories.name, emoji: categories.emoji }).from(categories).orderBy(asc(categories.position)),
  ]);
  const totalCount = groups.reduce((s, g) => s + g.n, 0);
  const pageCount = Math.max(1, Math.ceil(totalCount / ARCHIVE_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = current === Math.max(1, page) ? asked : await pageRows(current);
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
