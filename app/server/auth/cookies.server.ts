import { createCookie } from "@remix-run/cloudflare";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Cookies are Secure everywhere except plain http on this machine (local dev, tests, benchmarks). */
export function isLocalHttp(request: Request): boolean {
  const url = new URL(request.url);
  return url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname);
}

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

export function sessionCookie(request: Request, secret: string) {
  return createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure: !isLocalHttp(request),
    path: "/",
    maxAge: SESSION_MAX_AGE_SECONDS,
    secrets: [secret],
  });
}
