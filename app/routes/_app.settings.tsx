import type { MetaFunction } from "@remix-run/cloudflare";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { AccountActions } from "~/components/settings/account-actions";
import { AccountInformation } from "~/components/settings/account-info";
import { BudgetSharing } from "~/components/settings/budget-sharing";
import { YourBudgets } from "~/components/settings/your-budgets";
import { About, SmsConsent } from "~/components/settings/sms-and-about";
import { SupportSection } from "~/components/settings/support-section";
import { replyFor, useFormFeedback } from "~/components/settings/use-form-feedback";
import { SETTINGS_FAILURE, settingsFormSchema } from "~/domain/settings-forms";
import { isSharingIntent } from "~/domain/sharing-forms";
import { SUPPORT_REQUIRED_TITLE } from "~/domain/support";
import { EMAIL_REQUIRED_TITLE } from "~/domain/sharing";
import { AccountConflict, clearChatHistory, deleteAccount, setSmsConsent } from "~/server/account.server";
import { destroySession, memberBudgetIdOf, requirePageUser, riddenUserRows, rideWithSessionLookup, sessionUserIdOf } from "~/server/auth/session.server";
import { setFlash } from "~/server/flash.server";
import { formFailure, redirectWithFlash, submitForm } from "~/server/form-action.server";
import { loadSettings, settingsPageQueries } from "~/server/settings.server";
import { handleSharingIntent, loadSharingSettings } from "~/server/sharing/settings.server";
import { markAdminRepliesRead, sendSupportMessage } from "~/server/support.server";
import { userRateLimit } from "~/server/rate-limits.server";
import { updateLanguagePreference } from "~/server/users.server";
import { logError } from "~/server/log.server";

export const meta: MetaFunction = () => [{ title: "Settings · Hearth Budget" }];

// One key per section; the sharing sections (issue 8) add theirs next to these.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  // The page's queries go out in the session lookup's batch: one D1 round trip for the page view.
  const ridden = rideWithSessionLookup(app, request, (hash) => settingsPageQueries(app, sessionUserIdOf(app, hash), memberBudgetIdOf(app, hash)));
  const user = await requirePageUser(app, request);
  const rows = await ridden;
  const [settings, sharing] = await Promise.all([loadSettings(app, user, request, riddenUserRows(rows)?.[0]), loadSharingSettings(app, user, request, rows)]);
  return { ...settings, sharing, openSupport: new URL(request.url).searchParams.get("section") === "support" };
}

const SUPPORT_PAGE = "/settings?section=support#support";

// Every form on the page posts here with an intent (post/redirect/get with a flash).
export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const user = await requirePageUser(app, request);
  const submission = await submitForm(request, settingsFormSchema);
  if (!submission.ok) return submission.reply;
  const { data, values } = submission;
  if (isSharingIntent(data)) return handleSharingIntent(app, request, user, data, values);
  try {
    switch (data.intent) {
      case "language":
        await updateLanguagePreference(app, user.id, data.languagePreference);
        return redirectWithFlash(app, request, "/settings", {
          title: "Preference Updated",
          description: data.languagePreference === "saving" ? "The app now talks about saving." : "The app now talks about spending.",
        });
      case "support": {
        const limited = await userRateLimit(app, user.id, "support");
        if (limited) return formFailure(values, limited.message, { status: 429, intent: "support" });
        await sendSupportMessage(app, user.id, data);
        return redirectWithFlash(app, request, SUPPORT_PAGE, { title: "Message Sent", description: "The support team will reply here in Support & Messages." });
      }
      case "support-read":
        await markAdminRepliesRead(app, user.id);
        return data.client === "js" ? Response.json({ ok: true, intent: "support-read" }) : redirect(SUPPORT_PAGE, 303);
      case "clear-chat":
        await clearChatHistory(app, user.id);
        return redirectWithFlash(app, request, "/settings", { title: "Chat History Cleared", description: "Your conversation starts fresh." });
      case "sms-consent":
        await setSmsConsent(app, user.id, data.consent);
        return redirectWithFlash(app, request, "/settings", { title: "SMS preference updated", description: data.consent ? "You will receive text messages." : "You will no longer receive text messages." });
      case "delete-account": {
        await deleteAccount(app, user, user);
        // Without JavaScript; with it the page calls DELETE /api/auth/user itself (account-actions.tsx).
        const headers = new Headers({ "Set-Cookie": await destroySession(app, request) });
        headers.append("Set-Cookie", await setFlash(request, app.config.SESSION_SECRET, { title: "Account Deleted", description: "Your account and data have been deleted.", variant: "default" }));
        return redirect("/", { status: 303, headers });
      }
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof AccountConflict) return formFailure(values, error.message, { status: 409, intent: data.intent });
    logError("settings action failed", data.intent, error);
    return formFailure(values, SETTINGS_FAILURE[data.intent].description, { status: 500, intent: data.intent });
  }
}

const VALIDATION_TITLES = { support: SUPPORT_REQUIRED_TITLE, invite: EMAIL_REQUIRED_TITLE };

export default function SettingsScreen() {
  const { account, support, backTo, openSupport, sharing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  useFormFeedback(actionData, SETTINGS_FAILURE, VALIDATION_TITLES);

  const onBack = (event: React.MouseEvent) => {
    // With JavaScript, "back" is the previous screen in this tab's history.
    if (window.history.length > 1) {
      event.preventDefault();
      navigate(-1);
    }
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to={backTo} onClick={onBack} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back
      </Link>
      <h1 className="text-2xl font-bold">Settings</h1>
      <AccountInformation user={account} reply={replyFor(actionData, "language")} />
      <SupportSection messages={support.messages} unread={support.unread} open={openSupport || Boolean(replyFor(actionData, "support"))} reply={replyFor(actionData, "support")} />
      <BudgetSharing sharing={sharing} replies={{ invite: replyFor(actionData, "invite"), revoke: replyFor(actionData, "revoke-invitation"), remove: replyFor(actionData, "remove-member") }} />
      <YourBudgets budgets={sharing.budgets} replies={{ switch: replyFor(actionData, "switch-budget"), leave: replyFor(actionData, "leave-budget") }} />
      <AccountActions replies={{ clearChat: replyFor(actionData, "clear-chat"), deleteAccount: replyFor(actionData, "delete-account") }} />
      <SmsConsent consent={account.smsOptInConsent} since={account.smsOptInDate} reply={replyFor(actionData, "sms-consent")} />
      <About />
    </div>
  );
}
