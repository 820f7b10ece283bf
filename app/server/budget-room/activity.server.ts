import type { Db } from "../db/client.server";
import { activityInsert } from "../activity.server";
import type { ParsedBudgetCommand } from "./commands";
import { SYSTEM_ACTOR } from "./schemas/reset";

// Every applied budget command leaves one line in the activity log (the admin's Activity Logs and a
// user's recent activity), written in the command's own batch so the log never claims a write that
// did not happen.

const EXPENSE_COMMAND = /expense/i;

/** "addLineItem" → "add line item": readable without a table every area must keep in step. */
function words(type: string): string {
  return type.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

export function commandActivity(db: Db, budgetId: string, actorId: string, command: ParsedBudgetCommand, now: number) {
  // The budget may be gone by the end of this batch; the user is about to be: nothing to point at.
  if (command.type === "leaveOnAccountDeletion") return null;
  const isExpense = EXPENSE_COMMAND.test(command.type) && !/line/i.test(command.type);
  // Commands the app runs itself (the monthly reset) have no user to point at.
  const userId = actorId === SYSTEM_ACTOR ? null : actorId;
  return activityInsert(db, { userId, budgetId, type: isExpense ? "expense" : "budget", description: `Budget change: ${words(command.type)}`, at: now });
}
