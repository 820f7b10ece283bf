import { and, countDistinct, count, eq } from "drizzle-orm";
import type { AppContext } from "./context.server";
import { supportMessages } from "./db/schema";

/** Replies from the support team this user has not read. */
export async function unreadAdminMessageCount(app: AppContext, userId: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(supportMessages)
    .where(and(eq(supportMessages.userId, userId), eq(supportMessages.sender, "admin"), eq(supportMessages.status, "unread")));
  return row?.n ?? 0;
}

/** For admins: users whose latest messages to support are still unread. */
export async function unreadThreadCount(app: AppContext): Promise<number> {
  const [row] = await app.db
    .select({ n: countDistinct(supportMessages.userId) })
    .from(supportMessages)
    .where(and(eq(supportMessages.sender, "user"), eq(supportMessages.status, "unread")));
  return row?.n ?? 0;
}
