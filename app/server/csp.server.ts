// Content-Security-Policy for every HTML response. Scripts run only from this origin or with the
// response's nonce (Remix's inline hydration and streaming scripts carry it), plus Plaid Link: its one
// script (Plaid requires it be loaded from cdn.plaid.com) and the window it opens in a frame.
const PLAID_LINK_SCRIPT = "https://cdn.plaid.com/link/v2/stable/link-initialize.js";
const PLAID_ORIGIN = "https://cdn.plaid.com";
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${PLAID_LINK_SCRIPT}`,
    // Inline style attributes come from React style props and Radix positioning.
    "style-src 'self' 'unsafe-inline'",
    // Profile pictures come from the OAuth provider's image host.
    "img-src 'self' data: https:",
    "font-src 'self'",
    // 'self' covers the same-origin WebSocket (/api/budget/live) in CSP Level 3 browsers.
    "connect-src 'self'",
    `frame-src 'self' ${PLAID_ORIGIN}`,
    // The service worker (/sw.js) and the web app manifest (issue 23).
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
