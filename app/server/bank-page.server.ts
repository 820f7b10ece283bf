import type { BankPageForm } from "~/domain/bank-forms";
import { syncCompleteText } from "~/domain/bank-forms";
import { syncDoneTitle } from "~/domain/bank-rules";
import type { BudgetAccess } from "./budget.server";
import type { AppContext } from "./context.server";
import type { UserRow } from "./db/schema";
import type { SQL } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { appOrigin, bankAccountsQuery, linkSandboxTestBank, listBankAccounts, listSyncEvents, plaidSettings, removeBankAccount, sandboxLinkAvailable, syncAndImport, syncEventsQuery } from "./plaid/index.server";

// The /bank-connections page's server side (issue 20): what it shows and what its forms do, all through
// the Plaid module (app/server/plaid/), which scopes every id to the caller's budget.

/** The page's queries for `budgetId` (SQL for the session's budget), to ride with the session lookup. */
export function bankConnectionsQueries(app: AppContext, budgetId: SQL) {
  return [bankAccountsQuery(app, budgetId), syncEventsQuery(app, budgetId)] as const;
}

/** What the page shows (`ridden`: `bankConnectionsQueries`' rows, already read for this budget). */
export async function loadBankConnections(app: AppContext, user: UserRow, access: BudgetAccess, ridden?: BatchResponse<ReturnType<typeof bankConnectionsQueries>> | null) {
  const [accounts, events] = await Promise.all([listBankAccounts(app, user, access, ridden?.[0]), listSyncEvents(app, access, ridden?.[1])]);
  return { accounts, events, configured: plaidSettings(app) !== null, sandbox: sandboxLinkAvailable(app) };
}

export type BankIntentResult = { ok: true; flash: { title: string; description?: string } } | { ok: false; status: number; message: string };

export async function runBankPageIntent(app: AppContext, request: Request, user: UserRow, access: BudgetAccess, data: BankPageForm): Promise<BankIntentResult> {
  switch (data.intent) {
    case "sync-now": {
      const result = await syncAndImport(app, user, access, { syncType: "manual" });
      if (!result.ok) return result;
      const { value } = result;
      return { ok: true, flash: { title: syncDoneTitle(value.status, "bank"), description: value.status === "partial" ? value.message : syncCompleteText(value.transactionsImported) } };
    }
    case "remove-account": {
      const result = await removeBankAccount(app, user, access, data.accountId);
      return result.ok ? { ok: true, flash: { title: "Account Removed", description: "Expenses already imported stay in your budget." } } : result;
    }
    case "link-test-bank": {
      const result = await linkSandboxTestBank(app, user, access, { origin: appOrigin(app, request) });
      if (!result.ok) return result;
      const { value } = result;
      const description = value.alreadyLinked
        ? "This bank was already connected: nothing was added twice."
        : `${value.institutionName ?? "Your bank"} is connected${value.sync ? `; ${syncCompleteText(value.sync.transactionsImported)}` : ""}.`;
      return { ok: true, flash: { title: "Success!", description } };
    }
  }
}
