import { createExecutionContext, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getSessionUser, rideWithSessionLookup, sessionLookupWith, sessionUserIdOf } from "~/server/auth/session.server";
import { createAppContext, type AppContext } from "~/server/context.server";
import { users } from "~/server/db/schema";
import { signUp } from "./helpers/users";

// Loaders of one page view add their queries to the session lookup's D1 batch (`rideWithSessionLookup`).
// A loader whose query builder throws must get its own error at once, and must not leave the lookup or
// the other loaders riding with it waiting forever (before the fix the builder's throw escaped the batch
// and every rider's promise was left pending).

/** The promise's outcome, or "pending" if it has not settled within `ms` (a hang, not a slow query). */
async function outcomeWithin<T>(promise: Promise<T>, ms = 2000): Promise<{ value: T } | { error: unknown } | "pending"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Promise<"pending">((resolve) => {
    timer = setTimeout(() => resolve("pending"), ms);
  });
  try {
    return await Promise.race([promise.then((value) => ({ value }), (error: unknown) => ({ error })), pending]);
  } finally {
    clearTimeout(timer);
  }
}

function pageView(cookie: string): { app: AppContext; request: () => Request } {
  const app = createAppContext(env as unknown as Env, createExecutionContext());
  // Remix gives each loader its own Request with the same cookie and the same load context.
  return { app, request: () => new Request("http://localhost/", { headers: { Cookie: cookie } }) };
}

const ownName = (app: AppContext) => (hash: string) => [app.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, sessionUserIdOf(app, hash)))] as const;

function throwingBuilder(): never {
  throw new Error("rider's query builder broke");
}

describe("a rider whose query builder throws", () => {
  it("rejects its own caller, while the lookup and the other riders get their rows", async () => {
    const user = await signUp("Rider");
    const { app, request } = pageView(user.cookie);
    const broken = rideWithSessionLookup(app, request(), throwingBuilder);
    const sound = rideWithSessionLookup(app, request(), ownName(app));
    const session = getSessionUser(app, request());

    const brokenOutcome = await outcomeWithin(broken);
    expect(brokenOutcome).not.toBe("pending");
    expect((brokenOutcome as { error: Error }).error.message).toBe("rider's query builder broke");
    const soundOutcome = await outcomeWithin(sound);
    expect(soundOutcome).toEqual({ value: { rows: [[{ firstName: "Rider" }]], budgetId: user.budgetId } });
    const sessionOutcome = await outcomeWithin(session);
    expect((sessionOutcome as { value: { id: string } }).value.id).toBe(user.userId);
  });

  it("when the lookup itself fails, the riders settle (they query anew) instead of waiting forever", async () => {
    const user = await signUp("Lookup");
    const { app, request } = pageView(user.cookie);
    // The loader that starts the lookup reads more with it, and its own builder throws: the lookup fails.
    const lookup = sessionLookupWith(app, request(), throwingBuilder, () => {});
    const rider = rideWithSessionLookup(app, request(), ownName(app));
    const lookupOutcome = await outcomeWithin(lookup);
    expect((lookupOutcome as { error: Error }).error.message).toBe("rider's query builder broke");
    expect(await outcomeWithin(rider)).toEqual({ value: null });
  });
});
