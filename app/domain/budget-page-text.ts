import { formatDate } from "./intl-format";

// Small wording rules of the budget page, shared by its components.

export function daysLabel(days: number): string {
  return days === 1 ? "1 day" : `${days} days`;
}

/** "Sat, Nov 22" for a calendar day (no time zone: the day is already the budget's). */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return formatDate(Date.UTC(y, m - 1, d), { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });
}

/** "3:05 PM" in the budget's time zone. */
export function timeLabel(iso: string, timeZone: string): string {
  try {
    return formatDate(iso, { hour: "numeric", minute: "2-digit", timeZone });
  } catch {
    return formatDate(iso, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
  }
}

/** "Added by" shows the member's full name, else their e-mail. */
export function memberName(user: { firstName: string | null; lastName: string | null; email: string } | null): string {
  if (!user) return "Former member";
  const full = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return full || user.email;
}
