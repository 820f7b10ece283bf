import { parseDay } from "../budget-math";

// Days as people say them in a chat reply: "today", "yesterday", "Sat, Nov 21" (with the year only when
// it is not this year). Both days are YYYY-MM-DD in the budget's time zone, so no clock is involved.

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function humanDay(day: string, today: string): string {
  const d = parseDay(day);
  const t = parseDay(today);
  const n = Date.UTC(d.y, d.m - 1, d.d);
  const diff = Math.round((Date.UTC(t.y, t.m - 1, t.d) - n) / 86_400_000);
  if (diff === 0) return "today";
  if (diff === 1) return "yesterday";
  const weekday = WEEKDAYS[new Date(n).getUTCDay()];
  return `${weekday}, ${MONTHS[d.m - 1]} ${d.d}${d.y === t.y ? "" : `, ${d.y}`}`;
}
