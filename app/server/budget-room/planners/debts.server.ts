import { and, count, eq, max } from "drizzle-orm";
import { debtPlans, debts, lineItems } from "../../db/schema";
import type { BatchResponse } from "drizzle-orm/batch";
import type { Db } from "../../db/client.server";
import { CommandRejected, requireOwner, requireOwnerOrAdder, type Planners, type Prereads, type Statement } from "../plan-context.server";

export const MAX_DEBTS = 50;
/** Marks the one fixed-expense line the applied debt plan owns. */
export const DEBT_PLAN_LINE = "debt-plan";
export const DEBT_PLAN_LABEL = "Extra debt payment";
const NOT_FOUND = "Debt not found.";
const OTHERS_DEBT = "Only the budget owner can change debts other members added.";

/** The plan's managed line(s) and the last fixed line's position: what applying a plan reads. */
function planLineQueries(db: Db, budgetId: string) {
  return [
    db
      .select({ id: lineItems.id })
      .from(lineItems)
      .where(and(eq(lineItems.budgetId, budgetId), eq(lineItems.managedBy, DEBT_PLAN_LINE)))
      .orderBy(lineItems.createdAt),
    db
      .select({ top: max(lineItems.position) })
      .from(lineItems)
      .where(and(eq(lineItems.budgetId, budgetId), eq(lineItems.kind, "expense"))),
  ] as const;
}

type PlanLineRows = BatchResponse<ReturnType<typeof planLineQueries>>;

/** Applying a plan reads its lines in the membership check's batch (the owner check still comes first in the planner). */
export const debtPrereads: Prereads = {
  applyDebtPlan: (db, budgetId) => planLineQueries(db, budgetId),
};

export const debtPlanners: Planners<"addDebt" | "updateDebt" | "deleteDebt" | "applyDebtPlan"> = {
  async addDebt({ db, budgetId, actorId, now }, { type: _command, debtId, debtType, ...fields }) {
    const [row] = await db.select({ n: count() }).from(debts).where(eq(debts.budgetId, budgetId));
    if ((row?.n ?? 0) >= MAX_DEBTS) throw new CommandRejected(400, `A budget can have at most ${MAX_DEBTS} debts.`);
    return {
      statements: [db.insert(debts).values({ id: debtId, budgetId, type: debtType, ...fields, createdBy: actorId, createdAt: now, updatedAt: now })],
      result: { id: debtId },
    };
  },

  async updateDebt(ctx, { type: _command, debtId, debtType, ...fields }) {
    const { db, budgetId, now } = ctx;
    const [row] = await db.select({ id: debts.id, createdBy: debts.createdBy }).from(debts).where(and(eq(debts.id, debtId), eq(debts.budgetId, budgetId))).limit(1);
    if (!row) throw new CommandRejected(404, NOT_FOUND);
    requireOwnerOrAdder(ctx, row.createdBy, OTHERS_DEBT);
    const set = Object.fromEntries(Object.entries({ ...fields, type: debtType }).filter(([, v]) => v !== undefined));
    return {
      statements: [db.update(debts).set({ ...set, updatedAt: now }).where(and(eq(debts.id, debtId), eq(debts.budgetId, budgetId)))],
      result: { id: debtId },
    };
  },

  async deleteDebt(ctx, { debtId }) {
    const { db, budgetId } = ctx;
    const [row] = await db.select({ id: debts.id, createdBy: debts.createdBy }).from(debts).where(and(eq(debts.id, debtId), eq(debts.budgetId, budgetId))).limit(1);
    if (!row) throw new CommandRejected(404, NOT_FOUND);
    requireOwnerOrAdder(ctx, row.createdBy, OTHERS_DEBT);
    return { statements: [db.delete(debts).where(and(eq(debts.id, debtId), eq(debts.budgetId, budgetId)))], result: { id: debtId } };
  },

  /**
   * Stores the plan and keeps exactly one fixed expense "Extra debt payment" equal to the extra, so left
   * to spend everywhere honours the plan; an extra of 0 removes the line.
   */
  async applyDebtPlan(ctx, { strategy, extraPaymentCents }) {
    const { db, budgetId, actorId, now } = ctx;
    // The plan keeps a fixed line, and lines are the owner's (issue 18 #15).
    requireOwner(ctx, "Only the budget owner can apply a payoff plan.");
    const [managed, top] = (ctx.preread as PlanLineRows | undefined) ?? (await db.batch(planLineQueries(db, budgetId)));
    const statements: Statement[] = [
      db
        .insert(debtPlans)
        .values({ budgetId, strategy, extraPaymentCents, appliedBy: actorId, appliedAt: now })
        .onConflictDoUpdate({ target: debtPlans.budgetId, set: { strategy, extraPaymentCents, appliedBy: actorId, appliedAt: now } }),
    ];
    const [keep, ...extras] = extraPaymentCents > 0 ? managed : [undefined, ...managed];
    for (const line of extras) if (line) statements.push(db.delete(lineItems).where(and(eq(lineItems.id, line.id), eq(lineItems.budgetId, budgetId))));
    let lineId: string | null = null;
    if (extraPaymentCents > 0 && keep) {
      lineId = keep.id;
      statements.push(db.update(lineItems).set({ amountCents: extraPaymentCents, label: DEBT_PLAN_LABEL, updatedAt: now }).where(eq(lineItems.id, keep.id)));
    } else if (extraPaymentCents > 0) {
      lineId = crypto.randomUUID();
      statements.push(
        db.insert(lineItems).values({
          id: lineId,
          budgetId,
          kind: "expense",
          label: DEBT_PLAN_LABEL,
          amountCents: extraPaymentCents,
          category: "other",
          position: (top[0]?.top ?? -1) + 1,
          managedBy: DEBT_PLAN_LINE,
          createdAt: now,
          updatedAt: now,
        }),
      );
    }
    return { statements, result: { strategy, extraPaymentCents, lineId } };
  },
};
