import { Form, Link, useFetcher, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useRevalidate } from "~/components/use-revalidate";
import { apiMessage } from "~/components/bank/api-message";
import { bankLabel } from "~/components/bank/format";
import type { BankSourceView, PendingBankTransactionView, SyncResult } from "~/domain/bank";
import { syncDoneTitle } from "~/domain/bank-rules";
import { useEffect, useRef, useState } from "react";
import { useFormFeedback } from "~/components/settings/use-form-feedback";
import { toast } from "~/components/ui/use-toast";
import { BUDGET_PAGE_FAILURE } from "~/domain/budget-page-forms";
import { FILL_ALL_FIELDS } from "~/domain/expense-input";
import { fieldError, isFormReply, type FormReply } from "~/domain/form-reply";
import { formatUSD, toCents, typedCents } from "~/domain/money";
import { applyWording, type LanguagePreference } from "~/domain/wording";
import { ApiError, apiRequest } from "~/lib/api-client";
import type { BudgetSummary } from "~/domain/budget-summary";
import type { ExpenseJson, ExpenseSort } from "~/domain/expense-view";
import { actionUrl } from "./action-url";
import { ExpenseRow, type Category } from "./expense-row";
import { queueExpenseIfOffline, WaitingExpenses } from "./offline-expense";
import { formatDate } from "~/domain/intl-format";

// Transaction Summary and All Transactions (spec part 1 "Budget page"): the inline Add Expense row, the
// sort, and every expense of this period from every member. Each action is a real form (post/redirect/get
// without JavaScript); with it they run as fetchers and the page revalidates in place.

const SORTS: Array<[ExpenseSort, string]> = [
  ["date-desc", "Date (newest)"],
  ["date-asc", "Date (oldest)"],
  ["amount-desc", "Amount (high to low)"],
  ["amount-asc", "Amount (low to high)"],
];

function newKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `k-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function TransactionsPanel({
  expenses,
  categories,
  hasAccounts,
  sort,
  summary,
  reply,
  wording,
  transactions,
  open,
  bank,
  canChange,
}: {
  /** Linked banks' part of the list: each bank expense's source, and debits still pending (never counted). */
  bank: { sources: Record<string, BankSourceView>; pending: PendingBankTransactionView[] };
  wording: LanguagePreference;
  transactions: { count: number; totalCents: number; showAll: boolean };
  open: { edit: string | null; delete: string | null };
  expenses: ExpenseJson[];
  categories: Category[];
  hasAccounts: boolean;
  sort: ExpenseSort;
  summary: BudgetSummary;
  reply: FormReply | null;
  /** Whether the viewer may change this expense: the owner any, a member their own (issue 18 #15). */
  canChange: (expense: ExpenseJson) => boolean;
}) {
  const total = transactions.totalCents;
  const [params] = useSearchParams();
  const linkFor = (id: string) => (panel: "edit" | "delete" | null) => {
    const next = new URLSearchParams(params);
    next.delete("edit");
    next.delete("delete");
    if (panel) next.set(panel, id);
    const query = next.toString();
    return query ? `/budget-panel?${query}` : "/budget-panel";
  };
  const allLink = (() => {
    const next = new URLSearchParams(params);
    next.set("all", "1");
    return `?${next.toString()}`;
  })();
  const month = formatDate(`${summary.today}T12:00:00Z`, { month: "long", year: "numeric", timeZone: "UTC" });
  const submit = useSubmit();
  const [syncing, setSyncing] = useState(false);

  const revalidate = useRevalidate();
  const navigation = useNavigation();
  const syncingWithoutScript = navigation.formData?.get("intent") === "bank-sync-run";

  // Spec part 1 §4 "Bank sync run": clean up first, then the last 7 days with automatic import.
  const sync = async () => {
    setSyncing(true);
    try {
      await apiRequest("POST", "/api/plaid/cleanup-transactions");
      const result = await apiRequest<Partial<SyncResult>>("POST", "/api/plaid/sync-transactions", { days: 7, autoImport: true });
      const partial = result?.status === "partial";
      toast({ title: syncDoneTitle(partial ? "partial" : "success", "budget"), description: result?.message, variant: partial ? "destructive" : undefined });
      revalidate();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) toast({ title: "Sync failed", description: apiMessage(error, "Failed to sync bank transactions"), variant: "destructive" });
    } finally {
      setSyncing(false);
    }
  };

  return (
    <>
      <section aria-labelledby="transaction-summary-title" className="rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="transaction-summary-title" className="font-semibold">Transaction Summary</h2>
          <Link to="/expense-history" className="text-sm font-medium text-brand-700 underline">
            Expense history and exports
          </Link>
        </div>
        <dl className="mt-2 grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-slate-600">Transactions</dt>
            <dd className="text-lg font-bold" data-testid="transaction-count">{transactions.count}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{applyWording("Total spent", wording)}</dt>
            <dd className="text-lg font-bold" data-testid="transaction-total">{formatUSD(total)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Current month</dt>
            <dd className="text-lg font-bold">{month}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="all-transactions-title" className="rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="all-transactions-title" className="font-semibold">All Transactions</h2>
          <div className="flex flex-wrap items-center gap-2">
            {hasAccounts ? (
              // A form without JavaScript (the page's action syncs and redirects); the two calls with it.
              <Form
                method="post"
                action={actionUrl(sort)}
                onSubmit={(e) => {
                  e.preventDefault();
                  if (!syncing) void sync();
                }}
              >
                <input type="hidden" name="intent" value="bank-sync-run" />
                <button type="submit" disabled={syncing || syncingWithoutScript} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-50">
                  {syncing || syncingWithoutScript ? "Syncing..." : "Bank Sync"}
                </button>
              </Form>
            ) : null}
            <Link to="/history" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
              History
            </Link>
            <Form method="get" className="flex items-center gap-1">
              <label htmlFor="expense-sort" className="sr-only">Sort transactions</label>
              <select
                id="expense-sort"
                name="sort"
                defaultValue={sort}
                onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true, replace: true })}
                className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
              >
                {SORTS.map(([value, label]) => (
                  <option key={value} value={value}>{label}</option>
                ))}
              </select>
              <noscript>
                <button type="submit" className="rounded-md border border-slate-300 px-2 py-1.5 text-sm">Sort</button>
              </noscript>
            </Form>
          </div>
        </div>

        {reply?.intent === "bank-sync-run" && reply.formError ? (
          <p role="alert" className="mt-2 text-sm text-red-700">Sync failed: {reply.formError}</p>
        ) : null}

        <AddExpenseRow categories={categories} sort={sort} reply={reply?.intent === "add-expense" ? reply : null} />

        {bank.pending.length ? (
          <div className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3" data-testid="pending-bank">
            <h3 className="text-sm font-semibold text-amber-900">Pending at the bank</h3>
            <p className="text-xs text-amber-900">Not counted until they post.</p>
            <ul className="mt-2 divide-y divide-amber-100 text-sm" aria-label="Pending bank transactions">
              {bank.pending.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                  <span>
                    {p.description} <span className="text-xs text-slate-600">· {bankLabel(p.institutionName, p.mask)} · {p.date}</span>
                  </span>
                  <span className="font-medium">{formatUSD(toCents(p.amount) ?? 0)}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {expenses.length === 0 ? (
          <div className="mt-6 text-center text-sm">
            <p className="font-medium text-slate-700">No expenses logged yet</p>
            <p className="mt-1 text-slate-500">Add an expense above or log expenses in the chat</p>
          </div>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100" aria-label="Transactions">
            {expenses.map((expense) => (
              <ExpenseRow
                key={expense.id}
                expense={expense}
                categories={categories}
                showAuthor={summary.memberCount > 1}
                timeZone={summary.timeZone}
                sort={sort}
                reply={reply?.values.expenseId === expense.id ? reply : null}
                open={open.edit === expense.id || (reply?.intent === "update-expense" && reply.values.expenseId === expense.id) ? "edit" : open.delete === expense.id ? "delete" : null}
                linkTo={linkFor(expense.id)}
                bank={bank.sources[expense.id] ?? null}
                canChange={canChange(expense)}
              />
            ))}
          </ul>
        )}
        {!transactions.showAll && transactions.count > expenses.length ? (
          <p className="mt-3 text-center text-sm">
            <Link to={allLink} preventScrollReset className="font-medium text-brand-700 hover:underline">
              Show all {transactions.count} transactions
            </Link>
          </p>
        ) : null}
      </section>
    </>
  );
}

function AddExpenseRow({ categories, sort, reply }: { categories: Category[]; sort: ExpenseSort; reply: FormReply | null }) {
  const fetcher = useFetcher();
  const [key, setKey] = useState(newKey);
  const [clientError, setClientError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const categoryTimer = useRef<ReturnType<typeof setTimeout>>();
  const failed = isFormReply(fetcher.data) ? fetcher.data : reply;
  useFormFeedback(fetcher.data, BUDGET_PAGE_FAILURE);
  const busy = fetcher.state !== "idle";

  // After a successful add (the fetcher followed the redirect), clear the row and take a fresh key.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && fetcher.state === "idle" && !isFormReply(fetcher.data)) {
      formRef.current?.reset();
      setKey(newKey());
      formRef.current?.querySelector<HTMLInputElement>("input[name=amount]")?.focus();
    }
    wasBusy.current = fetcher.state !== "idle";
  }, [fetcher.state, fetcher.data]);

  const complete = (form: HTMLFormElement) => {
    const data = new FormData(form);
    return ["amount", "description", "categoryId"].every((f) => String(data.get(f) ?? "").trim() !== "");
  };

  const error = clientError ?? failed?.formError ?? fieldError(failed, "amount") ?? fieldError(failed, "description") ?? fieldError(failed, "categoryId");
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={actionUrl(sort)}
      className="mt-4 rounded-md bg-slate-50 p-3"
      aria-label="Add expense"
      onSubmit={(e) => {
        if (!complete(e.currentTarget)) {
          e.preventDefault();
          setClientError(FILL_ALL_FIELDS);
          toast({ title: "Error", description: FILL_ALL_FIELDS, variant: "destructive" });
          return;
        }
        setClientError(null);
        if (queueExpenseIfOffline(e.currentTarget, key)) {
          e.preventDefault();
          e.currentTarget.reset();
          setKey(newKey());
        }
      }}
    >
      <input type="hidden" name="intent" value="add-expense" />
      <input type="hidden" name="idempotencyKey" value={key} />
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="add-amount" className="block text-xs font-medium text-slate-600">Amount</label>
          <input id="add-amount" name="amount" type="number" step="0.01" min="0.01" inputMode="decimal" defaultValue={failed?.values.amount} className="w-28 rounded-md border border-slate-300 px-2 py-1.5 text-sm" aria-describedby={error ? "add-expense-error" : undefined} />
        </div>
        <div className="min-w-40 flex-1">
          <label htmlFor="add-description" className="block text-xs font-medium text-slate-600">Description</label>
          <input id="add-description" name="description" maxLength={200} defaultValue={failed?.values.description} className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm" />
        </div>
        <div>
          <label htmlFor="add-category" className="block text-xs font-medium text-slate-600">Category</label>
          <select
            id="add-category"
            name="categoryId"
            defaultValue={failed?.values.categoryId ?? ""}
            onChange={(e) => {
              // Chosen last, the category saves the row shortly after (spec §4), when the rest is filled in.
              const form = e.currentTarget.form;
              clearTimeout(categoryTimer.current);
              if (form && complete(form)) categoryTimer.current = setTimeout(() => form.requestSubmit(), 400);
            }}
            className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          >
            <option value="">Choose…</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>{c.emoji} {c.name}</option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={busy} className="rounded-md bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50">
          {busy ? "Adding..." : "Add Expense"}
        </button>
      </div>
      {error ? (
        <p id="add-expense-error" role="alert" className="mt-2 text-sm text-red-700">{error}</p>
      ) : null}
      <WaitingExpenses />
      {busy && fetcher.formData ? (
        <p className="mt-2 text-sm text-slate-500" data-testid="pending-expense">
          Adding {String(fetcher.formData.get("description") ?? "")} · {formatUSD(typedCents(fetcher.formData.get("amount")) ?? 0)}…
        </p>
      ) : null}
    </fetcher.Form>
  );
}
