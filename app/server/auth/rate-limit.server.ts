import { and, count, eq, gt, inArray, lt } from "drizzle-orm";
import type { AppContext } from "../context.server";
import { authAttempts } from "../db/schema";

// Failed sign-ins are counted per e-mail (guessing one account) and per client (spraying many).
export const FAILED_SIGNIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_CLIENT = 20;
export const RATE_LIMIT_MESSAGE = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

export function clientKey(request: Request): string {
  // Set by Cloudflare's edge; absent locally, where every request shares one bucket.
  return `client:${request.headers.get("CF-Connecting-IP") ?? "local"}`;
}

export function emailKey(email: string): string {
  return `email:${email.toLowerCase()}`;
}

export async function isSignInLimited(app: AppContext, keys: { email: string; client: string }): Promise<boolean> {
  const since = app.now - FAILED_SIGNIN_WINDOW_MS;
  const [byEmail, byClient] = await app.db.batch([
    app.db.select({ n: count() }).from(authAttempts).where(and(eq(authAttempts.key, keys.email), gt(authAttempts.createdAt, since))),
    app.db.select({ n: count() }).from(authAttempts).where(and(eq(authAttempts.key, keys.client), gt(authAttempts.createdAt, since))),
  ]);
  return (byEmail[0]?.n ?? 0) >= MAX_FAILURES_PER_EMAIL || (byClient[0]?.n ?? 0) >= MAX_FAILURES_PER_CLIENT;
}

export async function recordFailedSignIn(app: AppContext, keys: { email: string; client: string }): Promise<void> {
  await app.db.insert(authAttempts).values([
    { key: keys.email, createdAt: app.now },
    { key: keys.client, createdAt: app.now },
  ]);
}

/** A successful sign-in forgives that e-mail's earlier mistakes (not the client's). */
export async function clearFailedSignIns(app: AppContext, email: string): Promise<void> {
  await app.db.delete(authAttempts).where(inArray(authAttempts.key, [emailKey(email)]));
}

export async function pruneAuthAttempts(app: Pick<AppContext, "db">, now: number): Promise<void> {
  await app.db.delete(authAttempts).where(lt(authAttempts.createdAt, now - FAILED_SIGNIN_WINDOW_MS));
}
