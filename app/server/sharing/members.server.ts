import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { budgetAccess, type BudgetAccess } from "../budget.server";
import { applyBudgetCommand, budgetRoom } from "../budget-room/client.server";
import type { AppContext } from "../context.server";
import { budgetMembers, budgets, users, type UserRow } from "../db/schema";
import type { MemberView, MyBudget } from "~/domain/sharing";
import { refused, type SharingResult } from "./outcome.server";

/** The budget's members, owner first (a query: `budgetId` may be SQL, to ride with the session lookup). */
export function membersQuery(app: AppContext, budgetId: string | SQL) {
  return app.db
    .select({ id: budgetMembers.id, userId: budgetMembers.userId, role: budgetMembers.role, joinedAt: budgetMembers.joinedAt, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(budgetMembers)
    .innerJoin(users, eq(users.id, budgetMembers.userId))
    .where(eq(budgetMembers.budgetId, budgetId))
    .orderBy(sql`${budgetMembers.role} = 'owner' DESC`, asc(budgetMembers.joinedAt));
}

export async function listMembers(app: AppContext, access: BudgetAccess, ridden?: Awaited<ReturnType<typeof membersQuery>> | null): Promise<MemberView[]> {
  const rows = ridden ?? (await membersQuery(app, access.budget.id));
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    role: r.role,
    joinedAt: new Date(r.joinedAt).toISOString(),
    user: { firstName: r.firstName, lastName: r.lastName, email: r.email },
  }));
}

/** Closes a user's live sockets on a budget they no longer see; their page reconnects to the right one. */
async function disconnect(app: AppContext, budgetId: string, userId: string): Promise<void> {
  await budgetRoom(app.env, budgetId)
    .disconnectUser(userId)
    .catch(() => 0);
}

async function activeBudgetIdOf(app: AppContext, userId: string): Promise<string | null> {
  const [row] = await app.db.select({ id: users.activeBudgetId }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.id ?? null;
}

export async function removeMember(app: AppContext, user: UserRow, access: BudgetAccess, userId: string): Promise<SharingResult<{ userId: string }>> {
  if (access.role !== "owner") return refused(403, "Only the budget owner can remove members.");
  const outcome = await applyBudgetCommand(app, access.budget.id, user.id, { type: "removeMember", userId: userId.slice(0, 100) });
  if (!outcome.ok) return refused(outcome.status, outcome.message);
  // Access ends now: membership is checked on every request, and the open socket closes here.
  await disconnect(app, access.budget.id, userId);
  return { ok: true, value: { userId } };
}

/** Leaves a budget the user belongs to (their active one unless named); owners cannot leave. */
export async function leaveBudget(app: AppContext, user: UserRow, budgetId: string): Promise<SharingResult<{ activeBudgetId: string | null }>> {
  const access = await budgetAccess(app, user.id, budgetId);
  if (!access) return refused(404, "Budget not found.");
  if (access.role === "owner") return refused(403, "The owner cannot leave their own budget.");
  const outcome = await applyBudgetCommand(app, budgetId, user.id, { type: "leaveBudget" });
  if (!outcome.ok) return refused(outcome.status, outcome.message);
  await disconnect(app, budgetId, user.id);
  return { ok: true, value: { activeBudgetId: await activeBudgetIdOf(app, user.id) } };
}

/** Switches the budget the app shows; only to a budget the user belongs to (another id is a 404). */
export async function switchActiveBudget(app: AppContext, user: UserRow, budgetId: string): Promise<SharingResult<{ activeBudgetId: string }>> {
  const access = await budgetAccess(app, user.id, budgetId);
  if (!access) return refused(404, "Budget not found.");
  const previous = user.activeBudgetId;
  // The user's own row, not budget data: no room is involved.
  await app.db.update(users).set({ activeBudgetId: budgetId, updatedAt: app.now }).where(eq(users.id, user.id));
  // The live socket listens to the old budget; closing it makes the page reconnect to the new one.
  if (previous && previous !== budgetId) await disconnect(app, previous, user.id);
  return { ok: true, value: { activeBudgetId: budgetId } };
}

/** Settings → Your budgets: every budget the user belongs to, their own first. */
/** The budgets the user belongs to (a query: `userId` may be SQL, to ride with the session lookup). */
export function myBudgetsQuery(app: AppContext, userId: string | SQL) {
  return app.db
    .select({
      id: budgets.id,
      name: budgets.name,
      role: budgetMembers.role,
      joinedAt: budgetMembers.joinedAt,
      memberCount: sql<number>`(SELECT count(*) FROM ${budgetMembers} m WHERE m.budget_id = ${budgets.id})`,
      ownerFirst: users.firstName,
      ownerLast: users.lastName,
      ownerEmail: users.email,
    })
    .from(budgetMembers)
    .innerJoin(budgets, eq(budgets.id, budgetMembers.budgetId))
    .leftJoin(users, eq(users.id, budgets.ownerId))
    .where(and(eq(budgetMembers.userId, userId)))
    .orderBy(sql`${budgetMembers.role} = 'owner' DESC`, asc(budgetMembers.joinedAt))
    .limit(50);
}

export async function listMyBudgets(app: AppContext, user: UserRow, activeBudgetId: string, ridden?: Awaited<ReturnType<typeof myBudgetsQuery>> | null): Promise<MyBudget[]> {
  const rows = ridden ?? (await myBudgetsQuery(app, user.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    role: r.role,
    active: r.id === activeBudgetId,
    memberCount: Number(r.memberCount),
    owner: r.ownerEmail ? { firstName: r.ownerFirst, lastName: r.ownerLast, email: r.ownerEmail } : null,
  }));
}
