import { and, asc, desc, eq, ne } from "drizzle-orm";
import { budgetMembers, budgets, conversations, expenses, messages } from "../../db/schema";
import type { Planners, Statement } from "../plan-context.server";

export function ownershipMessage(departingName: string): string {
  return `${departingName} deleted their account, so you are now the owner of this budget. You can invite family members and manage sharing from Settings. Expenses they added stay in the budget, shown as added by "Former member".`;
}

export const accountPlanners: Planners<"leaveOnAccountDeletion"> = {
  /**
   * Alone in the budget: the budget goes (its lines, expenses, conversations and uploads cascade).
   * Otherwise the departing member's expenses stay, unattributed, so the family's figures stay true;
   * an owner hands the budget to the longest-standing other member, who is told in their chat.
   */
  async leaveOnAccountDeletion({ db, budgetId, actorId, now, member }, command) {
    const others = await db
      .select({ userId: budgetMembers.userId })
      .from(budgetMembers)
      .where(and(eq(budgetMembers.budgetId, budgetId), ne(budgetMembers.userId, actorId)))
      .orderBy(asc(budgetMembers.joinedAt), asc(budgetMembers.id));
    if (others.length === 0) {
      return { statements: [db.delete(budgets).where(eq(budgets.id, budgetId))], result: { outcome: "deleted" } };
    }
    const statements: Statement[] = [
      db.update(expenses).set({ userId: null }).where(and(eq(expenses.budgetId, budgetId), eq(expenses.userId, actorId))),
      db.delete(budgetMembers).where(and(eq(budgetMembers.budgetId, budgetId), eq(budgetMembers.userId, actorId))),
    ];
    if (member.role !== "owner") return { statements, result: { outcome: "left" } };

    const heir = others[0].userId;
    const [newest] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userId, heir), eq(conversations.budgetId, budgetId)))
      .orderBy(desc(conversations.createdAt))
      .limit(1);
    const conversationId = newest?.id ?? crypto.randomUUID();
    if (!newest) {
      statements.push(db.insert(conversations).values({ id: conversationId, userId: heir, budgetId, phase: "active", createdAt: now, updatedAt: now }));
    }
    statements.push(
      db.update(budgets).set({ ownerId: heir, updatedAt: now }).where(eq(budgets.id, budgetId)),
      db.update(budgetMembers).set({ role: "owner" }).where(and(eq(budgetMembers.budgetId, budgetId), eq(budgetMembers.userId, heir))),
      db.insert(messages).values({
        id: crypto.randomUUID(),
        conversationId,
        sender: "bot",
        content: ownershipMessage(command.departingName),
        messageType: "text",
        metadata: { kind: "ownership_transferred" },
        createdAt: now,
      }),
    );
    return { statements, result: { outcome: "transferred", newOwnerId: heir } };
  },
};
