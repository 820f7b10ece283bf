import { useEffect, useState } from "react";
import { formatUSD, toCents } from "~/domain/money";
import type { ReminderView } from "~/domain/debts/views";

const POLL_MS = 2 * 60_000;

function when(daysUntil: number): string {
  if (daysUntil === 0) return "today";
  if (daysUntil === 1) return "tomorrow";
  return `in ${daysUntil} days`;
}

/** The chat home's small reminder for debts due within 5 days; polled every 2 minutes (spec part 1 §9). */
export function DebtReminder() {
  const [reminders, setReminders] = useState<ReminderView[]>([]);
  useEffect(() => {
    let stopped = false;
    const load = async () => {
      try {
        const res = await fetch("/api/debt-reminders", { credentials: "include", headers: { Accept: "application/json" } });
        if (res.ok && !stopped) setReminders((await res.json()) as ReminderView[]);
      } catch {
        // A missed poll just keeps the last reminders; the next one tries again.
      }
    };
    void load();
    const timer = setInterval(load, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  if (reminders.length === 0) return null;
  return (
    <aside aria-label="Debt payment reminders" className="mx-auto mb-3 mt-3 max-w-3xl rounded-xl border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid="debt-reminder">
      <ul>
        {reminders.map((r) => (
          <li key={r.debtId}>
            Payment reminder: <strong>{r.name}</strong> {formatUSD(toCents(r.amount) ?? 0)} due {when(r.daysUntil)} (day {r.paymentDueDate}).{" "}
            <a href="/debt-management?tab=debts" className="underline">
              View debts
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}
