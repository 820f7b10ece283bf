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

/** One command's worth of an update: at most MAX_BANK_TXNS_PER_COMMAND transactions. */
interface Part {
  added: BankTxn[];
  modified: BankTxn[];
  removed: string[];
}

const emptyPart = (): Part => ({ added: [], modified: [], removed: [] });
const partSize = (p: Part) => p.added.length + p.modified.length + p.removed.length;

/** A part is applied once it could not take another full page; memory stays at about one command's worth. */
const APPLY_AT = MAX_BANK_TXNS_PER_COMMAND - SYNC_PAGE_SIZE;

/** A room command refused a part (the Item went away meanwhile, or a limit): the sync stops there. */
class PartRefused extends Error {
  constructor(readonly status: number, readonly refusal: string) {
    super(refusal);
  }
}

interface Tally {
  /** Expenses added; kept across a restart (a restarted update re-applies its pages, which adds nothing twice). */
  imported: number;
  held: number;
  /** Of the current attempt (a restart sees its first pages again). */
  incoming: number;
  billsMatched: number;
  parts: number;
  rangeStart: string | null;
  rangeEnd: string | null;
}

/**
 * Pages through one update from `start` and applies it part by part as pages arrive, so a 5,000-transaction
 * first sync never sits in memory whole: at most one part (≤ MAX_BANK_TXNS_PER_COMMAND) plus one page. The
 * cursor rides only with the last part. On TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION the update
 * restarts from `start`; the parts already applied are upserts by transaction id, so applying them again
 * changes nothing twice.
 */
async function streamUpdate(
  settings: PlaidSettings,
  accessToken: string,
  start: string | null,
  tally: Tally,
  apply: (part: Part, accounts: ReturnType<typeof toAccountInput>[], cursor: string | null) => Promise<void>,
): Promise<void> {
  const client = plaidClient(settings);
  for (let attempt = 0; ; attempt++) {
    let cursor = start ?? undefined;
    let part = emptyPart();
    tally.incoming = 0;
    tally.billsMatched = 0;
    try {
      for (let page = 0; ; page++) {
        if (page >= MAX_SYNC_PAGES) throw new PlaidFailure("SYNC_TOO_LARGE", null, null, null, null);
        const data: TransactionsSyncResponse = await callPlaid("transactions/sync", () =>
          client.transactionsSync({ access_token: accessToken, cursor, count: SYNC_PAGE_SIZE, options: { include_personal_finance_category: true } }),
        );
        for (const t of data.added ?? []) part.added.push(toBankTxn(t));
        for (const t of data.modified ?? []) part.modified.push(toBankTxn(t));
        for (const r of data.removed ?? []) if (r.transaction_id) part.removed.push(r.transaction_id);
        if (!data.has_more) {
          // Not ready yet (the first answer right after linking): nothing to apply and no cursor to keep.
          await apply(part, (data.accounts ?? []).slice(0, 50).map(toAccountInput), data.next_cursor || start || "");
          return;
        }
        cursor = data.next_cursor;
        if (partSize(part) > APPLY_AT) {
          await apply(part, [], null);
          part = emptyPart();
        }
      }
    } catch (error) {
      if (error instanceof PlaidFailure && error.errorCode === "TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION" && attempt < MAX_SYNC_RESTARTS) continue;
      throw error;
    }
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function syncMessage(result: { transactionsImported: number; billsMatched: number; transactionsForReview: number }): string {
  const bills = result.billsMatched > 0 ? `, ${plural(result.billsMatched, "bill")} matched` : "";
  const review = result.transactionsForReview > 0 ? `, ${plural(result.transactionsForReview, "transaction")} kept for review (not imported)` : "";
  return `Sync complete: ${plural(result.transactionsImported, "transaction")} imported${bills}${review}, balances updated.`;
}

/** "Sync incomplete": what came in before `failure`, honestly. */
function partialMessage(result: { transactionsImported: number }, failure: string): string {
  return `Sync incomplete: ${plural(result.transactionsImported, "transaction")} imported before an error. ${failure}`;
}

export interface SyncOptions {
  syncType: "auto" | "manual";
  actorId: string;
  /** Off (POST /api/plaid/sync-transactions { autoImport: false }): spending is stored for review, not imported. */
  autoImport?: boolean;
}

/** Syncs one Item end to end; every failure is recorded (history, Item status) and answered, never thrown. */
export async function syncItem(app: SyncContext, item: ItemRow, options: SyncOptions): Promise<ItemSyncOutcome> {
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
      await applyBudgetCommand(app, item.budgetId, options.actorId, { type: "setBankItemStatus", plaidItemRowId: item.id, status: "error", errorCode: "TOKEN_UNREADABLE", syncEvent: { syncType: options.syncType, message: TOKEN_UNREADABLE_MESSAGE, partial: null } });
      return { ok: false, kind: "error", message: TOKEN_UNREADABLE_MESSAGE, status: 409 };
    }
    const tally: Tally = { imported: 0, held: 0, incoming: 0, billsMatched: 0, parts: 0, rangeStart: null, rangeEnd: null };
    const widen = (part: Part) => {
      for (const t of [...part.added, ...part.modified]) {
        if (tally.rangeStart === null || t.date < tally.rangeStart) tally.rangeStart = t.date;
        if (tally.rangeEnd === null || t.date > tally.rangeEnd) tally.rangeEnd = t.date;
      }
    };
    try {
      await streamUpdate(settings, accessToken, item.cursor, tally, async (part, accounts, cursor) => {
        widen(part);
        const outcome = await applyBudgetCommand(app, item.budgetId, options.actorId, {
          type: "applyBankSync",
          plaidItemRowId: item.id,
          ...part,
          accounts,
          autoImport: options.autoImport ?? true,
          finish: cursor === null ? null : { cursor, syncType: options.syncType, rangeStart: tally.rangeStart, rangeEnd: tally.rangeEnd, carried: { imported: tally.imported, incoming: tally.incoming, billsMatched: tally.billsMatched } },
        });
        if (!outcome.ok) throw new PartRefused(outcome.status, fromOutcome(outcome).message);
        tally.parts++;
        tally.imported += Number(outcome.result.imported ?? 0);
        tally.held += Number(outcome.result.held ?? 0);
        tally.incoming += Number(outcome.result.incoming ?? 0);
        tally.billsMatched += Number(outcome.result.billsMatched ?? 0);
      });
    } catch (error) {
      if (error instanceof PartRefused) {
        if (error.status === 404 || error.status === 410) return { ok: false, kind: "gone", message: error.refusal, status: 404 };
        return await recordFailure(app, item, options, tally, { code: "SYNC_REFUSED", login: false, itemError: false, message: `${BANK_TEXT.syncFailed}: ${error.refusal}` });
      }
      if (!(error instanceof PlaidFailure)) throw error;
      const login = LOGIN_REQUIRED_CODES.has(error.errorCode);
      const message = login ? BANK_TEXT.loginRequired : `${BANK_TEXT.syncFailed} (${error.errorCode}).`;
      return await recordFailure(app, item, options, tally, { code: error.errorCode, login, itemError: login || error.errorType === "ITEM_ERROR", message });
    }
    const counts = { transactionsImported: tally.imported, transactionsSkipped: Math.max(0, tally.incoming - tally.imported), billsMatched: tally.billsMatched, transactionsForReview: tally.held };
    return { ok: true, value: { message: syncMessage(counts), ...counts, status: "success" }, rangeStart: tally.rangeStart, rangeEnd: tally.rangeEnd };
  } finally {
    await releaseLease(app.db, item.id, lease);
  }
}

/**
 * A sync that stopped: the Item's status from the code, and a history event — "partial" when parts were
 * already applied before the failure (they stay; the cursor did not move, so the next sync goes over them
 * again and adds nothing twice), else "error". Login required is still the 4xx telling to reconnect.
 */
async function recordFailure(
  app: SyncContext,
  item: ItemRow,
  options: SyncOptions,
  tally: Tally,
  failure: { code: string; login: boolean; itemError: boolean; message: string },
): Promise<ItemSyncOutcome> {
  const partial = tally.parts > 0;
  const counts = { transactionsImported: tally.imported, transactionsSkipped: Math.max(0, tally.incoming - tally.imported), billsMatched: tally.billsMatched, transactionsForReview: tally.held };
  const message = partial ? partialMessage(counts, failure.message) : failure.message;
  await applyBudgetCommand(app, item.budgetId, options.actorId, {
    type: "setBankItemStatus",
    plaidItemRowId: item.id,
    status: failure.login ? "login_required" : failure.itemError ? "error" : item.status === "login_required" || item.status === "error" ? item.status : "active",
    errorCode: failure.code,
    syncEvent: {
      syncType: options.syncType,
      message,
      partial: partial ? { imported: counts.transactionsImported, skipped: counts.transactionsSkipped, billsMatched: counts.billsMatched, rangeStart: tally.rangeStart, rangeEnd: tally.rangeEnd } : null,
    },
  });
  if (failure.login) return { ok: false, kind: "login_required", message: failure.message, status: 400 };
  if (partial) return { ok: true, value: { message, ...counts, status: "partial" }, rangeStart: tally.rangeStart, rangeEnd: tally.rangeEnd };
  return { ok: false, kind: "error", message: failure.message, status: 502 };
}

export async function syncItemById(app: SyncContext, budgetId: string, itemRowId: string, options: SyncOptions): Promise<BankResult<SyncResult>> {
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
export async function syncBudget(app: AppContext, user: UserRow, access: BudgetAccess, options: { syncType?: "manual"; days?: number; autoImport?: boolean } = {}): Promise<BankResult<SyncResult>> {
  const settings = requirePlaid(app);
  if (isRefusal(settings)) return settings;
  const items = await itemQuery(app.db)
    .where(and(eq(plaidItems.budgetId, access.budget.id), ne(plaidItems.status, "removed")))
    .orderBy(asc(plaidItems.createdAt), asc(plaidItems.id))
    .limit(MAX_ITEMS_PER_MANUAL_SYNC);
  if (items.length === 0) return refuse(400, BANK_TEXT.noBankLinked);
  const total = { transactionsImported: 0, transactionsSkipped: 0, billsMatched: 0, transactionsForReview: 0 };
  const failures: Array<Extract<ItemSyncOutcome, { ok: false }>> = [];
  const partials: string[] = [];
  for (const item of items) {
    const outcome = await syncItem(app, item, { syncType: options.syncType ?? "manual", actorId: user.id, autoImport: options.autoImport });
    if (!outcome.ok) {
      failures.push(outcome);
      continue;
    }
    if (outcome.value.status === "partial") partials.push(outcome.value.message);
    total.transactionsImported += outcome.value.transactionsImported;
    total.transactionsSkipped += outcome.value.transactionsSkipped;
    total.billsMatched += outcome.value.billsMatched;
    total.transactionsForReview += outcome.value.transactionsForReview;
  }
  const firstFailure = failures.find((f) => f.kind === "login_required") ?? failures.find((f) => f.kind === "busy") ?? failures[0];
  if (firstFailure && (failures.length === items.length || firstFailure.kind === "login_required")) {
    return refuse(firstFailure.status, firstFailure.message);
  }
  // Some banks (or some pages of one) synced and another failed: said as such, not as a complete sync.
  const problems = [...partials, ...failures.map((f) => f.message)];
  if (problems.length > 0) {
    const message = items.length === 1 ? problems[0] : `Sync incomplete: ${plural(total.transactionsImported, "transaction")} imported; ${plural(problems.length, "bank")} of ${items.length} did not finish. ${problems[0]}`;
    return { ok: true, value: { message, ...total, status: "partial" } };
  }
  return { ok: true, value: { message: syncMessage(total), ...total, status: "success" } };
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
