import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { nextResetDay } from "~/domain/budget-math";
import { todayIn } from "~/domain/dates";
import { isPeriodOver, monthOf, periodEndOf, startOfDayUtc } from "~/domain/reset-period";
import { monthSummaryMessage } from "~/domain/month-summary";
import { budgetMembers, budgets, categories, conversations, expenses, lineItems, messages, users } from "../../db/schema";
import { CommandRejected, type Planners, type Statement } from "../plan-context.server";

export const resetPlanners: Planners<"resetPeriod"> = {
  /**
   * Closes the period that began on `periodStart` if it is over in the budget's own time zone: its
   * expenses are archived under the month it began, one-time fixed expenses go, the next period begins
   * (spent is 0 again), and each member finds a short summary in their chat. Anything else is a no-op.
   */
  async resetPeriod({ db, budgetId, now }, command) {
    // One round trip for everything the reset reads (a 10,000-budget run does this 10,000 times).
    const [budgetRows, lines, byCategory, members, chats] = await db.batch([
      db.select().from(budgets).where(eq(budgets.id, budgetId)).limit(1),
      db.select({ kind: lineItems.kind, amountCents: lineItems.amountCents }).from(lineItems).where(eq(lineItems.budgetId, budgetId)),
      // Per category and day; the period's end is known only after reading the budget, so days are kept.
      db
        .select({ name: categories.name, date: expenses.date, total: sql<number>`sum(${expenses.amountCents})` })
        .from(expenses)
        .innerJoin(categories, eq(categories.id, expenses.categoryId))
        .where(and(eq(expenses.budgetId, budgetId), isNull(expenses.archivedAt), eq(expenses.enabled, true)))
        .groupBy(categories.name, expenses.date),
      db
        .select({ userId: budgetMembers.userId, wording: users.languagePreference })
        .from(budgetMembers)
        .innerJoin(users, eq(users.id, budgetMembers.userId))
        .where(eq(budgetMembers.budgetId, budgetId)),
      db
        .select({ id: conversations.id, userId: conversations.userId })
        .from(conversations)
        .where(eq(conversations.budgetId, budgetId))
        .orderBy(desc(conversations.createdAt)),
    ]);
    const budget = budgetRows[0];
    if (!budget) throw new CommandRejected(404, "Budget not found.");
    if (budget.periodStart !== command.periodStart) return { statements: [], result: { reset: false, reason: "already-closed" } };

    const today = todayIn(budget.timeZone, now);
    const end = periodEndOf(budget.periodStart, budget.resetDay, budget.periodEnd);
    if (!isPeriodOver(today, end)) {
      // Not due (e.g. a budget from before migration 0006, whose due instant was 0): store the real one.
      const dueAt = startOfDayUtc(end, budget.timeZone);
      const repair = dueAt === budget.resetDueAt ? [] : [db.update(budgets).set({ resetDueAt: dueAt }).where(eq(budgets.id, budgetId))];
      return { statements: repair, result: { reset: false, reason: "not-due", dueAt } };
    }
    const closing = and(eq(expenses.budgetId, budgetId), isNull(expenses.archivedAt), lt(expenses.date, end));
    const perCategory = new Map<string, number>();
    for (const row of byCategory) if (row.date < end) perCategory.set(row.name, (perCategory.get(row.name) ?? 0) + Number(row.total));
    const totals = [...perCategory.entries()].map(([name, total]) => ({ name, total }));

    let income = 0;
    let fixed = 0;
    for (const l of lines) l.kind === "income" ? (income += l.amountCents) : (fixed += l.amountCents);
    const spent = totals.reduce((s, c) => s + Number(c.total), 0);
    const top = [...totals].sort((a, b) => Number(b.total) - Number(a.total))[0];
    const nextEnd = nextResetDay(end, budget.resetDay);
    const nextDueAt = startOfDayUtc(nextEnd, budget.timeZone);

    const statements: Statement[] = [
      db.update(expenses).set({ budgetMonth: monthOf(budget.periodStart), archivedAt: now }).where(closing),
      db.delete(lineItems).where(and(eq(lineItems.budgetId, budgetId), eq(lineItems.kind, "expense"), eq(lineItems.isSingleMonth, true))),
      db
        .update(budgets)
        .set({ periodStart: end, periodEnd: null, resetDueAt: nextDueAt, updatedAt: now })
        .where(eq(budgets.id, budgetId)),
    ];
    for (const member of members) {
      let conversationId = chats.find((c) => c.userId === member.userId)?.id;
      if (!conversationId) {
        conversationId = crypto.randomUUID();
        statements.push(db.insert(conversations).values({ id: conversationId, userId: member.userId, budgetId, phase: "active", createdAt: now, updatedAt: now }));
      }
      const content = monthSummaryMessage(
        { periodStart: budget.periodStart, periodEnd: end, spentCents: spent, spendableCents: income - fixed, topCategory: top ? { name: top.name, cents: Number(top.total) } : null },
        member.wording,
      );
      statements.push(
        db.insert(messages).values({
          id: crypto.randomUUID(),
          conversationId,
          sender: "bot",
          content,
          messageType: "text",
          metadata: { kind: "month_summary", month: monthOf(budget.periodStart) },
          createdAt: now,
        }),
      );
    }
    return { statements, result: { reset: true, closed: { start: budget.periodStart, end, month: monthOf(budget.periodStart) }, nextPeriodStart: end, nextDueAt } };
  },
};
