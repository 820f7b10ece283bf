import { onboardingIntro, ONBOARDING_FALLBACK, STEP_QUESTIONS, UPLOAD_GUIDE_MARKER, welcomeMessage, worded } from "~/domain/assistant";
import { todayIn } from "~/domain/dates";
import { requireApiUser } from "../auth/session.server";
import { requireBudget, type BudgetAccess } from "../budget.server";
import type { AppContext } from "../context.server";
import type { UserRow } from "../db/schema";
import { currentConversation, listMessages, stateOf, type ConversationRow } from "./conversations.server";
import { loadAnswerData } from "./figures.server";

// What every chat endpoint needs: the signed-in user, their active budget (never an id from the client)
// and today in that budget's time zone.

export interface ChatCaller {
  user: UserRow;
  access: BudgetAccess;
  today: string;
}

export async function requireChatCaller(app: AppContext, request: Request): Promise<ChatCaller> {
  return chatCallerOf(app, await requireApiUser(app, request));
}

/** The chat caller for a user already signed in (their budget came with the session lookup). */
export async function chatCallerOf(app: AppContext, user: UserRow): Promise<ChatCaller> {
  const access = await requireBudget(app, user);
  return { user, access, today: todayIn(access.budget.timeZone, app.now) };
}

/** The message a conversation still in setup shows: the intro with the setup card first, then the current question. */
export async function smartOnboardingMessage(app: AppContext, caller: ChatCaller, conversation: ConversationRow | null, knownHasMessages?: boolean): Promise<string> {
  const state = conversation ? stateOf(conversation) : { step: "income" as const };
  const question = STEP_QUESTIONS[state.step ?? "income"];
  const hasMessages = knownHasMessages ?? (conversation ? (await listMessages(app, conversation.id, 1)).length > 0 : false);
  const text = hasMessages ? question : onboardingIntro(caller.user.firstName, UPLOAD_GUIDE_MARKER, question);
  return worded(text, caller.user.languagePreference);
}

export async function smartOnboarding(app: AppContext, caller: ChatCaller): Promise<string> {
  try {
    return await smartOnboardingMessage(app, caller, await currentConversation(app, caller.user.id, caller.access.budget.id));
  } catch {
    // Spec §8: when the onboarding message cannot be built, continue setup with the utilities question.
    return worded(ONBOARDING_FALLBACK, caller.user.languagePreference);
  }
}

export async function smartWelcome(app: AppContext, caller: ChatCaller): Promise<string> {
  const data = await loadAnswerData(app, caller.access, caller.user.firstName);
  return worded(welcomeMessage(caller.user.firstName, data.figures), caller.user.languagePreference);
}
