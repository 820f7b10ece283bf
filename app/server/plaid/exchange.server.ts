import { CountryCode } from "plaid";
import { BANK_TEXT, type BankResult, type ExchangeResult } from "~/domain/bank";
import type { BudgetAccess } from "../budget.server";
import { applyBudgetCommand } from "../budget-room/client.server";
import type { AppContext } from "../context.server";
import type { UserRow } from "../db/schema";
import { toAccountInput } from "./accounts-map.server";
import { callPlaid, plaidClient, PlaidFailure, type PlaidSettings } from "./client.server";
import { fromOutcome, isRefusal, plaidMessage, plaidStatus, refuse, requirePlaid } from "./common.server";
import { removeItemAtPlaid } from "./items.server";
import { syncItemById } from "./sync.server";
import { encryptToken } from "./token-crypto.server";

async function institutionName(settings: PlaidSettings, item: { institution_id?: string | null; institution_name?: string | null }): Promise<string | null> {
  if (item.institution_name) return item.institution_name.slice(0, 300);
  if (!item.institution_id) return null;
  try {
    const data = await callPlaid("institutions/get_by_id", () => plaidClient(settings).institutionsGetById({ institution_id: item.institution_id!, country_codes: [CountryCode.Us] }));
    return data.institution.name.slice(0, 300);
  } catch {
    // The name is a nicety: the link stands without it.
    return null;
  }
}

/**
 * Exchanges a public token from Plaid Link: stores the Item (token encrypted) and its accounts (from
 * /accounts/get), then runs the first sync. A bank already linked to this budget (same institution and
 * masks) adds nothing and imports nothing twice: the new Item is removed at Plaid.
 */
export async function exchangePublicToken(app: AppContext, user: UserRow, access: BudgetAccess, publicToken: string): Promise<BankResult<ExchangeResult>> {
  const settings = requirePlaid(app);
  if (isRefusal(settings)) return settings;
  const client = plaidClient(settings);
  const itemRowId = crypto.randomUUID();
  let encrypted: string;
  let linked: { itemId: string; institutionId: string | null; institutionName: string | null; accounts: ReturnType<typeof toAccountInput>[] };
  try {
    const exchanged = await callPlaid("item/public_token/exchange", () => client.itemPublicTokenExchange({ public_token: publicToken }));
    encrypted = await encryptToken(settings.tokenKey, exchanged.access_token, itemRowId);
    // /accounts/get, not /accounts/balance/get: right after linking the cached balances are enough (and free).
    const accounts = await callPlaid("accounts/get", () => client.accountsGet({ access_token: exchanged.access_token }));
    linked = {
      itemId: exchanged.item_id,
      institutionId: accounts.item.institution_id ?? null,
      institutionName: await institutionName(settings, accounts.item),
      accounts: accounts.accounts.slice(0, 50).map(toAccountInput),
    };
  } catch (error) {
    if (error instanceof PlaidFailure) return refuse(plaidStatus(error), plaidMessage(error, BANK_TEXT.linkFailed));
    throw error;
  }
  if (linked.accounts.length === 0) {
    await removeItemAtPlaid(settings, itemRowId, encrypted);
    return refuse(400, "That bank connection has no accounts to sync.");
  }
  const outcome = await applyBudgetCommand(app, access.budget.id, user.id, {
    type: "linkBankItem",
    plaidItemRowId: itemRowId,
    itemId: linked.itemId,
    accessTokenEncrypted: encrypted,
    institutionId: linked.institutionId,
    institutionName: linked.institutionName,
    accounts: linked.accounts,
  });
  if (!outcome.ok) {
    await removeItemAtPlaid(settings, itemRowId, encrypted);
    return fromOutcome(outcome);
  }
  if (outcome.result.alreadyLinked === true) {
    await removeItemAtPlaid(settings, itemRowId, encrypted);
    return { ok: true, value: { message: `${linked.institutionName ?? "This bank"} is already connected.`, institutionName: linked.institutionName, accountsAdded: 0, alreadyLinked: true, sync: null } };
  }
  const sync = await syncItemById(app, access.budget.id, itemRowId, { syncType: "manual", actorId: user.id });
  return {
    ok: true,
    value: {
      message: "Success!",
      institutionName: linked.institutionName,
      accountsAdded: linked.accounts.length,
      alreadyLinked: false,
      sync: sync.ok ? sync.value : null,
    },
  };
}
