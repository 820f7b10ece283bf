import { Form, useNavigation } from "@remix-run/react";
import type { BankAccountView } from "~/domain/bank";
import type { FormReply } from "~/domain/form-reply";
import { FormMessage } from "~/components/settings/use-form-feedback";
import { useHydrated } from "~/components/use-hydrated";
import { LocalDateTime } from "~/components/local-time";
import { balanceText, STATUS_TEXT, typeText } from "./format";

/**
 * One linked account (spec part 2 /bank-connections): its bank, names, mask, type, balances and status
 * ("active" highlighted, anything else secondary), Reconnect when the bank needs a new sign-in, and
 * Remove behind a confirmation (a <details> step, so it works without JavaScript).
 */
export function AccountCard({
  account,
  reply,
  onReconnect,
  reconnecting,
}: {
  account: BankAccountView;
  reply: FormReply | null;
  onReconnect: (accountId: string) => void;
  reconnecting: boolean;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const removing = navigation.formData?.get("intent") === "remove-account" && navigation.formData?.get("accountId") === account.id;
  const active = account.status === "active";
  const title = `${account.institutionName ?? "Bank"} ${account.name}`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="bank-account">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{account.institutionName ?? "Bank"}</p>
          <h2 className="font-semibold">
            {account.name}
            {account.mask ? <span className="ml-1 font-normal text-slate-600">••{account.mask}</span> : null}
          </h2>
          {account.officialName ? <p className="text-sm text-slate-600">{account.officialName}</p> : null}
          <p className="text-xs text-slate-500">{typeText(account.type, account.subtype)}</p>
        </div>
        <span
          className={active ? "rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800" : "rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700"}
          data-testid="account-status"
        >
          {STATUS_TEXT[account.status] ?? account.status}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-slate-600">Current balance</dt>
          <dd className="font-semibold">{balanceText(account.balance.current)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Available balance</dt>
          <dd className="font-semibold">{balanceText(account.balance.available)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        {account.addedBy ? <>Added by {account.addedBy.name}</> : null}
        {account.addedBy && account.lastSyncedAt ? " · " : null}
        {account.lastSyncedAt ? <>Last synced <LocalDateTime iso={account.lastSyncedAt} /></> : null}
      </p>
      {account.status === "login_required" ? (
        <div className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          <p>Your bank needs you to sign in again before it can sync.</p>
          {hydrated ? (
            <button
              type="button"
              onClick={() => onReconnect(account.id)}
              disabled={reconnecting}
              className="mt-2 rounded-md bg-amber-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-800 disabled:opacity-60"
              aria-label={`Reconnect ${title}`}
            >
              {reconnecting ? "Opening..." : "Reconnect"}
            </button>
          ) : (
            <p className="mt-1 text-xs">Reconnecting opens your bank&rsquo;s sign-in through Plaid, which needs JavaScript.</p>
          )}
        </div>
      ) : null}
      {account.status === "error" ? <p className="mt-3 text-sm text-slate-700">The last sync of this bank failed; it will be tried again on the next sync.</p> : null}
      {account.canRemove ? (
        <details className="mt-3 rounded-md border border-slate-200 p-2" open={reply ? true : undefined}>
          <summary className="cursor-pointer text-sm font-medium text-red-700" aria-label={`Remove ${title}`}>Remove</summary>
          <Form method="post" className="mt-2 space-y-2">
            <input type="hidden" name="intent" value="remove-account" />
            <input type="hidden" name="accountId" value={account.id} />
            <p className="text-sm text-slate-700">
              Remove {title}? It stops syncing. Expenses already imported from it stay in your budget&rsquo;s history.
            </p>
            <button type="submit" disabled={removing} className="rounded-md bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60">
              {removing ? "Removing..." : "Yes, remove this account"}
            </button>
            <FormMessage reply={reply} id={`remove-${account.id}-error`} />
          </Form>
        </details>
      ) : (
        <p className="mt-3 text-xs text-slate-500">Only {account.addedBy?.name ?? "the member who linked it"} or the budget owner can remove this account.</p>
      )}
    </li>
  );
}
