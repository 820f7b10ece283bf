import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { isOnboardingStep, type OnboardingStep } from "~/domain/assistant";
import { MAX_MESSAGE_CHARS } from "~/domain/chat-schema";
import { jsonError } from "../api.server";
import type { AppContext } from "../context.server";
import { conversations, lineItems, messages } from "../db/schema";
import { pendingOf, type PendingQuestion } from "./pending.server";

// Conversations and messages belong to one user and one budget. They are the user's own chat, not budget
// data, so they are written here directly; anything that changes the budget goes through BudgetRoom.

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type MessageType = MessageRow["messageType"];

export interface ConversationState {
  /** The onboarding question being asked (phase onboarding only). */
  step?: OnboardingStep;
  /** The expenses the user's last logging message created: what "undo" and "actually…" act on. */
  lastExpenseIds?: string[];
  /** The question the assistant asked and is waiting on (quick replies); at most one at a time. */
  pending?: PendingQuestion;
}

export function stateOf(row: ConversationRow): ConversationState {
  const raw = (row.state ?? {}) as Record<string, unknown>;
  const state: ConversationState = {};
  if (isOnboardingStep(raw.step)) state.step = raw.step;
  // All a message can log ("1,1,…": at most one per 2 characters), so "undo" removes every one of them.
  if (Array.isArray(raw.lastExpenseIds)) state.lastExpenseIds = raw.lastExpenseIds.filter((x): x is string => typeof x === "string").slice(0, MAX_MESSAGE_CHARS / 2);
  const pending = pendingOf(raw.pending);
  if (pending) state.pending = pending;
  return state;
}

export function toApiConversation(row: ConversationRow) {
  return { id: row.id, phase: row.phase, createdAt: new Date(row.createdAt).toISOString(), updatedAt: new Date(row.updatedAt).toISOString() };
}
export type ApiConversation = ReturnType<typeof toApiConversation>;

export function toApiMessage(row: MessageRow) {
  return {
    id: row.id,
    sender: row.sender,
    content: row.content,
    messageType: row.messageType,
    createdAt: new Date(row.createdAt).toISOString(),
    metadata: row.metadata ?? null,
  };
}
export type ApiMessage = ReturnType<typeof toApiMessage>;

/** The user's newest conversation in this budget, or null. */
export async function currentConversation(app: AppContext, userId: string, budgetId: string, ridden?: ConversationRow[] | null): Promise<ConversationRow | null> {
  const rows = ridden ?? (await currentConversationQuery(app, userId, budgetId));
  return rows[0] ?? null;
}

/** The user's newest conversation in the budget (ids, or SQL to ride with the session lookup). */
export function currentConversationQuery(app: AppContext, userId: string | SQL, budgetId: string | SQL) {
  return app.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.budgetId, budgetId)))
    .orderBy(desc(conversations.createdAt), desc(sql`rowid`))
    .limit(1);
}

/** A new conversation; it starts in onboarding only while the budget has no income lines. */
export async function createConversation(app: AppContext, userId: string, budgetId: string): Promise<ConversationRow> {
  const income = await app.db
    .select({ id: lineItems.id })
    .from(lineItems)
    .where(and(eq(lineItems.budgetId, budgetId), eq(lineItems.kind, "income")))
    .limit(1);
  const onboarding = income.length === 0;
  const row: ConversationRow = {
    id: crypto.randomUUID(),
    userId,
    budgetId,
    phase: onboarding ? "onboarding" : "active",
    state: onboarding ? { step: "income" } : {},
    createdAt: app.now,
    updatedAt: app.now,
  };
  await app.db.insert(conversations).values(row);
  return row;
}

/** The current conversation, created when there is none (the page's automatic start, and no-JS posts). */
export async function ensureConversation(app: AppContext, userId: string, budgetId: string): Promise<ConversationRow> {
  return (await currentConversation(app, userId, budgetId)) ?? (await createConversation(app, userId, budgetId));
}

/** The conversation if it is this user's in this budget; anyone else's is a 404, never a 403 that confirms it exists. */
export async function requireOwnConversation(app: AppContext, userId: string, budgetId: string, conversationId: string, ridden?: ConversationRow[] | null): Promise<ConversationRow> {
  const rows = ridden ?? (await ownConversationQuery(app, userId, budgetId, conversationId));
  if (!rows[0]) throw jsonError(404, "Conversation not found.");
  return rows[0];
}

/** The conversation if it is the user's in the budget (ids, or SQL to ride with the session lookup). */
export function ownConversationQuery(app: AppContext, userId: string | SQL, budgetId: string | SQL, conversationId: string) {
  return app.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId), eq(conversations.budgetId, budgetId)))
    .limit(1);
}

export async function listMessages(app: AppContext, conversationId: string, limit = 500, ridden?: MessageRow[] | null): Promise<MessageRow[]> {
  // The newest `limit`, oldest first.
  const rows = ridden ?? (await messagesQuery(app, eq(messages.conversationId, conversationId), limit));
  return [...rows].reverse();
}

/**
 * The newest `limit` messages matching `where`, newest first. To ride with the session lookup before the
 * conversation is known to be the caller's, `where` scopes them to it in SQL (see api.messages).
 */
export function messagesQuery(app: AppContext, where: SQL | undefined, limit = 500) {
  return app.db
    .select()
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(sql`rowid`))
    .limit(limit);
}

export interface NewMessage {
  sender: "user" | "bot";
  content: string;
  messageType?: MessageType;
  metadata?: Record<string, unknown> | null;
}

/** Rows for new messages, each a millisecond apart so their order survives equal clocks. */
export function messageRows(conversationId: string, items: NewMessage[], now: number): MessageRow[] {
  return items.map((m, i) => ({
    id: crypto.randomUUID(),
    conversationId,
    sender: m.sender,
    content: m.content,
    messageType: m.messageType ?? "text",
    metadata: m.metadata ?? null,
    createdAt: now + i,
  }));
}


/** The conversation's messages, scoped in SQL to the caller's own conversation in the budget (for riding). */
export function ownMessagesQuery(app: AppContext, userId: SQL, budgetId: SQL, conversationId: string, limit = 500) {
  const own = app.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId), eq(conversations.budgetId, budgetId)));
  return messagesQuery(app, inArray(messages.conversationId, own), limit);
}
