import { and, desc, eq, gte, isNull, sql, type SQL } from "drizzle-orm";
import { isCategoryId, type AnswerData, type BudgetFigures, type CategorySpend } from "~/domain/assistant";
import { toCents } from "~/domain/money";
import { shapeSummary, summaryQueries, type BudgetAccess, type SummaryRows } from "../budget.server";
import type { BudgetSummary } from "~/domain/budget-summary";
import type { AppContext } from "../context.server";
import { budgets, expenses } from "../db/schema";
import { datedInCurrentPeriod } from "../period-sql.server";

// The numbers the assistant talks about: the same summary GET /api/budget answers, plus this period's
// spending per category and the latest entries.

export function figuresOf(summary: BudgetSummary): BudgetFigures {
  return {
    totalIncomeCents: toCents(summary.totalIncome) ?? 0,
    spendableCents: toCents(summary.spendableAmount) ?? 0,
    spentCents: toCents(summary.spent) ?? 0,
    leftCents: toCents(summary.left) ?? 0,
    perDayCents: toCents(summary.perDay) ?? 0,
    daysLeft: summary.daysLeft,
  };
}

function categorySpendQuery(app: AppContext, ref: SQL) {
  return app.db
    .select({ categoryId: expenses.categoryId, cents: sql<number>`sum(${expenses.amountCents})`, count: sql<number>`count(*)` })
    .from(expenses)
    .where(and(eq(expenses.budgetId, ref), isNull(expenses.archivedAt), eq(expenses.enabled, true), datedInCurrentPeriod(ref)))
    .groupBy(expenses.categoryId);
}

function shapeCategorySpend(rows: Awaited<ReturnType<typeof categorySpendQuery>>): CategorySpend[] {
  return rows.filter((r) => isCategoryId(r.categoryId)).map((r) => ({ categoryId: r.categoryId as CategorySpend["categoryId"], cents: Number(r.cents), count: Number(r.count) }));
}

function recentExpensesQuery(app: AppContext, ref: SQL, limit: number) {
  return app.db
    .select({ amountCents: expenses.amountCents, description: expenses.description, date: expenses.date })
    .from(expenses)
    .where(and(eq(expenses.budgetId, ref), isNull(expenses.archivedAt), gte(expenses.date, sql`(SELECT ${budgets.periodStart} FROM ${budgets} WHERE ${budgets.id} = ${ref})`)))
    .orderBy(desc(expenses.createdAt))
    .limit(limit);
}

/**
 * The queries behind AnswerData, to run in a caller's batch; `shape` turns their rows into it. The budget is
 * an id, or SQL naming one (`memberBudgetIdOf`) to ride with the session lookup.
 */
export function answerDataQueries(app: AppContext, budget: string | SQL, withRecent = true) {
  const ref = typeof budget === "string" ? sql`${budget}` : budget;
  const [a, b, c] = summaryQueries(app, ref);
  return [a, b, c, categorySpendQuery(app, ref), recentExpensesQuery(app, ref, withRecent ? 5 : 0)] as const;
}

type AnswerRows = [SummaryRows[0], SummaryRows[1], SummaryRows[2], Awaited<ReturnType<typeof categorySpendQuery>>, Awaited<ReturnType<typeof recentExpensesQuery>>];

export function shapeAnswerData(app: AppContext, access: BudgetAccess, firstName: string | null, [lines, spent, members, categories, recent]: AnswerRows): AnswerData & { summary: BudgetSummary } {
  const summary = shapeSummary(app, access, [lines, spent, members]);
  return { summary, figures: figuresOf(summary), byCategory: shapeCategorySpend(categories), recent, firstName };
}

export async function loadAnswerData(app: AppContext, access: BudgetAccess, firstName: string | null, withRecent = false): Promise<AnswerData & { summary: BudgetSummary }> {
  // One round trip: the summary's queries, spending per category and (for "recent") the latest entries.
  const [a, b, c, d, e] = answerDataQueries(app, access.budget.id, withRecent);
  return shapeAnswerData(app, access, firstName, await app.db.batch([a, b, c, d, e]));
}

/** The figures after this message's expenses, from the figures read before it (no second read). */
export function afterLogging(before: AnswerData, logged: Array<{ amountCents: number; categoryId: CategorySpend["categoryId"] }>): AnswerData {
  const f = before.figures;
  const total = logged.reduce((s, l) => s + l.amountCents, 0);
  const leftCents = f.leftCents - total;
  const byCategory = before.byCategory.map((c) => ({ ...c }));
  for (const l of logged) {
    const row = byCategory.find((c) => c.categoryId === l.categoryId);
    if (row) {
      row.cents += l.amountCents;
      row.count += 1;
    } else byCategory.push({ categoryId: l.categoryId, cents: l.amountCents, count: 1 });
  }
  return { ...before, figures: { ...f, spentCents: f.spentCents + total, leftCents, perDayCents: Math.floor(leftCents / f.daysLeft) }, byCategory };
}
