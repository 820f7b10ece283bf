import { Form, Link } from "@remix-run/react";
import { ACTIVITY_FILTER_TYPES } from "~/domain/activity";
import type { ActivityPage } from "~/domain/activity";
import { fullName, input, secondary, when } from "./shared";

export function ActivityTab({ log, filter, users }: { log: ActivityPage; filter: { type: string; userId: string }; users: Array<{ id: string; email: string }> }) {
  const pageHref = (page: number) => {
    const q = new URLSearchParams({ tab: "activity", page: String(page) });
    if (filter.type) q.set("type", filter.type);
    if (filter.userId) q.set("userId", filter.userId);
    return `/admin?${q}`;
  };
  return (
    <div className="space-y-4">
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter activity">
        <input type="hidden" name="tab" value="activity" />
        <div>
          <label htmlFor="activity-type" className="text-sm font-medium">
            Type
          </label>
          <select id="activity-type" name="type" defaultValue={filter.type} className={input}>
            <option value="">All types</option>
            {ACTIVITY_FILTER_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="activity-user" className="text-sm font-medium">
            User
          </label>
          <select id="activity-user" name="userId" defaultValue={filter.userId} className={input}>
            <option value="">All users</option>
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.email}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={secondary}>
          Filter
        </button>
      </Form>
      {/* Focusable: on a phone the table scrolls sideways, and a keyboard must be able to scroll it too. */}
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Activity log">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Activity log, newest first</caption>
          <thead className="bg-slate-50 text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2">When</th>
              <th scope="col" className="px-4 py-2">Type</th>
              <th scope="col" className="px-4 py-2">Who</th>
              <th scope="col" className="px-4 py-2">What</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {log.items.map((i) => (
              <tr key={i.id}>
                <td className="whitespace-nowrap px-4 py-2 text-slate-600">{when(i.createdAt)}</td>
                <td className="px-4 py-2">{i.type}</td>
                <td className="px-4 py-2">{i.user ? fullName(i.user) : "—"}</td>
                <td className="px-4 py-2">{i.description}</td>
              </tr>
            ))}
            {log.items.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-4 py-3 text-slate-600">
                  No activity matches these filters.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <nav aria-label="Activity pages" className="flex items-center justify-between text-sm">
        {log.page > 1 ? <Link to={pageHref(log.page - 1)} className={secondary}>Previous</Link> : <span />}
        <span className="text-slate-600">
          Page {log.page} of {log.pageCount} · {log.total} entries
        </span>
        {log.page < log.pageCount ? <Link to={pageHref(log.page + 1)} className={secondary}>Next</Link> : <span />}
      </nav>
    </div>
  );
}
