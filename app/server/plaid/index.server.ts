// The bank sync surface the routes and pages call (issue 20). Each function checks what it is given
// against the caller's budget (ids from the client are scoped to `access.budget`), answers a BankResult
// (or a plain value for reads), and writes only through BudgetRoom commands.
export { listBankAccounts, listSyncEvents, bankAccountsQuery, syncEventsQuery, removeBankAccount, hasConnectedAccounts, connectedAccountsQuery, bankSourcesOf, listPendingBankTransactions } from "./accounts.server";
export { createLinkToken, updateModeItemQuery, linkSandboxTestBank, sandboxLinkAvailable, appOrigin } from "./link.server";
export { exchangePublicToken } from "./exchange.server";
export { syncBudget as syncAndImport, syncItemById, runPlaidSyncJob, enqueueDailyBankSyncs, SyncBusyError } from "./sync.server";
export { cleanupBankTransactions } from "./cleanup.server";
export { merchantSuggestions, merchantSuggestionsQuery, priceAnalysis } from "./merchants.server";
export { updateLineBankSync, getLineBankSync, lineBankSyncQuery } from "./line-settings.server";
export { handlePlaidWebhook } from "./webhook.server";
export { removeUserItemsAtPlaid } from "./items.server";
export { plaidSettings } from "./client.server";
export { bankResponse } from "./respond.server";
