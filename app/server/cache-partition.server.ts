import { CACHE_PARTITION_HEADER } from "~/domain/pwa";

// Issue 23: the service worker caches signed-in pages per session, never across people on one device. The
// partition is a hash of the session cookie: opaque, stable for the session, different after any sign-in.

const SESSION_COOKIE = /(?:^|;\s*)__session=([^;]+)/;

export async function cachePartitionOf(request: Request): Promise<string | null> {
  const token = SESSION_COOKIE.exec(request.headers.get("Cookie") ?? "")?.[1];
  if (!token) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`cache-partition:${token}`));
  return [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export { CACHE_PARTITION_HEADER };
