import { and, eq, gt, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { sessionLookupWith, sessionUserIdOf, unauthorized, type Ridden } from "./auth/session.server";
import type { AppContext } from "./context.server";
import { conversations, messages, supportMessages, uploads, type UserRow } from "./db/schema";

// Per-user limits on what one account can make the app do (issue 18 #10: 250 chat messages in 8 s, 100
// urgent support messages, 20 uploads kept for 30 days). Counted from the rows those actions write, so
// there is no counter to keep in step; each limit is far above what a real family does, and checked
// before the work starts.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Window {
  max: number;
  ms: number;
}

export type LimitedAction = "message" | "conversation" | "support" | "upload";

export const USER_LIMITS: Record<LimitedAction, { short: Window; long: Window; message: string }> = {
  // An offline queue flushing at once stays well inside 60 a minute.
  message: { short: { max: 60, ms: MINUTE }, long: { max: 2_000, ms: DAY }, message: "You're sending messages faster than anyone types. Wait a minute and try again." },
  conversation: { short: { max: 20, ms: HOUR }, long: { max: 100, ms: DAY }, message: "Too many new conversations in a short time. Wait a while and try again." },
  support: { short: { max: 5, ms: HOUR }, long: { max: 20, ms: DAY }, message: "You've sent support several messages already. We'll answer them; write again in an hour." },
  upload: { short: { max: 10, ms: HOUR }, long: { max: 30, ms: DAY }, message: "You've uploaded many statements lately. Wait a while before uploading more." },
};

/** The user's recent rows for the action: how many since the short window and since the long one began. */
function recentCount(app: AppContext, userId: string | SQL, action: LimitedAction, shortSince: number, longSince: number) {
  const counts = (createdAt: SQLWrapper) => ({
    short: sql<number>`coalesce(sum(${createdAt} > ${shortSince}), 0)`,
    long: sql<number>`count(*)`,
  });
  switch (action) {
    case "message":
      return app.db
        .select(counts(messages.createdAt))
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(and(eq(conversations.userId, userId), eq(messages.sender, "user"), gt(messages.createdAt, longSince)));
    case "conversation":
      return app.db.select(counts(conversations.createdAt)).from(conversations).where(and(eq(conversations.userId, userId), gt(conversations.createdAt, longSince)));
    case "support":
      return app.db
        .select(counts(supportMessages.createdAt))
        .from(supportMessages)
        .where(and(eq(supportMessages.userId, userId), eq(supportMessages.sender, "user"), gt(supportMessages.createdAt, longSince)));
    case "upload":
      return app.db.select(counts(uploads.createdAt)).from(uploads).where(and(eq(uploads.userId, userId), gt(uploads.createdAt, longSince)));
  }
}

/** null when the user may go on; else the 429's message and how many seconds to wait. */
export async function userRateLimit(app: AppContext, userId: string, action: LimitedAction): Promise<{ message: string; retryAfter: number } | null> {
  const limit = USER_LIMITS[action];
  return verdict(limit, (await recentCount(app, userId, action, app.now - limit.short.ms, app.now - limit.long.ms))[0], app.config.USER_LIMIT_SCALE);
}

type Counted = { short: number; long: number } | undefined;

function verdict(limit: (typeof USER_LIMITS)[LimitedAction], row: Counted, scale: number): { message: string; retryAfter: number } | null {
  const short = Number(row?.short ?? 0);
  const long = Number(row?.long ?? 0);
  if (long >= limit.long.max * scale) return { message: limit.message, retryAfter: Math.ceil(limit.long.ms / 1000) };
  if (short >= limit.short.max * scale) return { message: limit.message, retryAfter: Math.ceil(limit.short.ms / 1000) };
  return null;
}

/** The JSON API's answer: 429 with the message and Retry-After. */
export async function rateLimitedResponse(app: AppContext, userId: string, action: LimitedAction): Promise<Response | null> {
  return tooMany(await userRateLimit(app, userId, action));
}

function tooMany(limited: { message: string; retryAfter: number } | null): Response | null {
  if (!limited) return null;
  return Response.json({ message: limited.message }, { status: 429, headers: { "Retry-After": String(limited.retryAfter) } });
}

/**
 * A limited JSON write's first step in one D1 round trip: the signed-in user (or a thrown 401) and the
 * limit's 429 (or null), the count riding in the session lookup's batch (issue 24). `ride(hash)` adds the
 * write's own reads to that batch (aimed at the session's budget with `memberBudgetIdOf`, its user with
 * `sessionUserIdOf`); their rows come back as `ridden` (use them through `riddenRowsFor`), null when they
 * could not ride (a page view's lookup was joined).
 */
export async function requireApiUserWithinLimit<T extends readonly BatchItem<"sqlite">[] = []>(
  app: AppContext,
  request: Request,
  action: LimitedAction,
  ride?: (hash: string) => T,
): Promise<{ user: UserRow; limited: Response | null; ridden: Ridden<BatchResponse<T>> | null }> {
  const limit = USER_LIMITS[action];
  const shortSince = app.now - limit.short.ms;
  const longSince = app.now - limit.long.ms;
  let counted: Counted[] | null = null;
  let rode: unknown[] | null = null;
  const user = await sessionLookupWith(
    app,
    request,
    (hash) => [recentCount(app, sessionUserIdOf(app, hash), action, shortSince, longSince), ...(ride ? ride(hash) : [])],
    (rows) => {
      counted = rows[0] as Counted[];
      rode = rows.slice(1);
    },
  );
  if (!user) throw unauthorized();
  // A page view's lookup was joined (a GET): count on its own.
  const rows: Counted[] = counted ?? (await recentCount(app, user.id, action, shortSince, longSince));
  const ridden = rode ? { rows: rode as unknown as BatchResponse<T>, budgetId: user.activeBudgetId } : null;
  return { user, limited: tooMany(verdict(limit, rows[0], app.config.USER_LIMIT_SCALE)), ridden };
}
