import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { isCategoryId } from "~/domain/assistant";
import { isMonth } from "~/domain/csv-export";
import { monthLabel } from "~/domain/expense-history";
import { formatUSD } from "~/domain/money";
import { memberBudgetIdOf, requirePageUser, rideWithSessionLookup } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { archivedPage, archivedPageQueries } from "~/server/history.server";
import { formatDate } from "~/domain/intl-format";

export const meta: MetaFunction = () => [{ title: "Transaction History · Hearth Budget" }];

// Archived transactions (closed by a monthly reset). Filters and the page are query parameters, so the
// screen works without JavaScript; two years of a busy family come a page at a time (ROWS_PER_PAGE).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const params = new URL(request.url).searchParams;
  const monthParam = params.get("month");
  const categoryParam = params.get("category");
  const month = isMonth(monthParam) ? monthParam : undefined;
  // The categories are fixed reference data (migration 0001): an unknown id is no filter at all.
  const categoryId = categoryParam && isCategoryId(categoryParam) ? categoryParam : undefined;
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  // Before the first await: the page's queries go out with the session lookup (one D1 round trip).
  const ridden = rideWithSessionLookup(app, request, (hash) => archivedPageQueries(app, memberBudgetIdOf(app, hash), { month, categoryId }, page));
  const user = await requirePageUser(app, request);
  const access = await requireBudget(app, user);
  const [result, all] = await Promise.all([archivedPage(app, access, { month, categoryId }, page, await ridden), month || categoryId ? archivedPage(app, access, {}, 1) : null]);
  const cats = result.categories;
  return { result, anyArchived: (all ?? result).totalCount > 0, categories: cats, month: month ?? "all", category: categoryId ?? "all" };
}

function formatArchived(iso: string): string {
  return formatDate(iso, { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC" }) + " UTC";
}

export default function TransactionHistory() {
  const { result, anyArchived, categories, month, category } = useLoaderData<typeof loader>();
  const pageLink = (page: number) => {
    const q = new URLSearchParams();
    if (month !== "all") q.set("month", month);
    if (category !== "all") q.set("category", category);
    q.set("page", String(page));
    return `/history?${q.toString()}`;
  };
  const byMonth = new Map<string, typeof result.items>();
  for (const item of result.items) {
    const key = item.budgetMonth ?? "";
    byMonth.set(key, [...(byMonth.get(key) ?? []), item]);
  }
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 id="page-title" className="text-2xl font-bold">
          Transaction History
        </h1>
        <Link to="/expense-history" className="text-sm font-medium text-brand-700 underline">
          Expense history by month, with charts and exports
        </Link>
      </div>

      <dl className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Total transactions</dt>
          <dd className="text-2xl font-bold" data-testid="history-count">
            {result.totalCount}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Total amount</dt>
          <dd className="text-2xl font-bold" data-testid="history-total">
            {formatUSD(result.totalCents)}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Budget periods</dt>
          <dd className="text-2xl font-bold" data-testid="history-periods">
            {result.periods}
          </dd>
        </div>
      </dl>

      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <label className="text-sm font-medium">
          Budget month
          <select name="month" defaultValue={month} key={`m-${month}`} className="mt-1 block rounded-md border border-slate-300 px-3 py-2">
            <option value="all">All months</option>
            {result.months.map((m) => (
              <option key={m} value={m}>
                {monthLabel(m)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Category
          <select name="category" defaultValue={category} key={`c-${category}`} className="mt-1 block rounded-md border border-slate-300 px-3 py-2">
            <option value="all">All categories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.emoji} {c.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
          Apply Filters
        </button>
        <Link to="/history" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium">
          Clear Filters
        </Link>
      </Form>

      {result.totalCount === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600" data-testid="history-empty">
          {/* With no archived data at all the first message wins, whatever the URL filters (spec part 2). */}
          {anyArchived ? "No transactions found matching your current filters." : "Archived transactions will appear here after your first budget reset."}
        </p>
      ) : (
        <div className="space-y-4">
          {[...byMonth.entries()].map(([m, items]) => {
            const group = result.groups.find((g) => g.month === m);
            return (
              <section key={m} aria-labelledby={`month-${m}`} className="rounded-xl border border-slate-200 bg-white" data-testid="history-group">
                <header className="flex justify-between border-b border-slate-100 px-4 py-2">
                  <h2 id={`month-${m}`} className="font-semibold">
                    {m ? monthLabel(m) : "Unknown month"}
                  </h2>
                  <p className="text-sm text-slate-600">
                    {group?.count ?? items.length} transactions · {formatUSD(group?.totalCents ?? 0)}
                  </p>
                </header>
                <ul className="divide-y divide-slate-100">
                  {items.map((e) => (
                    <li key={e.id} className="flex items-start justify-between gap-3 px-4 py-2">
                      <div className="flex gap-3">
                        <span aria-hidden="true" className="text-xl">
                          {e.category?.emoji ?? "📝"}
                        </span>
                        <div>
                          <p className="font-medium">{e.description}</p>
                          <p className="text-xs text-slate-600">
                            {e.category?.name ?? "Uncategorized"}
                            {e.archivedAt ? ` · Archived ${formatArchived(e.archivedAt)}` : ""}
                          </p>
                          {e.originalInput ? <p className="text-xs italic text-slate-500">“{e.originalInput}”</p> : null}
                        </div>
                      </div>
                      <div className="text-right">
                        <p className="font-medium tabular-nums text-red-700">-{formatUSD(e.amountCents)}</p>
                        <p className="text-xs text-slate-600">{e.date}</p>
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
          {result.pageCount > 1 ? (
            <nav aria-label="Pages" className="flex items-center justify-between text-sm">
              {result.page > 1 ? <Link to={pageLink(result.page - 1)}>← Newer</Link> : <span />}
              <span>
                Page {result.page} of {result.pageCount}
              </span>
              {result.page < result.pageCount ? <Link to={pageLink(result.page + 1)}>Older →</Link> : <span />}
            </nav>
          ) : null}
        </div>
      )}
    </section>
  );
}
