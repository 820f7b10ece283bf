import { useRevalidate } from "~/components/use-revalidate";
import { useOutboxItems, useOutboxSender } from "~/components/chat/offline-queue";
import { formatUSD, typedCents } from "~/domain/money";

// The budget page's add row without a connection (issue 23): the row's own idempotency key and fields go to
// the outbox, are shown as waiting, and are sent (POST /api/expenses with the key) when the connection returns.

function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** Offline: keeps the add row's expense in the outbox (true) instead of letting the form post. */
export function queueExpenseIfOffline(form: HTMLFormElement, key: string): boolean {
  if (typeof navigator === "undefined" || navigator.onLine || !("indexedDB" in window)) return false;
  const data = new FormData(form);
  const typedAt = Date.now();
  const fields = {
    amount: String(data.get("amount") ?? ""),
    description: String(data.get("description") ?? ""),
    categoryId: String(data.get("categoryId") ?? ""),
    // The day it was typed, not the day it arrives.
    date: localDay(typedAt),
  };
  void import("~/lib/outbox").then((o) => o.putOutbox({ key, kind: "expense", typedAt, content: fields.description, conversationId: null, fields }));
  return true;
}

/** Expenses added here offline and not sent yet; sending the outbox when the connection is back. */
export function WaitingExpenses() {
  const revalidate = useRevalidate();
  const items = useOutboxItems().filter((item) => item.kind === "expense");
  const outbox = useOutboxSender(revalidate);
  if (items.length === 0) return null;
  return (
    <ul className="mt-3 divide-y divide-dashed divide-slate-200 rounded-md border border-dashed border-brand-600 bg-brand-50" aria-label="Waiting to send">
      {items.map((item) => (
        <li key={item.key} className="flex items-center justify-between gap-2 px-3 py-2 text-sm" data-testid="waiting-expense">
          <span>
            {item.content} · {formatUSD(typedCents(item.fields?.amount) ?? 0)} —{" "}
            {item.error ? <span className="text-red-700">Not sent: {item.error}</span> : <span className="text-slate-600">Waiting to send</span>}
          </span>
          <button type="button" onClick={() => void outbox.cancel(item.key)} className="rounded px-1 font-medium text-brand-700 underline" aria-label={`Cancel ${item.content}`}>
            Cancel
          </button>
        </li>
      ))}
    </ul>
  );
}
