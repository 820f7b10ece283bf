import type { SyncEventView } from "~/domain/bank";
import { formatDate } from "~/domain/intl-format";
import { LocalDateTime } from "~/components/local-time";

const STATUS_STYLE: Record<SyncEventView["status"], string> = {
  success: "bg-emerald-100 text-emerald-800",
  partial: "bg-amber-100 text-amber-900",
  error: "bg-red-100 text-red-800",
};
const STATUS_LABEL: Record<SyncEventView["status"], string> = { success: "Success", partial: "Partial", error: "Error" };

function day(value: string | null): string {
  return value ? formatDate(`${value}T12:00:00Z`, { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }) : "…";
}

/** Every sync of the budget's banks, newest first (spec part 2 "Sync event"). */
export function SyncHistoryTab({ events }: { events: SyncEventView[] }) {
  if (events.length === 0) {
    return <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600">No syncs yet. Link a bank and sync it to see its history here.</p>;
  }
  return (
    <ul className="space-y-2" aria-label="Sync history">
      {events.map((event) => (
        <li key={event.id} className="rounded-xl border border-slate-200 bg-white p-4 text-sm" data-testid="sync-event">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold">
              {event.syncType === "manual" ? "Manual sync" : "Automatic sync"}
              <span className="ml-2 font-normal text-slate-600"><LocalDateTime iso={event.createdAt} /></span>
            </p>
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[event.status]}`}>{STATUS_LABEL[event.status]}</span>
          </div>
          <p className="mt-1 text-slate-700">
            {event.transactionsImported} imported · {event.transactionsSkipped} skipped
            {event.dateRange.start || event.dateRange.end ? ` · ${day(event.dateRange.start)} – ${day(event.dateRange.end)}` : null}
          </p>
          {event.errorMessage ? <p className="mt-1 text-red-700">{event.errorMessage}</p> : null}
        </li>
      ))}
    </ul>
  );
}
