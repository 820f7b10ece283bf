import { useEffect, useRef, useState } from "react";
import { useRevalidate } from "~/components/use-revalidate";
import { registerServiceWorker, type Registration } from "./register";

function clock(ms: number): string {
  return new Date(ms).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
}

/** Asks the service worker whether this page came from its cache (offline), and when it was saved. */
function askServedFromCache(): Promise<number | null> {
  const controller = navigator.serviceWorker?.controller;
  if (!controller) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve((event.data as { savedAt: number | null }).savedAt);
    controller.postMessage({ type: "SERVED_FROM_CACHE" }, [channel.port2]);
    setTimeout(() => resolve(null), 1000);
  });
}

/**
 * The app's installable half (issue 23), mounted once in the root: registers the service worker after the
 * page is interactive, offers "A new version is ready — reload", and says when the page is a saved copy.
 */
export function PwaClient() {
  const [updateReady, setUpdateReady] = useState(false);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [offline, setOffline] = useState(false);
  const registration = useRef<Registration | null>(null);
  const revalidate = useRevalidate();

  useEffect(() => {
    registerServiceWorker(() => setUpdateReady(true)).then((r) => (registration.current = r), () => undefined);
    void askServedFromCache().then((at) => at && setSavedAt(at));
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; savedAt?: number } | null;
      if (data?.type === "served-from-cache" && data.savedAt) setSavedAt(data.savedAt);
      if (data?.type === "outbox-sent") revalidate();
    };
    navigator.serviceWorker?.addEventListener("message", onMessage);
    const goOffline = () => setOffline(true);
    const goOnline = () => {
      setOffline(false);
      setSavedAt(null);
      // Back online: the saved copy is replaced by the live page.
      revalidate();
    };
    setOffline(!navigator.onLine);
    window.addEventListener("offline", goOffline);
    window.addEventListener("online", goOnline);
    return () => {
      navigator.serviceWorker?.removeEventListener("message", onMessage);
      window.removeEventListener("offline", goOffline);
      window.removeEventListener("online", goOnline);
    };
  }, [revalidate]);

  return (
    <>
      {savedAt || offline ? (
        <div role="status" className="sticky top-0 z-[55] bg-slate-800 px-4 py-1.5 text-center text-sm text-white" data-testid="offline-banner">
          {savedAt ? `Offline — showing what you saw at ${clock(savedAt)}` : "Offline — what you log is kept on this device and sent when you are back online"}
        </div>
      ) : null}
      {updateReady ? (
        <div role="status" className="fixed inset-x-0 bottom-20 z-[90] mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm shadow-lg lg:bottom-4" data-testid="update-ready">
          <span>A new version is ready</span>
          <button type="button" className="rounded-md bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700" onClick={() => registration.current?.activateUpdate()}>
            Reload
          </button>
        </div>
      ) : null}
    </>
  );
}
