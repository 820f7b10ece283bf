import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AUTH_ATTEMPT_RETENTION_MS, SIGNUP_WINDOW_MS } from "../../app/server/auth/rate-limit.server";
import app from "../../workers/app";
import { signUp, type SignedInUser } from "./helpers/users";

const HOUR = 60 * 60 * 1000;

// The Worker's own handlers, called the way the runtime calls them (batch/controller, env, ctx).
const worker = app as ExportedHandler<Env>;
const queue = (batch: MessageBatch, e: Env, ctx: ExecutionContext) => worker.queue!(batch, e, ctx);
const scheduled = (controller: ScheduledController, e: Env, ctx: ExecutionContext) => worker.scheduled!(controller, e, ctx);

async function insertSession(userId: string, expiresAt: number): Promise<string> {
  const id = `test-session-${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)")
    .bind(id, userId, expiresAt, expiresAt - 30 * 24 * HOUR)
    .run();
  return id;
}

async function sessionExists(id: string): Promise<boolean> {
  return (await env.DB.prepare("SELECT 1 AS x FROM sessions WHERE id = ?").bind(id).first()) !== null;
}

async function insertAttempt(key: string, createdAt: number): Promise<void> {
  await env.DB.prepare("INSERT INTO auth_attempts (key, created_at) VALUES (?, ?)").bind(key, createdAt).run();
}

async function attemptTimes(key: string): Promise<number[]> {
  const { results } = await env.DB.prepare("SELECT created_at FROM auth_attempts WHERE key = ? ORDER BY created_at").bind(key).all<{ created_at: number }>();
  return results.map((r) => r.created_at);
}

async function insertInvitation(owner: SignedInUser, status: string, expiresAt: number): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO invitations (id, budget_id, invitee_email, role, status, token, expires_at, created_by, created_at) VALUES (?, ?, ?, 'member', ?, ?, ?, ?, ?)",
  )
    .bind(id, owner.budgetId, `invitee-${id}@example.test`, status, crypto.randomUUID(), expiresAt, owner.userId, expiresAt - 7 * 24 * HOUR)
    .run();
  return id;
}

async function invitationStatus(id: string): Promise<string | undefined> {
  const row = await env.DB.prepare("SELECT status FROM invitations WHERE id = ?").bind(id).first<{ status: string }>();
  return row?.status;
}

async function activity(createdAt: number) {
  const { results } = await env.DB.prepare("SELECT type, description, user_id, budget_id FROM activity_log WHERE created_at = ?")
    .bind(createdAt)
    .all<{ type: string; description: string; user_id: string | null; budget_id: string | null }>();
  return results;
}

async function expiredSessionCount(now: number): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE expires_at < ?").bind(now).first<{ n: number }>();
  return row?.n ?? 0;
}

async function userStatus(cookie: string): Promise<number> {
  const res = await exports.default.fetch("http://localhost/api/auth/user", { headers: { Cookie: cookie } });
  return res.status;
}

function message(body: unknown, attempts = 1) {
  return { id: `msg-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body };
}

describe("queue consumer", () => {
  it("runs a cleanup job, acks it, and its effect is visible", async () => {
    const user = await signUp("Queued");
    const now = Date.now();
    const expired = await insertSession(user.userId, now - 1_000);
    const live = await insertSession(user.userId, now + HOUR);
    const removable = await expiredSessionCount(now);
    expect(removable).toBeGreaterThanOrEqual(1);

    const msg = message({ type: "cleanup", now });
    const batch = createMessageBatch("budget-jobs", [msg]);
    const ctx = createExecutionContext();
    await queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);

    expect(result.outcome).toBe("ok");
    expect(result.explicitAcks).toEqual([msg.id]);
    expect(result.retryMessages).toEqual([]);
    expect(result.retryBatch.retry).toBe(false);
    expect(await sessionExists(expired)).toBe(false);
    expect(await sessionExists(live)).toBe(true);
    expect(await activity(now)).toEqual([
      expect.objectContaining({ type: "job", description: expect.stringMatching(new RegExp(`^cleanup: ${removable} sessions, `)) }),
    ]);
  });

  it("acks and drops a message it does not understand, without retrying or writing", async () => {
    const bad = [message({ type: "launch-rockets" }), message("not even an object"), message({ type: "cleanup", now: "yesterday" })];
    const before = await env.DB.prepare("SELECT count(*) AS n FROM activity_log WHERE type = 'job'").first<{ n: number }>();
    const batch = createMessageBatch("budget-jobs", bad);
    const ctx = createExecutionContext();
    await queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);

    expect([...result.explicitAcks].sort()).toEqual(bad.map((m) => m.id).sort());
    expect(result.retryMessages).toEqual([]);
    expect(result.retryBatch.retry).toBe(false);
    const after = await env.DB.prepare("SELECT count(*) AS n FROM activity_log WHERE type = 'job'").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it("retries a job that fails and still acks the rest of the batch", async () => {
    // The binding itself is unavailable for the failing batch call: a stand-in D1 whose batch() rejects.
    const brokenDb = new Proxy(env.DB, {
      get(target, key) {
        if (key === "batch") return () => Promise.reject(new Error("D1 is unavailable"));
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const first = message({ type: "cleanup", now: Date.now() }, 1);
    const third = message({ type: "cleanup", now: Date.now() }, 3);
    const junk = message({ type: "nope" });
    const batch = createMessageBatch("budget-jobs", [first, third, junk]);
    const ctx = createExecutionContext();
    await queue(batch, { ...env, DB: brokenDb }, ctx);
    const result = await getQueueResult(batch, ctx);

    expect(result.explicitAcks).toEqual([junk.id]);
    // Only the ids: the test runtime's getQueueResult() does not carry retry({ delaySeconds }) through.
    expect(result.retryMessages.map((r) => r.msgId)).toEqual([first.id, third.id]);
    expect(result.retryBatch.retry).toBe(false);
  });

  it("records a dead-lettered message in the activity log and acks it", async () => {
    const body = { type: "cleanup", now: 1234, marker: crypto.randomUUID() };
    const msg = message(body, 4);
    const batch = createMessageBatch("budget-jobs-dlq", [msg]);
    const ctx = createExecutionContext();
    const before = Date.now();
    await queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);

    expect(result.explicitAcks).toEqual([msg.id]);
    expect(result.retryMessages).toEqual([]);
    const { results } = await env.DB.prepare("SELECT type, description, created_at FROM activity_log WHERE description LIKE ?")
      .bind(`%${body.marker}%`)
      .all<{ type: string; description: string; created_at: number }>();
    expect(results).toHaveLength(1);
    expect(results[0].type).toBe("job");
    expect(results[0].description).toBe(`dead letter: ${JSON.stringify(body)}`);
    expect(results[0].created_at).toBeGreaterThanOrEqual(before);
  });

  it("a message sent on the JOBS binding reaches the consumer configured in wrangler.toml", async () => {
    const user = await signUp("Producer");
    // A distinct "now" marks this job's activity row; a little in the past so live sessions are untouched.
    const now = Date.now() - 10 * 60 * 1000 - Math.floor(Math.random() * 1000);
    const expired = await insertSession(user.userId, now - 1);
    await env.JOBS.send({ type: "cleanup", now }, { contentType: "json" });

    const deadline = Date.now() + 10_000;
    let rows = await activity(now);
    while (rows.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await activity(now);
    }
    expect(rows).toEqual([expect.objectContaining({ type: "job", description: expect.stringMatching(/^cleanup: \d+ sessions/) })]);
    expect(await sessionExists(expired)).toBe(false);
  });
});

describe("scheduled handler", () => {
  it("cleans up as of controller.scheduledTime, not the wall clock", async () => {
    const owner = await signUp("Cron");
    // A fixed hour in the past: everything the test inserts around it is long expired by the real clock,
    // so a handler that read Date.now() would remove the "keep" rows too.
    const scheduledTime = Date.UTC(2025, 5, 1, 12, 0, 0);

    const sessionBefore = await insertSession(owner.userId, scheduledTime - 1);
    const sessionLongBefore = await insertSession(owner.userId, scheduledTime - 48 * HOUR);
    const sessionAt = await insertSession(owner.userId, scheduledTime);
    const sessionAfter = await insertSession(owner.userId, scheduledTime + 1);

    const attemptKey = `email:cron-${crypto.randomUUID()}@example.test`;
    // Kept as long as the longest window counting them: an hour, for sign-ups.
    expect(AUTH_ATTEMPT_RETENTION_MS).toBe(SIGNUP_WINDOW_MS);
    const windowStart = scheduledTime - AUTH_ATTEMPT_RETENTION_MS;
    await insertAttempt(attemptKey, windowStart - 1);
    await insertAttempt(attemptKey, windowStart + 1);
    await insertAttempt(attemptKey, scheduledTime + HOUR);

    const overdue = await insertInvitation(owner, "pending", scheduledTime - 1);
    const notYet = await insertInvitation(owner, "pending", scheduledTime + 1);
    const acceptedOverdue = await insertInvitation(owner, "accepted", scheduledTime - 1);
    const revokedOverdue = await insertInvitation(owner, "revoked", scheduledTime - HOUR);

    // Budget command idempotency keys are honoured for 24 hours, then dropped.
    const insertKey = (key: string, createdAt: number) =>
      env.DB.prepare("INSERT INTO budget_command_keys (budget_id, key, request_hash, outcome, created_at) VALUES (?, ?, 'h', '{}', ?)").bind(owner.budgetId, key, createdAt).run();
    await insertKey("stale", scheduledTime - 24 * HOUR - 1);
    await insertKey("fresh", scheduledTime - 23 * HOUR);

    const controller = createScheduledController({ scheduledTime, cron: "0 * * * *" });
    const ctx = createExecutionContext();
    await scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);

    const keys = await env.DB.prepare("SELECT key FROM budget_command_keys WHERE budget_id = ? ORDER BY key").bind(owner.budgetId).all<{ key: string }>();
    expect(keys.results.map((r) => r.key)).toEqual(["fresh"]);

    expect(await sessionExists(sessionBefore)).toBe(false);
    expect(await sessionExists(sessionLongBefore)).toBe(false);
    expect(await sessionExists(sessionAt)).toBe(true);
    expect(await sessionExists(sessionAfter)).toBe(true);
    // The session the owner signed in with (expiring 30 days from the real now) is untouched.
    expect(await userStatus(owner.cookie)).toBe(200);

    expect(await attemptTimes(attemptKey)).toEqual([windowStart + 1, scheduledTime + HOUR]);

    expect(await invitationStatus(overdue)).toBe("expired");
    expect(await invitationStatus(notYet)).toBe("pending");
    expect(await invitationStatus(acceptedOverdue)).toBe("accepted");
    expect(await invitationStatus(revokedOverdue)).toBe("revoked");

    // Running the same hour again changes nothing more (a replayed run is repeatable).
    const again = createExecutionContext();
    await scheduled(createScheduledController({ scheduledTime, cron: "0 * * * *" }), env, again);
    await waitOnExecutionContext(again);
    expect(await sessionExists(sessionAt)).toBe(true);
    expect(await invitationStatus(notYet)).toBe("pending");

    // An hour later the rows that were still valid at the first run expire in turn.
    const later = createExecutionContext();
    await scheduled(createScheduledController({ scheduledTime: scheduledTime + HOUR, cron: "0 * * * *" }), env, later);
    await waitOnExecutionContext(later);
    expect(await sessionExists(sessionAt)).toBe(false);
    expect(await sessionExists(sessionAfter)).toBe(false);
    expect(await invitationStatus(notYet)).toBe("expired");
    expect(await userStatus(owner.cookie)).toBe(200);
  });
});
