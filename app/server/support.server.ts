import { and, asc, count, countDistinct, desc, eq, max, sql, type SQL } from "drizzle-orm";
import type { AdminMessageInput, SupportMessageInput } from "~/domain/support";
import { activityInsert } from "./activity.server";
import type { AppContext } from "./context.server";
import type { Db } from "./db/client.server";
import { supportMessages, users } from "./db/schema";
import type { SupportMessage, SupportThread } from "~/domain/support";

/** Replies from the support team this user has not read. */
export function unreadAdminMessagesQuery(db: Db, userId: string | SQL) {
  return db
    .select({ n: count() })
    .from(supportMessages)
    .where(and(eq(supportMessages.userId, userId), eq(supportMessages.sender, "admin"), eq(supportMessages.status, "unread")));
}

/** For admins: users whose messages to support are still unread. */
export function unreadThreadsQuery(db: Db, onlyIf?: SQL) {
  return db
    .select({ n: countDistinct(supportMessages.userId) })
    .from(supportMessages)
    .where(and(eq(supportMessages.sender, "user"), eq(supportMessages.status, "unread"), onlyIf));
}

export async function unreadAdminMessageCount(app: AppContext, userId: string): Promise<number> {
  const [row] = await unreadAdminMessagesQuery(app.db, userId);
  return row?.n ?? 0;
}

export async function unreadThreadCount(app: AppContext): Promise<number> {
  const [row] = await unreadThreadsQuery(app.db);
  return row?.n ?? 0;
}

export type SupportMessageRow = typeof supportMessages.$inferSelect;

/** The Support message entity (spec part 1 §3). */
export function toSupportMessage(row: SupportMessageRow): SupportMessage {
  return {
    id: row.id,
    sender: row.sender,
    content: row.content,
    createdAt: new Date(row.createdAt).toISOString(),
    status: row.status,
    subject: row.subject,
    priority: row.priority,
    category: row.category,
  };
}


/** One user's conversation with support, oldest first (the order it is read in). */
/** The user's support thread, oldest first (a query: `userId` may be SQL, to ride with the session lookup). */
export function supportMessagesQuery(app: AppContext, userId: string | SQL) {
  return app.db.select().from(supportMessages).where(eq(supportMessages.userId, userId)).orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
}

export async function listSupportMessages(app: AppContext, userId: string, rows?: SupportMessageRow[] | null): Promise<SupportMessage[]> {
  return (rows ?? (await supportMessagesQuery(app, userId))).map(toSupportMessage);
}

export async function sendSupportMessage(app: AppContext, userId: string, input: SupportMessageInput): Promise<SupportMessage> {
  const row: SupportMessageRow = {
    id: crypto.randomUUID(),
    userId,
    sender: "user",
    adminId: null,
    subject: input.subject,
    content: input.content,
    priority: input.priority,
    category: input.category,
    status: "unread",
    createdAt: app.now,
  };
  await app.db.batch([app.db.insert(supportMessages).values(row), activityInsert(app.db, { userId, type: "message", description: `Wrote to support: ${input.subject}`, at: app.now })]);
  return toSupportMessage(row);
}

/** Opening Support & Messages: the support team's replies count as read. */
export async function markAdminRepliesRead(app: AppContext, userId: string): Promise<number> {
  const rows = await app.db
    .update(supportMessages)
    .set({ status: "read" })
    .where(and(eq(supportMessages.userId, userId), eq(supportMessages.sender, "admin"), eq(supportMessages.status, "unread")))
    .returning({ id: supportMessages.id });
  return rows.length;
}

/** A message from an admin to a user (a reply in a thread, or a new message from the Users tab). */
export async function sendAdminMessage(app: AppContext, adminId: string, input: AdminMessageInput): Promise<SupportMessage | null> {
  const [target] = await app.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!target) return null;
  const row: SupportMessageRow = {
    id: crypto.randomUUID(),
    userId: target.id,
    sender: "admin",
    adminId,
    subject: input.subject,
    content: input.content,
    priority: input.priority,
    category: input.category,
    status: "unread",
    createdAt: app.now,
  };
  await app.db.batch([
    app.db.insert(supportMessages).values(row),
    // Answering a thread reads it: the user's messages leave the admins' unread count.
    app.db.update(supportMessages).set({ status: "read" }).where(and(eq(supportMessages.userId, target.id), eq(supportMessages.sender, "user"), eq(supportMessages.status, "unread"))),
    activityInsert(app.db, { userId: adminId, type: "admin", description: `Sent a message to ${target.email}: ${input.subject}`, at: app.now }),
  ]);
  return toSupportMessage(row);
}

/** The subject a reply carries: the thread's latest subject, as "Re: …" once. */
export async function replySubject(app: AppContext, userId: string): Promise<string> {
  const [last] = await app.db
    .select({ subject: supportMessages.subject })
    .from(supportMessages)
    .where(eq(supportMessages.userId, userId))
    .orderBy(desc(supportMessages.createdAt))
    .limit(1);
  const subject = last?.subject ?? "Support";
  return (subject.startsWith("Re: ") ? subject : `Re: ${subject}`).slice(0, 200);
}

/** Admins' Messages tab: one thread per user who wrote or was written to; unread threads first. */
export async function listThreads(app: AppContext, ridden?: ThreadRow[] | null): Promise<SupportThread[]> {
  const rows = ridden ?? (await threadsQuery(app));
  return rows.map((r) => ({
    user: { id: r.userId, email: r.email, firstName: r.firstName, lastName: r.lastName },
    unreadCount: Number(r.unreadCount ?? 0),
    messageCount: r.messageCount,
    lastMessageAt: r.lastMessageAt ? new Date(r.lastMessageAt).toISOString() : null,
  }));
}

type ThreadRow = Awaited<ReturnType<typeof threadsQuery>>[number];

/** Every user's thread, unread first (200 at most); `onlyIf` (e.g. "the viewer is an admin") to ride. */
export function threadsQuery(app: AppContext, onlyIf?: SQL) {
  const unread = sql<number>`sum(case when ${supportMessages.sender} = 'user' and ${supportMessages.status} = 'unread' then 1 else 0 end)`;
  return app.db
    .select({
      userId: supportMessages.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      unreadCount: unread,
      messageCount: count(),
      lastMessageAt: max(supportMessages.createdAt),
    })
    .from(supportMessages)
    .innerJoin(users, eq(users.id, supportMessages.userId))
    .where(onlyIf)
    .groupBy(supportMessages.userId)
    .orderBy(sql`${unread} > 0 DESC`, desc(max(supportMessages.createdAt)))
    .limit(200);
}


/** Admins: the user's messages as read (opening their thread). */
export async function markThreadRead(app: AppContext, userId: string): Promise<number> {
  const rows = await app.db
    .update(supportMessages)
    .set({ status: "read" })
    .where(and(eq(supportMessages.userId, userId), eq(supportMessages.sender, "user"), eq(supportMessages.status, "unread")))
    .returning({ id: supportMessages.id });
  return rows.length;
}
