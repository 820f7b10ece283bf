import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { APP_NAME } from "~/components/shell/app-shell";
import { BudgetHeader } from "~/components/budget-header";
import { Landing } from "~/components/landing";
import { ProfileCompletion } from "~/components/profile-completion";
import { completeProfileSchema, isProfileComplete, profileErrorTitle } from "~/domain/profile";
import { fieldErrorsOf } from "~/server/api.server";
import { readRequestData } from "~/server/body.server";
import { echoValues } from "~/server/form-action.server";
import { getSessionUser, requirePageUser } from "~/server/auth/session.server";
import { getBudgetSummary, requireBudget } from "~/server/budget.server";
import { setFlash } from "~/server/flash.server";
import { completeProfile } from "~/server/users.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const user = await getSessionUser(app, request);
  if (!user) return { view: "landing" as const };
  if (!isProfileComplete(user)) {
    return { view: "profile" as const, defaults: { firstName: user.firstName, lastName: user.lastName, email: user.email } };
  }
  const budget = await getBudgetSummary(app, await requireBudget(app, user));
  return { view: "home" as const, budget, wording: user.languagePreference };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const user = await requirePageUser(app, request);
  const form = await readRequestData(request);
  if (form.intent !== "complete-profile") return data({ fieldErrors: {}, toast: { title: "Error", description: "Unknown action." } }, { status: 400 });
  const parsed = completeProfileSchema.safeParse(form);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    // Hand back what was typed so a page re-rendered without JavaScript loses nothing.
    const echoed = echoValues(form);
    const values = { firstName: echoed.firstName ?? "", lastName: echoed.lastName ?? "", phoneNumber: echoed.phoneNumber ?? "", smsOptInConsent: echoed.smsOptInConsent === "on" };
    return data({ fieldErrors, values, toast: { title: profileErrorTitle(fieldErrors), description: Object.values(fieldErrors)[0]?.[0] ?? "" } }, { status: 400 });
  }
  await completeProfile(app, user.id, parsed.data);
  return redirect("/", { headers: { "Set-Cookie": await setFlash(request, app.config.SESSION_SECRET, { title: "Profile completed!", variant: "default" }) } });
}

export default function Index() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.view === "landing") return <Landing appName={APP_NAME} />;
  if (loaded.view === "profile") return <ProfileCompletion defaults={loaded.defaults} />;
  return (
    <>
      <div className="-mx-4 -mt-6">
        <BudgetHeader budget={loaded.budget} appName={APP_NAME} wording={loaded.wording} />
      </div>
      <section aria-labelledby="chat-title" className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center">
        <h1 id="chat-title" className="text-lg font-semibold">
          Chat
        </h1>
        <p className="mt-2 text-sm text-slate-600">The chat assistant arrives in the next release.</p>
      </section>
    </>
  );
}
