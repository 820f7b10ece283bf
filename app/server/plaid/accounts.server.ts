import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { BankAccountStatus, BankAccountView, BankResult, BankSourceView, PendingBankTransactionView, SyncEventView } from "~/domain/bank";
import { BANK_TEXT } from "~/domain/bank";
import { centsToDecimal } from "~/domain/money";
import type { BudgetAccess } from "../budget.server";
import { applyBudgetCommand } from "../budget-room/client.server";
import type { AppContext } from "../context.server";
import { bankAccounts, bankTransactions, budgetMembers, plaidItems, syncEvents, users, type UserRow } from "../db/schema";
import { inJson } from "../db/json-rows.server";
import { plaidSettings } from "./client.server";
import { fromOutcome } from "./common.server";
import { removeItemAtPlaid } from "./items.server";

/** Sync history kept per budget and shown newest first (bounded: the page shows the latest). */
export const SYNC_EVENTS_SHOWN = 50;

function displayName(u: { firstName: string | null; lastName: string | null; email: string }): string {
  const name = [u.firstName, u.lastName].filter(Boolean).join(" ").trim();
  return name || u.email.split("@")[0];
}

function toStatus(status: string): BankAccountStatus {
  return status === "login_required" || status === "error" ? status : "active";
}

/**
 * The budget's bank accounts as one query (`budgetId` may be SQL: the session's budget, when it rides with
 * the session lookup). In a D1 batch rows come back keyed by column name, so the columns the joined tables
 * share (status, user_id) carry their own names here.
 */
export function bankAccountsQuery(app: AppContext, budgetId: string | SQL) {
  return app.db
    .select({
      id: bankAccounts.id,
      name: bankAccounts.name,
      officialName: bankAccounts.officialName,
      institutionName: bankAccounts.institutionName,
      mask: bankAccounts.mask,
      type: bankAccounts.type,
      subtype: bankAccounts.subtype,
      current: bankAccounts.currentBalanceCents,
      available: bankAccounts.availableBalanceCents,
      status: bankAccounts.status,
      itemStatus: sql<string>`${plaidItems.status}`.as("item_status"),
      lastSyncedAt: plaidItems.lastSyncedAt,
      linkedBy: sql<string>`${plaidItems.userId}`.as("linked_by"),
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      stillMember: sql<string | null>`${budgetMembers.userId}`.as("still_member"),
    })
    .from(bankAccounts)
    .innerJoin(plaidItems, eq(plaidItems.id, bankAccounts.plaidItemId))
    .leftJoin(users, eq(users.id, plaidItems.userId))
    .leftJoin(budgetMembers, and(eq(budgetMembers.budgetId, bankAccounts.budgetId), eq(budgetMembers.userId, plaidItems.userId)))
    .where(and(eq(bankAccounts.budgetId, budgetId), ne(bankAccounts.status, "removed"), ne(plaidItems.status, "removed")))
    .orderBy(bankAccounts.institutionName, bankAccounts.name, bankAccounts.id)
    .limit(200);
}
export type BankAccountRows = Awaited<ReturnType<typeof bankAccountsQuery>>;

/** The budget's bank accounts (every member sees them), with who linked each and whether the viewer may remove it (`ridden`: `bankAccountsQuery`'s rows, already read). */
export async function listBankAccounts(app: AppContext, user: UserRow, access: BudgetAccess, ridden?: BankAccountRows | null): Promise<BankAccountView[]> {
  const rows = ridden ?? (await bankAccountsQuery(app, access.budget.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    officialName: r.officialName,
    institutionName: r.institutionName,
    mask: r.mask,
    type: r.type,
    subtype: r.subtype,
    balance: { current: r.current === null ? null : centsToDecimal(r.current), available: r.available === null ? null : centsToDecimal(r.available) },
    // The Item's state wins: a login required is the whole bank's, whatever the account row says.
    status: r.itemStatus !== "active" ? toStatus(r.itemStatus) : toStatus(r.status),
    addedBy: r.stillMember && r.email ? { id: r.linkedBy, name: displayName({ firstName: r.firstName, lastName: r.lastName, email: r.email }) } : null,
    canRemove: access.role === "owner" || r.linkedBy === user.id,
    lastSyncedAt: r.lastSyncedAt ? new Date(r.lastSyncedAt).toISOString() : null,
  }));
}

/** The budget's latest sync events as one query (single table: its rows may ride in a D1 batch). */
export function syncEventsQuery(app: AppContext, budgetId: string | SQL) {
  return app.db.select().from(syncEvents).where(eq(syncEvents.budgetId, budgetId)).orderBy(desc(syncEvents.createdAt), desc(syncEvents.id)).limit(SYNC_EVENTS_SHOWN);
}
export type SyncEventRows = Awaited<ReturnType<typeof syncEventsQuery>>;

/** The budget's sync events, newest first (`ridden`: `syncEventsQuery`'s rows, already read). */
export async function listSyncEvents(app: AppContext, access: BudgetAccess, ridden?: SyncEventRows | null): Promise<SyncEventView[]> {
  const rows = ridden ?? (await syncEventsQuery(app, access.budget.id));
  return rows.map((r) => ({
    id: r.id,
    syncType: r.syncType,
    status: r.status,
    transactionsImported: r.transactionsImported,
    transactionsSkipped: r.transactionsSkipped,
    dateRange: { start: r.rangeStart, end: r.rangeEnd },
    errorMessage: r.errorMessage,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

export { connectedAccountsQuery, hasConnectedAccounts } from "../expenses.server";

/**
 * Removes one account ("Account Removed"); only the member who linked its bank or the owner may. When the
 * Item's last account goes, its token is deleted and the Item is removed at Plaid. Imported expenses stay.
 */
export async function removeBankAccount(app: AppContext, user: UserRow, access: BudgetAccess, accountId: string): Promise<BankResult<{ message: string }>> {
  // Read the token before the room deletes it: /item/remove needs it once the last account is gone.
  const found = await app.db
    .select({ itemRowId: plaidItems.id, itemId: plaidItems.itemId, token: plaidItems.accessTokenEncrypted })
    .from(bankAccounts)
    .innerJoin(plaidItems, eq(plaidItems.id, bankAccounts.plaidItemId))
    .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.budgetId, access.budget.id), ne(bankAccounts.status, "removed")))
    .limit(1);
  if (!found[0]) return { ok: false, status: 404, message: "Bank account not found." };
  const outcome = await applyBudgetCommand(app, access.budget.id, user.id, { type: "removeBankAccount", bankAccountId: accountId });
  if (!outcome.ok) return fromOutcome(outcome);
  if (outcome.result.itemRemoved === true) {
    const settings = plaidSettings(app);
    if (settings && found[0].token) await removeItemAtPlaid(settings, found[0].itemRowId, found[0].token);
  }
  return { ok: true, value: { message: BANK_TEXT.accountRemoved } };
}

/** Bank and pending state of the given bank expenses (the budget page's rows), by expense id. */
export async function bankSourcesOf(app: Pick<AppContext, "db">, budgetId: string, expenseIds: string[]): Promise<Record<string, BankSourceView>> {
  if (expenseIds.length === 0) return {};
  const rows = await app.db
    .select({ expenseId: bankTransactions.importedExpenseId, institutionName: bankAccounts.institutionName, mask: bankAccounts.mask, pending: bankTransactions.pending })
    .from(bankTransactions)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankTransactions.bankAccountId))
    .where(and(eq(bankTransactions.budgetId, budgetId), eq(bankTransactions.disposition, "spending"), inJson(sql`${bankTransactions.importedExpenseId}`, expenseIds.slice(0, 1000))));
  const out: Record<string, BankSourceView> = {};
  for (const r of rows) if (r.expenseId) out[r.expenseId] = { institutionName: r.institutionName, mask: r.mask, pending: r.pending };
  return out;
}

/** Pending debits of the budget's current period: shown as pending, never counted. */
export async function listPendingBankTransactions(app: Pick<AppContext, "db">, access: BudgetAccess): Promise<PendingBankTransactionView[]> {
  const rows = await app.db
    .select({ id: bankTransactions.id, date: bankTransactions.date, name: bankTransactions.name, merchantName: bankTransactions.merchantName, amountCents: bankTransactions.amountCents, institutionName: bankAccounts.institutionName, mask: bankAccounts.mask })
    .from(bankTransactions)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankTransactions.bankAccountId))
    .where(and(eq(bankTransactions.budgetId, access.budget.id), eq(bankTransactions.disposition, "pending"), sql`${bankTransactions.date} >= ${access.budget.periodStart}`))
    .orderBy(desc(bankTransactions.date))
    .limit(100);
  return rows.map((r) => ({ id: r.id, date: r.date, description: (r.merchantName ?? r.name).slice(0, 200), amount: centsToDecimal(r.amountCents), institutionName: r.institutionName, mask: r.mask }));
}
