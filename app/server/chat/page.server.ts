import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { todayIn } from "~/domain/dates";
import { riddenRowsFor, type Ridden } from "../auth/session.server";
import { shapeSummary, summaryQueries, type BudgetAccess } from "../budget.server";
import type { AppContext } from "../context.server";
import { conversations, messages, type UserRow } from "../db/schema";
import { ONBOARDING_FALLBACK, worded } from "~/domain/assistant";
import { smartOnboardingMessage, smartWelcome } from "./api.server";
import { toApiConversation, toApiMessage } from "./conversations.server";
import { logError } from "../log.server";

// Everything the chat screen renders on the server, so it works (and is complete) without JavaScript.
// The budget summary, the current conversation and its newest messages come in one D1 round trip.

/** Messages the page shows at first; GET /api/messages has the longer history. */
export const PAGE_MESSAGES = 60;

/**
 * The chat page's queries, one D1 batch: the budget summary, the user's current conversation in the
 * budget and its newest messages. `user` and `budget` are ids, or SQL naming them (the session's user
 * and active budget, to ride with the session lookup).
 */
export function chatPageQueries(app: AppContext, user: string | SQL, budget: string | SQL) {
  const mine = and(eq(conversations.userId, user), eq(conversations.budgetId, budget));
  const current = app.db.select().from(conversations).where(mine).orderBy(desc(conversations.createdAt), desc(sql`rowid`)).limit(1);
  const currentId = sql`(SELECT ${conversations.id} FROM ${conversations} WHERE ${mine} ORDER BY ${conversations.createdAt} DESC, rowid DESC LIMIT 1)`;
  const recent = app.db.select().from(messages).where(eq(messages.conversationId, currentId)).orderBy(desc(messages.createdAt), desc(sql`rowid`)).limit(PAGE_MESSAGES);
  const [a, b, c] = summaryQueries(app, typeof budget === "string" ? sql`${budget}` : budget);
  return [a, b, c, current, recent] as const;
}

type ChatPageRows = BatchResponse<ReturnType<typeof chatPageQueries>>;

/** What builds the page's two generated messages; a test passes one that throws to prove the page survives. */
export interface ChatPageBuilders {
  welcome: typeof smartWelcome;
  onboarding: typeof smartOnboardingMessage;
}

const REAL_BUILDERS: ChatPageBuilders = { welcome: smartWelcome, onboarding: smartOnboardingMessage };

/** The chat page: the rows that rode with the session lookup when they are for this budget, else a batch. */
export async function loadChatPage(
  app: AppContext,
  user: UserRow,
  access: BudgetAccess,
  ridden?: Ridden<ChatPageRows> | null,
  builders: ChatPageBuilders = REAL_BUILDERS,
) {
  const [lines, spent, members, convRows, messageRows] =
    riddenRowsFor(ridden, access.budget.id) ?? (await app.db.batch(chatPageQueries(app, user.id, access.budget.id)));
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
      // Spec part 1 §9: neither generated message may take the chat down. Onboarding falls back to the
      // fixed message that continues with utilities; a failed welcome keeps the loading text (welcomeFailed).
      onboardingMessage: onboarding
        ? await builders.onboarding(app, caller, conversation, list.length > 0).catch((error: unknown) => {
            logError("Failed to generate onboarding message", error instanceof Error ? error.message : error);
            return worded(ONBOARDING_FALLBACK, user.languagePreference);
          })
        : null,
      ...(await welcomeOf(conversation && !onboarding && list.length === 0 ? () => builders.welcome(app, caller) : null)),
      timeZone: access.budget.timeZone,
      now: app.now,
    },
  };
}

async function welcomeOf(build: (() => Promise<string>) | null): Promise<{ welcomeMessage: string | null; welcomeFailed: boolean }> {
  if (!build) return { welcomeMessage: null, welcomeFailed: false };
  try {
    return { welcomeMessage: await build(), welcomeFailed: false };
  } catch (error) {
    logError("Failed to generate welcome message", error instanceof Error ? error.message : error);
    return { welcomeMessage: null, welcomeFailed: true };
  }
}
