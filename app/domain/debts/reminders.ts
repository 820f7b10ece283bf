// Debt payment reminders: debts due within the next 5 days, counted in the budget's time zone.
import { formatDay, parseDay } from "../budget-math";

export const REMINDER_WINDOW_DAYS = 5;

/** The next due date on or after `today` for a day of month 1–28 (every month has one). */
export function nextDueDate(today: string, dueDay: number): string {
  const { y, m, d } = parseDay(today);
  if (d <= dueDay) return formatDay(y, m, dueDay);
  return m === 12 ? formatDay(y + 1, 1, dueDay) : formatDay(y, m + 1, dueDay);
}

function dayNumber(day: string): number {
  const { y, m, d } = parseDay(day);
  return Math.floor(Date.UTC(y, m - 1, d) / 86_400_000);
}

export interface DueDebt {
  id: string;
  name: string;
  paymentDueDate: number;
  amountCents: number;
}

export interface Reminder {
  debtId: string;
  name: string;
  amountCents: number;
  dueDate: string;
  dueDay: number;
  daysUntil: number;
}

/** Debts due today or within the next 5 days, soonest first. */
export function dueReminders(debts: DueDebt[], today: string): Reminder[] {
  const now = dayNumber(today);
  return debts
    .map((d) => {
      const dueDate = nextDueDate(today, d.paymentDueDate);
      return { debtId: d.id, name: d.name, amountCents: d.amountCents, dueDate, dueDay: d.paymentDueDate, daysUntil: dayNumber(dueDate) - now };
    })
    .filter((r) => r.daysUntil <= REMINDER_WINDOW_DAYS)
    .sort((a, b) => a.daysUntil - b.daysUntil || a.name.localeCompare(b.name));
}
