import { and, count, eq, gt, sql } from "drizzle-orm";
import type { AppContext } from "../context.server";
import { authAttempts } from "../db/schema";

// Sign-in attempts are counted per e-mail (guessing one account) and per client (spraying many), and
// sign-ups per client (each one costs a password hash, a user row and a budget).
export const FAILED_SIGNIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_CLIENT = 20;
export const SIGNUP_WINDOW_MS = 60 * 60 * 1000;
export const MAX_SIGNUPS_PER_CLIENT = 10;
export const RATE_LIMIT_MESSAGE = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";
export const SIGNUP_LIMIT_MESSAGE = "Too many accounts were created from your network. Please try again in an hour.";

export interface AttemptKeys {
  email: string;
  client: string;
}

function clientAddress(request: Request): string {
  // Set by Cloudflare's edge; absent locally, where every request shares one bucket.
  return request.headers.get("CF-Connecting-IP") ?? "local";
}

export function clientKey(request: Request): string {
  return `client:${clientAddress(request)}`;
}

export function emailKey(email: string): string {
  return `email:${email.toLowerCase()}`;
}

/** Failures on a browser that signed in to this e-mail before: a stranger's guesses never fill it. */
export function knownEmailKey(email: string): string {
  return `email-known:${email.toLowerCase()}`;
}

function countSince(app: AppContext, key: string, since: number) {
  return app.db
    .select({ n: count() })
    .from(authAttempts)
    .where(and(eq(authAttempts.key, key), gt(authAttempts.createdAt, since)));
}

/**
 * Records this attempt and counts, in one batch, so a burst of parallel guesses cannot all pass a
 * check made before any of them was recorded. Returns true when the attempt is over a limit.
 */
export async function reserveSignInAttempt(app: AppContext, keys: AttemptKeys): Promise<boolean> {
  const since = app.now - FAILED_SIGNIN_WINDOW_MS;
  const [, byEmail, byClient] = await app.db.batch([
    app.db.insert(authAttempts).values([
      { key: keys.email, createdAt: app.now },
      { key: keys.client, createdAt: app.now },
    ]),
    countSince(app, keys.email, since),
    countSince(app, keys.client, since),
  ]);
  // The counts include this attempt: the 6th try after 5 failures is refused.
  return (byEmail[0]?.n ?? 0) > MAX_FAILURES_PER_EMAIL || (byClient[0]?.n ?? 0) > MAX_FAILURES_PER_CLIENT;
}

/** A successful sign-in forgives that e-mail's failures and takes back this attempt from the client. */
export async function releaseSignInAttempt(app: AppContext, keys: AttemptKeys): Promise<void> {
  await app.db.batch([
    app.db.delete(authAttempts).where(eq(authAttempts.key, keys.email)),
    app.db.delete(authAttempts).where(eq(authAttempts.key, keys.email.replace(/^email(-known)?:/, "email:"))),
    app.db.delete(authAttempts).where(
      sql`rowid = (SELECT rowid FROM ${authAttempts} WHERE ${authAttempts.key} = ${keys.client} AND ${authAttempts.createdAt} = ${app.now} LIMIT 1)`,
    ),
  ]);
}

const LOOPBACK = new Set(["local", "127.0.0.1", "::1"]);

/** Same pattern for sign-ups, per client. This machine itself (local dev, tests) is not limited. */
export async function reserveSignUp(app: AppContext, request: Request): Promise<boolean> {
  const address = clientAddress(request);
  if (LOOPBACK.has(address)) return false;
  const key = `signup:${address}`;
  const [, rows] = await app.db.batch([app.db.insert(authAttempts).values({ key, createdAt: app.now }), countSince(app, key, app.now - SIGNUP_WINDOW_MS)]);
  return (rows[0]?.n ?? 0) > MAX_SIGNUPS_PER_CLIENT;
}

/** Attempts are kept as long as the longest window that counts them (sign-ups: an hour). */
export const AUTH_ATTEMPT_RETENTION_MS = Math.max(FAILED_SIGNIN_WINDOW_MS, SIGNUP_WINDOW_MS);

export const RETRY_AFTER_SECONDS = { signin: FAILED_SIGNIN_WINDOW_MS / 1000, signup: SIGNUP_WINDOW_MS / 1000 };
