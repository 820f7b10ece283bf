import { and, eq, ne, type SQL } from "drizzle-orm";
import { CountryCode, Products } from "plaid";
import type { BankResult, ExchangeResult, LinkTokenResult } from "~/domain/bank";
import type { BudgetAccess } from "../budget.server";
import type { AppContext } from "../context.server";
import { bankAccounts, plaidItems, type UserRow } from "../db/schema";
import { callPlaid, plaidClient, PlaidFailure } from "./client.server";
import { isRefusal, plaidMessage, plaidStatus, refuse, requirePlaid } from "./common.server";
import { exchangePublicToken } from "./exchange.server";
import { decryptToken } from "./token-crypto.server";

/** The institution the sandbox "Link a test bank" form links (Plaid's First Platypus Bank). */
export const SANDBOX_INSTITUTION_ID = "ins_109508";

/** The app's public origin: APP_ORIGIN when set, else the request's own. */
export function appOrigin(app: Pick<AppContext, "config">, request: Request): string {
  return app.config.APP_ORIGIN ?? new URL(request.url).origin;
}

/** An opaque, stable id for Plaid's client_user_id: never the e-mail or a name. */
async function opaqueUserId(app: AppContext, userId: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(app.config.SESSION_SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`plaid-user:${userId}`)));
  return [...mac.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The Item (row id and sealed token) of one of the budget's accounts, for Link's update mode, as one query
 * (its column names are distinct: its rows may ride in a D1 batch with the session lookup).
 */
export function updateModeItemQuery(app: AppContext, budgetId: string | SQL, accountId: string) {
  return app.db
    .select({ id: plaidItems.id, token: plaidItems.accessTokenEncrypted })
    .from(bankAccounts)
    .innerJoin(plaidItems, eq(plaidItems.id, bankAccounts.plaidItemId))
    .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.budgetId, budgetId), ne(plaidItems.status, "removed")))
    .limit(1);
}

/**
 * A Link token for Plaid Link (products: transactions; webhook: <origin>/api/plaid/webhook). With
 * `accountId` of an account whose bank needs its login again, the token opens Link in update mode.
 */
export async function createLinkToken(
  app: AppContext,
  user: UserRow,
  access: BudgetAccess,
  options: { origin: string; accountId?: string | null; ridden?: Awaited<ReturnType<typeof updateModeItemQuery>> | null },
): Promise<BankResult<LinkTokenResult>> {
  const settings = requirePlaid(app);
  if (isRefusal(settings)) return settings;
  let accessToken: string | undefined;
  if (options.accountId) {
    const rows = options.ridden ?? (await updateModeItemQuery(app, access.budget.id, options.accountId));
    if (!rows[0]) return refuse(404, "Bank account not found.");
    try {
      accessToken = await decryptToken(settings.tokenKey, rows[0].token, rows[0].id);
    } catch {
      return refuse(409, "This bank connection can no longer be read. Remove it and connect the bank again.");
    }
  }
  try {
    const data = await callPlaid("link/token/create", async () =>
      plaidClient(settings).linkTokenCreate({
        client_name: "Hearth Budget",
        language: "en",
        country_codes: [CountryCode.Us],
        user: { client_user_id: await opaqueUserId(app, user.id) },
        webhook: `${options.origin}/api/plaid/webhook`,
        // Update mode takes the Item's token and no products.
        ...(accessToken ? { access_token: accessToken } : { products: [Products.Transactions] }),
      }),
    );
    return { ok: true, value: { linkToken: data.link_token } };
  } catch (error) {
    const failure = error instanceof PlaidFailure ? error : null;
    // Wrong keys are Plaid refusing us: the spec's text says to check them.
    if (failure?.errorType === "INVALID_REQUEST" || failure?.errorCode === "INVALID_API_KEYS") return refuse(503, "Unable to load bank connection. Please check your Plaid API keys.");
    return refuse(502, failure ? plaidMessage(failure, "Unable to load bank connection. Please try again.") : "Unable to load bank connection. Please try again.");
  }
}

/**
 * Sandbox only: links Plaid's test bank without Plaid Link (/sandbox/public_token/create, then the same
 * exchange as a real link). How e2e tests and a developer without a browser link a bank.
 */
export async function linkSandboxTestBank(app: AppContext, user: UserRow, access: BudgetAccess, options: { origin: string; institutionId?: string }): Promise<BankResult<ExchangeResult>> {
  const settings = requirePlaid(app);
  if (isRefusal(settings)) return settings;
  if (settings.env !== "sandbox") return refuse(404, "Test banks exist only in Plaid's sandbox.");
  let publicToken: string;
  try {
    const data = await callPlaid("sandbox/public_token/create", () =>
      plaidClient(settings).sandboxPublicTokenCreate({
        institution_id: options.institutionId ?? SANDBOX_INSTITUTION_ID,
        initial_products: [Products.Transactions],
        options: { webhook: `${options.origin}/api/plaid/webhook` },
      }),
    );
    publicToken = data.public_token;
  } catch (error) {
    const failure = error instanceof PlaidFailure ? error : null;
    return refuse(failure ? plaidStatus(failure) : 502, failure ? plaidMessage(failure, "Failed to connect bank account") : "Failed to connect bank account");
  }
  return exchangePublicToken(app, user, access, publicToken);
}

/** Whether the sandbox "Link a test bank" form is offered (sandbox with keys; hidden in production). */
export function sandboxLinkAvailable(app: Pick<AppContext, "config">): boolean {
  const settings = requirePlaid(app);
  return !isRefusal(settings) && settings.env === "sandbox";
}
