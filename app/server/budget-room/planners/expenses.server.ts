import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { categories, expenses } from "../../db/schema";
import { monthOf } from "~/domain/reset-period";
import { rememberMerchant } from "../../merchant-memory.server";
import { FUTURE_DATE_MESSAGE, isTooFarAhead, todayIn } from "../../../domain/dates";
import { CommandRejected, requireOwnerOrAdder, type PlanContext, type Planners, type Prereads, type Statement } from "../plan-context.server";

function categoryQuery(db: Db, categoryId: string) {
  return db.select({ id: categories.id, name: categories.name, emoji: categories.emoji }).from(categories).where(eq(categories.id, categoryId)).limit(1);
}

type CategoryRows = Awaited<ReturnType<typeof categoryQuery>>;

/** The category (as the expense's answer shows it), or 400; `known` are its rows when they were read already. */
async function requireCategory(db: Db, categoryId: string, known?: CategoryRows): Promise<CategoryRows[number]> {
  const category = known ?? (await categoryQuery(db, categoryId));
  if (!category[0]) throw new CommandRejected(400, "Unknown category.");
  return category[0];
}

/** addExpense's category is read in the membership check's batch. */
export const expensePrereads: Prereads = {
  addExpense: (db, _budgetId, command) => [categoryQuery(db, command.categoryId)],
};

const OTHERS_EXPENSE = "Only the budget owner can change expenses other members added.";

/**
 * The budget's expense, or 404: an id of another budget is answered exactly like one that does not exist.
 * A member may change only the expenses they added (issue 18 #15); the owner any of them.
 */
async function requireExpense(ctx: PlanContext, expenseId: string) {
  const { db, budgetId } = ctx;
  const rows = await db
    .select({ id: expenses.id, enabled: expenses.enabled, categoryId: expenses.categoryId, description: expenses.description, userId: expenses.userId })
    .from(expenses)
    .where(and(eq(expenses.id, expenseId), eq(expenses.budgetId, budgetId)))
    .limit(1);
  if (!rows[0]) throw new CommandRejected(404, "Expense not found.");
  requireOwnerOrAdder(ctx, rows[0].userId, OTHERS_EXPENSE);
  return rows[0];
}

/** One date rule for every way an expense is dated (API, forms, chat, imports): at most a day ahead. */
export function requireDateNotAhead(ctx: PlanContext, date: string): void {
  if (isTooFarAhead(date, todayIn(ctx.member.timeZone ?? "UTC", ctx.now))) throw new CommandRejected(400, FUTURE_DATE_MESSAGE);
}

export const expensePlanners: Planners<"addExpense" | "updateExpense" | "toggleExpense" | "deleteExpense"> = {
  async addExpense(ctx, command) {
    const { db, budgetId, actorId, now, member } = ctx;
    requireDateNotAhead(ctx, command.date);
    const category = await requireCategory(db, command.categoryId, ctx.preread?.[0] as CategoryRows | undefined);
    if (command.externalId) {
      const dup = await db
        .select({ id: expenses.id })
        .from(expenses)
        .where(and(eq(expenses.budgetId, budgetId), eq(expenses.externalId, command.externalId)))
        .limit(1);
      if (dup[0]) return { statements: [], result: { id: dup[0].id, duplicate: true } };
    }
    const id = crypto.randomUUID();
    // Typed before this period began (queued offline across the reset): straight into that month's
    // history, as an imported statement row is; it never moves this period's figures.
    const past = command.intoHistory && command.date < member.periodStart;
    return {
      statements: [
        db.insert(expenses).values({
          id,
          budgetId,
          // Who added it is the actor the room verified, never a field the caller could set.
          userId: actorId,
          amountCents: command.amountCents,
          description: command.description,
          categoryId: command.categoryId,
          date: command.date,
          createdAt: now,
          enabled: true,
          originalInput: command.originalInput,
          source: command.source,
          externalId: command.externalId,
          periodStart: past ? command.date : member.periodStart,
          budgetMonth: past ? monthOf(command.date) : null,
          archivedAt: past ? now : null,
        }),
        // A category the member picked when the assistant asked what this was teaches the merchant to the budget.
        ...(command.rememberCategory ? [rememberMerchant(db, budgetId, command.description, command.categoryId, actorId, now)].filter((st): st is Statement => st !== null) : []),
      ],
      // The category as the answer shows it, so the caller need not read the new expense back.
      result: { id, category },
    };
  },

  async updateExpense(ctx, command) {
    const { db, budgetId, actorId, now } = ctx;
    const current = await requireExpense(ctx, command.expenseId);
    if (command.date !== undefined) requireDateNotAhead(ctx, command.date);
    const categoryChanged = command.categoryId !== undefined && command.categoryId !== current.categoryId;
    if (categoryChanged) await requireCategory(db, command.categoryId!);
    const set: Partial<typeof expenses.$inferInsert> = {};
    if (command.amountCents !== undefined) set.amountCents = command.amountCents;
    if (command.description !== undefined) set.description = command.description;
    if (command.categoryId !== undefined) set.categoryId = command.categoryId;
    if (command.date !== undefined) set.date = command.date;
    const statements: Statement[] = [db.update(expenses).set(set).where(and(eq(expenses.id, current.id), eq(expenses.budgetId, budgetId)))];
    if (categoryChanged) {
      // A member moved this expense to another category (budget page or a chat correction): the budget
      // remembers it for this merchant, for every member, in the same batch as the edit.
      const remembered = rememberMerchant(db, budgetId, command.description ?? current.description, command.categoryId!, actorId, now);
      if (remembered) statements.push(remembered);
    }
    return { statements, result: { id: current.id, categoryChanged } };
  },

  async toggleExpense(ctx, command) {
    const { db, budgetId } = ctx;
    const current = await requireExpense(ctx, command.expenseId);
    const enabled = command.enabled ?? !current.enabled;
    return {
      statements: [db.update(expenses).set({ enabled }).where(and(eq(expenses.id, current.id), eq(expenses.budgetId, budgetId)))],
      result: { id: current.id, enabled },
    };
  },

  async deleteExpense(ctx, command) {
    const { db, budgetId } = ctx;
    const current = await requireExpense(ctx, command.expenseId);
    return {
      statements: [db.delete(expenses).where(and(eq(expenses.id, current.id), eq(expenses.budgetId, budgetId)))],
      result: { id: current.id, deleted: true },
    };
  },
};
