import type { BudgetAccess } from "../budget.server";
import type { AppContext } from "../context.server";
import type { UserRow } from "../db/schema";
import { smartOnboardingMessage, smartWelcome } from "./api.server";
import { currentConversation, listMessages, toApiConversation, toApiMessage } from "./conversations.server";
import { todayIn } from "~/domain/dates";

// Everything the chat screen renders on the server, so it works (and is complete) without JavaScript.

export async function loadChatPage(app: AppContext, user: UserRow, access: BudgetAccess) {
  const conversation = await currentConversation(app, user.id, access.budget.id);
  const messages = conversation ? await listMessages(app, conversation.id) : [];
  const caller = { user, access, today: todayIn(access.budget.timeZone, app.now) };
  const onboarding = conversation?.phase === "onboarding";
  return {
    conversation: conversation ? toApiConversation(conversation) : null,
    messages: messages.map(toApiMessage),
    onboardingMessage: onboarding ? await smartOnboardingMessage(app, caller, conversation) : null,
    welcomeMessage: conversation && !onboarding && messages.length === 0 ? await smartWelcome(app, caller) : null,
  };
}
