import { and, desc, eq, sql } from "drizzle-orm";
import { isOnboardingStep, type OnboardingStep } from "~/domain/assistant";
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
  if (Array.isArray(raw.lastExpenseIds)) state.lastExpenseIds = raw.lastExpenseIds.filter((x): x is string => typeof x === "string").slice(0, 20);
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
export async function currentConversation(app: AppContext, userId: string, budgetId: string): Promise<ConversationRow | null> {
  const rows = await app.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.budgetId, budgetId)))
    .orderBy(desc(conversations.createdAt), desc(sql`rowid`))
    .limit(1);
  return rows[0] ?? null;
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
export async function requireOwnConversation(app: AppContext, userId: string, budgetId: string, conversationId: string): Promise<ConversationRow> {
  const rows = await app.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId), eq(conversations.budgetId, budgetId)))
    .limit(1);
  if (!rows[0]) throw jsonError(404, "Conversation not found.");
  return rows[0];
}

export async function listMessages(app: AppContext, conversationId: string, limit = 500): Promise<MessageRow[]> {
  // The newest `limit`, oldest first.
  const rows = await app.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.createdAt), desc(sql`rowid`))
    .limit(limit);
  return rows.reverse();
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

