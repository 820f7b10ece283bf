import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { AppContext } from "./context.server";
import type { Db } from "./db/client.server";
import { activityLog, users } from "./db/schema";
import type { ActivityPage } from "~/domain/activity";

export type ActivityType = (typeof activityLog.$inferInsert)["type"];
export const ACTIVITY_TYPES = ["login", "budget", "expense", "message", "admin", "job"] as const satisfies readonly ActivityType[];

/** One row of the activity log, as a statement so callers can put it in the batch of what it records. */
export function activityInsert(db: Db, entry: { userId: string | null; type: ActivityType; description: string; budgetId?: string | null; at: number }) {
  return db.insert(activityLog).values({
    id: crypto.randomUUID(),
    userId: entry.userId,
    budgetId: entry.budgetId ?? null,
    type: entry.type,
    description: entry.description.slice(0, 500),
    createdAt: entry.at,
  });
}

export async function recordActivity(app: AppContext, entry: { userId: string | null; type: ActivityType; description: string; budgetId?: string | null }): Promise<void> {
  await activityInsert(app.db, { ...entry, at: app.now });
}

export const ACTIVITY_PAGE_SIZE = 25;

export interface ActivityFilter {
  type?: ActivityType;
  userId?: string;
  page: number;
}

/** The admin's Activity Logs: newest first, filtered by type and user, a page at a time. */
export async function listActivity(app: AppContext, filter: ActivityFilter, ridden?: ActivityPageRows | null): Promise<ActivityPage> {
  const [rows, total] = ridden ?? (await app.db.batch(activityPageQueries(app, filter)));
  const totalCount = total[0]?.n ?? 0;
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      description: r.description,
      createdAt: new Date(r.createdAt).toISOString(),
      user: r.userId ? { id: r.userId, email: r.email, firstName: r.firstName, lastName: r.lastName } : null,
    })),
    page: filter.page,
    pageSize: ACTIVITY_PAGE_SIZE,
    total: totalCount,
    pageCount: Math.max(1, Math.ceil(totalCount / ACTIVITY_PAGE_SIZE)),
  };
}

export type ActivityPageRows = BatchResponse<ReturnType<typeof activityPageQueries>>;

/** A page of the log and its count; `onlyIf` (e.g. "the viewer is an admin") to ride with the session lookup. */
export function activityPageQueries(app: AppContext, filter: ActivityFilter, onlyIf?: SQL) {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(activityLog.type, filter.type));
  if (filter.userId) conditions.push(eq(activityLog.userId, filter.userId));
  if (onlyIf) conditions.push(onlyIf);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const offset = (filter.page - 1) * ACTIVITY_PAGE_SIZE;
  return [
    app.db
      .select({
        id: activityLog.id,
        type: activityLog.type,
        description: activityLog.description,
        createdAt: activityLog.createdAt,
        userId: activityLog.userId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(activityLog)
      .leftJoin(users, eq(users.id, activityLog.userId))
      .where(where)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(ACTIVITY_PAGE_SIZE)
      .offset(offset),
    app.db.select({ n: count() }).from(activityLog).where(where),
  ] as const;
}

