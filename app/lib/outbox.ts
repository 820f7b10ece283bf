// The offline outbox (issue 23): chat messages and budget-page expenses that could not be sent yet, kept in
// IndexedDB with the idempotency key made on this device and the time they were typed. Both the page and the
// service worker (Background Sync) send it, in order, each with its key, so a send that dropped halfway is
// answered from the server's stored answer instead of being logged twice. No React here: the service
// worker bundles this file too.

import { OUTBOX_CHANNEL, OUTBOX_DB, OUTBOX_SYNC_TAG } from "~/domain/pwa";

export { OUTBOX_CHANNEL, OUTBOX_DB, OUTBOX_SYNC_TAG };
const STORE = "items";

export interface OutboxItem {
  /** The idempotency key: made once when the item was typed, sent with every attempt. */
  key: string;
  kind: "message" | "expense";
  /** Epoch ms when it was typed; also the sending order. */
  typedAt: number;
  /** message: the text; expense: the description. */
  content: string;
  /** message: the conversation it was typed in (null: typed on the offline page, the server's current one). */
  conversationId: string | null;
  /** expense: the add row's fields (amount, description, categoryId, date). */
  fields?: Record<string, string>;
  /** A refusal that retrying will not fix (shown with the item; the user cancels it). */
  error?: string;
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(OUTBOX_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await openDb();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = run(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request ? request.result : undefined);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

function announce(): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage("changed");
  channel.close();
}

export async function listOutbox(): Promise<OutboxItem[]> {
  const items = ((await withStore<OutboxItem[]>("readonly", (s) => s.getAll() as IDBRequest<OutboxItem[]>)) ?? []).slice();
  return items.sort((a, b) => a.typedAt - b.typedAt || a.key.localeCompare(b.key));
}

export async function putOutbox(item: OutboxItem): Promise<void> {
  await withStore("readwrite", (s) => s.put(item));
  announce();
}

export async function removeOutbox(key: string): Promise<void> {
  await withStore("readwrite", (s) => s.delete(key));
  announce();
}

/** Sign-out and account deletion: nothing one person typed is left for the next on this device. */
export async function clearOutbox(): Promise<void> {
  await withStore("readwrite", (s) => s.clear());
  announce();
}

export function newOutboxKey(): string {
  return crypto.randomUUID();
}

export type SendResult =
  | { outcome: "sent"; body: unknown }
  /** Will not succeed as sent (400/403/404/409/413): kept with the reason until cancelled. */
  | { outcome: "refused"; message: string }
  /** Signed out: kept, and nothing more is tried until the person signs in again. */
  | { outcome: "signedOut" }
  /** No connection or a server error: kept for the next try. */
  | { outcome: "later" };

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: string };
    return body.message ?? `${response.status}`;
  } catch {
    return `${response.status}`;
  }
}

async function conversationIdFor(item: OutboxItem): Promise<string | null> {
  if (item.conversationId) return item.conversationId;
  const current = await fetch("/api/conversation", { credentials: "include", headers: { Accept: "application/json" } });
  if (current.status === 401) throw new Response(null, { status: 401 });
  const body = current.ok ? ((await current.json()) as { id?: string } | null) : null;
  if (body?.id) return body.id;
  const created = await fetch("/api/conversation", { method: "POST", credentials: "include", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: "{}" });
  return created.ok ? (((await created.json()) as { id?: string }).id ?? null) : null;
}

/** One attempt for one item, with its key; never throws. */
export async function sendOutboxItem(item: OutboxItem): Promise<SendResult> {
  try {
    let request: { url: string; body: Record<string, unknown> };
    if (item.kind === "message") {
      const conversationId = await conversationIdFor(item);
      if (!conversationId) return { outcome: "later" };
      request = { url: "/api/messages", body: { conversationId, content: item.content, typedAt: item.typedAt } };
    } else {
      request = { url: "/api/expenses", body: { ...item.fields } };
    }
    const response = await fetch(request.url, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": item.key },
      body: JSON.stringify(request.body),
    });
    if (response.ok) return { outcome: "sent", body: await response.json().catch(() => null) };
    if (response.status === 401) return { outcome: "signedOut" };
    if (response.status >= 500 || response.status === 429 || response.status === 408) return { outcome: "later" };
    return { outcome: "refused", message: await messageOf(response) };
  } catch (error) {
    if (error instanceof Response && error.status === 401) return { outcome: "signedOut" };
    return { outcome: "later" };
  }
}

interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable: boolean }, run: (lock: unknown) => Promise<T>): Promise<T>;
}

/**
 * Sends every waiting item in the order typed. Stops at the first that must wait (no connection, server
 * error, signed out) so nothing overtakes an earlier entry. One sender at a time across the page's tabs and
 * the service worker (a Web Lock when the browser has one; the keys make a second sender harmless anyway).
 */
export async function flushOutbox(onSent?: (item: OutboxItem, body: unknown) => void): Promise<{ sent: number; waiting: number }> {
  const run = async () => {
    let sent = 0;
    const items = await listOutbox();
    for (const item of items) {
      if (item.error) continue;
      const result = await sendOutboxItem(item);
      if (result.outcome === "sent") {
        await removeOutbox(item.key);
        sent++;
        onSent?.(item, result.body);
        continue;
      }
      if (result.outcome === "refused") {
        await putOutbox({ ...item, error: result.message });
        continue;
      }
      break;
    }
    // Refused items wait for the person (cancel), not for the network.
    return { sent, waiting: (await listOutbox()).filter((i) => !i.error).length };
  };
  const locks = (globalThis.navigator as unknown as { locks?: LockManagerLike } | undefined)?.locks;
  if (!locks) return run();
  // Another sender holds it: it will send everything, this one has nothing to add.
  return locks.request(OUTBOX_DB, { ifAvailable: true }, async (lock) => (lock ? run() : { sent: 0, waiting: -1 }));
}
