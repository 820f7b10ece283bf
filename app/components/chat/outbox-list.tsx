import type { OutboxItem } from "~/lib/outbox";

function typedTime(typedAt: number): string {
  return new Date(typedAt).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
}

/** Chat messages typed without a connection: "Waiting to send", each with a way to take it back. */
export function OutboxList({ items, onCancel }: { items: OutboxItem[]; onCancel: (key: string) => void }) {
  return (
    <>
      {items
        .filter((item) => item.kind === "message")
        .map((item) => (
          <li key={item.key} className="flex flex-col items-end" data-sender="user" data-testid="waiting-message">
            <div className="max-w-[85%] whitespace-pre-wrap rounded-2xl rounded-br-sm border border-dashed border-brand-600 bg-brand-50 px-4 py-2 text-sm text-slate-900">{item.content}</div>
            <p className="mt-1 flex items-center gap-2 px-1 text-xs text-slate-600">
              <span>
                {item.error ? <span className="text-red-700">Not sent: {item.error}</span> : "Waiting to send"} · typed {typedTime(item.typedAt)}
              </span>
              <button type="button" onClick={() => onCancel(item.key)} className="rounded px-1 font-medium text-brand-700 underline" aria-label={`Cancel "${item.content.slice(0, 40)}"`}>
                Cancel
              </button>
            </p>
          </li>
        ))}
    </>
  );
}
