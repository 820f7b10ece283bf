import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { APP_NAME } from "~/components/shell/app-shell";
import { ProvisionalBudgetHeader } from "~/components/chat/provisional-header";
import { DebtReminder } from "~/components/debts/debt-reminder";
import { Landing } from "~/components/landing";
import { ProfileCompletion } from "~/components/profile-completion";
import { completeProfileSchema, isProfileComplete, profileErrorTitle } from "~/domain/profile";
import { fieldErrorsOf } from "~/server/api.server";
import { readRequestData } from "~/server/body.server";
import { echoValues } from "~/server/form-action.server";
import { getSessionUser, memberBudgetIdOf, requirePageUser, rideWithSessionLookup, sessionUserIdOf } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { setFlash } from "~/server/flash.server";
import { completeProfile } from "~/server/users.server";
import { ChatView } from "~/components/chat/chat-view";
import { chatFormSchema } from "~/domain/chat-schema";
import { answerFormSchema } from "~/domain/assistant/quick-replies";
import { todayIn } from "~/domain/dates";
import type { AppContext } from "~/server/context.server";
import type { UserRow } from "~/server/db/schema";
import { formFailure, submitForm } from "~/server/form-action.server";
import { ensureConversation, requireOwnConversation } from "~/server/chat/conversations.server";
import { chatPageQueries, loadChatPage } from "~/server/chat/page.server";
import { sendMessage } from "~/server/chat/send.server";
import { isFromOwnPages } from "~/server/security.server";
import { userRateLimit } from "~/server/rate-limits.server";
import { logError } from "~/server/log.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  // Before the first await: the chat's queries go out with the session lookup (one D1 round trip).
  const ridden = rideWithSessionLookup(app, request, (hash) => chatPageQueries(app, sessionUserIdOf(app, hash), memberBudgetIdOf(app, hash)));
  const user = await getSessionUser(app, request);
  if (!user) return { view: "landing" as const };
  if (!isProfileComplete(user)) {
    return { view: "profile" as const, defaults: { firstName: user.firstName, lastName: user.lastName, email: user.email } };
  }
  const access = await requireBudget(app, user);
  const { budget, chat } = await loadChatPage(app, user, access, await ridden);
  // ?message= sends itself only when one of our own pages led here (issue 18 #1): another site's link
  // would otherwise write in the family's budget. Else the text waits in the box for Send.
  const presend = new URL(request.url).searchParams.has("message") && isFromOwnPages(request);
  return { view: "home" as const, budget, wording: user.languagePreference, chat, presend };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const user = await requirePageUser(app, request);
  // Peek at the intent on a copy: each intent reads the body through its own schema.
  const intent = (await readRequestData(request.clone() as Request)).intent;
  if (intent === "send-message") return sendChatForm(app, request, user);
  if (intent === "answer-question") return answerQuestionForm(app, request, user);
  if (intent === "start-conversation") {
    // Without JavaScript nothing starts the conversation automatically: this button does.
    await readRequestData(request);
    const access = await requireBudget(app, user);
    await ensureConversation(app, user.id, access.budget.id);
    return redirect("/", 303);
  }
  const form = await readRequestData(request);
  if (form.intent !== "complete-profile") return data({ fieldErrors: {}, toast: { title: "Error", description: "Unknown action." } }, { status: 400 });
  const parsed = completeProfileSchema.safeParse(form);
  // Hand back what was typed so a page re-rendered without JavaScript loses nothing.
  const echoed = echoValues(form);
  const values = { firstName: echoed.firstName ?? "", lastName: echoed.lastName ?? "", phoneNumber: echoed.phoneNumber ?? "", smsOptInConsent: echoed.smsOptInConsent === "on" };
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    return data({ fieldErrors, values, toast: { title: profileErrorTitle(fieldErrors), description: Object.values(fieldErrors)[0]?.[0] ?? "" } }, { status: 400 });
  }
  try {
    await completeProfile(app, user.id, parsed.data);
  } catch (error) {
    // Spec part 2 §8: a server failure is the toast "Failed to complete profile setup", with the form and
    // what was typed kept, not the error page.
    logError("complete profile failed", error instanceof Error ? error.message : error);
    return data({ fieldErrors: {}, values, toast: { title: "Error", description: "Failed to complete profile setup" } }, { status: 500 });
  }
  return redirect("/", { headers: { "Set-Cookie": await setFlash(request, app.config.SESSION_SECRET, { title: "Profile completed!", variant: "default" }) } });
}

/** The chat input without JavaScript: post, then back to the newest message (post/redirect/get). */
async function sendChatForm(app: AppContext, request: Request, user: UserRow) {
  const submission = await submitForm(request, chatFormSchema);
  if (!submission.ok) return submission.reply;
  const limited = await userRateLimit(app, user.id, "message");
  if (limited) return formFailure(submission.values, limited.message, { status: 429, intent: "send-message" });
  const access = await requireBudget(app, user);
  const conversation = submission.data.conversationId
    ? await requireOwnConversation(app, user.id, access.budget.id, submission.data.conversationId).catch(() => null)
    : await ensureConversation(app, user.id, access.budget.id);
  if (!conversation) return formFailure(submission.values, "This conversation no longer exists. Reload the page.", { status: 404, intent: "send-message" });
  const sent = await sendMessage(app, user, access, conversation, submission.data.content, { today: todayIn(access.budget.timeZone, app.now) });
  return redirect(`/#m-${sent[sent.length - 1].id}`, 303);
}

/** A quick reply (with or without JavaScript): the server does what it stored for that option, once. */
async function answerQuestionForm(app: AppContext, request: Request, user: UserRow) {
  const submission = await submitForm(request, answerFormSchema);
  if (!submission.ok) return submission.reply;
  const access = await requireBudget(app, user);
  const conversation = await requireOwnConversation(app, user.id, access.budget.id, submission.data.conversationId).catch(() => null);
  if (!conversation) return formFailure(submission.values, "This conversation no longer exists. Reload the page.", { status: 404, intent: "answer-question" });
  const { questionId, choice } = submission.data;
  const sent = await sendMessage(app, user, access, conversation, "", { today: todayIn(access.budget.timeZone, app.now), choice: { questionId, index: choice } });
  return redirect(`/#m-${sent[sent.length - 1].id}`, 303);
}

export default function Index() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.view === "landing") return <Landing appName={APP_NAME} />;
  if (loaded.view === "profile") return <ProfileCompletion defaults={loaded.defaults} />;
  return (
    // The screen is exactly the viewport (less the phone's bottom bar): the header and the message box stay
    // put and only the messages scroll, so neither the "$X left" figure nor the newest reply leaves the view.
    <div className="chat-screen -mx-4 -my-6 flex flex-col" data-testid="chat-screen">
      <ProvisionalBudgetHeader budget={loaded.budget} appName={APP_NAME} wording={loaded.wording} />
      <div className="shrink-0 px-4 empty:hidden">
        <DebtReminder />
      </div>
      <ChatView data={loaded.chat} presend={loaded.presend} />
    </div>
  );
}
