import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { redirect } from "@remix-run/cloudflare";
import type { AppContext } from "../context.server";
import { budgetMembers, budgets, sessions, users, type BudgetRow, type UserRow } from "../db/schema";
import { setFlash } from "../flash.server";
import { SESSION_MAX_AGE_SECONDS, sessionCookie } from "./cookies.server";
import { randomToken, sha256Hex } from "./tokens.server";
import { canSignIn } from "~/domain/account";

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
 *
 * A lookup is one D1 batch, and other loaders of the page view can add their queries to it
 * (`rideWithSessionLookup`) until it goes out: a page then costs one D1 round trip, not two in a row.
 */
interface SharedLookup {
  user: Promise<UserRow | null>;
  /** Queries waiting to go out with the lookup; null once its batch was built. */
  riders: Rider[] | null;
}

/** Queries sent in a session lookup's batch on behalf of another loader. */
interface Rider {
  build(hash: string): readonly BatchItem<"sqlite">[];
  /** Their rows, with the user the same batch accepted (or null: no session, refused, or failed). */
  settle(rows: unknown[] | null, user: UserRow | null): void;
  /** `build` threw: its own loader gets the error; the batch goes out without it. */
  fail(error: unknown): void;
}

const sessionLookups = new WeakMap<AppContext, Map<string, SharedLookup>>();

function lookupsOf(app: AppContext, request: Request): { map: Map<string, SharedLookup>; key: string } | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  let map = sessionLookups.get(app);
  if (!map) {
    map = new Map();
    sessionLookups.set(app, map);
  }
  return { map, key: request.headers.get("Cookie") ?? "" };
}

/**
 * Starts this page view's session lookup with `run`, or joins the one already started (then `run` is not
 * called). `run` must call `takeRiders` once, after its first await and right before it builds its batch,
 * and settle every rider it took (`batchWithRiders` does both).
 */
function sessionLookup(app: AppContext, request: Request, run: (takeRiders: () => Rider[]) => Promise<UserRow | null>): Promise<UserRow | null> {
  const shared = lookupsOf(app, request);
  const known = shared?.map.get(shared.key);
  if (known) return known.user;
  const entry: SharedLookup = { user: Promise.resolve(null), riders: [] };
  const taken: Rider[] = [];
  const takeRiders = () => {
    const riders = entry.riders ?? [];
    entry.riders = null;
    taken.push(...riders);
    return riders;
  };
  // Registered before `run` can reach its first await, so loaders started after this one join it.
  shared?.map.set(shared.key, entry);
  // However `run` fails (before or after taking the riders), every rider is settled and the rider list
  // closed: a loader waiting on its ridden rows must never wait forever. (Settling twice is a no-op.)
  entry.user = run(takeRiders).catch((error: unknown) => {
    settleRiders([...taken, ...takeRiders()], null);
    throw error;
  });
  return entry.user;
}

/** The signed-in, active user, or null. Suspended users' sessions stop working at once. */
export function getSessionUser(app: AppContext, request: Request): Promise<UserRow | null> {
  return sessionLookup(app, request, (takeRiders) => runLookup(app, request, takeRiders, () => [], () => {}));
}

/**
 * Starts (or joins) this page view's session lookup as one batch: the session queries, then `more(hash)`
 * (what the caller reads with the session; `onRows` gets their rows), then the riders' queries. Resolves
 * to the user; `onRows` is not called if another loader's lookup was joined, or without a session.
 */
export function sessionLookupWith(app: AppContext, request: Request, more: (hash: string) => BatchItem<"sqlite">[], onRows: (rows: unknown[]) => void): Promise<UserRow | null> {
  return sessionLookup(app, request, (takeRiders) => runLookup(app, request, takeRiders, more, onRows));
}

async function runLookup(app: AppContext, request: Request, takeRiders: () => Rider[], more: (hash: string) => BatchItem<"sqlite">[], onRows: (rows: unknown[]) => void): Promise<UserRow | null> {
  const hash = await sessionHashOf(app, request);
  const riders = takeRiders();
  if (!hash) return settleRiders(riders, null);
  const extra = more(hash);
  // Alone, the lookup is one query (a join); in a batch it is two, as batch rows are keyed by column name.
  if (riders.length === 0 && extra.length === 0) return acceptSessionRow((await sessionRowQuery(app, hash))[0]);
  const { rows, user } = await batchWithRiders(app, hash, [...sessionBatchQueries(app, hash), ...extra], riders, ([u, m]) =>
    acceptBatchedSession(u as { user: UserRow }[], m as { budget: BudgetRow; role: "owner" | "member" }[]),
  );
  onRows(rows.slice(2));
  return user;
}

function settleRiders(riders: Rider[], user: UserRow | null): null {
  for (const rider of riders) rider.settle(null, user);
  return null;
}

/**
 * One D1 batch: `head` (the session lookup and whatever its caller reads with it), then each rider's
 * queries. Riders get their rows with the user `accept` makes of the head's rows; on a failure they get
 * nothing (their loaders fail with the lookup anyway) and the error goes to the caller. A rider whose
 * `build` throws is that rider's own failure: its loader gets the error, the batch goes out without it.
 */
async function batchWithRiders(
  app: AppContext,
  hash: string,
  head: BatchItem<"sqlite">[],
  riders: Rider[],
  accept: (headRows: unknown[]) => UserRow | null,
): Promise<{ rows: unknown[]; user: UserRow | null }> {
  const aboard: { rider: Rider; items: readonly BatchItem<"sqlite">[] }[] = [];
  for (const rider of riders) {
    try {
      aboard.push({ rider, items: rider.build(hash) });
    } catch (error) {
      rider.fail(error);
    }
  }
  const rows = await app.db.batch([...head, ...aboard.flatMap((a) => a.items)] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const headRows = rows.slice(0, head.length);
  const user = accept(headRows);
  let at = head.length;
  for (const { rider, items } of aboard) {
    rider.settle(rows.slice(at, at + items.length), user);
    at += items.length;
  }
  return { rows: headRows, user };
}

/**
 * Sends `build`'s queries in the same D1 batch as this page view's session lookup, so a page costs one
 * round trip. Call it before the loader's first await (the lookup goes out after hashing the cookie).
 * The queries must find their budget through `memberBudgetIdOf(app, hash)`. Resolves to their rows and
 * the active budget they were aimed at, or to null when they could not ride (not a GET, the batch already
 * went out, no session): the caller then queries as usual, once it knows the user's budget. The caller
 * uses the rows only if that budget is the one `requireBudget` gave it.
 */
export function rideWithSessionLookup<T extends readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>(
  app: AppContext,
  request: Request,
  build: (hash: string) => T,
): Promise<Ridden<BatchResponse<T>> | null> {
  const shared = lookupsOf(app, request);
  if (!shared) return Promise.resolve(null);
  // No lookup yet (a client navigation runs this page's loader alone): start the plain one to ride on.
  if (!shared.map.has(shared.key)) void getSessionUser(app, request).catch(() => null);
  const entry = shared.map.get(shared.key);
  if (!entry?.riders) return Promise.resolve(null);
  const riders = entry.riders;
  const ridden = new Promise<Ridden<BatchResponse<T>> | null>((resolve, reject) => {
    riders.push({
      build,
      settle: (rows, user) => resolve(rows && user ? { rows: rows as BatchResponse<T>, budgetId: user.activeBudgetId } : null),
      fail: reject,
    });
  });
  // The caller awaits this only after its own session check: a `build` that threw rejects it before that,
  // and should not be reported as an unhandled rejection meanwhile. The caller still gets the error.
  ridden.catch(() => {});
  return ridden;
}

/** Rows that rode with a session lookup, and the active budget they were aimed at. */
export interface Ridden<Rows> {
  rows: Rows;
  budgetId: string | null;
}

/** The ridden rows if they are for `budgetId` (the budget `requireBudget` gave), else null: query anew. */
export function riddenRowsFor<Rows>(ridden: Ridden<Rows> | null | undefined, budgetId: string): Rows | null {
  return ridden && ridden.budgetId === budgetId ? ridden.rows : null;
}

/**
 * Rows of queries scoped to the signed-in user alone (`sessionUserIdOf`), when they rode with the lookup:
 * they are that session's user's whatever their active budget, so no budget check applies.
 */
export function riddenUserRows<Rows>(ridden: Ridden<Rows> | null | undefined): Rows | null {
  return ridden ? ridden.rows : null;
}

/**
 * Session keys of Cookie headers seen lately in this isolate. Checking the cookie's signature (importing the
 * HMAC key, verifying) and hashing its token is the same work for the same header every time, and every signed-in
 * request needs it. Keyed by the secret and the whole header; holds only what D1 is asked with, so the session
 * row (expiry, revocation, the account's state) is still read on every request. Bounded, oldest out first.
 */
const sessionHashes = new Map<string, string>();
const SESSION_HASHES_KEPT = 500;

/** D1's key for the session this request carries (SHA-256 of the cookie's token), or null. */
export async function sessionHashOf(app: AppContext, request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const key = `${app.config.SESSION_SECRET}\n${header}`;
  const known = sessionHashes.get(key);
  if (known) return known;
  const token = await readToken(app, request);
  if (!token) return null;
  const hash = await sha256Hex(token);
  if (sessionHashes.size >= SESSION_HASHES_KEPT) sessionHashes.delete(sessionHashes.keys().next().value!);
  sessionHashes.set(key, hash);
  return hash;
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

/**
 * SQL for "this session's active budget id, if its user is still a member of it" (else NULL): what
 * queries batched alongside the session lookup aim at, so they read nothing of a budget the user left.
 */
export function memberBudgetIdOf(app: AppContext, hash: string): SQL {
  return sql`(SELECT ${budgetMembers.budgetId} FROM ${sessions} INNER JOIN ${users} ON ${users.id} = ${sessions.userId} INNER JOIN ${budgetMembers} ON ${budgetMembers.userId} = ${users.id} AND ${budgetMembers.budgetId} = ${users.activeBudgetId} WHERE ${sessions.id} = ${hash} AND ${sessions.expiresAt} > ${app.now})`;
}

type SessionRow = Awaited<ReturnType<typeof sessionRowQuery>>[number];

/** A session row becomes a signed-in user only if the account is active (not suspended, not pending). */
export function acceptSessionRow(row: SessionRow | undefined): UserRow | null {
  const user = row?.user ?? null;
  if (!user || !canSignIn(user.accountStatus)) return null;
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
/** Spec part 1 §8 "Unauthorized": what a signed-out visit to a signed-in page says on the sign-in page. */
export const SIGNED_OUT_FLASH = { title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" } as const;

/**
 * A signed-out request for a signed-in page: to sign-in at once (better without JavaScript than the
 * spec's 500 ms wait), coming back here afterwards; the sign-in page shows the Unauthorized toast.
 */
export async function signInRedirect(app: AppContext, request: Request): Promise<Response> {
  const url = new URL(request.url);
  return redirect(`/api/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`, {
    headers: { "Set-Cookie": await setFlash(request, app.config.SESSION_SECRET, SIGNED_OUT_FLASH) },
  });
}

export async function requirePageUser(app: AppContext, request: Request): Promise<UserRow> {
  const user = await getSessionUser(app, request);
  if (!user) throw await signInRedirect(app, request);
  return user;
}

/**
 * A JSON read's rows: the ones that rode with the session lookup when they were aimed at `budgetId` (the
 * budget `requireBudget` gave), else `fresh()` (a second round trip, only when they could not ride).
 */
export async function riddenOr<Rows>(ridden: Promise<Ridden<Rows> | null>, budgetId: string, fresh: () => Promise<Rows>): Promise<Rows> {
  return riddenRowsFor(await ridden, budgetId) ?? (await fresh());
}

/** As `riddenOr`, for queries scoped to the session's user alone (`sessionUserIdOf`) or to nobody. */
export async function riddenUserRowsOr<Rows>(ridden: Promise<Ridden<Rows> | null>, fresh: () => Promise<Rows>): Promise<Rows> {
  return riddenUserRows(await ridden) ?? (await fresh());
}
