import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useSubmit } from "@remix-run/react";
import { Download } from "lucide-react";
import { CategoryChart } from "~/components/history/category-chart";
import { addedByName } from "~/domain/account";
import { isMonth } from "~/domain/csv-export";
import { monthLabel } from "~/domain/expense-history";
import { ROWS_PER_PAGE } from "~/domain/list-size";
import { formatUSD } from "~/domain/money";
import { applyWording } from "~/domain/wording";
import { memberBudgetIdOf, requirePageUser, rideWithSessionLookup } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { monthPage, monthPageQueries } from "~/server/history.server";

export const meta: MetaFunction = () => [{ title: "Expense History · Hearth Budget" }];

// The month is a query parameter, so the selector works without JavaScript (a GET form).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const url = new URL(request.url);
  const param = url.searchParams.get("month");
  const asked = isMonth(param) ? param : undefined;
  // The figures count every row; the list shows the newest ones unless asked for all (a busy month is
  // over a thousand rows, and the exports carry them all anyway).
  const limit = url.searchParams.get("all") === "1" ? undefined : ROWS_PER_PAGE;
  // Before the first await: the page's queries go out with the session lookup (one D1 round trip).
  const ridden = rideWithSessionLookup(app, request, (hash) => monthPageQueries(app, memberBudgetIdOf(app, hash), asked, limit));
  const user = await requirePageUser(app, request);
  const access = await requireBudget(app, user);
  const page = await monthPage(app, access, asked, limit, await ridden);
  const { month, months, expenses, total, figures } = page;
  return { month, months, expenses, total, figures, shared: page.memberCount > 1, wording: user.languagePreference };
}

export default function ExpenseHistory() {
  const { month, months, expenses, total, figures, shared, wording } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const w = (text: string) => applyWording(text, wording);
  const top = figures.breakdown[0];
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="page-title" className="text-2xl font-bold">
            Expense History
          </h1>
          <p className="text-sm text-slate-600">{w("What you spent, month by month.")}</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <Form method="get" className="flex items-end gap-2" onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}>
            <label className="text-sm font-medium">
              Month
              <select name="month" defaultValue={month} key={month} className="mt-1 block rounded-md border border-slate-300 px-3 py-2">
                {months.map((m) => (
                  <option key={m} value={m}>
                    {monthLabel(m)}
                  </option>
                ))}
              </select>
            </label>
            <noscript>
              <button type="submit" className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium">
                Show
              </button>
            </noscript>
          </Form>
          <a href={`/api/expenses/export?month=${month}&format=csv`} download className="inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium">
            <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
          </a>
          <a href={`/api/expenses/export?month=${month}&format=json`} download className="inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium">
            <Download className="h-4 w-4" aria-hidden="true" /> Export JSON
          </a>
        </div>
      </header>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 className="text-sm font-medium text-slate-600">{w("Total Spent")}</h2>
          <p className="mt-1 text-2xl font-bold" data-testid="total-spent">
            {formatUSD(figures.totalCents)}
          </p>
          <p className="text-sm text-slate-600">
            {figures.count} {figures.count === 1 ? "transaction" : "transactions"}
          </p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 className="text-sm font-medium text-slate-600">Top Category</h2>
          {top ? (
            <>
              <p className="mt-1 text-2xl font-bold" data-testid="top-category">
                {top.emoji} {top.name}
              </p>
              <p className="text-sm text-slate-600">{formatUSD(top.totalCents)}</p>
            </>
          ) : (
            <p className="mt-1 text-sm text-slate-600">No expenses this month</p>
          )}
        </div>
      </div>

      <section aria-labelledby="breakdown-title" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="breakdown-title" className="font-semibold">
          Category breakdown · {monthLabel(month)}
        </h2>
        {figures.breakdown.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{w("Nothing spent in this month yet.")}</p>
        ) : (
          <div className="mt-3 grid gap-4 lg:grid-cols-2">
            <ul className="space-y-1 text-sm" data-testid="breakdown">
              {figures.breakdown.map((c) => (
                <li key={c.id} className="flex justify-between gap-3 border-b border-slate-100 py-1">
                  <span>
                    {c.emoji} {c.name} <span className="text-slate-500">({c.count})</span>
                  </span>
                  <span className="font-medium tabular-nums">{formatUSD(c.totalCents)}</span>
                </li>
              ))}
            </ul>
            <CategoryChart rows={figures.breakdown} />
          </div>
        )}
      </section>

      <section aria-labelledby="transactions-title" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="transactions-title" className="font-semibold">
          Transactions
        </h2>
        {expenses.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No transactions in {monthLabel(month)}.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100" data-testid="month-transactions">
            {expenses.map((e) => (
              <li key={e.id} className={`flex items-start justify-between gap-3 py-2 ${e.enabled ? "" : "opacity-60"}`}>
                <div className="flex gap-3">
                  <span aria-hidden="true" className="text-xl">
                    {e.category?.emoji ?? "📝"}
                  </span>
                  <div>
                    <p className={`font-medium ${e.enabled ? "" : "line-through"}`}>{e.description}</p>
                    <p className="text-xs text-slate-600">
                      {e.date} · {e.category?.name ?? "Uncategorized"}
                      {shared ? ` · Added by ${addedByName(e.user)}` : ""}
                      {e.enabled ? "" : " · Excluded from budget"}
                    </p>
                    {e.originalInput && e.originalInput !== e.description ? <p className="text-xs italic text-slate-500">“{e.originalInput}”</p> : null}
                  </div>
                </div>
                <span className="font-medium tabular-nums">{formatUSD(e.amountCents)}</span>
              </li>
            ))}
          </ul>
        )}
        {total > expenses.length ? (
          <p className="mt-3 text-center text-sm">
            <a href={`?month=${month}&all=1`} className="font-medium text-brand-700 hover:underline">
              Show all {total} transactions
            </a>
          </p>
        ) : null}
      </section>

      <p className="rounded-lg bg-slate-50 p-3 text-xs text-slate-600">
        {w("Your expense data is kept permanently. A monthly reset only zeroes the spent counter for the new period; every past expense stays here and in Transaction History.")}
      </p>
    </section>
  );
}
