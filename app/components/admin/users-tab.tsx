import { Form, Link, useNavigation } from "@remix-run/react";
import { Copy, Search } from "lucide-react";
import { toast } from "~/components/ui/use-toast";
import type { FormReply } from "~/domain/form-reply";
import { ADMIN_MESSAGE_CATEGORIES, SUPPORT_PRIORITIES } from "~/domain/support";
import type { AdminUser, AdminUserDetails, ActivityItem } from "~/domain/admin-users";
import { Field, fullName, input, primary, secondary, useHydrated, when } from "./shared";
import { Tip } from "~/components/ui/tooltip";
import { formatUSD, toCents } from "~/domain/money";

/** "5400.00" → "$5,400.00", as money reads everywhere else. */
const usd = (amount: string) => formatUSD(toCents(amount) ?? 0);

async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: done });
  } catch {
    toast({ title: "Copy failed", description: "Your browser did not allow copying.", variant: "destructive" });
  }
}

function StatusChip({ status }: { status: string }) {
  const colour = status === "active" ? "bg-brand-100 text-brand-700" : status === "suspended" ? "bg-red-100 text-red-700" : "bg-slate-100 text-slate-700";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${colour}`}>{status}</span>;
}

function UserDetail({ details, activity, reply, search }: { details: AdminUserDetails; activity: ActivityItem[]; reply: FormReply | null; search: string }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.formData?.get("intent") === intent;
  const confirmDelete = (event: React.FormEvent) => {
    if (!window.confirm(`Delete ${details.email}? Their account, chats and budgets only they belong to are removed. This cannot be undone.`)) event.preventDefault();
  };
  const fields: Array<[string, React.ReactNode]> = [
    ["Phone", details.phoneNumber ?? "—"],
    ["Joined", when(details.createdAt)],
    ["Last sign-in", when(details.lastLoginAt)],
    ["Has budget", details.hasBudget ? "Yes" : "No"],
    ["Chat messages", String(details.messageCount)],
    ["Expenses added", String(details.expenseCount)],
    ["Language", details.languagePreference === "saving" ? "Saving" : "Spending"],
    ["SMS consent", details.smsOptInConsent ? <>Yes{details.smsOptInDate ? <> (since {when(details.smsOptInDate)})</> : null}</> : "No"],
  ];
  return (
    <section aria-labelledby="user-detail-title" className="space-y-5 rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="user-detail-title" className="text-lg font-semibold">
            {fullName(details)}
          </h2>
          <p className="flex items-center gap-2 text-sm text-slate-600">
            {details.email}
            {hydrated ? (
              <Tip label="Copy e-mail">
                <button type="button" onClick={() => copy(details.email, "Email copied to clipboard")} className="text-slate-500 hover:text-brand-700" aria-label="Copy e-mail">
                  <Copy className="h-4 w-4" aria-hidden />
                </button>
              </Tip>
            ) : null}
          </p>
          <p className="flex items-center gap-2 font-mono text-xs text-slate-500">
            {details.id}
            {hydrated ? (
              <Tip label="Copy user ID">
                <button type="button" onClick={() => copy(details.id, "User ID copied to clipboard")} className="hover:text-brand-700" aria-label="Copy user ID">
                  <Copy className="h-4 w-4" aria-hidden />
                </button>
              </Tip>
            ) : null}
          </p>
        </div>
        <div className="flex gap-2">
          <StatusChip status={details.accountStatus} />
          {details.isAdmin ? <span className="rounded-full bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white">admin</span> : null}
        </div>
      </div>

      {reply?.formError ? (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-700">
          {reply.formError}
        </p>
      ) : null}

      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        {fields.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-2 border-b border-slate-100 py-1">
            <dt className="text-slate-500">{k}</dt>
            <dd className="font-medium">{v}</dd>
          </div>
        ))}
      </dl>
      {details.budgetData ? (
        <p className="text-sm text-slate-600">
          Budget: income {usd(details.budgetData.totalIncome)}, fixed {usd(details.budgetData.fixedExpenses)}, spendable {usd(details.budgetData.spendableAmount)}, spent {usd(details.budgetData.spent)}
        </p>
      ) : null}

      <div className="flex flex-wrap items-end gap-4">
        <Form method="post" className="flex items-end gap-2">
          <input type="hidden" name="intent" value="set-status" />
          <input type="hidden" name="userId" value={details.id} />
          <Field label="Account status" id="status">
            <select id="status" name="status" defaultValue={details.accountStatus} className={input}>
              <option value="active">active</option>
              <option value="suspended">suspended</option>
              <option value="pending">pending</option>
            </select>
          </Field>
          <button type="submit" className={secondary} disabled={busy("set-status")}>
            Update status
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="set-admin" />
          <input type="hidden" name="userId" value={details.id} />
          <input type="hidden" name="isAdmin" value={details.isAdmin ? "false" : "true"} />
          <button type="submit" className={secondary} disabled={busy("set-admin")}>
            {details.isAdmin ? "Revoke admin" : "Make admin"}
          </button>
        </Form>
      </div>

      <div>
        <h3 className="font-medium">Recent activity</h3>
        {activity.length === 0 ? (
          <p className="text-sm text-slate-600">No activity yet.</p>
        ) : (
          <ol className="mt-2 space-y-1 text-sm">
            {activity.map((a, i) => (
              <li key={i} className="flex gap-2">
                <span className="w-16 shrink-0 rounded bg-slate-100 px-1.5 text-center text-xs leading-5">{a.type}</span>
                <span className="flex-1">{a.description}</span>
                <span className="text-xs text-slate-600">{when(a.createdAt)}</span>
              </li>
            ))}
          </ol>
        )}
      </div>

      <Form method="post" className="space-y-2 rounded-lg border border-slate-200 p-3" aria-labelledby="send-title">
        <h3 id="send-title" className="font-medium">
          Send a message
        </h3>
        <input type="hidden" name="intent" value="send-message" />
        <input type="hidden" name="userId" value={details.id} />
        <Field label="Subject" id="msg-subject">
          <input id="msg-subject" name="subject" required maxLength={200} defaultValue={reply?.intent === "send-message" ? reply.values.subject : undefined} className={input} />
        </Field>
        <Field label="Message" id="msg-content">
          <textarea id="msg-content" name="content" required rows={3} maxLength={5000} defaultValue={reply?.intent === "send-message" ? reply.values.content : undefined} className={input} />
        </Field>
        <div className="flex gap-3">
          <Field label="Priority" id="msg-priority">
            <select id="msg-priority" name="priority" defaultValue="normal" className={input}>
              {SUPPORT_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Category" id="msg-category">
            <select id="msg-category" name="category" defaultValue="general" className={input}>
              {ADMIN_MESSAGE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c.replace("_", " ")}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <button type="submit" className={primary} disabled={busy("send-message")}>
          Send message
        </button>
      </Form>

      <details className="rounded-lg border border-red-200 p-3">
        <summary className="cursor-pointer font-semibold text-red-700">Delete user…</summary>
        <Form method="post" onSubmit={confirmDelete} className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="delete-user" />
          <input type="hidden" name="userId" value={details.id} />
          <input type="hidden" name="search" value={search} />
          <p className="text-sm text-slate-700">Deletes this account with the same rules as a user deleting their own: budgets only they belong to go, shared budgets they own pass to the longest-standing member.</p>
          <button type="submit" className="rounded-md bg-red-600 px-3 py-2 text-sm font-semibold text-white hover:bg-red-700" disabled={busy("delete-user")}>
            Delete user
          </button>
        </Form>
      </details>
    </section>
  );
}

export function UsersTab({ users, search, selected, reply }: { users: AdminUser[]; search: string; selected: { details: AdminUserDetails; activity: ActivityItem[] } | null; reply: FormReply | null }) {
  const link = (id: string) => `/admin?tab=users${search ? `&search=${encodeURIComponent(search)}` : ""}&user=${encodeURIComponent(id)}`;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
      <div>
        <Form method="get" role="search" className="flex gap-2">
          <input type="hidden" name="tab" value="users" />
          <label htmlFor="user-search" className="sr-only">
            Search users by name, e-mail or phone
          </label>
          <input id="user-search" name="search" type="search" defaultValue={search} placeholder="Search by name, e-mail or phone" className={`${input} mt-0`} />
          <button type="submit" className={secondary} aria-label="Search">
            <Search className="h-4 w-4" aria-hidden />
          </button>
        </Form>
        <p className="mt-2 text-xs text-slate-500">{users.length === 100 ? "Showing the first 100 matches" : `${users.length} ${users.length === 1 ? "user" : "users"}`}</p>
        <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Users">
          {users.map((u) => (
            <li key={u.id}>
              <Link to={link(u.id)} aria-current={selected?.details.id === u.id ? "true" : undefined} className={`flex items-center justify-between gap-2 px-4 py-3 hover:bg-slate-50 ${selected?.details.id === u.id ? "bg-brand-50" : ""}`}>
                <span className="min-w-0">
                  <span className="block truncate font-medium">{fullName(u)}</span>
                  <span className="block truncate text-xs text-slate-600">{u.email}</span>
                </span>
                <span className="flex shrink-0 gap-1">
                  {u.isAdmin ? <span className="rounded-full bg-slate-900 px-2 py-0.5 text-xs text-white">admin</span> : null}
                  <StatusChip status={u.accountStatus} />
                </span>
              </Link>
            </li>
          ))}
          {users.length === 0 ? <li className="px-4 py-3 text-sm text-slate-600">No users match your search.</li> : null}
        </ul>
      </div>
      {selected ? <UserDetail details={selected.details} activity={selected.activity} reply={reply} search={search} /> : <p className="text-sm text-slate-600">Choose a user to see their details, activity and actions.</p>}
    </div>
  );
}
