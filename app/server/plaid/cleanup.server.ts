import type { BankResult, CleanupResult } from "~/domain/bank";
import type { BudgetAccess } from "../budget.server";
import { applyBudgetCommand } from "../budget-room/client.server";
import type { AppContext } from "../context.server";
import type { UserRow } from "../db/schema";
import { fromOutcome } from "./common.server";

/**
 * POST /api/plaid/cleanup-transactions: removes bank expenses whose bank transaction is gone (or no longer
 * spending) and re-links bank transactions to their expense. Hand-logged expenses are never touched.
 */
export async function cleanupBankTransactions(app: AppContext, user: UserRow, access: BudgetAccess): Promise<BankResult<CleanupResult>> {
  const outcome = await applyBudgetCommand(app, access.budget.id, user.id, { type: "cleanupBankExpenses" });
  if (!outcome.ok) return fromOutcome(outcome);
  const removed = Number(outcome.result.removed ?? 0);
  return { ok: true, value: { message: removed === 0 ? "Bank transactions are clean." : `Removed ${removed} stale bank expense${removed === 1 ? "" : "s"}.`, removed } };
}
