import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { isCategoryId, type AnswerData, type BudgetFigures, type CategorySpend } from "~/domain/assistant";
import { toCents } from "~/domain/money";
import { shapeSummary, summaryQueries, type BudgetAccess, type BudgetSummary } from "../budget.server";
import type { AppContext } from "../context.server";
import { expenses } from "../db/schema";

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

function categorySpendQuery(app: AppContext, access: BudgetAccess) {
  return app.db
    .select({ categoryId: expenses.categoryId, cents: sql<number>`sum(${expenses.amountCents})`, count: sql<number>`count(*)` })
    .from(expenses)
    .where(
      and(
        eq(expenses.budgetId, access.budget.id),
        isNull(expenses.archivedAt),
        eq(expenses.enabled, true),
        gte(expenses.date, access.budget.periodStart),
      ),
    )
    .groupBy(expenses.categoryId);
}

function shapeCategorySpend(rows: Awaited<ReturnType<typeof categorySpendQuery>>): CategorySpend[] {
  return rows.filter((r) => isCategoryId(r.categoryId)).map((r) => ({ categoryId: r.categoryId as CategorySpend["categoryId"], cents: Number(r.cents), count: Number(r.count) }));
}

function recentExpensesQuery(app: AppContext, access: BudgetAccess, limit: number) {
  return app.db
    .select({ amountCents: expenses.amountCents, description: expenses.description, date: expenses.date })
    .from(expenses)
    .where(and(eq(expenses.budgetId, access.budget.id), isNull(expenses.archivedAt), gte(expenses.date, access.budget.periodStart)))
    .orderBy(desc(expenses.createdAt))
    .limit(limit);
}

export async function loadAnswerData(app: AppContext, access: BudgetAccess, firstName: string | null, withRecent = false): Promise<AnswerData & { summary: BudgetSummary }> {
  // One round trip: the summary's queries, spending per category and (for "recent") the latest entries.
  const [a, b, c] = summaryQueries(app, sql`${access.budget.id}`);
  const [lines, spent, members, categories, recent] = await app.db.batch([a, b, c, categorySpendQuery(app, access), recentExpensesQuery(app, access, withRecent ? 5 : 0)]);
  const summary = shapeSummary(app, access, [lines, spent, members]);
  return { summary, figures: figuresOf(summary), byCategory: shapeCategorySpend(categories), recent, firstName };
}
