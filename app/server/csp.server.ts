// Content-Security-Policy for every HTML response. Scripts run only from this origin or with the
// response's nonce (Remix's inline hydration and streaming scripts carry it). The bank issue adds the
// Plaid Link script's origin to script-src and frame-src.
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Inline style attributes come from React style props and Radix positioning.
    "style-src 'self' 'unsafe-inline'",
    // Profile pictures come from the OAuth provider's image host.
    "img-src 'self' data: https:",
    "font-src 'self'",
    // 'self' covers the same-origin WebSocket (/api/budget/live) in CSP Level 3 browsers.
    "connect-src 'self'",
    "frame-src 'self'",
    // The service worker (/sw.js) and the web app manifest (issue 23).
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
