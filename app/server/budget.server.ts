import { and, count, eq, gte, isNull, sql, type SQL } from "drizzle-orm";
import { summarize, totalsFromLines } from "~/domain/budget-math";
import { todayIn } from "~/domain/dates";
import { centsToDecimal } from "~/domain/money";
import type { AppContext } from "./context.server";
import { budgetMembers, budgets, expenses, lineItems, users, type BudgetRow, type UserRow } from "./db/schema";
import { acceptBatchedSession, memberBudgetIdOf, sessionBatchQueries, sessionHashOf, takePrefetchedAccess } from "./auth/session.server";
import { ensurePersonalBudget } from "./users.server";
import { datedInCurrentPeriod } from "./period-sql.server";
import type { BudgetSummary } from "~/domain/budget-summary";

export interface BudgetAccess {
  budget: BudgetRow;
  role: "owner" | "member";
}

/**
 * The budget this user is looking at, with their role in it. The id never comes from the client:
 * it is the user's active budget, and membership is checked here on every call.
 *
 * The one deliberate exception to "no GET changes anything": when a user has no budget to look at
 * (never created, or they left it) this repairs that by creating or selecting one, because every
 * screen needs a budget. It only ever touches the caller's own data.
 */
export async function requireBudget(app: AppContext, user: UserRow): Promise<BudgetAccess> {
  // Membership of the active budget was already checked by the session query when it found one.
  const prefetched = takePrefetchedAccess(user);
  if (prefetched) return prefetched;
  const budgetId = user.activeBudgetId ?? (await ensurePersonalBudget(app, user));
  const access = await budgetAccess(app, user.id, budgetId);
  if (access) return access;
  // The active budget was left or removed: fall back to (or create) the personal one.
  const own = await app.db
    .select({ budget: budgets, role: budgetMembers.role })
    .from(budgetMembers)
    .innerJoin(budgets, eq(budgets.id, budgetMembers.budgetId))
    .where(eq(budgetMembers.userId, user.id))
    // Prefer a budget they own, then the one they joined first: never a random pick.
    .orderBy(sql`${budgetMembers.role} = 'owner' DESC`, budgetMembers.joinedAt)
    .limit(1);
  if (own[0]) {
    // Remember the fallback so later requests find it in the session query again.
    await app.db.update(users).set({ activeBudgetId: own[0].budget.id, updatedAt: app.now }).where(eq(users.id, user.id));
    return own[0];
  }
  const created = await ensurePersonalBudget(app, { ...user, activeBudgetId: null });
  const fresh = await budgetAccess(app, user.id, created);
  if (!fresh) throw new Error("Budget creation did not produce a membership");
  return fresh;
}

export async function budgetAccess(app: AppContext, userId: string, budgetId: string): Promise<BudgetAccess | null> {
  const rows = await app.db
    .select({ budget: budgets, role: budgetMembers.role })
    .from(budgetMembers)
    .innerJoin(budgets, eq(budgets.id, budgetMembers.budgetId))
    .where(and(eq(budgetMembers.userId, userId), eq(budgetMembers.budgetId, budgetId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Line totals, this period's spending and the member count of the budget `ref` names (an id or SQL). */
export function summaryQueries(app: AppContext, ref: SQL) {
  return [
    app.db
      .select({ kind: lineItems.kind, amountCents: sql<number>`sum(${lineItems.amountCents})` })
      .from(lineItems)
      .where(eq(lineItems.budgetId, ref))
      .groupBy(lineItems.kind),
    app.db
      .select({ total: sql<number>`coalesce(sum(${expenses.amountCents}), 0)` })
      .from(expenses)
      .where(and(eq(expenses.budgetId, ref), isNull(expenses.archivedAt), eq(expenses.enabled, true), datedInCurrentPeriod(ref))),
    app.db.select({ n: count() }).from(budgetMembers).where(eq(budgetMembers.budgetId, ref)),
  ] as const;
}

export type SummaryRows = [
  Awaited<ReturnType<typeof summaryQueries>[0]>,
  Awaited<ReturnType<typeof summaryQueries>[1]>,
  Awaited<ReturnType<typeof summaryQueries>[2]>,
];

export function shapeSummary(app: AppContext, access: BudgetAccess, [lines, spentRows, memberRows]: SummaryRows): BudgetSummary {
  const { budget } = access;
  const totals = totalsFromLines(lines.map((l) => ({ kind: l.kind, amountCents: Number(l.amountCents) })));
  const today = todayIn(budget.timeZone, app.now);
  const s = summarize(totals, Number(spentRows[0]?.total ?? 0), today, budget.resetDay);
  return {
    id: budget.id,
    name: budget.name,
    totalIncome: centsToDecimal(s.totalIncomeCents),
    fixedExpenses: centsToDecimal(s.fixedExpensesCents),
    spendableAmount: centsToDecimal(s.spendableCents),
    spent: centsToDecimal(s.spentCents),
    left: centsToDecimal(s.leftCents),
    perDay: centsToDecimal(s.perDayCents),
    daysLeft: s.daysLeft,
    onTrack: s.onTrack,
    resetDay: budget.resetDay,
    periodStart: budget.periodStart,
    timeZone: budget.timeZone,
    today,
    role: access.role,
    memberCount: memberRows[0]?.n ?? 1,
  };
}

/** The Budget summary entity (spec part 1 §3) with the derived figures every screen shows. */
export async function getBudgetSummary(app: AppContext, access: BudgetAccess) {
  const [a, b, c] = summaryQueries(app, sql`${access.budget.id}`);
  return shapeSummary(app, access, await app.db.batch([a, b, c]));
}

/**
 * The signed-in user and their budget summary in one D1 round trip: the session lookup and the summary
 * queries (aimed at the session's active budget by a subquery) go in one batch. The summary is used only
 * if the session row confirms the user is still a member of that budget; otherwise `summary` is null and
 * the caller takes the ordinary path (which repairs the active budget).
 */
export async function getSessionAndSummary(app: AppContext, request: Request): Promise<{ user: UserRow | null; summary: BudgetSummary | null }> {
  const hash = await sessionHashOf(app, request);
  if (!hash) return { user: null, summary: null };
  const [a, b, c] = summaryQueries(app, memberBudgetIdOf(app, hash));
  const [u, m] = sessionBatchQueries(app, hash);
  const [users, memberships, lines, spent, members] = await app.db.batch([u, m, a, b, c]);
  const user = acceptBatchedSession(users, memberships);
  const access = user ? takePrefetchedAccess(user) : undefined;
  if (!user || !access) return { user, summary: null };
  return { user, summary: shapeSummary(app, access, [lines, spent, members]) };
}

