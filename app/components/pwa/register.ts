import type { Workbox } from "workbox-window";

// Registers /sw.js once the page is interactive and idle (issue 23): nothing of the service worker is on the
// first render's path. workbox-window is loaded only then, as its own chunk.

export interface Registration {
  /** Take the waiting worker (a new deploy) and reload into it. */
  activateUpdate(): void;
}

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => ((window as unknown as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void }).requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1)))(() => resolve(), { timeout: 3000 });
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
  });
}

export async function registerServiceWorker(onUpdateReady: () => void): Promise<Registration | null> {
  if (!("serviceWorker" in navigator)) return null;
  await whenIdle();
  const { Workbox } = await import("workbox-window");
  const wb: Workbox = new Workbox("/sw.js", { scope: "/" });
  // A new build's worker installed while this page runs the old one: offer the reload, never force it.
  // (Workbox calls a worker found by a later update check "external"; it is this app's next build all the same.)
  wb.addEventListener("waiting", () => onUpdateReady());
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // Only when the person asked for it: the new worker took over, the page reloads into the new build.
    if (reloading) window.location.reload();
  });
  await wb.register();
  return {
    activateUpdate: () => {
      reloading = true;
      wb.messageSkipWaiting();
    },
  };
}
