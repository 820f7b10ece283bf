import { and, desc, eq } from "drizzle-orm";
import type { BankAccountView, SyncEventView } from "~/domain/bank";
import type { BankPageForm } from "~/domain/bank-forms";
import { centsToDecimal } from "~/domain/money";
import type { BudgetAccess } from "./budget.server";
import type { AppContext } from "./context.server";
import { bankAccounts, plaidItems, syncEvents, users, type UserRow } from "./db/schema";

// The /bank-connections page's server side: what it shows and what its forms do, through the Plaid
// module's functions (app/server/plaid/). TEMPORARY reads until that module's page functions land.

export function plaidConfigured(app: AppContext): boolean {
  const c = app.config;
  return !!(c.PLAID_CLIENT_ID && c.PLAID_SECRET && c.PLAID_TOKEN_KEY);
}

export async function loadBankConnections(app: AppContext, user: UserRow, access: BudgetAccess) {
  const budgetId = access.budget.id;
  const [accountRows, eventRows] = await app.db.batch([
    app.db
      .select({ a: bankAccounts, linkedBy: plaidItems.userId, first: users.firstName, last: users.lastName, email: users.email })
      .from(bankAccounts)
      .innerJoin(plaidItems, eq(plaidItems.id, bankAccounts.plaidItemId))
      .leftJoin(users, eq(users.id, plaidItems.userId))
      .where(eq(bankAccounts.budgetId, budgetId))
      .limit(100),
    app.db.select().from(syncEvents).where(eq(syncEvents.budgetId, budgetId)).orderBy(desc(syncEvents.createdAt)).limit(50),
  ]);
  const accounts: BankAccountView[] = accountRows.map(({ a, linkedBy, first, last, email }) => ({
    id: a.id,
    name: a.name,
    officialName: a.officialName,
    institutionName: a.institutionName,
    mask: a.mask,
    type: a.type,
    subtype: a.subtype,
    balance: {
      current: a.currentBalanceCents === null ? null : centsToDecimal(a.currentBalanceCents),
      available: a.availableBalanceCents === null ? null : centsToDecimal(a.availableBalanceCents),
    },
    status: a.status === "login_required" || a.status === "error" ? a.status : "active",
    addedBy: linkedBy ? { id: linkedBy, name: [first, last].filter(Boolean).join(" ") || email || "A member" } : null,
    canRemove: access.role === "owner" || linkedBy === user.id,
    lastSyncedAt: null,
  }));
  const events: SyncEventView[] = eventRows.map((e) => ({
    id: e.id,
    syncType: e.syncType,
    status: e.status,
    transactionsImported: e.transactionsImported,
    transactionsSkipped: e.transactionsSkipped,
    dateRange: { start: e.rangeStart, end: e.rangeEnd },
    errorMessage: e.errorMessage,
    createdAt: new Date(e.createdAt).toISOString(),
  }));
  return { accounts, events, configured: plaidConfigured(app), sandbox: app.config.PLAID_ENV === "sandbox" };
}

export type BankIntentResult = { ok: true; flash: { title: string; description?: string } } | { ok: false; status: number; message: string };

export async function runBankPageIntent(_app: AppContext, _user: UserRow, _access: BudgetAccess, _data: BankPageForm): Promise<BankIntentResult> {
  void and;
  return { ok: false, status: 503, message: "Bank sync is not available yet." };
}
