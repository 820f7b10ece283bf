import { and, count, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { formatUSD } from "~/domain/money";
import { activityInsert } from "./activity.server";
import { AccountConflict, assertNotLastAdmin, deleteAccount, endAllSessions } from "./account.server";
import { getSessionUser } from "./auth/session.server";
import { shapeSummary, summaryQueries } from "./budget.server";
import type { AppContext } from "./context.server";
import { activityLog, budgetMembers, budgets, conversations, expenses, messages, users, type UserRow } from "./db/schema";
import type { ActivityItem, AdminUser, AdminUserDetails } from "~/domain/admin-users";

export const ACCESS_DENIED = "You don't have permission to access the admin panel.";

/** Every admin call: 401 signed out, 403 for everyone who is not an admin. */
export async function requireAdmin(app: AppContext, request: Request): Promise<UserRow> {
  const user = await getSessionUser(app, request);
  if (!user) throw Response.json({ message: "Unauthorized" }, { status: 401 });
  if (!user.isAdmin) throw Response.json({ message: ACCESS_DENIED }, { status: 403 });
  return user;
}

/** The Admin user entity (spec part 2 §3). */
export function toAdminUser(u: UserRow): AdminUser {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phoneNumber: u.phone,
    createdAt: new Date(u.createdAt).toISOString(),
    accountStatus: u.accountStatus,
    isAdmin: u.isAdmin,
  };
}


/**
 * Search by name, e-mail or phone (case-insensitive substring); newest accounts first. instr(), not LIKE:
 * D1 refuses LIKE patterns past 50 bytes ("LIKE or GLOB pattern too complex", issue 18 #7).
 */
export async function searchUsers(app: AppContext, search: string, ridden?: UserRow[] | null): Promise<AdminUser[]> {
  return (ridden ?? (await searchUsersQuery(app, search))).map(toAdminUser);
}

/**
 * Users matching `search`, newest first (100 at most). With `viewer` (SQL for the session's user, to ride
 * with the session lookup) it finds nothing unless that user is an admin.
 */
export function searchUsersQuery(app: AppContext, search: string, viewer?: SQL) {
  const q = search.trim().slice(0, 100);
  // SQLite's lower() folds ASCII only (as LIKE did): fold the query the same way, so "Émile" still finds "Émile".
  const pattern = q.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const digits = q.replace(/[^\d+]/g, "");
  const match = (column: SQLWrapper, needle: string) => sql`instr(lower(${column}), ${needle}) > 0`;
  const conditions = q
    ? or(
        match(users.email, pattern),
        match(users.firstName, pattern),
        match(users.lastName, pattern),
        match(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
        match(users.phone, pattern),
        ...(digits.length >= 3 ? [match(users.phone, digits)] : []),
      )
    : undefined;
  const adminOnly = viewer ? viewerIsAdmin(viewer) : undefined;
  return app.db.select().from(users).where(and(conditions, adminOnly)).orderBy(desc(users.createdAt)).limit(100);
}

/** SQL: "`viewer` (SQL for the session's user) is an admin", so admin reads can ride with the session lookup. */
export function viewerIsAdmin(viewer: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM ${users} AS viewer WHERE viewer.id = ${viewer} AND viewer.is_admin = 1)`;
}

/**
 * SQL for the user `id` when `viewer` is an admin (else NULL): what an admin read about one user aims at
 * when it rides with the session lookup, so a non-admin's batch reads nothing of that user.
 */
export function adminTargetId(viewer: SQL, id: string): SQL {
  return sql`(SELECT ${users.id} FROM ${users} WHERE ${users.id} = ${id} AND ${viewerIsAdmin(viewer)})`;
}

export async function findUser(app: AppContext, id: string, ridden?: UserRow[] | null): Promise<UserRow | null> {
  const [row] = ridden ?? (await findUserQuery(app, id));
  return row ?? null;
}

/** The user `id` (a string, or `adminTargetId` to ride with the session lookup). */
export function findUserQuery(app: AppContext, id: string | SQL) {
  return app.db.select().from(users).where(eq(users.id, id)).limit(1);
}

/** Admin user details (spec part 2 §3); budgetData is the user's active budget, if any. */
export async function userDetails(app: AppContext, user: UserRow, ridden?: UserDetailsRows | null): Promise<AdminUserDetails> {
  const [budgetRows, messageRows, expenseRows, accessRows, lines, spent, members] = ridden ?? (await app.db.batch(userDetailsQueries(app, user.id)));
  const access = accessRows[0];
  const summary = access ? shapeSummary(app, access, [lines, spent, members]) : null;
  return {
    ...toAdminUser(user),
    lastLoginAt: user.lastLoginAt ? new Date(user.lastLoginAt).toISOString() : null,
    hasBudget: (budgetRows[0]?.n ?? 0) > 0,
    messageCount: messageRows[0]?.n ?? 0,
    expenseCount: expenseRows[0]?.n ?? 0,
    budgetData: summary ? { totalIncome: summary.totalIncome, fixedExpenses: summary.fixedExpenses, spendableAmount: summary.spendableAmount, spent: summary.spent } : null,
    languagePreference: user.languagePreference,
    smsOptInConsent: user.smsOptInConsent,
    smsOptInDate: user.smsOptInDate ? new Date(user.smsOptInDate).toISOString() : null,
  };
}


export const RECENT_ACTIVITY_ITEMS = 10;

/** The 10 most recent things the user did: expenses, chat messages, sign-ins and budget changes. */
export type UserDetailsRows = BatchResponse<ReturnType<typeof userDetailsQueries>>;

/**
 * A user's counts, active budget and its summary, one batch (`userId` may be `adminTargetId`, to ride
 * with the session lookup).
 */
export function userDetailsQueries(app: AppContext, userId: string | SQL) {
  const activeBudget = sql`(SELECT ${budgetMembers.budgetId} FROM ${users} INNER JOIN ${budgetMembers} ON ${budgetMembers.userId} = ${users.id} AND ${budgetMembers.budgetId} = ${users.activeBudgetId} WHERE ${users.id} = ${userId})`;
  return [
    app.db.select({ n: count() }).from(budgetMembers).where(eq(budgetMembers.userId, userId)),
    app.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.sender, "user"), inArray(messages.conversationId, app.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.userId, userId))))),
    app.db.select({ n: count() }).from(expenses).where(eq(expenses.userId, userId)),
    app.db.select({ budget: budgets, role: budgetMembers.role }).from(budgetMembers).innerJoin(budgets, eq(budgets.id, budgetMembers.budgetId)).where(and(eq(budgetMembers.budgetId, activeBudget), eq(budgetMembers.userId, userId))).limit(1),
    ...summaryQueries(app, activeBudget),
  ] as const;
}

export async function userActivity(app: AppContext, userId: string, ridden?: UserActivityRows | null): Promise<ActivityItem[]> {
  const [expenseRows, messageRows, logRows] = ridden ?? (await app.db.batch(userActivityQueries(app, userId)));
  const n = RECENT_ACTIVITY_ITEMS;
  const items: Array<{ type: "expense" | "message" | "login" | "budget"; description: string; at: number }> = [
    ...expenseRows.map((e) => ({ type: "expense" as const, description: `Added ${formatUSD(e.amountCents)} for ${e.description}`, at: e.createdAt })),
    ...messageRows.map((m) => ({ type: "message" as const, description: `Chat: "${m.content.length > 80 ? `${m.content.slice(0, 79)}…` : m.content}"`, at: m.createdAt })),
    ...logRows.map((l) => ({ type: l.type as "login" | "budget", description: l.description, at: l.createdAt })),
  ];
  return items
    .sort((a, b) => b.at - a.at)
    .slice(0, n)
    .map((i) => ({ type: i.type, description: i.description, createdAt: new Date(i.at).toISOString() }));
}

export type UserActivityRows = BatchResponse<ReturnType<typeof userActivityQueries>>;

/** A user's recent expenses, chat messages and sign-ins (`userId` may be `adminTargetId`, to ride). */
export function userActivityQueries(app: AppContext, userId: string | SQL) {
  const n = RECENT_ACTIVITY_ITEMS;
  return [
    app.db
      .select({ amountCents: expenses.amountCents, description: expenses.description, createdAt: expenses.createdAt })
      .from(expenses)
      .where(eq(expenses.userId, userId))
      .orderBy(desc(expenses.createdAt))
      .limit(n),
    app.db
      .select({ content: messages.content, createdAt: messages.createdAt })
      .from(messages)
      .where(and(eq(messages.sender, "user"), inArray(messages.conversationId, app.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.userId, userId)))))
      .orderBy(desc(messages.createdAt))
      .limit(n),
    app.db
      .select({ type: activityLog.type, description: activityLog.description, createdAt: activityLog.createdAt })
      .from(activityLog)
      .where(and(eq(activityLog.userId, userId), inArray(activityLog.type, ["login", "budget"])))
      .orderBy(desc(activityLog.createdAt))
      .limit(n),
  ] as const;
}


const SELF_MESSAGES = {
  status: "You cannot change your own account status.",
  admin: "You cannot remove your own admin rights.",
  delete: "You cannot delete your own account from the admin panel. Use Settings instead.",
};

/** Set active/suspended/pending. Suspending (or pending) ends every session and closes sockets at once. */
export async function setUserStatus(app: AppContext, admin: UserRow, target: UserRow, status: UserRow["accountStatus"]): Promise<UserRow> {
  if (status !== "active") await assertNotLastAdmin(app, target);
  if (target.id === admin.id && status !== target.accountStatus) throw new AccountConflict(SELF_MESSAGES.status);
  const [row] = await app.db.batch([
    app.db.update(users).set({ accountStatus: status, updatedAt: app.now }).where(eq(users.id, target.id)).returning(),
    activityInsert(app.db, { userId: admin.id, type: "admin", description: `Set ${target.email} to ${status}`, at: app.now }),
  ]);
  if (status !== "active") await endAllSessions(app, target.id);
  return row[0];
}

export async function setUserAdmin(app: AppContext, admin: UserRow, target: UserRow, isAdmin: boolean): Promise<UserRow> {
  if (!isAdmin) await assertNotLastAdmin(app, target);
  if (target.id === admin.id && !isAdmin) throw new AccountConflict(SELF_MESSAGES.admin);
  const [row] = await app.db.batch([
    app.db.update(users).set({ isAdmin, updatedAt: app.now }).where(eq(users.id, target.id)).returning(),
    activityInsert(app.db, { userId: admin.id, type: "admin", description: `${isAdmin ? "Granted" : "Revoked"} admin rights ${isAdmin ? "to" : "from"} ${target.email}`, at: app.now }),
  ]);
  return row[0];
}

export async function deleteUserAsAdmin(app: AppContext, admin: UserRow, target: UserRow) {
  await assertNotLastAdmin(app, target);
  if (target.id === admin.id) throw new AccountConflict(SELF_MESSAGES.delete);
  return deleteAccount(app, target, { id: admin.id, isAdmin: true });
}

export { AccountConflict };

/** The user an admin call is about, or a thrown 404. */
export async function requireTargetUser(app: AppContext, id: string | undefined, ridden?: UserRow[] | null): Promise<UserRow> {
  const user = id && id.length <= 100 ? await findUser(app, id, ridden) : null;
  if (!user) throw Response.json({ message: "User not found." }, { status: 404 });
  return user;
}

/** Runs an admin change; a refusal (self-protection, last admin) becomes a 409 with its message. */
export async function conflictsAs409<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AccountConflict) throw Response.json({ message: error.message }, { status: 409 });
    throw error;
  }
}
