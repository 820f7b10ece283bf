import { and, count, countDistinct, eq } from "drizzle-orm";
import type { AppContext } from "./context.server";
import type { Db } from "./db/client.server";
import { supportMessages } from "./db/schema";

/** Replies from the support team this user has not read. */
export function unreadAdminMessagesQuery(db: Db, userId: string) {
  return db
    .select({ n: count() })
    .from(supportMessages)
    .where(and(eq(supportMessages.userId, userId), eq(supportMessages.sender, "admin"), eq(supportMessages.status, "unread")));
}

/** For admins: users whose messages to support are still unread. */
export function unreadThreadsQuery(db: Db) {
  return db
    .select({ n: countDistinct(supportMessages.userId) })
    .from(supportMessages)
    .where(and(eq(supportMessages.sender, "user"), eq(supportMessages.status, "unread")));
}

export async function unreadAdminMessageCount(app: AppContext, userId: string): Promise<number> {
  const [row] = await unreadAdminMessagesQuery(app.db, userId);
  return row?.n ?? 0;
}

export async function unreadThreadCount(app: AppContext): Promise<number> {
  const [row] = await unreadThreadsQuery(app.db);
  return row?.n ?? 0;
}
