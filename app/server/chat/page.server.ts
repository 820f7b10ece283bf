import { and, desc, eq, sql } from "drizzle-orm";
import { todayIn } from "~/domain/dates";
import { shapeSummary, summaryQueries, type BudgetAccess } from "../budget.server";
import type { AppContext } from "../context.server";
import { conversations, messages, type UserRow } from "../db/schema";
import { smartOnboardingMessage, smartWelcome } from "./api.server";
import { toApiConversation, toApiMessage } from "./conversations.server";

// Everything the chat screen renders on the server, so it works (and is complete) without JavaScript.
// The budget summary, the current conversation and its newest messages come in one D1 round trip.

/** Messages the page shows at first; GET /api/messages has the longer history. */
export const PAGE_MESSAGES = 60;

export async function loadChatPage(app: AppContext, user: UserRow, access: BudgetAccess) {
  const current = app.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userId, user.id), eq(conversations.budgetId, access.budget.id)))
    .orderBy(desc(conversations.createdAt), desc(sql`rowid`))
    .limit(1);
  const currentId = sql`(SELECT ${conversations.id} FROM ${conversations} WHERE ${conversations.userId} = ${user.id} AND ${conversations.budgetId} = ${access.budget.id} ORDER BY ${conversations.createdAt} DESC, rowid DESC LIMIT 1)`;
  const recent = app.db.select().from(messages).where(eq(messages.conversationId, currentId)).orderBy(desc(messages.createdAt), desc(sql`rowid`)).limit(PAGE_MESSAGES);
  const [a, b, c] = summaryQueries(app, sql`${access.budget.id}`);
  const [lines, spent, members, convRows, messageRows] = await app.db.batch([a, b, c, current, recent]);
  const budget = shapeSummary(app, access, [lines, spent, members]);
  const conversation = convRows[0] ?? null;
  const list = conversation ? messageRows.filter((m) => m.conversationId === conversation.id).reverse() : [];
  const caller = { user, access, today: todayIn(access.budget.timeZone, app.now) };
  const onboarding = conversation?.phase === "onboarding";
  return {
    budget,
    chat: {
      conversation: conversation ? toApiConversation(conversation) : null,
      messages: list.map(toApiMessage),
      onboardingMessage: onboarding ? await smartOnboardingMessage(app, caller, conversation, list.length > 0) : null,
      welcomeMessage: conversation && !onboarding && list.length === 0 ? await smartWelcome(app, caller) : null,
      timeZone: access.budget.timeZone,
      now: app.now,
    },
  };
}
