import { useEffect } from "react";
import { ApiError, apiRequest } from "~/lib/api-client";
import { useRevalidate } from "~/components/use-revalidate";

/**
 * Keeps the page fresh while family members change the budget: the room says "changed", the page
 * revalidates its loaders. Reconnects with backoff; without JavaScript pages are simply fresh on load.
 */
export function useLiveBudget(): void {
  const revalidate = useRevalidate();

  useEffect(() => {
    let socket: WebSocket | null = null;
    let stopped = false;
    let attempt = 0;
    let everConnected = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      const url = new URL("/api/budget/live", window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      socket = new WebSocket(url);
      socket.addEventListener("open", () => {
        // After a drop, catch up on whatever changed while we were not listening.
        if (everConnected) revalidate();
        everConnected = true;
        attempt = 0;
      });
      socket.addEventListener("message", (event) => {
        try {
          const message = JSON.parse(String(event.data)) as { type?: string };
          // A burst of them (one per write) is folded: asks while a reload runs become one more (useRevalidate).
          // Not delayed by a timer: a later reload would only be more likely to meet the reader's next click.
          if (message.type === "changed") revalidate();
        } catch {
          // "pong" and other non-JSON frames carry no change.
        }
      });
      socket.addEventListener("close", (event) => {
        if (stopped) return;
        // 4003: the room let us go (removed from the budget, left it, switched away): reconnect at once,
        // which lands on the budget we now see and revalidates the page.
        attempt = event.code === 4003 ? 0 : attempt + 1;
        // A socket closed by sign-out (here or in another tab) or an expired session: ask once whether we
        // are still signed in; a 401 shows "You are logged out" and goes to sign-in (apiRequest does it).
        apiRequest("GET", "/api/auth/user")
          .then(() => {
            if (!stopped) timer = setTimeout(connect, attempt === 0 ? 0 : Math.min(30_000, 1000 * 2 ** attempt));
          })
          .catch((error: unknown) => {
            if (!stopped && !(error instanceof ApiError && error.status === 401)) timer = setTimeout(connect, Math.min(30_000, 1000 * 2 ** attempt));
          });
      });
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [revalidate]);
}
