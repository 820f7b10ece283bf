import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as Tabs from "@radix-ui/react-tabs";
import { LinkTabsList, useLinkTab } from "~/components/ui/link-tabs";
import { AccountCard } from "~/components/bank/account-card";
import { ConnectBank, usePlaidLink } from "~/components/bank/connect-bank";
import { PrivacyTab } from "~/components/bank/privacy-tab";
import { SyncHistoryTab } from "~/components/bank/sync-history-tab";
import { FormMessage, replyFor, useFormFeedback } from "~/components/settings/use-form-feedback";
import { BANK_PAGE_FAILURE, bankPageFormSchema } from "~/domain/bank-forms";
import { isFormReply } from "~/domain/form-reply";
import { memberBudgetIdOf, requirePageUser, riddenRowsFor, rideWithSessionLookup } from "~/server/auth/session.server";
import { bankConnectionsQueries, loadBankConnections, runBankPageIntent } from "~/server/bank-page.server";
import { requireBudget } from "~/server/budget.server";
import { formFailure, redirectWithFlash, submitForm } from "~/server/form-action.server";

export const meta: MetaFunction = () => [{ title: "Bank Connections · Hearth Budget" }];

const TABS = [
  { value: "accounts", label: "Connected Accounts" },
  { value: "history", label: "Sync History" },
  { value: "privacy", label: "Privacy & Security" },
] as const;
type Tab = (typeof TABS)[number]["value"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  // The accounts and the sync history ride with the session lookup: one D1 round trip for the page.
  const ridden = rideWithSessionLookup(app, request, (hash) => bankConnectionsQueries(app, memberBudgetIdOf(app, hash)));
  const user = await requirePageUser(app, request);
  const access = await requireBudget(app, user);
  const tabParam = new URL(request.url).searchParams.get("tab");
  const tab: Tab = TABS.some((t) => t.value === tabParam) ? (tabParam as Tab) : "accounts";
  return { ...(await loadBankConnections(app, user, access, riddenRowsFor(await ridden, access.budget.id))), tab };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const user = await requirePageUser(app, request);
  const submission = await submitForm(request, bankPageFormSchema);
  if (!submission.ok) return submission.reply;
  const { data, values } = submission;
  const access = await requireBudget(app, user);
  const result = await runBankPageIntent(app, request, user, access, data);
  if (!result.ok) return formFailure(values, result.message, { status: result.status, intent: data.intent });
  const to = data.intent === "sync-now" ? "/bank-connections?tab=accounts" : "/bank-connections";
  return redirectWithFlash(app, request, to, result.flash);
}

const quickLink = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50";

export default function BankConnectionsScreen() {
  const { accounts, events, configured, sandbox, tab } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply = isFormReply(actionData) ? actionData : null;
  useFormFeedback(reply, BANK_PAGE_FAILURE);
  const link = usePlaidLink();
  const navigation = useNavigation();
  const syncing = navigation.formData?.get("intent") === "sync-now";

  const [active, select] = useLinkTab<Tab>(tab);

  return (
    <div className="mx-auto max-w-5xl">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Bank Connections</h1>
          <p className="mt-1 text-sm text-slate-600">Link your bank so purchases land in your budget by themselves.</p>
        </div>
        <nav aria-label="Quick links" className="flex flex-wrap gap-2">
          <Link to="/budget-panel" className={quickLink}>Budget</Link>
          <Link to="/expenses" className={quickLink}>Expenses</Link>
        </nav>
      </div>
      <Tabs.Root value={active} onValueChange={select} className="mt-4">
        <LinkTabsList label="Bank connections" tabs={TABS} />
        <Tabs.Content value="accounts" className="space-y-4 pt-4">
          <ConnectBank configured={configured} sandbox={sandbox} busy={link.busy === "new"} unavailable={link.unavailable} onConnect={link.connect} reply={replyFor(reply, "link-test-bank")} />
          {accounts.length === 0 ? (
            <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600">No bank accounts connected yet.</p>
          ) : (
            <>
              <Form method="post" className="flex flex-wrap items-center gap-3">
                <input type="hidden" name="intent" value="sync-now" />
                <button type="submit" disabled={syncing} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50 disabled:opacity-60">
                  {syncing ? "Syncing..." : "Sync now"}
                </button>
                <span className="text-xs text-slate-500">Imports new transactions from every connected bank and updates balances.</span>
                <FormMessage reply={replyFor(reply, "sync-now")} id="sync-now-error" />
              </Form>
              <ul className="grid gap-3 md:grid-cols-2" aria-label="Connected accounts">
                {accounts.map((account) => (
                  <AccountCard
                    key={account.id}
                    account={account}
                    reply={reply?.intent === "remove-account" && reply.values.accountId === account.id ? reply : null}
                    onReconnect={link.reconnect}
                    reconnecting={link.busy === account.id}
                  />
                ))}
              </ul>
            </>
          )}
        </Tabs.Content>
        <Tabs.Content value="history" className="pt-4">
          <SyncHistoryTab events={events} />
        </Tabs.Content>
        <Tabs.Content value="privacy" className="pt-4">
          <PrivacyTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
