import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminAccount } from "./helpers/admin";
import { api, apiJson, signUp, signUpComplete, uniqueEmail } from "./helpers/http";

// Support messages (user ↔ admins), feature announcements, SMS consent and clearing chat history.

describe("support messages", () => {
  it("round trip: the user writes, the admin sees an unread thread and replies, the user sees an unread reply until they open it", async () => {
    const admin = await adminAccount();
    const user = await signUp(uniqueEmail("support"));

    const sent = await apiJson("/api/user/admin-messages", { cookie: user.cookie, json: { subject: "Sync broken", content: "My bank stopped syncing.", priority: "normal", category: "support" } });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ sender: "user", subject: "Sync broken", content: "My bank stopped syncing.", status: "unread", priority: "normal", category: "support" });

    expect((await apiJson("/api/admin/message-threads/unread-count", { cookie: admin.cookie })).body).toEqual({ count: 1 });
    const threads = await apiJson<any[]>("/api/admin/message-threads", { cookie: admin.cookie });
    expect(threads.body[0]).toMatchObject({ user: { id: user.user.id, email: user.email }, unreadCount: 1, messageCount: 1 });

    const thread = await apiJson(`/api/admin/message-threads/${user.user.id}`, { cookie: admin.cookie });
    expect(thread.body.messages.map((m: any) => m.content)).toEqual(["My bank stopped syncing."]);

    const reply = await apiJson(`/api/admin/message-threads/${user.user.id}`, { cookie: admin.cookie, json: { content: "Reconnect it from Bank Connections." } });
    expect(reply.status).toBe(201);
    expect(reply.body.supportMessage).toMatchObject({ sender: "admin", subject: "Re: Sync broken", status: "unread" });
    // Answering reads the thread.
    expect((await apiJson("/api/admin/message-threads/unread-count", { cookie: admin.cookie })).body).toEqual({ count: 0 });

    expect((await apiJson("/api/user/admin-messages/unread-count", { cookie: user.cookie })).body).toEqual({ count: 1 });
    const history = await apiJson<any[]>("/api/user/admin-messages", { cookie: user.cookie });
    expect(history.body.map((m) => [m.sender, m.status])).toEqual([
      ["user", "read"],
      ["admin", "unread"],
    ]);
    // Reading the list is a GET and changes nothing; opening the section does.
    expect((await apiJson("/api/user/admin-messages/unread-count", { cookie: user.cookie })).body).toEqual({ count: 1 });
    const read = await apiJson("/api/user/admin-messages/read", { method: "POST", cookie: user.cookie });
    expect(read.body).toMatchObject({ updated: 1, count: 0 });
    expect((await apiJson("/api/user/admin-messages/unread-count", { cookie: user.cookie })).body).toEqual({ count: 0 });
  });

  it("requires subject and message, and answers 401 signed out", async () => {
    const user = await signUp(uniqueEmail("support-bad"));
    const blank = await apiJson("/api/user/admin-messages", { cookie: user.cookie, json: { subject: "  ", content: "hello" } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("Both subject and message are required");
    expect(blank.body.fieldErrors.subject).toEqual(["Both subject and message are required"]);
    const missing = await apiJson("/api/user/admin-messages", { cookie: user.cookie, json: { subject: "Hi" } });
    expect(missing.status).toBe(400);
    expect((await apiJson("/api/user/admin-messages", { cookie: user.cookie, json: { subject: "Hi", content: "x", priority: "asap" } })).status).toBe(400);
    expect((await api("/api/user/admin-messages", { cookie: user.cookie, body: "{nope", headers: { "Content-Type": "application/json" }, method: "POST" })).status).toBe(400);
    expect((await apiJson("/api/user/admin-messages", { json: { subject: "Hi", content: "there" } })).status).toBe(401);
    expect((await apiJson("/api/user/admin-messages")).status).toBe(401);
    // Nothing was stored by the refused attempts.
    expect((await apiJson<any[]>("/api/user/admin-messages", { cookie: user.cookie })).body).toEqual([]);
  });

  it("a user only ever sees their own messages", async () => {
    const a = await signUp(uniqueEmail("a"));
    const b = await signUp(uniqueEmail("b"));
    await apiJson("/api/user/admin-messages", { cookie: a.cookie, json: { subject: "A's", content: "private to A" } });
    const bList = await apiJson<any[]>("/api/user/admin-messages", { cookie: b.cookie });
    expect(bList.body).toEqual([]);
  });
});

describe("feature announcements", () => {
  it("lists features with viewed, marks one viewed idempotently and refreshes the unread count", async () => {
    const user = await signUp(uniqueEmail("features"));
    const list = await apiJson<any[]>("/api/features", { cookie: user.cookie });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThanOrEqual(4);
    const upload = list.body.find((f) => f.id === "statement-upload");
    expect(upload).toMatchObject({ title: "Upload bank statements", category: "upload", viewed: false, chatTrigger: "How do I upload a bank statement?" });
    expect(Array.isArray(upload.benefits)).toBe(true);
    expect(Object.keys(upload).sort()).toEqual(["benefits", "category", "chatTrigger", "description", "detailedDescription", "id", "releaseDate", "title", "viewed"]);
    const before = (await apiJson("/api/features/unread-count", { cookie: user.cookie })).body.count;

    const first = await apiJson("/api/features/view", { cookie: user.cookie, json: { featureId: "statement-upload" } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ featureId: "statement-upload", viewed: true, unreadCount: before - 1 });
    const again = await apiJson("/api/features/view", { cookie: user.cookie, json: { featureId: "statement-upload" } });
    expect(again.body.unreadCount).toBe(before - 1);
    expect((await apiJson<any[]>("/api/features", { cookie: user.cookie })).body.find((f) => f.id === "statement-upload").viewed).toBe(true);
    // Another user's view is theirs alone.
    const other = await signUp(uniqueEmail("features-other"));
    expect((await apiJson<any[]>("/api/features", { cookie: other.cookie })).body.find((f) => f.id === "statement-upload").viewed).toBe(false);
  });

  it("refuses unknown features and bad bodies", async () => {
    const user = await signUp(uniqueEmail("features-bad"));
    expect((await apiJson("/api/features/view", { cookie: user.cookie, json: { featureId: "nope" } })).status).toBe(404);
    expect((await apiJson("/api/features/view", { cookie: user.cookie, json: {} })).status).toBe(400);
    expect((await apiJson("/api/features/view", { cookie: user.cookie, json: { featureId: 42 } })).status).toBe(400);
    expect((await apiJson("/api/features/view", { json: { featureId: "statement-upload" } })).status).toBe(401);
    expect((await apiJson("/api/features")).status).toBe(401);
  });

  it("an admin publishes an announcement that everyone sees as new; others may not", async () => {
    const admin = await adminAccount();
    const user = await signUp(uniqueEmail("features-new"));
    const denied = await apiJson("/api/admin/features", { cookie: user.cookie, json: { title: "x", description: "y", detailedDescription: "z", category: "ai" } });
    expect(denied.status).toBe(403);
    const bad = await apiJson("/api/admin/features", { cookie: admin.cookie, json: { title: "", description: "y", detailedDescription: "z", category: "nope" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(["category", "title"]);
    const created = await apiJson("/api/admin/features", {
      cookie: admin.cookie,
      form: { title: "Dark mode", description: "Easy on the eyes.", detailedDescription: "Every screen in dark colours.", benefits: "Less glare\nSaves battery\n", category: "other", chatTrigger: "How do I turn on dark mode?" },
    });
    expect(created.status).toBe(201);
    const mine = (await apiJson<any[]>("/api/features", { cookie: user.cookie })).body.find((f) => f.title === "Dark mode");
    expect(mine).toMatchObject({ viewed: false, benefits: ["Less glare", "Saves battery"], chatTrigger: "How do I turn on dark mode?" });
    const log = await apiJson("/api/admin/activity?type=admin", { cookie: admin.cookie });
    expect(log.body.items.some((i: any) => i.description.includes('Published the announcement "Dark mode"'))).toBe(true);
  });
});

describe("SMS consent and chat history", () => {
  it("sets and clears SMS consent with its date", async () => {
    const user = await signUp(uniqueEmail("sms"));
    const on = await apiJson("/api/auth/user/sms-consent", { cookie: user.cookie, json: { consent: true } });
    expect(on.status).toBe(200);
    expect(on.body.smsOptInConsent).toBe(true);
    expect(on.body.smsOptInDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const off = await apiJson("/api/auth/user/sms-consent", { cookie: user.cookie, json: { consent: false } });
    expect(off.body).toMatchObject({ smsOptInConsent: false, smsOptInDate: null });
    expect((await apiJson("/api/auth/user/sms-consent", { cookie: user.cookie, json: { consent: "maybe" } })).status).toBe(400);
    expect((await apiJson("/api/auth/user/sms-consent", { cookie: user.cookie, json: {} })).status).toBe(400);
    expect((await apiJson("/api/auth/user/sms-consent", { json: { consent: true } })).status).toBe(401);
  });

  it("DELETE /api/chat-history clears the caller's messages and nobody else's", async () => {
    const a = await signUpComplete(uniqueEmail("chat-a"));
    const b = await signUpComplete(uniqueEmail("chat-b"));
    for (const who of [a, b]) {
      const budget = (await apiJson("/api/budget", { cookie: who.cookie })).body.id;
      const conv = crypto.randomUUID();
      await env.DB.prepare("INSERT INTO conversations (id, user_id, budget_id, phase, state, created_at, updated_at) VALUES (?, ?, ?, 'active', '{}', ?, ?)").bind(conv, who.user.id, budget, Date.now(), Date.now()).run();
      await env.DB.prepare("INSERT INTO messages (id, conversation_id, sender, content, message_type, created_at) VALUES (?, ?, 'user', 'coffee 4', 'text', ?)").bind(crypto.randomUUID(), conv, Date.now()).run();
    }
    const cleared = await apiJson("/api/chat-history", { method: "DELETE", cookie: a.cookie });
    expect(cleared).toMatchObject({ status: 200, body: { deleted: 1 } });
    const left = await env.DB.prepare("SELECT c.user_id AS user_id, count(m.id) AS n FROM conversations c LEFT JOIN messages m ON m.conversation_id = c.id WHERE c.user_id IN (?, ?) GROUP BY c.user_id").bind(a.user.id, b.user.id).all<{ user_id: string; n: number }>();
    expect(Object.fromEntries(left.results.map((r) => [r.user_id, r.n]))).toEqual({ [a.user.id]: 0, [b.user.id]: 1 });
    expect((await api("/api/chat-history", { method: "POST", cookie: a.cookie })).status).toBe(405);
    expect((await api("/api/chat-history", { method: "DELETE" })).status).toBe(401);
  });
});
