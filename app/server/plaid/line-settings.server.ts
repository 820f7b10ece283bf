import { and, eq, type SQL } from "drizzle-orm";
import type { BankResult, BankSyncLineView, BankSyncSettings } from "~/domain/bank";
import { centsToDecimal } from "~/domain/money";
import type { BudgetAccess } from "../budget.server";
import { applyBudgetCommand } from "../budget-room/client.server";
import type { AppContext } from "../context.server";
import { lineItems, type UserRow } from "../db/schema";
import { fromOutcome } from "./common.server";

type LineRow = Pick<typeof lineItems.$inferSelect, "id" | "label" | "amountCents" | "bankSyncEnabled" | "matchingMerchants" | "amountTolerancePercent" | "matchingAccountMasks">;

export function toBankSyncLineView(row: LineRow): BankSyncLineView {
  return {
    id: row.id,
    label: row.label,
    amount: centsToDecimal(row.amountCents),
    bankSyncEnabled: row.bankSyncEnabled,
    matchingMerchants: row.matchingMerchants ?? [],
    amountTolerancePercent: row.amountTolerancePercent.toFixed(2),
    matchingAccountMasks: row.matchingAccountMasks ?? [],
  };
}

/** A fixed expense's bank sync columns as one query (single table: its rows may ride in a D1 batch). */
export function lineBankSyncQuery(app: AppContext, budgetId: string | SQL, lineId: string) {
  return app.db
    .select({ id: lineItems.id, label: lineItems.label, amountCents: lineItems.amountCents, bankSyncEnabled: lineItems.bankSyncEnabled, matchingMerchants: lineItems.matchingMerchants, amountTolerancePercent: lineItems.amountTolerancePercent, matchingAccountMasks: lineItems.matchingAccountMasks })
    .from(lineItems)
    .where(and(eq(lineItems.id, lineId), eq(lineItems.budgetId, budgetId), eq(lineItems.kind, "expense")))
    .limit(1);
}

async function readLine(app: AppContext, budgetId: string, lineId: string): Promise<LineRow | null> {
  const rows = await lineBankSyncQuery(app, budgetId, lineId);
  return rows[0] ?? null;
}

/** A fixed expense's bank sync settings, for the matching panel (404 for another budget's line; `ridden`: `lineBankSyncQuery`'s rows, already read). */
export async function getLineBankSync(app: AppContext, access: BudgetAccess, lineId: string, ridden?: LineRow[] | null): Promise<BankResult<BankSyncLineView>> {
  const row = ridden ? (ridden[0] ?? null) : await readLine(app, access.budget.id, lineId);
  return row ? { ok: true, value: toBankSyncLineView(row) } : { ok: false, status: 404, message: "Fixed expense not found." };
}

/**
 * Saves a fixed expense's matching rules (validated by bankSyncSettingsSchema: tolerance 0–50, merchants
 * trimmed and de-duplicated, enabled needs a merchant). Owner only; another budget's line is a 404.
 */
export async function updateLineBankSync(app: AppContext, user: UserRow, access: BudgetAccess, lineId: string, settings: BankSyncSettings): Promise<BankResult<BankSyncLineView>> {
  const outcome = await applyBudgetCommand(app, access.budget.id, user.id, {
    type: "setLineBankSync",
    lineItemId: lineId,
    bankSyncEnabled: settings.bankSyncEnabled,
    matchingMerchants: settings.matchingMerchants,
    amountTolerancePercent: settings.amountTolerancePercent,
    matchingAccountMasks: settings.matchingAccountMasks,
  });
  if (!outcome.ok) return fromOutcome(outcome);
  return getLineBankSync(app, access, lineId);
}
