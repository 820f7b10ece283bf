// Only same-origin relative paths are allowed as a post-login destination; anything else goes home.
export function safeReturnTo(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  // Must be a path on this origin: one leading slash, not "//host" or "/\host" (browsers treat both as
  // protocol-relative), and no control characters that a browser might strip to form such a URL.
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const base = "http://placeholder.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    // Never send someone back into the auth endpoints themselves (loops, or logging out after login).
    // Routes match case-insensitively, so compare that way too ("/API/LOGOUT" is the logout route).
    const path = url.pathname.toLowerCase();
    if (path.startsWith("/api/login") || path.startsWith("/api/logout")) return fallback;
    const out = url.pathname + url.search + url.hash;
    // Validate what is actually used: normalising collapses dot segments ("/.//evil.com", "/a/..//x",
    // "/%2e//x"), which can turn a harmless-looking path into a scheme-relative URL.
    if (!out.startsWith("/") || out.startsWith("//") || out.startsWith("/\\")) return fallback;
    return out;
  } catch {
    return fallback;
  }
}
