import { and, eq } from "drizzle-orm";
import { categories, expenses } from "../../db/schema";
import { CommandRejected, type Planners } from "../plan-context.server";

export const expensePlanners: Planners<"addExpense"> = {
  async addExpense({ db, budgetId, actorId, now, member }, command) {
    const category = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, command.categoryId)).limit(1);
    if (!category[0]) throw new CommandRejected(400, "Unknown category.");
    if (command.externalId) {
      const dup = await db
        .select({ id: expenses.id })
        .from(expenses)
        .where(and(eq(expenses.budgetId, budgetId), eq(expenses.externalId, command.externalId)))
        .limit(1);
      if (dup[0]) return { statements: [], result: { id: dup[0].id, duplicate: true } };
    }
    const id = crypto.randomUUID();
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
          periodStart: member.periodStart,
        }),
      ],
      result: { id },
    };
  },
};
