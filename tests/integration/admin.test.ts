import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminAccount } from "./helpers/admin";
import { api, apiJson, signIn, signUp, signUpComplete, uniqueEmail } from "./helpers/http";

// The admin panel's calls: only admins, every action recorded, nobody can lock the app out of admins.

const ADMIN_CALLS: Array<{ method: string; path: (id: string) => string; json?: unknown }> = [
  { method: "GET", path: () => "/api/admin/users?search=a" },
  { method: "GET", path: (id) => `/api/admin/users/${id}` },
  { method: "GET", path: (id) => `/api/admin/users/${id}/details` },
  { method: "GET", path: (id) => `/api/admin/users/${id}/activity` },
  { method: "PATCH", path: (id) => `/api/admin/users/${id}/status`, json: { status: "suspended" } },
  { method: "PATCH", path: (id) => `/api/admin/users/${id}/admin`, json: { isAdmin: true } },
  { method: "DELETE", path: (id) => `/api/admin/users/${id}` },
  { method: "POST", path: () => "/api/admin/send-message", json: { userId: "x", subject: "s", content: "c" } },
  { method: "GET", path: () => "/api/admin/message-threads" },
  { method: "GET", path: () => "/api/admin/message-threads/unread-count" },
  { method: "GET", path: (id) => `/api/admin/message-threads/${id}` },
  { method: "POST", path: (id) => `/api/admin/message-threads/${id}`, json: { content: "hi" } },
  { method: "POST", path: (id) => `/api/admin/message-threads/${id}/read` },
  { method: "GET", path: () => "/api/admin/activity" },
  { method: "POST", path: () => "/api/admin/features", json: { title: "t", description: "d", detailedDescription: "dd", category: "ai" } },
];

async function userRow(id: string) {
  return env.DB.prepare("SELECT account_status, is_admin FROM users WHERE id = ?").bind(id).first<{ account_status: string; is_admin: number }>();
}

describe("admin routes", () => {
  it("answer 401 signed out and 403 to everyone who is not an admin, changing nothing", async () => {
    const plain = await signUp(uniqueEmail("plain"));
    const victim = await signUp(uniqueEmail("victim"));
    for (const call of ADMIN_CALLS) {
      const anon = await api(call.path(victim.user.id), { method: call.method, json: call.json });
      expect(anon.status, `${call.method} ${call.path("{id}")} anonymous`).toBe(401);
      const res = await apiJson(call.path(victim.user.id), { method: call.method, json: call.json, cookie: plain.cookie });
      expect(res.status, `${call.method} ${call.path("{id}")} non-admin`).toBe(403);
      expect(res.body.message).toBeTruthy();
    }
    expect(await userRow(victim.user.id)).toEqual({ account_status: "active", is_admin: 0 });
    expect(await userRow(plain.user.id)).toEqual({ account_status: "active", is_admin: 0 });
  });

  it("search users by name, e-mail or phone; details and the 10 most recent activity items", async () => {
    const admin = await adminAccount();
    const target = await signUpComplete(uniqueEmail("zelda"), { firstName: "Zelda", lastName: "Quartz", phoneNumber: "+15559876543" });
    for (const q of ["zelda", "QUARTZ", "Zelda Quartz", "9876543", target.email]) {
      const found = await apiJson<any[]>(`/api/admin/users?search=${encodeURIComponent(q)}`, { cookie: admin.cookie });
      expect(found.status).toBe(200);
      expect(found.body.map((u) => u.id), q).toContain(target.user.id);
    }
    const none = await apiJson<any[]>("/api/admin/users?search=%25", { cookie: admin.cookie });
    expect(none.body).toEqual([]);
    const all = await apiJson<any[]>("/api/admin/users", { cookie: admin.cookie });
    expect(all.body[0]).toMatchObject({ id: target.user.id, firstName: "Zelda", lastName: "Quartz", email: target.email, phoneNumber: "+15559876543", accountStatus: "active", isAdmin: false });

    const budgetId = (await apiJson("/api/budget", { cookie: target.cookie })).body.id;
    const now = Date.now();
    for (let i = 0; i < 12; i++) {
      await env.DB.prepare("INSERT INTO expenses (id, budget_id, user_id, amount_cents, description, category_id, date, created_at, enabled, source, period_start) VALUES (?, ?, ?, ?, ?, 'food', '2026-11-02', ?, 1, 'form', '2026-11-01')")
        .bind(crypto.randomUUID(), budgetId, target.user.id, 100 * (i + 1), `item ${i}`, now - 100_000 + i)
        .run();
    }
    await signIn(target.email);
    const details = await apiJson(`/api/admin/users/${target.user.id}/details`, { cookie: admin.cookie });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ hasBudget: true, expenseCount: 12, messageCount: 0, languagePreference: "spending", smsOptInConsent: false, smsOptInDate: null });
    expect(details.body.lastLoginAt).toMatch(/^\d{4}-/);
    expect(Object.keys(details.body.budgetData).sort()).toEqual(["fixedExpenses", "spendableAmount", "spent", "totalIncome"]);

    const activity = await apiJson<any[]>(`/api/admin/users/${target.user.id}/activity`, { cookie: admin.cookie });
    expect(activity.body).toHaveLength(10);
    expect(activity.body[0]).toMatchObject({ type: "login", description: "Signed in" });
    // Newest first: the sign-in, the budget's creation at sign-up, then the expenses (dated earlier).
    expect(activity.body[1]).toMatchObject({ type: "budget", description: "Budget change: create budget" });
    expect(activity.body.slice(2).map((a) => a.description)).toEqual(Array.from({ length: 8 }, (_, k) => `Added $${12 - k}.00 for item ${11 - k}`));
    const times = activity.body.map((a) => Date.parse(a.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    expect((await apiJson("/api/admin/users/nope/details", { cookie: admin.cookie })).status).toBe(404);
    expect((await apiJson("/api/admin/users/nope/activity", { cookie: admin.cookie })).status).toBe(404);
  });

  it("suspending a user ends their sessions and closes their sockets at once; they cannot sign in until reactivated", async () => {
    const admin = await adminAccount();
    const user = await signUpComplete(uniqueEmail("suspend"));
    const socket = await exports.default.fetch("http://localhost/api/budget/live", { headers: { Upgrade: "websocket", Cookie: user.cookie } });
    expect(socket.status).toBe(101);
    const ws = socket.webSocket!;
    const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
    ws.accept();

    expect((await apiJson(`/api/admin/users/${user.user.id}/status`, { method: "PATCH", cookie: admin.cookie, json: { status: "bogus" } })).status).toBe(400);
    const res = await apiJson(`/api/admin/users/${user.user.id}/status`, { method: "PATCH", cookie: admin.cookie, json: { status: "suspended" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "User status updated successfully", user: { accountStatus: "suspended" } });
    expect((await apiJson("/api/auth/user", { cookie: user.cookie })).status).toBe(401);
    expect(await Promise.race([closed, new Promise((r) => setTimeout(() => r("still open"), 3000))])).toBe(4003);
    await expect(signIn(user.email)).rejects.toThrow(/403/);

    const back = await apiJson(`/api/admin/users/${user.user.id}/status`, { method: "PATCH", cookie: admin.cookie, json: { status: "active" } });
    expect(back.body.user.accountStatus).toBe("active");
    // The old session stays ended; a fresh sign-in works.
    expect((await apiJson("/api/auth/user", { cookie: user.cookie })).status).toBe(401);
    expect((await signIn(user.email)).user.accountStatus).toBe("active");
    const pending = await apiJson(`/api/admin/users/${user.user.id}/status`, { method: "PATCH", cookie: admin.cookie, form: { status: "pending" } });
    expect(pending.body.user.accountStatus).toBe("pending");
  });

  it("grants and revokes admin; an admin cannot demote, suspend or delete themselves, and the last admin stays", async () => {
    const admin = await adminAccount();
    const other = await signUp(uniqueEmail("second-admin"));
    // Alone: the last admin cannot step down.
    const last = await apiJson(`/api/admin/users/${admin.user.id}/admin`, { method: "PATCH", cookie: admin.cookie, json: { isAdmin: false } });
    expect(last.status).toBe(409);
    expect(last.body.message).toContain("last admin");

    const grant = await apiJson(`/api/admin/users/${other.user.id}/admin`, { method: "PATCH", cookie: admin.cookie, json: { isAdmin: true } });
    expect(grant.body).toMatchObject({ message: "Admin status updated successfully", user: { isAdmin: true } });
    expect((await apiJson("/api/admin/users", { cookie: other.cookie })).status).toBe(200);

    const selfDemote = await apiJson(`/api/admin/users/${admin.user.id}/admin`, { method: "PATCH", cookie: admin.cookie, json: { isAdmin: false } });
    expect(selfDemote.status).toBe(409);
    expect(selfDemote.body.message).toBe("You cannot remove your own admin rights.");
    expect((await apiJson(`/api/admin/users/${admin.user.id}/status`, { method: "PATCH", cookie: admin.cookie, json: { status: "suspended" } })).status).toBe(409);
    expect((await apiJson(`/api/admin/users/${admin.user.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(409);
    expect(await userRow(admin.user.id)).toEqual({ account_status: "active", is_admin: 1 });

    const revoke = await apiJson(`/api/admin/users/${other.user.id}/admin`, { method: "PATCH", cookie: admin.cookie, form: { isAdmin: "false" } });
    expect(revoke.body.user.isAdmin).toBe(false);
    expect((await apiJson("/api/admin/users", { cookie: other.cookie })).status).toBe(403);
    expect((await apiJson(`/api/admin/users/${other.user.id}/admin`, { method: "PATCH", cookie: admin.cookie, json: { isAdmin: "maybe" } })).status).toBe(400);
  });

  it("sends a message to a user, who sees it as an unread Support Team message", async () => {
    const admin = await adminAccount();
    const user = await signUp(uniqueEmail("msg"));
    const bad = await apiJson("/api/admin/send-message", { cookie: admin.cookie, json: { userId: user.user.id, subject: "", content: "", priority: "asap", category: "spam" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(["category", "content", "priority", "subject"]);
    expect((await apiJson("/api/admin/send-message", { cookie: admin.cookie, json: { userId: "nobody", subject: "s", content: "c" } })).status).toBe(404);
    const sent = await apiJson("/api/admin/send-message", { cookie: admin.cookie, json: { userId: user.user.id, subject: "Billing", content: "Your plan renews soon.", priority: "high", category: "billing" } });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe("Message sent successfully");
    const mine = await apiJson<any[]>("/api/user/admin-messages", { cookie: user.cookie });
    expect(mine.body).toEqual([expect.objectContaining({ sender: "admin", subject: "Billing", priority: "high", category: "billing", status: "unread" })]);
    expect((await apiJson("/api/user/admin-messages/unread-count", { cookie: user.cookie })).body.count).toBe(1);
  });

  it("deletes a user with the same rules as account deletion", async () => {
    const admin = await adminAccount();
    const user = await signUp(uniqueEmail("doomed"));
    const res = await apiJson(`/api/admin/users/${user.user.id}`, { method: "DELETE", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "User deleted successfully", budgetsDeleted: 1 });
    expect(await userRow(user.user.id)).toBeNull();
    expect((await apiJson("/api/auth/user", { cookie: user.cookie })).status).toBe(401);
    expect((await apiJson(`/api/admin/users/${user.user.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(404);
  });

  it("records every admin action in the activity log, filterable by type and user and paginated", async () => {
    const admin = await adminAccount();
    const user = await signUp(uniqueEmail("logged"));
    for (let i = 0; i < 27; i++) {
      await apiJson("/api/admin/send-message", { cookie: admin.cookie, json: { userId: user.user.id, subject: `Note ${i}`, content: "hello" } });
    }
    const page1 = await apiJson(`/api/admin/activity?type=admin&userId=${admin.user.id}`, { cookie: admin.cookie });
    expect(page1.status).toBe(200);
    expect(page1.body.items).toHaveLength(25);
    expect(page1.body.total).toBeGreaterThanOrEqual(27);
    expect(page1.body.items[0]).toMatchObject({ type: "admin", description: `Sent a message to ${user.email}: Note 26`, user: { id: admin.user.id, email: "admin@example.test" } });
    const page2 = await apiJson(`/api/admin/activity?type=admin&userId=${admin.user.id}&page=2`, { cookie: admin.cookie });
    expect(page2.body.page).toBe(2);
    expect(page2.body.items.length).toBe(page1.body.total - 25);
    const logins = await apiJson("/api/admin/activity?type=login", { cookie: admin.cookie });
    expect(logins.body.items.every((i: any) => i.type === "login")).toBe(true);
    expect(logins.body.items.length).toBeGreaterThan(0);
    const budgets = await apiJson("/api/admin/activity?type=budget", { cookie: admin.cookie });
    expect(budgets.body.items.some((i: any) => i.description === "Budget change: create budget")).toBe(true);
    for (const bad of ["type=nope", "page=-1", "page=abc"]) expect((await apiJson(`/api/admin/activity?${bad}`, { cookie: admin.cookie })).status, bad).toBe(400);
  });
});
