// A Plaid-compatible test double, written from Plaid's API reference and the `plaid` SDK's types. It runs
// anywhere WebCrypto does: inside workerd (integration tests intercept fetch and hand Plaid's calls to
// `double.fetch`) and in Node (server.ts serves it over HTTP for PLAID_BASE_URL: e2e and the bench).
//
// Endpoints: /link/token/create, /sandbox/public_token/create, /item/public_token/exchange, /accounts/get,
// /item/get, /institutions/get_by_id, /item/remove, /transactions/sync, /webhook_verification_key/get.
// Controls (methods, and POST /__double/<name> on the server): add/modify/remove transactions, post a
// pending one, fail the next page with TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION, set an Item error
// (ITEM_LOGIN_REQUIRED), answer the first sync "not ready", and sign webhooks with the double's ES256 key.

import { SCENARIOS, shiftDay, transaction, type DoubleAccount, type DoubleTransaction, type Scenario, type TxnSpec } from "./scenarios.ts";

export { shiftDay, transaction };
export type { DoubleTransaction, TxnSpec };

type Change = { kind: "added" | "modified"; txn: DoubleTransaction } | { kind: "removed"; transactionId: string; accountId: string };

export interface DoubleItem {
  itemId: string;
  accessToken: string;
  institution: { institution_id: string; name: string };
  accounts: DoubleAccount[];
  /** Every change in order; a cursor is a position in this log. */
  log: Change[];
  error: PlaidErrorBody | null;
  notReadyOnce: boolean;
  /** Fail a /transactions/sync page with the mutation error after this many more pages succeed (null: never). */
  mutationAfterPages: number | null;
  /** Fail a /transactions/sync page with this error after `afterPages` more pages succeed (then clear). */
  failure: { afterPages: number; error: PlaidErrorBody } | null;
  webhook: string | null;
  removed: boolean;
}

export interface PlaidErrorBody {
  error_type: string;
  error_code: string;
  error_message: string;
  display_message: string | null;
  request_id: string;
  causes: unknown[];
  status: number;
  documentation_url: string;
  suggested_action: null;
}

export interface DoubleOptions {
  clientId?: string;
  secret?: string;
  /** The scenario a newly linked Item gets (by name in SCENARIOS, or a function). */
  scenario?: string | Scenario;
  /** "Today" for scenario dates (YYYY-MM-DD); defaults to the UTC date. */
  today?: string;
  /** The webhook key id (default: a new one per double). */
  kid?: string;
}

export interface DoubleCall {
  path: string;
  body: Record<string, unknown>;
}

const ERROR_DOCS = "https://plaid.com/docs/errors/";

function requestId(): string {
  return Math.random().toString(36).slice(2, 9).padEnd(7, "x");
}

function b64url(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function plaidError(status: number, type: string, code: string, message: string, display: string | null = null): PlaidErrorBody {
  return { error_type: type, error_code: code, error_message: message, display_message: display, request_id: requestId(), causes: [], status, documentation_url: `${ERROR_DOCS}${type.toLowerCase()}`, suggested_action: null };
}

export const LOGIN_REQUIRED = () =>
  plaidError(400, "ITEM_ERROR", "ITEM_LOGIN_REQUIRED", "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state", "The login details for this account have changed. Please log in again.");

export class PlaidDouble {
  readonly clientId: string;
  readonly secret: string;
  scenario: Scenario;
  today: string;
  readonly items = new Map<string, DoubleItem>();
  /** Every call received, in order (tests assert on what the app sent). */
  readonly calls: DoubleCall[] = [];
  private readonly publicTokens = new Map<string, { institutionId: string; webhook: string | null }>();
  private seq = 0;
  /** The next linked Item answers its first /transactions/sync "not ready" (empty), as right after Link. */
  nextItemNotReady = false;
  /** Milliseconds each /transactions/sync waits before answering (to make two syncs overlap). */
  syncDelayMs = 0;
  private keyPair: CryptoKeyPair | null = null;
  /** Each double signs with its own key id (the app caches keys by kid, as Plaid asks). */
  readonly kid: string;

  constructor(options: DoubleOptions = {}) {
    this.clientId = options.clientId ?? "test-client-id";
    this.secret = options.secret ?? "test-secret";
    this.scenario = typeof options.scenario === "function" ? options.scenario : SCENARIOS[options.scenario ?? "household"] ?? SCENARIOS.household;
    this.today = options.today ?? new Date().toISOString().slice(0, 10);
    this.kid = options.kid ?? `double-key-${crypto.randomUUID().slice(0, 8)}`;
  }

  // ------------------------------------------------------------------------------------------------
  // Controls
  // ------------------------------------------------------------------------------------------------

  useScenario(name: string | Scenario): void {
    const scenario = typeof name === "function" ? name : SCENARIOS[name];
    if (!scenario) throw new Error(`Unknown scenario ${String(name)}`);
    this.scenario = scenario;
  }

  item(itemIdOrAccessToken?: string): DoubleItem {
    const all = [...this.items.values()].filter((i) => !i.removed);
    const found = itemIdOrAccessToken ? all.find((i) => i.itemId === itemIdOrAccessToken || i.accessToken === itemIdOrAccessToken) : all[all.length - 1];
    if (!found) throw new Error(`No such Item in the double: ${itemIdOrAccessToken ?? "(latest)"}`);
    return found;
  }

  /** The Item's account id with that mask (scenario masks: 0000 checking, 1111 savings, 3333 card). */
  accountId(mask: string, itemId?: string): string {
    const acc = this.item(itemId).accounts.find((a) => a.mask === mask);
    if (!acc) throw new Error(`No account with mask ${mask}`);
    return acc.account_id;
  }

  addTransactions(specs: TxnSpec[], itemId?: string): DoubleTransaction[] {
    const item = this.item(itemId);
    const txns = specs.map((s) => transaction(s));
    for (const txn of txns) item.log.push({ kind: "added", txn });
    return txns;
  }

  modifyTransaction(transactionId: string, changes: Partial<Pick<DoubleTransaction, "amount" | "date" | "name" | "merchant_name" | "pending">>, itemId?: string): DoubleTransaction {
    const item = this.item(itemId);
    const current = this.currentTransactions(item).get(transactionId);
    if (!current) throw new Error(`No transaction ${transactionId}`);
    const txn = { ...current, ...changes };
    item.log.push({ kind: "modified", txn });
    return txn;
  }

  removeTransaction(transactionId: string, itemId?: string): void {
    const item = this.item(itemId);
    const current = this.currentTransactions(item).get(transactionId);
    if (!current) throw new Error(`No transaction ${transactionId}`);
    item.log.push({ kind: "removed", transactionId, accountId: current.account_id });
  }

  /** A pending transaction posts: a new id with pending_transaction_id, the pending one removed (Plaid's way). */
  postPending(pendingId: string, options: { postedId?: string; amount?: number; date?: string } = {}, itemId?: string): DoubleTransaction {
    const item = this.item(itemId);
    const pending = this.currentTransactions(item).get(pendingId);
    if (!pending) throw new Error(`No transaction ${pendingId}`);
    const posted: DoubleTransaction = { ...pending, transaction_id: options.postedId ?? `${pendingId}-posted`, pending: false, pending_transaction_id: pendingId, amount: options.amount ?? pending.amount, date: options.date ?? pending.date };
    item.log.push({ kind: "added", txn: posted });
    item.log.push({ kind: "removed", transactionId: pendingId, accountId: pending.account_id });
    return posted;
  }

  setItemError(error: PlaidErrorBody | null, itemId?: string): void {
    this.item(itemId).error = error;
  }

  /** The page after the next `afterPages` pages fails with TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION (once). */
  failNextPageWithMutation(itemId?: string, afterPages = 1): void {
    this.item(itemId).mutationAfterPages = afterPages;
  }

  /**
   * The page after the next `afterPages` pages fails once with `error` (e.g. Plaid's INTERNAL_SERVER_ERROR,
   * or ITEM_LOGIN_REQUIRED mid-update): the pages before it were answered, so a sync stops part way.
   */
  failAfterPages(afterPages: number, error: PlaidErrorBody, itemId?: string): void {
    this.item(itemId).failure = { afterPages, error };
  }

  notReadyOnce(itemId?: string): void {
    this.item(itemId).notReadyOnce = true;
  }

  /** The transactions an Item holds now (the log replayed). */
  currentTransactions(item: DoubleItem): Map<string, DoubleTransaction> {
    const map = new Map<string, DoubleTransaction>();
    for (const change of item.log) {
      if (change.kind === "removed") map.delete(change.transactionId);
      else map.set(change.txn.transaction_id, change.txn);
    }
    return map;
  }

  // ------------------------------------------------------------------------------------------------
  // Webhooks: ES256 JWT in Plaid-Verification, as Plaid signs them
  // ------------------------------------------------------------------------------------------------

  private async keys(): Promise<CryptoKeyPair> {
    this.keyPair ??= (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    return this.keyPair;
  }

  /** The headers Plaid sends with `body` (iat defaults to now; tests pass an old one to check expiry). */
  async signWebhook(body: string, options: { iat?: number; kid?: string; bodyForHash?: string } = {}): Promise<Record<string, string>> {
    const { privateKey } = await this.keys();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(options.bodyForHash ?? body)));
    const header = b64url(new TextEncoder().encode(JSON.stringify({ alg: "ES256", kid: options.kid ?? this.kid, typ: "JWT" })));
    const payload = b64url(new TextEncoder().encode(JSON.stringify({ iat: options.iat ?? Math.floor(Date.now() / 1000), request_body_sha256: [...digest].map((b) => b.toString(16).padStart(2, "0")).join("") })));
    const signature = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, privateKey, new TextEncoder().encode(`${header}.${payload}`)));
    return { "Content-Type": "application/json", "Plaid-Verification": `${header}.${payload}.${b64url(signature)}` };
  }

  webhookBody(code: string, itemId?: string, extra: Record<string, unknown> = {}): string {
    const item = this.item(itemId);
    const type = code === "SYNC_UPDATES_AVAILABLE" ? "TRANSACTIONS" : "ITEM";
    return JSON.stringify({ webhook_type: type, webhook_code: code, item_id: item.itemId, environment: "sandbox", ...(type === "TRANSACTIONS" ? { initial_update_complete: true, historical_update_complete: true } : {}), ...extra });
  }

  // ------------------------------------------------------------------------------------------------
  // The API
  // ------------------------------------------------------------------------------------------------

  /** Answers one Plaid API call (fetch-style), e.g. from a fetch interceptor or the HTTP server. */
  async fetch(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    let body: Record<string, unknown> = {};
    try {
      const text = await request.text();
      body = text ? JSON.parse(text) : {};
    } catch {
      return Response.json(plaidError(400, "INVALID_REQUEST", "INVALID_BODY", "body could not be parsed as JSON"), { status: 400 });
    }
    const { status, json } = await this.handle(path, body, request.headers);
    return Response.json(json, { status });
  }

  async handle(path: string, body: Record<string, unknown>, headers: Headers): Promise<{ status: number; json: unknown }> {
    this.calls.push({ path, body });
    const clientId = headers.get("PLAID-CLIENT-ID") ?? body.client_id;
    const secret = headers.get("PLAID-SECRET") ?? body.secret;
    if (clientId !== this.clientId || secret !== this.secret) {
      return this.error(plaidError(400, "INVALID_INPUT", "INVALID_API_KEYS", "invalid client_id or secret provided"));
    }
    switch (path) {
      case "/link/token/create":
        return this.linkTokenCreate(body);
      case "/sandbox/public_token/create":
        return this.sandboxPublicTokenCreate(body);
      case "/item/public_token/exchange":
        return this.publicTokenExchange(body);
      case "/accounts/get":
        return this.withItem(body, (item) => ({ status: 200, json: { accounts: item.accounts, item: this.itemJson(item), request_id: requestId() } }));
      case "/item/get":
        return this.withItem(body, (item) => ({ status: 200, json: { item: this.itemJson(item), status: { transactions: { last_successful_update: new Date().toISOString(), last_failed_update: null } }, request_id: requestId() } }));
      case "/institutions/get_by_id":
        return { status: 200, json: { institution: { institution_id: String(body.institution_id), name: "First Platypus Bank", products: ["transactions"], country_codes: ["US"], routing_numbers: [], oauth: false }, request_id: requestId() } };
      case "/item/remove":
        return this.withItem(body, (item) => {
          item.removed = true;
          return { status: 200, json: { request_id: requestId() } };
        }, { ignoreItemError: true });
      case "/transactions/sync":
        if (this.syncDelayMs > 0) await new Promise((r) => setTimeout(r, this.syncDelayMs));
        return this.withItem(body, (item) => this.transactionsSync(item, body));
      case "/webhook_verification_key/get":
        return this.verificationKey(body);
      default:
        return this.error(plaidError(404, "API_ERROR", "NOT_FOUND", `unknown endpoint ${path}`));
    }
  }

  private error(err: PlaidErrorBody): { status: number; json: unknown } {
    return { status: err.status, json: err };
  }

  private itemJson(item: DoubleItem) {
    return {
      item_id: item.itemId,
      institution_id: item.institution.institution_id,
      institution_name: item.institution.name,
      webhook: item.webhook,
      error: item.error,
      available_products: ["balance"],
      billed_products: ["transactions"],
      products: ["transactions"],
      consented_products: ["transactions"],
      consent_expiration_time: null,
      update_type: "background",
      auth_method: null,
    };
  }

  private withItem(body: Record<string, unknown>, run: (item: DoubleItem) => { status: number; json: unknown }, options: { ignoreItemError?: boolean } = {}) {
    const token = typeof body.access_token === "string" ? body.access_token : "";
    const item = [...this.items.values()].find((i) => i.accessToken === token && !i.removed);
    if (!item) return this.error(plaidError(400, "INVALID_INPUT", "INVALID_ACCESS_TOKEN", "provided access token is in an invalid format. expected format: access-<environment>-<identifier>"));
    if (item.error && !options.ignoreItemError) return this.error({ ...item.error, request_id: requestId() });
    return run(item);
  }

  private linkTokenCreate(body: Record<string, unknown>) {
    const user = body.user as { client_user_id?: unknown } | undefined;
    if (!user || typeof user.client_user_id !== "string" || !user.client_user_id) {
      return this.error(plaidError(400, "INVALID_REQUEST", "MISSING_FIELDS", "the following required fields are missing: user.client_user_id"));
    }
    if (typeof body.access_token === "string") {
      const item = [...this.items.values()].find((i) => i.accessToken === body.access_token && !i.removed);
      if (!item) return this.error(plaidError(400, "INVALID_INPUT", "INVALID_ACCESS_TOKEN", "provided access token is invalid"));
    }
    return { status: 200, json: { link_token: `link-sandbox-${crypto.randomUUID()}`, expiration: new Date(Date.now() + 4 * 3600_000).toISOString(), request_id: requestId() } };
  }

  private sandboxPublicTokenCreate(body: Record<string, unknown>) {
    if (typeof body.institution_id !== "string" || !Array.isArray(body.initial_products)) {
      return this.error(plaidError(400, "INVALID_REQUEST", "MISSING_FIELDS", "the following required fields are missing: institution_id, initial_products"));
    }
    const token = `public-sandbox-${crypto.randomUUID()}`;
    const options = body.options as { webhook?: unknown } | undefined;
    this.publicTokens.set(token, { institutionId: body.institution_id, webhook: typeof options?.webhook === "string" ? options.webhook : null });
    return { status: 200, json: { public_token: token, request_id: requestId() } };
  }

  /** Links an Item directly (what Plaid Link + the exchange would give): returns its public token. */
  createPublicToken(institutionId = "ins_109508"): string {
    const token = `public-sandbox-${crypto.randomUUID()}`;
    this.publicTokens.set(token, { institutionId, webhook: null });
    return token;
  }

  /** An Item as if linked through Link and exchanged (test setup that writes its rows directly). */
  linkItem(institutionId = "ins_109508"): DoubleItem {
    const exchanged = this.publicTokenExchange({ public_token: this.createPublicToken(institutionId) });
    return this.item((exchanged.json as { item_id: string }).item_id);
  }

  private publicTokenExchange(body: Record<string, unknown>) {
    const token = typeof body.public_token === "string" ? body.public_token : "";
    const pending = this.publicTokens.get(token);
    if (!pending) {
      return this.error(plaidError(400, "INVALID_INPUT", "INVALID_PUBLIC_TOKEN", "provided public token is in an invalid format. expected format: public-<environment>-<identifier>", null));
    }
    this.publicTokens.delete(token);
    const seq = ++this.seq;
    const data = this.scenario({ seq, today: this.today });
    const item: DoubleItem = {
      itemId: `item-sandbox-${seq}-${crypto.randomUUID().slice(0, 8)}`,
      accessToken: `access-sandbox-${crypto.randomUUID()}`,
      institution: data.institution,
      accounts: data.accounts,
      log: data.transactions.map((txn) => ({ kind: "added" as const, txn })),
      error: null,
      notReadyOnce: this.nextItemNotReady,
      mutationAfterPages: null,
      failure: null,
      webhook: pending.webhook,
      removed: false,
    };
    this.nextItemNotReady = false;
    this.items.set(item.itemId, item);
    return { status: 200, json: { access_token: item.accessToken, item_id: item.itemId, request_id: requestId() } };
  }

  private transactionsSync(item: DoubleItem, body: Record<string, unknown>) {
    const count = Math.min(500, Math.max(1, typeof body.count === "number" ? body.count : 100));
    const cursor = typeof body.cursor === "string" && body.cursor ? body.cursor : null;
    let from = 0;
    if (cursor) {
      const match = /^c1\.(\d+)\.([A-Za-z0-9-]+)$/.exec(cursor);
      if (!match || match[2] !== item.itemId.replace(/[^A-Za-z0-9-]/g, "")) return this.error(plaidError(400, "INVALID_INPUT", "INVALID_FIELD", "cursor is invalid"));
      from = Number(match[1]);
    }
    if (item.notReadyOnce && !cursor) {
      item.notReadyOnce = false;
      return { status: 200, json: { added: [], modified: [], removed: [], accounts: item.accounts, next_cursor: "", has_more: false, transactions_update_status: "NOT_READY", request_id: requestId() } };
    }
    if (item.failure) {
      if (item.failure.afterPages > 0) item.failure.afterPages -= 1;
      else {
        const { error } = item.failure;
        item.failure = null;
        return this.error({ ...error, request_id: requestId() });
      }
    }
    if (item.mutationAfterPages !== null && item.mutationAfterPages > 0) item.mutationAfterPages -= 1;
    else if (item.mutationAfterPages === 0) {
      item.mutationAfterPages = null;
      // The data moved under the update: a new change lands, and this page fails.
      const any = [...this.currentTransactions(item).values()].find((t) => !t.pending);
      if (any) item.log.push({ kind: "modified", txn: { ...any, name: `${any.name} (updated)` } });
      return this.error(plaidError(400, "TRANSACTIONS_ERROR", "TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION", "Underlying transaction data changed since last page was fetched. Please restart pagination from last update."));
    }
    const page = item.log.slice(from, from + count);
    const next = from + page.length;
    const added: DoubleTransaction[] = [];
    const modified: DoubleTransaction[] = [];
    const removed: Array<{ transaction_id: string; account_id: string }> = [];
    for (const change of page) {
      if (change.kind === "removed") removed.push({ transaction_id: change.transactionId, account_id: change.accountId });
      else if (change.kind === "added") added.push(change.txn);
      else modified.push(change.txn);
    }
    return {
      status: 200,
      json: {
        added,
        modified,
        removed,
        accounts: item.accounts,
        next_cursor: `c1.${next}.${item.itemId.replace(/[^A-Za-z0-9-]/g, "")}`,
        has_more: next < item.log.length,
        transactions_update_status: "HISTORICAL_UPDATE_COMPLETE",
        request_id: requestId(),
      },
    };
  }

  private async verificationKey(body: Record<string, unknown>) {
    if (body.key_id !== this.kid) return this.error(plaidError(400, "INVALID_INPUT", "INVALID_WEBHOOK_VERIFICATION_KEY_ID", "invalid key_id provided"));
    const jwk = await crypto.subtle.exportKey("jwk", (await this.keys()).publicKey);
    return {
      status: 200,
      json: { key: { alg: "ES256", created_at: 1_700_000_000, crv: "P-256", expired_at: null, kid: this.kid, kty: "EC", use: "sig", x: jwk.x, y: jwk.y }, request_id: requestId() },
    };
  }
}

/** Plaid's hosts, so an interceptor knows which calls are the double's. */
export const PLAID_HOSTS = new Set(["sandbox.plaid.com", "production.plaid.com"]);
