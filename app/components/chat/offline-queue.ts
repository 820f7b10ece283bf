import { useCallback, useEffect, useRef, useState } from "react";
import { typedCents } from "~/domain/money";
import { handleUnauthorized } from "~/lib/api-client";
import { OUTBOX_CHANNEL, OUTBOX_SYNC_TAG } from "~/domain/pwa";
import type { OutboxItem } from "~/lib/outbox";

// The chat's side of the offline outbox (issue 23): what is waiting, sending (or queueing) a message, and
// sending the queue again when the connection returns. The storage and the sending live in ~/lib/outbox,
// loaded after the first render (its own small chunk), so it adds nothing to the page's first load.
const outboxModule = () => import("~/lib/outbox");

/** After a send failed while the browser still says it is online (a dropped response, a 5xx): try again soon. */
export const RETRY_AFTER_MS = 2_000;

function outboxAvailable(): boolean {
  return typeof window !== "undefined" && "indexedDB" in window;
}

/** What is waiting in this browser's outbox, kept fresh across tabs (and the service worker's sends). */
export function useOutboxItems(): OutboxItem[] {
  const [items, setItems] = useState<OutboxItem[]>([]);
  useEffect(() => {
    if (!outboxAvailable()) return;
    let live = true;
    const refresh = () => {
      outboxModule()
        .then((o) => o.listOutbox())
        .then((list) => live && setItems(list), () => undefined);
    };
    refresh();
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(OUTBOX_CHANNEL);
    if (channel) channel.onmessage = refresh;
    return () => {
      live = false;
      channel?.close();
    };
  }, []);
  return items;
}

/** Asks the service worker to send the outbox when the connection is back, even with the page closed. */
async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as unknown as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Background Sync is a bonus (Chromium only): the online event and the next page load send it too.
  }
}

export type ChatSendResult = { status: "sent"; messages: unknown[] } | { status: "queued" } | { status: "refused"; message: string };

/**
 * Sends chat messages with an idempotency key and the time typed; keeps them in the outbox when they cannot
 * go now, and sends the outbox on load, on `online`, and shortly after a failed send.
 */
export function useOutboxSender(onSent: () => void) {
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;
  const retry = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(async () => {
    if (!outboxAvailable() || !navigator.onLine) return;
    const { sent } = await outboxModule()
      .then((o) => o.flushOutbox())
      .catch(() => ({ sent: 0 }));
    if (sent > 0) onSentRef.current();
  }, []);

  const scheduleRetry = useCallback(() => {
    if (retry.current) clearTimeout(retry.current);
    retry.current = setTimeout(() => void flush(), RETRY_AFTER_MS);
  }, [flush]);

  useEffect(() => {
    void flush();
    window.addEventListener("online", flush);
    return () => {
      window.removeEventListener("online", flush);
      if (retry.current) clearTimeout(retry.current);
    };
  }, [flush]);

  const send = useCallback(
    async (content: string, conversationId: string | null): Promise<ChatSendResult> => {
      const typedAt = Date.now();
      const { listOutbox, newOutboxKey, putOutbox, sendOutboxItem } = await outboxModule();
      const item: OutboxItem = { key: newOutboxKey(), kind: "message", typedAt, content, conversationId };
      const queue = async (): Promise<ChatSendResult> => {
        if (!outboxAvailable()) return { status: "refused", message: "No connection: the message was not sent." };
        await putOutbox(item);
        void requestBackgroundSync();
        if (navigator.onLine) scheduleRetry();
        return { status: "queued" };
      };
      // Offline, or earlier messages still waiting (nothing overtakes them): straight into the outbox.
      if (!navigator.onLine || (outboxAvailable() && (await listOutbox().catch(() => [])).some((i) => !i.error))) {
        const queued = await queue();
        void flush();
        return queued;
      }
      const result = await sendOutboxItem(item);
      if (result.outcome === "sent") return { status: "sent", messages: (result.body as { messages?: unknown[] } | null)?.messages ?? [] };
      if (result.outcome === "refused") return { status: "refused", message: result.message };
      if (result.outcome === "signedOut") {
        handleUnauthorized();
        return { status: "refused", message: "You are signed out." };
      }
      // The answer never came (or a server error): the same key goes again later, so it is logged once.
      return queue();
    },
    [flush, scheduleRetry],
  );

  const cancel = useCallback((key: string) => outboxModule().then((o) => o.removeOutbox(key)), []);
  return { send, cancel, flush };
}

/** The amount a waiting item will most likely log: an expense's amount, or the first sum in a message. */
export function provisionalCents(item: OutboxItem): number {
  if (item.error) return 0;
  if (item.kind === "expense") return typedCents(item.fields?.amount) ?? 0;
  const match = /\$?\s?(\d{1,7}(?:,\d{3})*(?:\.\d{1,2})?)/.exec(item.content);
  return match ? (typedCents(match[1]) ?? 0) : 0;
}
