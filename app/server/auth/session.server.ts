import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import { redirect } from "@remix-run/cloudflare";
import type { AppContext } from "../context.server";
import { budgetMembers, budgets, sessions, users, type BudgetRow, type UserRow } from "../db/schema";
import { SESSION_MAX_AGE_SECONDS, sessionCookie } from "./cookies.server";
import { randomToken, sha256Hex } from "./tokens.server";

// Sessions live in D1; the cookie holds only a random token, and D1 keeps only its hash.

export async function createSession(app: AppContext, request: Request, userId: string): Promise<string> {
  const token = randomToken();
  await app.db.insert(sessions).values({
    id: await sha256Hex(token),
    userId,
    createdAt: app.now,
    expiresAt: app.now + SESSION_MAX_AGE_SECONDS * 1000,
  });
  return sessionCookie(request, app.config.SESSION_SECRET).serialize(token);
}

async function readToken(app: AppContext, request: Request): Promise<string | null> {
  let value: unknown;
  try {
    value = await sessionCookie(request, app.config.SESSION_SECRET).parse(request.headers.get("Cookie"));
  } catch {
    // Remix's unsign() calls atob() on the signature part and throws on a malformed cookie (tampered,
    // truncated, another app's `__session` on localhost). That caller is simply signed out, not a 500.
    return null;
  }
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * The user's active budget and role, read in the same query as the session (one D1 round trip for the
 * two things nearly every request needs). Keyed by the user row object, so it lives as long as the request.
 */
const prefetchedAccess = new WeakMap<UserRow, { budget: BudgetRow; role: "owner" | "member" }>();

export function takePrefetchedAccess(user: UserRow): { budget: BudgetRow; role: "owner" | "member" } | undefined {
  return prefetchedAccess.get(user);
}

/**
 * One session lookup per page view. Remix gives each loader of a request its own Request object, but the
 * same load context, so lookups are shared per AppContext and cookie. Only reads share: after a POST's
 * action changed the session or the active budget, its loaders must see the change.
 */
const sessionLookups = new WeakMap<AppContext, Map<string, Promise<UserRow | null>>>();

function lookupsOf(app: AppContext, request: Request): { map: Map<string, Promise<UserRow | null>>; key: string } | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  let map = sessionLookups.get(app);
  if (!map) {
    map = new Map();
    sessionLookups.set(app, map);
  }
  return { map, key: request.headers.get("Cookie") ?? "" };
}

/** The signed-in, active user, or null. Suspended users' sessions stop working at once. */
export function getSessionUser(app: AppContext, request: Request): Promise<UserRow | null> {
  const shared = lookupsOf(app, request);
  const known = shared?.map.get(shared.key);
  if (known) return known;
  const lookup = lookupSessionUser(app, request);
  shared?.map.set(shared.key, lookup);
  return lookup;
}

/**
 * Lets a loader that reads the session together with more (the app shell's badges, in one D1 batch)
 * answer every other loader's `getSessionUser` of this page view. Call it before the first await.
 */
export function shareSessionLookup(app: AppContext, request: Request, lookup: Promise<UserRow | null>): void {
  const shared = lookupsOf(app, request);
  if (shared && !shared.map.has(shared.key)) shared.map.set(shared.key, lookup);
}

async function lookupSessionUser(app: AppContext, request: Request): Promise<UserRow | null> {
  const hash = await sessionHashOf(app, request);
  if (!hash) return null;
  return acceptSessionRow((await sessionRowQuery(app, hash))[0]);
}

/** D1's key for the session this request carries (SHA-256 of the cookie's token), or null. */
export async function sessionHashOf(app: AppContext, request: Request): Promise<string | null> {
  const token = await readToken(app, request);
  return token ? sha256Hex(token) : null;
}

/** The session's user with their active budget and role; a query, so callers can batch more with it. */
export function sessionRowQuery(app: AppContext, hash: string) {
  return app.db
    .select({ user: users, budget: budgets, role: budgetMembers.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(budgetMembers, and(eq(budgetMembers.userId, users.id), eq(budgetMembers.budgetId, users.activeBudgetId)))
    .leftJoin(budgets, eq(budgets.id, budgetMembers.budgetId))
    .where(and(eq(sessions.id, hash), gt(sessions.expiresAt, app.now)))
    .limit(1);
}

/**
 * The same lookup as two queries whose columns have distinct names, for use inside a D1 batch: batch
 * results come back as objects keyed by column name, so a join whose tables share names (id,
 * created_at, …) would be mapped wrongly there. (Outside a batch drizzle reads rows as arrays.)
 */
export function sessionBatchQueries(app: AppContext, hash: string) {
  const valid = and(eq(sessions.id, hash), gt(sessions.expiresAt, app.now));
  return [
    app.db.select({ user: users }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(valid).limit(1),
    app.db
      .select({ budget: budgets, role: budgetMembers.role })
      .from(budgetMembers)
      .innerJoin(budgets, eq(budgets.id, budgetMembers.budgetId))
      .where(and(eq(budgetMembers.budgetId, activeBudgetIdOf(app, hash)), eq(budgetMembers.userId, sql`(SELECT ${sessions.userId} FROM ${sessions} WHERE ${valid})`)))
      .limit(1),
  ] as const;
}

/** The user and membership rows of `sessionBatchQueries`, accepted as `acceptSessionRow` does. */
export function acceptBatchedSession(
  userRows: { user: UserRow }[],
  membershipRows: { budget: BudgetRow; role: "owner" | "member" }[],
): UserRow | null {
  const first = userRows[0];
  return acceptSessionRow(first ? { user: first.user, budget: membershipRows[0]?.budget ?? null, role: membershipRows[0]?.role ?? null } : undefined);
}

/** SQL for "this session's user id", for queries batched alongside the session lookup. */
export function sessionUserIdOf(app: AppContext, hash: string): SQL {
  return sql`(SELECT ${sessions.userId} FROM ${sessions} WHERE ${sessions.id} = ${hash} AND ${sessions.expiresAt} > ${app.now})`;
}

/** SQL for "this session's active budget id", for queries batched alongside the session lookup. */
export function activeBudgetIdOf(app: AppContext, hash: string): SQL {
  return sql`(SELECT ${users.activeBudgetId} FROM ${sessions} INNER JOIN ${users} ON ${users.id} = ${sessions.userId} WHERE ${sessions.id} = ${hash} AND ${sessions.expiresAt} > ${app.now})`;
}

type SessionRow = Awaited<ReturnType<typeof sessionRowQuery>>[number];

/** A session row becomes a signed-in user only if the account is active. */
export function acceptSessionRow(row: SessionRow | undefined): UserRow | null {
  const user = row?.user ?? null;
  if (!user || user.accountStatus === "suspended") return null;
  if (row?.budget && row.role) prefetchedAccess.set(user, { budget: row.budget, role: row.role });
  return user;
}

/** Deletes the session this request carries, if any (sign-out, or a new sign-in replacing it). */
export async function revokeCurrentSession(app: AppContext, request: Request): Promise<void> {
  sessionLookups.get(app)?.clear();
  const token = await readToken(app, request);
  if (token) await app.db.delete(sessions).where(eq(sessions.id, await sha256Hex(token)));
}

export async function destroySession(app: AppContext, request: Request): Promise<string> {
  await revokeCurrentSession(app, request);
  return sessionCookie(request, app.config.SESSION_SECRET).serialize("", { maxAge: 0, expires: new Date(0) });
}

export function unauthorized(): Response {
  return Response.json({ message: "Unauthorized" }, { status: 401 });
}

/** For JSON endpoints: the user or a thrown 401. */
export async function requireApiUser(app: AppContext, request: Request): Promise<UserRow> {
  const user = await getSessionUser(app, request);
  if (!user) throw unauthorized();
  return user;
}

/** For pages: the user, or a redirect to sign-in that brings them back here afterwards. */
export async function requirePageUser(app: AppContext, request: Request): Promise<UserRow> {
  const user = await getSessionUser(app, request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/api/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}
