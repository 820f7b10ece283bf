import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { todayIn } from "~/domain/dates";
import { TYPED_AT_MAX_AGE_MS } from "~/domain/typed-at";
import { cleanupExpired, MESSAGE_KEY_TTL_MS } from "~/server/maintenance.server";
import { drizzle } from "drizzle-orm/d1";
import { apiJson } from "./helpers/http";
import { signUp, type SignedInUser } from "./helpers/users";

// Issue 23: a chat message queued offline is sent later with its idempotency key and the time it was typed.
// The server answers a repeated key once, refuses the same key with another body, and reads relative dates
// against the time typed (never the future, at most 30 days back, in the budget's time zone).

const DAY = 24 * 60 * 60 * 1000;

async function activeChat(name: string) {
  const user = await signUp(name);
  await env.DB.prepare(
    "INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, position, created_at, updated_at) VALUES (?, ?, 'income', 'Salary', 300000, 'income', 0, 0, 0)",
  )
    .bind(crypto.randomUUID(), user.budgetId)
    .run();
  const conversation = await apiJson<{ id: string }>("/api/conversation", { method: "POST", cookie: user.cookie });
  return { user, conversationId: conversation.body.id };
}

function send(user: SignedInUser, json: Record<string, unknown>, headers?: Record<string, string>) {
  return apiJson<{ messages: Array<{ id: string; sender: string; messageType: string; metadata: any }>; message?: string }>("/api/messages", { cookie: user.cookie, json, headers });
}

async function expensesOf(budgetId: string) {
  const { results } = await env.DB.prepare("SELECT amount_cents, description, date, budget_month, archived_at FROM expenses WHERE budget_id = ? ORDER BY created_at, rowid").bind(budgetId).all<any>();
  return results;
}

async function userMessages(conversationId: string) {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ? AND sender = 'user'").bind(conversationId).first<{ n: number }>();
  return row!.n;
}

describe("POST /api/messages with an Idempotency-Key", () => {
  it("a repeated key (header or field) gets the first answer and logs the expense once; sent at the same time too", async () => {
    const { user, conversationId } = await activeChat("Keyed");
    const key = crypto.randomUUID();
    const body = { conversationId, content: "parking 6" };
    const [a, b] = await Promise.all([send(user, body, { "Idempotency-Key": key }), send(user, body, { "Idempotency-Key": key })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.messages.map((m) => m.id)).toEqual(b.body.messages.map((m) => m.id));
    const again = await send(user, body, { "Idempotency-Key": key });
    expect(again.response.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.messages.map((m) => m.id)).toEqual(a.body.messages.map((m) => m.id));
    expect(await expensesOf(user.budgetId)).toHaveLength(1);
    expect(await userMessages(conversationId)).toBe(1);

    const fieldKey = crypto.randomUUID();
    await send(user, { ...body, content: "coffee 4", idempotencyKey: fieldKey });
    await send(user, { ...body, content: "coffee 4", idempotencyKey: fieldKey });
    expect(await expensesOf(user.budgetId)).toHaveLength(2);
    expect(await userMessages(conversationId)).toBe(2);
  });

  it("the same key with another body is a 409 and writes nothing; a bad key is a 400", async () => {
    const { user, conversationId } = await activeChat("Clash");
    const key = crypto.randomUUID();
    expect((await send(user, { conversationId, content: "lunch 12" }, { "Idempotency-Key": key })).status).toBe(200);
    const clash = await send(user, { conversationId, content: "lunch 99" }, { "Idempotency-Key": key });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(/already used/);
    expect((await send(user, { conversationId, content: "lunch 12", typedAt: Date.now() - DAY }, { "Idempotency-Key": key })).status).toBe(409);
    expect((await send(user, { conversationId, content: "lunch 12" }, { "Idempotency-Key": "short" })).status).toBe(400);
    expect((await expensesOf(user.budgetId)).map((e) => e.amount_cents)).toEqual([1200]);
  });

  it("keys are per user: another member's same key is their own send", async () => {
    const one = await activeChat("KeyOne");
    const two = await activeChat("KeyTwo");
    const key = crypto.randomUUID();
    expect((await send(one.user, { conversationId: one.conversationId, content: "taxi 20" }, { "Idempotency-Key": key })).status).toBe(200);
    expect((await send(two.user, { conversationId: two.conversationId, content: "taxi 20" }, { "Idempotency-Key": key })).status).toBe(200);
    expect(await expensesOf(two.user.budgetId)).toHaveLength(1);
  });

  it("keys are removed by the clean-up after the 31 days a queued message may wait", async () => {
    const { user, conversationId } = await activeChat("Expire");
    const key = crypto.randomUUID();
    await send(user, { conversationId, content: "snack 3" }, { "Idempotency-Key": key });
    const db = drizzle(env.DB);
    expect((await cleanupExpired(db, Date.now() + MESSAGE_KEY_TTL_MS - DAY)).messageKeysRemoved).toBe(0);
    expect((await cleanupExpired(db, Date.now() + MESSAGE_KEY_TTL_MS + 1000)).messageKeysRemoved).toBeGreaterThanOrEqual(1);
  });
});

describe("typedAt", () => {
  it("relative dates are read against the time typed, in the budget's time zone", async () => {
    const { user, conversationId } = await activeChat("Typed");
    await env.DB.prepare("UPDATE budgets SET time_zone = 'Pacific/Auckland', period_start = '2000-01-01' WHERE id = ?").bind(user.budgetId).run();
    const typedAt = Date.now() - 3 * DAY;
    const res = await send(user, { conversationId, content: "groceries 30 yesterday", typedAt: new Date(typedAt).toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [expense] = await expensesOf(user.budgetId);
    expect(expense.date).toBe(todayIn("Pacific/Auckland", typedAt - DAY));
    // Without a relative word the day is the day it was typed (milliseconds accepted too).
    await send(user, { conversationId, content: "coffee $4", typedAt: typedAt });
    expect((await expensesOf(user.budgetId))[1].date).toBe(todayIn("Pacific/Auckland", typedAt));
  });

  it("is never in the future (read as now) and at most 30 days back (400, nothing logged); garbage is a 400", async () => {
    const { user, conversationId } = await activeChat("Bounds");
    await env.DB.prepare("UPDATE budgets SET period_start = '2000-01-01' WHERE id = ?").bind(user.budgetId).run();
    const future = await send(user, { conversationId, content: "fuel 40", typedAt: Date.now() + 5 * DAY });
    expect(future.status).toBe(200);
    const timeZone = (await env.DB.prepare("SELECT time_zone FROM budgets WHERE id = ?").bind(user.budgetId).first<{ time_zone: string }>())!.time_zone;
    expect((await expensesOf(user.budgetId))[0].date).toBe(todayIn(timeZone, Date.now()));
    const old = await send(user, { conversationId, content: "fuel 40", typedAt: Date.now() - TYPED_AT_MAX_AGE_MS - DAY });
    expect(old.status).toBe(400);
    expect(old.body.message).toMatch(/30 days/);
    expect((await send(user, { conversationId, content: "fuel 40", typedAt: "not a time" })).status).toBe(400);
    expect((await send(user, { conversationId, content: "fuel 40", typedAt: Date.now() - 29 * DAY })).status).toBe(200);
    expect(await expensesOf(user.budgetId)).toHaveLength(2);
  });

  it("an entry typed in the previous period goes to that period's history, not this period's spent", async () => {
    const { user, conversationId } = await activeChat("LastPeriod");
    const timeZone = (await env.DB.prepare("SELECT time_zone FROM budgets WHERE id = ?").bind(user.budgetId).first<{ time_zone: string }>())!.time_zone;
    // The period began today; the message was typed two days ago, before the reset.
    await env.DB.prepare("UPDATE budgets SET period_start = ? WHERE id = ?").bind(todayIn(timeZone, Date.now()), user.budgetId).run();
    const typedAt = Date.now() - 2 * DAY;
    expect((await send(user, { conversationId, content: "dinner 50", typedAt })).status).toBe(200);
    const [expense] = await expensesOf(user.budgetId);
    expect(expense.date).toBe(todayIn(timeZone, typedAt));
    expect(expense.budget_month).toBe(expense.date.slice(0, 7));
    expect(expense.archived_at).not.toBeNull();
    const summary = await apiJson<{ spent: string }>("/api/budget", { cookie: user.cookie });
    expect(summary.body.spent).toMatch(/^0(\.00)?$/);
  });
});
