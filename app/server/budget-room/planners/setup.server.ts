import { and, count, eq, max } from "drizzle-orm";
import { MAX_LINES } from "~/domain/budget-details";
import type { Db } from "../../db/client.server";
import { budgetMembers, budgets, lineItems, users } from "../../db/schema";
import { todayIn } from "~/domain/dates";
import { periodEndOf, resetDayChange, startOfDayUtc } from "~/domain/reset-period";
import { CommandRejected, requireOwner, type Planners } from "../plan-context.server";
import { OWNER_LINES } from "./details.server";

const TOO_MANY_LINES = `A budget can have at most ${MAX_LINES} lines.`;

/** Refuses adding `adding` lines past the budget page's limit (issue 18 #5: chat setup ignored it). */
export async function requireRoomForLines(db: Db, budgetId: string, adding: number): Promise<void> {
  const [row] = await db.select({ n: count() }).from(lineItems).where(eq(lineItems.budgetId, budgetId));
  if ((row?.n ?? 0) + adding > MAX_LINES) throw new CommandRejected(400, TOO_MANY_LINES);
}

export const setupPlanners: Planners<"createBudget" | "addLineItem" | "addLineItems" | "setResetDay"> = {
  // Planned without a membership (there is no budget yet): planners/index.server.ts checks the owner is the actor.
  async createBudget({ db, budgetId, now }, command) {
    const existing = await db.select({ id: budgets.id }).from(budgets).where(eq(budgets.id, budgetId)).limit(1);
    if (existing.length > 0) throw new CommandRejected(409, "This budget already exists.");
    return {
      statements: [
        db.insert(budgets).values({
          id: budgetId,
          name: command.name,
          ownerId: command.ownerId,
          resetDay: command.resetDay,
          timeZone: command.timeZone,
          periodStart: command.periodStart,
          resetDueAt: startOfDayUtc(periodEndOf(command.periodStart, command.resetDay), command.timeZone),
          createdAt: now,
          updatedAt: now,
        }),
        db.insert(budgetMembers).values({ id: crypto.randomUUID(), budgetId, userId: command.ownerId, role: "owner", joinedAt: now }),
        db.update(users).set({ activeBudgetId: budgetId, updatedAt: now }).where(eq(users.id, command.ownerId)),
      ],
      result: { budgetId },
    };
  },

  async addLineItem(ctx, command) {
    const { db, budgetId, now } = ctx;
    requireOwner(ctx, OWNER_LINES);
    await requireRoomForLines(db, budgetId, 1);
    const [row] = await db
      .select({ top: max(lineItems.position) })
      .from(lineItems)
      .where(and(eq(lineItems.budgetId, budgetId), eq(lineItems.kind, command.kind)));
    const position = (row?.top ?? -1) + 1;
    const id = crypto.randomUUID();
    return {
      statements: [
        db.insert(lineItems).values({
          id,
          budgetId,
          kind: command.kind,
          label: command.label,
          amountCents: command.amountCents,
          category: command.category,
          isSingleMonth: command.isSingleMonth,
          position,
          createdAt: now,
          updatedAt: now,
        }),
      ],
      result: { id, position },
    };
  },

  async addLineItems(ctx, command) {
    const { db, budgetId, now } = ctx;
    requireOwner(ctx, OWNER_LINES);
    await requireRoomForLines(db, budgetId, command.lines.length);
    const [row] = await db
      .select({ top: max(lineItems.position) })
      .from(lineItems)
      .where(and(eq(lineItems.budgetId, budgetId), eq(lineItems.kind, command.kind)));
    let position = row?.top ?? -1;
    const ids: string[] = [];
    // One insert per line: a line binds 11 values, so a multi-row insert would pass D1's limit of 100.
    const statements = command.lines.map((line) => {
      const id = crypto.randomUUID();
      ids.push(id);
      position += 1;
      return db.insert(lineItems).values({ id, budgetId, kind: command.kind, label: line.label, amountCents: line.amountCents, category: command.category, isSingleMonth: false, position, createdAt: now, updatedAt: now });
    });
    return { statements, result: { ids } };
  },

  async setResetDay(ctx, command) {
    requireOwner(ctx, "Only the budget owner can change the reset day.");
    const [budget] = await ctx.db.select({ timeZone: budgets.timeZone }).from(budgets).where(eq(budgets.id, ctx.budgetId)).limit(1);
    const timeZone = budget?.timeZone ?? "UTC";
    // The new day takes effect at its next occurrence, never resetting twice in one day (issue 9).
    const change = resetDayChange(todayIn(timeZone, ctx.now), command.resetDay, timeZone);
    return {
      statements: [ctx.db.update(budgets).set({ ...change, updatedAt: ctx.now }).where(eq(budgets.id, ctx.budgetId))],
      result: { resetDay: command.resetDay },
    };
  },
};
