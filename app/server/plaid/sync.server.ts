import { and, asc, eq, gt, inArray, isNull, lt, ne, or } from "drizzle-orm";
import type { TransactionsSyncResponse } from "plaid";
import { BANK_TEXT, type BankResult, type SyncResult } from "~/domain/bank";
import type { BankTxn } from "~/domain/bank-sync/rules";
import type { BudgetAccess } from "../budget.server";
import { applyBudgetCommand } from "../budget-room/client.server";
import { MAX_BANK_TXNS_PER_COMMAND } from "../budget-room/schemas/bank";
import { SYSTEM_ACTOR } from "../budget-room/schemas/reset";
import type { AppContext } from "../context.server";
import type { Db } from "../db/client.server";
import { plaidItems, type UserRow } from "../db/schema";
import { toAccountInput, toBankTxn } from "./accounts-map.server";
import { callPlaid, plaidClient, PlaidFailure, type PlaidSettings } from "./client.server";
import { fromOutcome, isRefusal, refuse, requirePlaid } from "./common.server";
import { decryptToken } from "./token-crypto.server";

// The sync engine (issue 20, protocol): /transactions/sync from the stored cursor, following has_more;
// the cursor is saved only with the update's last writes; TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION
// restarts the whole update from its first cursor; an empty first answer is a success with nothing in
// it. One sync per Item at a time (a lease on the Item row). Decisions are on error_code only.

export type SyncContext = Pick<AppContext, "env" | "config" | "db" | "now">;

/** Transactions asked for per page (Plaid's maximum). */
export const SYNC_PAGE_SIZE = 500;
/** Pages one update may take: 100 × 500 = 50,000 transactions, far above a household's two years. */
export const MAX_SYNC_PAGES = 100;
/** Restarts after a mutation during pagination before giving up for now. */
export const MAX_SYNC_RESTARTS = 3;
/** A sync holds its Item this long at most; a crashed sync's lease simply runs out. */
export const SYNC_LEASE_MS = 5 * 60_000;

export const TOKEN_UNREADABLE_MESSAGE = "This bank connection can no longer be read. Remove it and connect the bank again.";

export const LOGIN_REQUIRED_CODES = new Set(["ITEM_LOGIN_REQUIRED", "PENDING_EXPIRATION", "PENDING_DISCONNECT"]);

type ItemRow = { id: string; budgetId: string; status: string; cursor: string | null; token: string };

export type ItemSyncOutcome =
  | { ok: true; value: SyncResult; rangeStart: string | null; rangeEnd: string | null }
  | { ok: false; kind: "busy" | "login_required" | "error" | "gone"; message: string; status: 400 | 404 | 409 | 502 };

function itemQuery(db: Db) {
  return db
    .select({ id: plaidItems.id, budgetId: plaidItems.budgetId, status: plaidItems.status, cursor: plaidItems.cursor, token: plaidItems.accessTokenEncrypted })
    .from(plaidItems);
}

/**
 * Takes the Item's sync lease, or null when another sync holds it. The lease is a lock, not budget data:
 * it must be held across Plaid calls, outside any one BudgetRoom command, so it is one conditional UPDATE.
 */
async function takeLease(db: Db, itemRowId: string, now: number): Promise<number | null> {
  const until = now + SYNC_LEASE_MS;
  const rows = await db
    .update(plaidItems)
    .set({ syncLeaseUntil: until })
    .where(and(eq(plaidItems.id, itemRowId), ne(plaidItems.status, "removed"), or(isNull(plaidItems.syncLeaseUntil), lt(plaidItems.syncLeaseUntil, now))))
    .returning({ id: plaidItems.id });
  return rows.length > 0 ? until : null;
}

async function releaseLease(db: Db, itemRowId: string, until: number): Promise<void> {
  // Only our own lease: a finished command has already cleared it, and a newer sync's must stay.
  await db.update(plaidItems).set({ syncLeaseUntil: null }).where(and(eq(plaidItems.id, itemRowId), eq(plaidItems.syncLeaseUntil, until)));
}

interface Update {
  added: BankTxn[];
  modified: BankTxn[];
  removed: string[];
  accounts: ReturnType<typeof toAccountInput>[];
  cursor: string;
}

/** Pages through one update from `start`; restarts from `start` when Plaid says the data moved meanwhile. */
async function fetchUpdate(settings: PlaidSettings, accessToken: string, start: string | null): Promise<Update> {
  const client = plaidClient(settings);
  for (let attempt = 0; ; attempt++) {
    const update: Update = { added: [], modified: [], removed: [], accounts: [], cursor: start ?? "" };
    let cursor = start ?? undefined;
    try {
      for (let page = 0; ; page++) {
        if (page >= MAX_SYNC_PAGES) throw new PlaidFailure("SYNC_TOO_LARGE", null, null, null, null);
        const data: TransactionsSyncResponse = await callPlaid("transactions/sync", () =>
          client.transactionsSync({ access_token: accessToken, cursor, count: SYNC_PAGE_SIZE, options: { include_personal_finance_category: true } }),
        );
        for (const t of data.added ?? []) update.added.push(toBankTxn(t));
        for (const t of data.modified ?? []) update.modified.push(toBankTxn(t));
        for (const r of data.removed ?? []) if (r.transaction_id) update.removed.push(r.transaction_id);
        if (data.accounts?.length) update.accounts = data.accounts.slice(0, 50).map(toAccountInput);
        // Not ready yet (first answer right after linking): nothing to apply, and no cursor to keep.
        update.cursor = data.next_cursor || update.cursor;
        if (!data.has_more) return update;
        cursor = data.next_cursor;
      }
    } catch (error) {
      if (error instanceof PlaidFailure && error.errorCode === "TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION" && attempt < MAX_SYNC_RESTARTS) continue;
      throw error;
    }
  }
}

/** Splits an update into commands of at most MAX_BANK_TXNS_PER_COMMAND transactions; removals ride last. */
function parts(update: Update): Array<{ added: BankTxn[]; modified: BankTxn[]; removed: string[] }> {
  const out: Array<{ added: BankTxn[]; modified: BankTxn[]; removed: string[] }> = [];
  let current = { added: [] as BankTxn[], modified: [] as BankTxn[], removed: [] as string[] };
  let size = 0;
  const push = (kind: "added" | "modified" | "removed", value: BankTxn | string) => {
    if (size >= MAX_BANK_TXNS_PER_COMMAND) {
      out.push(current);
      current = { added: [], modified: [], removed: [] };
      size = 0;
    }
    (current[kind] as Array<BankTxn | string>).push(value);
    size++;
  };
  for (const t of update.added) push("added", t);
  for (const t of update.modified) push("modified", t);
  for (const r of update.removed) push("removed", r);
  out.push(current);
  return out;
}

function syncMessage(result: Omit<SyncResult, "message">): string {
  const n = result.transactionsImported;
  const bills = result.billsMatched > 0 ? `, ${result.billsMatched} bill${result.billsMatched === 1 ? "" : "s"} matched` : "";
  return `Sync complete: ${n} transaction${n === 1 ? "" : "s"} imported${bills}, balances updated.`;
}

/** Syncs one Item end to end; every failure is recorded (history, Item status) and answered, never thrown. */
export async function syncItem(app: SyncContext, item: ItemRow, options: { syncType: "auto" | "manual"; actorId: string }): Promise<ItemSyncOutcome> {
  const settings = requirePlaid(app);
  if (isRefusal(settings)) return { ok: false, kind: "error", message: settings.message, status: 502 };
  if (item.status === "removed" || !item.token) return { ok: false, kind: "gone", message: "Bank connection not found.", status: 404 };
  const lease = await takeLease(app.db, item.id, app.now);
  if (lease === null) return { ok: false, kind: "busy", message: BANK_TEXT.syncBusy, status: 409 };
  try {
    let accessToken: string;
    try {
      accessToken = await decryptToken(settings.tokenKey, item.token, item.id);
    } catch {
      // PLAID_TOKEN_KEY changed since the bank was linked: only linking it again gives a usable token.
      await applyBudgetCommand(app, item.budgetId, options.actorId, { type: "setBankItemStatus", plaidItemRowId: item.id, status: "error", errorCode: "TOKEN_UNREADABLE", syncEvent: { syncType: options.syncType, message: TOKEN_UNREADABLE_MESSAGE } });
      return { ok: false, kind: "error", message: TOKEN_UNREADABLE_MESSAGE, status: 409 };
    }
    let update: Update;
    try {
      update = await fetchUpdate(settings, accessToken, item.cursor);
    } catch (error) {
      if (!(error instanceof PlaidFailure)) throw error;
      const login = LOGIN_REQUIRED_CODES.has(error.errorCode);
      const itemError = login || error.errorType === "ITEM_ERROR";
      const message = login ? BANK_TEXT.loginRequired : `${BANK_TEXT.syncFailed} (${error.errorCode}).`;
      await applyBudgetCommand(app, item.budgetId, options.actorId, {
        type: "setBankItemStatus",
        plaidItemRowId: item.id,
        status: login ? "login_required" : itemError ? "error" : item.status === "login_required" || item.status === "error" ? item.status : "active",
        errorCode: error.errorCode,
        syncEvent: { syncType: options.syncType, message },
      });
      return { ok: false, kind: login ? "login_required" : "error", message, status: login ? 400 : 502 };
    }
    const all = [...update.added, ...update.modified];
    const dates = all.map((t) => t.date).sort();
    const rangeStart = dates[0] ?? null;
    const rangeEnd = dates[dates.length - 1] ?? null;
    const carried = { imported: 0, skipped: 0, billsMatched: 0 };
    const pieces = parts(update);
    for (let i = 0; i < pieces.length; i++) {
      const last = i === pieces.length - 1;
      const outcome = await applyBudgetCommand(app, item.budgetId, options.actorId, {
        type: "applyBankSync",
        plaidItemRowId: item.id,
        ...pieces[i],
        accounts: last ? update.accounts : [],
        finish: last ? { cursor: update.cursor, syncType: options.syncType, rangeStart, rangeEnd, carried: { ...carried } } : null,
      });
      if (!outcome.ok) {
        const refused = fromOutcome(outcome);
        return { ok: false, kind: outcome.status === 404 ? "gone" : "error", message: refused.message, status: outcome.status === 404 ? 404 : 409 };
      }
      carried.imported += Number(outcome.result.imported ?? 0);
      carried.skipped += Number(outcome.result.skipped ?? 0);
      carried.billsMatched += Number(outcome.result.billsMatched ?? 0);
    }
    const counts = { transactionsImported: carried.imported, transactionsSkipped: carried.skipped, billsMatched: carried.billsMatched };
    return { ok: true, value: { message: syncMessage(counts), ...counts }, rangeStart, rangeEnd };
  } finally {
    await releaseLease(app.db, item.id, lease);
  }
}

export async function syncItemById(app: SyncContext, budgetId: string, itemRowId: string, options: { syncType: "auto" | "manual"; actorId: string }): Promise<BankResult<SyncResult>> {
  const rows = await itemQuery(app.db).where(and(eq(plaidItems.id, itemRowId), eq(plaidItems.budgetId, budgetId))).limit(1);
  if (!rows[0]) return refuse(404, "Bank connection not found.");
  const outcome = await syncItem(app, rows[0], options);
  return outcome.ok ? { ok: true, value: outcome.value } : refuse(outcome.status, outcome.message);
}

/** Items one manual sync runs through (a household links a handful of banks). */
export const MAX_ITEMS_PER_MANUAL_SYNC = 20;

/**
 * The bank page's Sync and the budget page's Bank Sync: every bank of the budget, within the request.
 * No bank linked: 400. A bank that needs its login: 400 telling to reconnect (the others still sync).
 */
export async function syncBudget(app: AppContext, user: UserRow, access: BudgetAccess, options: { syncType?: "manual"; days?: number } = {}): Promise<BankResult<SyncResult>> {
  const settings = requirePlaid(app);
  if (isRefusal(settings)) return settings;
  const items = await itemQuery(app.db)
    .where(and(eq(plaidItems.budgetId, access.budget.id), ne(plaidItems.status, "removed")))
    .orderBy(asc(plaidItems.createdAt), asc(plaidItems.id))
    .limit(MAX_ITEMS_PER_MANUAL_SYNC);
  if (items.length === 0) return refuse(400, BANK_TEXT.noBankLinked);
  const total = { transactionsImported: 0, transactionsSkipped: 0, billsMatched: 0 };
  const failures: ItemSyncOutcome[] = [];
  for (const item of items) {
    const outcome = await syncItem(app, item, { syncType: options.syncType ?? "manual", actorId: user.id });
    if (!outcome.ok) {
      failures.push(outcome);
      continue;
    }
    total.transactionsImported += outcome.value.transactionsImported;
    total.transactionsSkipped += outcome.value.transactionsSkipped;
    total.billsMatched += outcome.value.billsMatched;
  }
  const firstFailure = failures.find((f) => !f.ok && f.kind === "login_required") ?? failures.find((f) => !f.ok && f.kind === "busy") ?? failures[0];
  if (firstFailure && !firstFailure.ok && (failures.length === items.length || firstFailure.kind === "login_required")) {
    return refuse(firstFailure.status, firstFailure.message);
  }
  return { ok: true, value: { message: syncMessage(total), ...total } };
}

// ---------------------------------------------------------------------------------------------------
// Queue (webhook and daily syncs)
// ---------------------------------------------------------------------------------------------------

export class SyncBusyError extends Error {
  constructor() {
    super("Another sync of this Item is running; retried later");
  }
}

/** The queue's plaidSync job: one Item, on behalf of nobody (syncType auto). Busy → retried later. */
export async function runPlaidSyncJob(app: SyncContext, itemRowId: string): Promise<string> {
  const rows = await itemQuery(app.db).where(eq(plaidItems.id, itemRowId)).limit(1);
  if (!rows[0] || rows[0].status === "removed") return "gone";
  const outcome = await syncItem(app, rows[0], { syncType: "auto", actorId: SYSTEM_ACTOR });
  if (!outcome.ok && outcome.kind === "busy") throw new SyncBusyError();
  return outcome.ok ? "synced" : outcome.kind;
}

/** Item ids read per query and messages per sendBatch (the Queues limit is 100 per batch). */
const CRON_PAGE = 1_000;
const SEND_BATCH = 100;

/**
 * The daily cron (30 6 * * *): enqueues a sync of every active Item, 100 messages per sendBatch, reading
 * Items by id in pages (keyset) so 10,000 Items are a few dozen queries, never one per Item.
 */
export async function enqueueDailyBankSyncs(db: Db, queue: Queue<unknown>, now: number): Promise<number> {
  let after = "";
  let sent = 0;
  for (;;) {
    const rows = await db
      .select({ id: plaidItems.id })
      .from(plaidItems)
      .where(and(inArray(plaidItems.status, ["active", "error"]), gt(plaidItems.id, after)))
      .orderBy(asc(plaidItems.id))
      .limit(CRON_PAGE);
    if (rows.length === 0) break;
    const sends: Promise<unknown>[] = [];
    for (let i = 0; i < rows.length; i += SEND_BATCH) {
      const batch = rows.slice(i, i + SEND_BATCH).map((r) => ({ body: { type: "plaidSync" as const, plaidItemRowId: r.id, at: now }, contentType: "json" as const }));
      sends.push(queue.sendBatch(batch));
    }
    await Promise.all(sends);
    sent += rows.length;
    after = rows[rows.length - 1].id;
    if (rows.length < CRON_PAGE) break;
  }
  return sent;
}

/** A webhook's SYNC_UPDATES_AVAILABLE: one sync of that Item on the queue. */
export async function enqueueItemSync(queue: Queue<unknown>, itemRowId: string, now: number): Promise<void> {
  await queue.send({ type: "plaidSync", plaidItemRowId: itemRowId, at: now }, { contentType: "json" });
}
