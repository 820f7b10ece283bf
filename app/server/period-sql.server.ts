import { and, gte, lt, sql, type SQL } from "drizzle-orm";
import { budgets, expenses } from "./db/schema";

// Which expenses count toward a period's spent (issue 18 #16): those dated inside it, from the day it
// began up to (not including) the day it ends. An expense dated after the period (tomorrow's on the last
// day, or a stray far-future date from before dates were checked) counts in the period it falls in.

/**
 * The day the budget's current period ends, in SQL: its stored end (set when the reset day moved), else
 * the next occurrence of its reset day after the start — `periodEndOf`/`nextResetDay` of domain/, in SQL.
 */
function periodEndOf(ref: SQL): SQL<string> {
  return sql<string>`(SELECT coalesce(${budgets.periodEnd}, CASE WHEN CAST(substr(${budgets.periodStart}, 9, 2) AS INTEGER) < ${budgets.resetDay}
    THEN substr(${budgets.periodStart}, 1, 8) || printf('%02d', ${budgets.resetDay})
    ELSE strftime('%Y-%m-', ${budgets.periodStart}, 'start of month', '+1 month') || printf('%02d', ${budgets.resetDay}) END)
    FROM ${budgets} WHERE ${budgets.id} = ${ref})`;
}

/** `expenses.date` inside the current period of the budget `ref` names (an id or SQL naming one). */
export function datedInCurrentPeriod(ref: string | SQL): SQL {
  const budget = typeof ref === "string" ? sql`${ref}` : ref;
  const start = sql`(SELECT ${budgets.periodStart} FROM ${budgets} WHERE ${budgets.id} = ${budget})`;
  return and(gte(expenses.date, start), lt(expenses.date, periodEndOf(budget)))!;
}
