// The service worker (issue 23), bundled by scripts/build-sw.mjs into public/sw.js after `remix build`.
// Hand-written rather than Workbox's runtime: its caching rules are this app's own (pages cached per signed-in
// session, an offline page, clearing on sign-out, the outbox), and the whole worker is a few KB. Workbox
// builds its precache list (scripts/build-sw.mjs) and workbox-window registers it.
import { clearOutbox, flushOutbox, OUTBOX_SYNC_TAG } from "~/lib/outbox";
import { CACHE_PARTITION_HEADER, OFFLINE_PATH, PAGE_SAVED_AT_HEADER } from "~/domain/pwa";

// Only the parts of the worker scope this file uses (the project's DOM/Workers types have no ServiceWorkerGlobalScope).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  clientId: string;
  resultingClientId: string;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerClient {
  id: string;
  postMessage(message: unknown): void;
}
interface MessageEventLike extends ExtendableEvent {
  data: { type?: string } | null;
  source: WorkerClient | null;
  ports: MessagePort[];
}
interface SyncEvent extends ExtendableEvent {
  tag: string;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; get(id: string): Promise<WorkerClient | undefined>; matchAll(): Promise<WorkerClient[]> };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: MessageEventLike) => void): void;
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
}

declare const self: WorkerScope;
/** Injected by the build: the hashed /build/ files (and icons), with a revision for unhashed ones. */
declare const __PRECACHE__: Array<{ url: string; revision: string | null }>;
declare const __VERSION__: string;

const PRECACHE = `hearth-precache-${__VERSION__}`;
const PAGES_PREFIX = "hearth-pages-";
const META = "hearth-meta";
const PARTITION_KEY = "/__partition";

function precacheUrl(entry: { url: string; revision: string | null }): string {
  const url = new URL(entry.url, self.location.origin);
  if (entry.revision) url.searchParams.set("__rev", entry.revision);
  return url.href;
}

const precacheUrls = new Map(__PRECACHE__.map((entry) => [new URL(entry.url, self.location.origin).pathname, precacheUrl(entry)]));

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PRECACHE);
      await cache.addAll([...precacheUrls.values()]);
      // The offline page holds no one's data: fetched without cookies (and without taking a flash message).
      const offline = await fetch(OFFLINE_PATH, { credentials: "omit" });
      if (offline.ok) await cache.put(OFFLINE_PATH, offline);
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // A new deploy's worker replaces the old build's files.
      for (const name of await caches.keys()) {
        if (name.startsWith("hearth-precache-") && name !== PRECACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

let partition: string | null | undefined;

async function currentPartition(): Promise<string | null> {
  if (partition !== undefined) return partition;
  const saved = await (await caches.open(META)).match(PARTITION_KEY);
  partition = saved ? await saved.text() : null;
  return partition;
}

async function setPartition(next: string): Promise<void> {
  if (partition === next) return;
  const previous = await currentPartition();
  // Another person (or a new sign-in) on this browser: the last one's pages go first.
  if (previous && previous !== next) await caches.delete(PAGES_PREFIX + previous);
  partition = next;
  await (await caches.open(META)).put(PARTITION_KEY, new Response(next));
}

/** Sign-out, account deletion, a page answered signed out: every cached page and the outbox go. */
async function clearUserData(): Promise<void> {
  partition = null;
  for (const name of await caches.keys()) {
    if (name.startsWith(PAGES_PREFIX) || name === META) await caches.delete(name);
  }
  await clearOutbox().catch(() => undefined);
}

function pageKey(url: URL): string {
  return url.pathname + url.search;
}

/** When each page (client) was served from the cache: the page asks, to show its "Offline —" banner. */
const servedFromCache = new Map<string, number>();

async function saveCopy(response: Response, key: string, who: string): Promise<void> {
  const headers = new Headers(response.headers);
  headers.set(PAGE_SAVED_AT_HEADER, String(Date.now()));
  const copy = new Response(await response.clone().blob(), { status: response.status, statusText: response.statusText, headers });
  await (await caches.open(PAGES_PREFIX + who)).put(key, copy);
}

async function cachedPage(key: string): Promise<Response | null> {
  const who = await currentPartition();
  if (!who) return null;
  return (await (await caches.open(PAGES_PREFIX + who)).match(key)) ?? null;
}

/** Network first; the answer is kept for this signed-in session; offline, the last copy (or null). */
async function networkFirst(event: FetchEvent, url: URL): Promise<Response | null> {
  try {
    const response = await fetch(event.request);
    const who = response.headers.get(CACHE_PARTITION_HEADER);
    if (response.type === "basic" && response.status === 200) {
      if (who) {
        await setPartition(who);
        event.waitUntil(saveCopy(response, pageKey(url), who));
      } else if (event.request.mode === "navigate") {
        // A page answered to someone signed out: nothing of the last session stays on this device.
        event.waitUntil(clearUserData());
      }
    }
    return response;
  } catch {
    const cached = await cachedPage(pageKey(url));
    if (cached) {
      const savedAt = Number(cached.headers.get(PAGE_SAVED_AT_HEADER)) || Date.now();
      if (event.request.mode === "navigate") servedFromCache.set(event.resultingClientId, savedAt);
      else self.clients.get(event.clientId).then((client) => client?.postMessage({ type: "served-from-cache", savedAt }));
    }
    return cached;
  }
}

async function handleNavigation(event: FetchEvent, url: URL): Promise<Response> {
  if (url.pathname === OFFLINE_PATH) {
    return fetch(event.request).catch(async () => (await (await caches.open(PRECACHE)).match(OFFLINE_PATH)) ?? Response.error());
  }
  const page = await networkFirst(event, url);
  if (page) return page;
  // Never seen offline: the offline page (at its own address, so the app starts on the right route).
  return Response.redirect(`${OFFLINE_PATH}?from=${encodeURIComponent(pageKey(url))}`, 302);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === "/api/logout" && request.mode === "navigate") {
    event.respondWith(clearUserData().then(() => fetch(request)));
    return;
  }
  if (request.method !== "GET") return;
  const precached = precacheUrls.get(url.pathname);
  if (precached) {
    event.respondWith(caches.match(precached, { cacheName: PRECACHE }).then((hit) => hit ?? fetch(request)));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(handleNavigation(event, url));
    return;
  }
  // Remix's loader data for client-side navigations: the same per-session rule as the pages.
  if (url.pathname.endsWith(".data")) {
    // No copy to show: one more try a second later (the connection is often back by then, e.g. just after
    // the `online` event revalidated the page) before the page is told it failed.
    event.respondWith(
      networkFirst(event, url).then(
        (response) => response ?? new Promise<Response>((resolve) => setTimeout(() => resolve(fetch(request).catch(() => Response.error())), 1000)),
      ),
    );
  }
});

self.addEventListener("message", (event) => {
  const type = event.data?.type;
  if (type === "SKIP_WAITING") event.waitUntil(self.skipWaiting());
  else if (type === "CLEAR_USER_DATA") event.waitUntil(clearUserData().then(() => event.ports[0]?.postMessage("cleared")));
  else if (type === "SERVED_FROM_CACHE" && event.source) {
    event.ports[0]?.postMessage({ savedAt: servedFromCache.get(event.source.id) ?? null });
    servedFromCache.delete(event.source.id);
  }
});

self.addEventListener("sync", (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  // Background Sync (Chromium): the outbox is sent even with every page closed. A rejection asks the
  // browser to try again later.
  event.waitUntil(
    flushOutbox().then(async ({ sent, waiting }) => {
      if (sent > 0) for (const client of await self.clients.matchAll()) client.postMessage({ type: "outbox-sent" });
      if (waiting > 0) throw new Error("The outbox is still waiting.");
    }),
  );
});
