import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// The router cancels a load when the reader moves on: a link followed while the page reloads its data (after a
// live change) or while another page still loads. With single fetch the cancelled request's promise can reject
// with nothing left waiting for it (react-router #14203), which the browser reports as an uncaught "AbortError:
// signal is aborted without reason". Our own reloads no longer cancel each other (useRevalidate waits for the
// router to be idle), but the reader's navigations still do, and that is not a failure: only that is kept off
// the console; every other rejection is still reported.
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
