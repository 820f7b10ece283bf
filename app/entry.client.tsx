import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// A revalidation superseded by a newer one (or by a navigation) is cancelled by the router; with single fetch
// the cancelled request's promise can reject with nothing left waiting for it (react-router #14203), which the
// browser reports as an uncaught "AbortError: signal is aborted without reason". A cancelled request is not a
// failure, so only that is kept off the console; every other rejection is still reported.
window.addEventListener("unhandledrejection", (event) => {
  const reason: unknown = event.reason;
  if (reason instanceof DOMException && reason.name === "AbortError") event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
