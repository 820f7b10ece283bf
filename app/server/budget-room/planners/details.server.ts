import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { MAX_LINES, linesAfter, mergeLines, type StoredLine } from "../../../domain/budget-details";
import { todayIn } from "../../../domain/dates";
import { resetDayChange } from "../../../domain/reset-period";
import type { Db } from "../../db/client.server";
import { budgets, lineItems } from "../../db/schema";
import { chunked } from "../../db/bind-limit.server";
import { inJson } from "../../db/json-rows.server";
import { CommandRejected, requireOwner, type Planners, type Statement } from "../plan-context.server";

async function storedLines(db: Db, budgetId: string): Promise<(StoredLine & { position: number })[]> {
  return db
    .select({
      id: lineItems.id,
      kind: lineItems.kind,
      label: lineItems.label,
      amountCents: lineItems.amountCents,
      category: lineItems.category,
      isSingleMonth: lineItems.isSingleMonth,
      managedBy: lineItems.managedBy,
      position: lineItems.position,
    })
    .from(lineItems)
    .where(eq(lineItems.budgetId, budgetId));
}

/** The budget's line, or 404 (another budget's id is answered like a missing one). */
async function requireLine(db: Db, budgetId: string, lineItemId: string) {
  const rows = await db
    .select({ id: lineItems.id, managedBy: lineItems.managedBy })
    .from(lineItems)
    .where(and(eq(lineItems.id, lineItemId), eq(lineItems.budgetId, budgetId)))
    .limit(1);
  if (!rows[0]) throw new CommandRejected(404, "Line item not found.");
  return rows[0];
}

/** Income, fixed bills and the reset day are the owner's (issue 18 #15); members see them read-only. */
export const OWNER_LINES = "Only the budget owner can change income and fixed expenses.";
const MANAGED = "This line is managed by another feature (the debt plan) and cannot be changed here.";

export const detailsPlanners: Planners<"saveBudgetDetails" | "updateLineItem" | "deleteLineItem"> = {
  async saveBudgetDetails(ctx, command) {
    const { db, budgetId, now } = ctx;
    requireOwner(ctx, OWNER_LINES);
    const stored = await storedLines(db, budgetId);
    const sent = {
      income: command.income.map((l) => ({ ...l, amount: l.amountCents })),
      expenses: command.expenses.map((l) => ({ ...l, amount: l.amountCents })),
    };
    const plan = mergeLines(stored, sent, command.loadedIds, () => crypto.randomUUID());
    if (plan.unknownIds.length > 0) {
      // A line of another budget is a 404; one that no longer exists was deleted by another member
      // meanwhile, and the deletion stands (the client drops it when it swaps in the answer).
      const foreign = await db
        .select({ id: lineItems.id })
        .from(lineItems)
        // Every unknown id (up to the 400 lines a save sends), as ONE bound JSON value: D1 binds at most 100.
        .where(and(inJson(sql`${lineItems.id}`, plan.unknownIds), ne(lineItems.budgetId, budgetId)))
        .limit(1);
      if (foreign[0]) throw new CommandRejected(404, "Line item not found.");
    }
    if (linesAfter(stored, plan).length > MAX_LINES) throw new CommandRejected(400, `A budget can have at most ${MAX_LINES} lines.`);

    const statements: Statement[] = [];
    const [budget] = await db.select({ resetDay: budgets.resetDay, timeZone: budgets.timeZone }).from(budgets).where(eq(budgets.id, budgetId)).limit(1);
    const resetDay = command.resetDay ?? budget?.resetDay ?? 1;
    if (command.resetDay !== undefined && command.resetDay !== budget?.resetDay) {
      requireOwner(ctx, "Only the budget owner can change the reset day.");
      // As setResetDay: the new day takes effect at its next occurrence (period end and due instant move with it).
      const timeZone = budget?.timeZone ?? "UTC";
      const change = resetDayChange(todayIn(timeZone, now), command.resetDay, timeZone);
      statements.push(db.update(budgets).set({ ...change, updatedAt: now }).where(eq(budgets.id, budgetId)));
    }
    const top = { income: -1, expense: -1 };
    for (const l of stored) top[l.kind] = Math.max(top[l.kind], l.position);
    for (const line of plan.inserts) {
      top[line.kind] += 1;
      statements.push(
        db.insert(lineItems).values({
          id: line.id,
          budgetId,
          kind: line.kind,
          label: line.label,
          amountCents: line.amountCents,
          category: line.category,
          isSingleMonth: line.isSingleMonth,
          position: top[line.kind],
          createdAt: now,
          updatedAt: now,
        }),
      );
    }
    for (const line of plan.updates) {
      statements.push(
        db
          .update(lineItems)
          .set({ label: line.label, amountCents: line.amountCents, category: line.category, isSingleMonth: line.isSingleMonth, updatedAt: now })
          .where(and(eq(lineItems.id, line.id), eq(lineItems.budgetId, budgetId))),
      );
    }
    // Up to 400 lines can go in one save: one statement per chunk of ids (D1's bound-value limit).
    for (const ids of chunked(plan.deletes)) statements.push(db.delete(lineItems).where(and(eq(lineItems.budgetId, budgetId), inArray(lineItems.id, ids))));
    return {
      statements,
      result: { idMap: plan.idMap, resetDay, added: plan.inserts.length, updated: plan.updates.length, deleted: plan.deletes.length },
    };
  },

  async updateLineItem(ctx, command) {
    const { db, budgetId, now } = ctx;
    requireOwner(ctx, OWNER_LINES);
    const line = await requireLine(db, budgetId, command.lineItemId);
    if (line.managedBy) throw new CommandRejected(409, MANAGED);
    const set: Partial<typeof lineItems.$inferInsert> = { updatedAt: now };
    if (command.label !== undefined) set.label = command.label;
    if (command.amountCents !== undefined) set.amountCents = command.amountCents;
    if (command.category !== undefined) set.category = command.category;
    if (command.isSingleMonth !== undefined) set.isSingleMonth = command.isSingleMonth;
    return {
      statements: [db.update(lineItems).set(set).where(and(eq(lineItems.id, line.id), eq(lineItems.budgetId, budgetId)))],
      result: { id: line.id },
    };
  },

  async deleteLineItem(ctx, command) {
    const { db, budgetId } = ctx;
    requireOwner(ctx, OWNER_LINES);
    const line = await requireLine(db, budgetId, command.lineItemId);
    if (line.managedBy) throw new CommandRejected(409, MANAGED);
    return {
      statements: [db.delete(lineItems).where(and(eq(lineItems.id, line.id), eq(lineItems.budgetId, budgetId)))],
      result: { id: line.id, deleted: true },
    };
  },
};
