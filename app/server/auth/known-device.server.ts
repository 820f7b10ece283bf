import { createCookie } from "@remix-run/cloudflare";
import { isLocalHttp } from "./cookies.server";

// "Device cookies" against lock-out by strangers (issue 5, finding 6): five wrong passwords for an
// e-mail lock that e-mail for 15 minutes, which let anyone lock anyone out. A browser that has signed in
// to an account before carries a signed cookie naming the accounts it knows; its failures are counted
// in a bucket of their own, so a stranger's guesses lock out only browsers that never signed in.

const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

function deviceCookie(request: Request, secret: string) {
  return createCookie("__device", { httpOnly: true, sameSite: "lax", secure: !isLocalHttp(request), path: "/api/login", maxAge: MAX_AGE_SECONDS, secrets: [secret] });
}

async function knownAccounts(request: Request, secret: string): Promise<string[]> {
  try {
    const value: unknown = await deviceCookie(request, secret).parse(request.headers.get("Cookie"));
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").slice(0, MAX_ACCOUNTS) : [];
  } catch {
    return [];
  }
}

/** Whether this browser has signed in to `email` before (the cookie is signed: it cannot be made up). */
export async function isKnownDevice(request: Request, secret: string, email: string): Promise<boolean> {
  return (await knownAccounts(request, secret)).includes(email.toLowerCase());
}

/** The Set-Cookie that remembers a successful sign-in to `email` on this browser. */
export async function rememberDevice(request: Request, secret: string, email: string): Promise<string> {
  const known = (await knownAccounts(request, secret)).filter((e) => e !== email.toLowerCase());
  return deviceCookie(request, secret).serialize([email.toLowerCase(), ...known].slice(0, MAX_ACCOUNTS));
}
