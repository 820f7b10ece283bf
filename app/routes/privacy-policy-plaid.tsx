import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft, Landmark } from "lucide-react";
import { BANK_PRIVACY_INTRO, BANK_PRIVACY_SECTIONS, BANK_PRIVACY_UPDATED } from "~/components/legal/bank-privacy-policy";
import { LegalDocument } from "~/components/legal/legal-section";
import { getSessionUser } from "~/server/auth/session.server";

export const meta: MetaFunction = () => [
  { title: "Bank Connection Privacy Policy · Hearth Budget" },
  { name: "description", content: "How Hearth Budget handles the data of bank accounts you connect through Plaid." },
];

// Public (spec part 2): signed in, the policy; signed out, a sign-in / sign-up prompt.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(context.app, request);
  return { signedIn: Boolean(user) };
}

const RETURN_TO = encodeURIComponent("/privacy-policy-plaid");

export default function BankPrivacyPolicy() {
  const { signedIn } = useLoaderData<typeof loader>();
  if (!signedIn) {
    return (
      <main className="flex min-h-full items-center justify-center bg-slate-50 px-4 py-10">
        <section aria-labelledby="bank-privacy-signin" className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <Landmark className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
          <h1 id="bank-privacy-signin" className="mt-3 text-2xl font-bold">Bank Connection Privacy Policy</h1>
          <p className="mt-2 text-sm text-slate-600">Sign in or create an account to read how Hearth Budget handles the data of the bank accounts you connect.</p>
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            <a href={`/api/login?returnTo=${RETURN_TO}`} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
              Sign in
            </a>
            <a href={`/api/login?returnTo=${RETURN_TO}&mode=signup`} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50">
              Sign up
            </a>
          </div>
        </section>
      </main>
    );
  }
  return (
    <main id="top" className="min-h-full bg-slate-50 px-4 py-6 sm:px-6 sm:py-10">
      <div className="mx-auto w-full max-w-3xl">
        <Link to="/bank-connections" className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to Bank Connections
        </Link>
        <header className="mt-6">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl">Bank Connection Privacy Policy</h1>
          <p className="mt-2 text-sm text-slate-500">Last updated {BANK_PRIVACY_UPDATED}</p>
        </header>
        <div className="mt-6">
          <LegalDocument id="bank-privacy" title="How we handle your bank data" intro={BANK_PRIVACY_INTRO} sections={BANK_PRIVACY_SECTIONS} />
        </div>
      </div>
    </main>
  );
}
