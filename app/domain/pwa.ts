// Names the server, the pages and the service worker agree on (issue 23).

/**
 * On every response to a signed-in browser: an opaque id of the session (a hash of its cookie). The service
 * worker keeps cached pages per value, so one person's pages are never shown to the next on this device.
 */
export const CACHE_PARTITION_HEADER = "X-Cache-Partition";

/** On a page the service worker cached: when it was fetched (ms), for the "Offline — showing what you saw at" banner. */
export const PAGE_SAVED_AT_HEADER = "X-Saved-At";

/** The page shown offline for an address never seen on this device: the chat input, the outbox. */
export const OFFLINE_PATH = "/offline";

/** The outbox's IndexedDB database (and Web Lock) name. */
export const OUTBOX_DB = "hearth-outbox";
/** Told to every open page of this origin when the outbox changes (sent, cancelled, queued). */
export const OUTBOX_CHANNEL = "hearth-outbox";
/** The Background Sync tag the service worker sends the outbox under. */
export const OUTBOX_SYNC_TAG = "hearth-outbox";
