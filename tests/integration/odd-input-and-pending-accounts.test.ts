import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, apiJson, DEFAULT_PASSWORD, signUpComplete, uniqueIp } from "./helpers/http";

// Issue 18 #19: what a user would expect of odd input. A lone UTF-16 surrogate (half of an emoji, cut off)
// is stored as one replacement character, not three; a `pending` account cannot sign in (like a suspended
// one, with its own message), and a session it already had stops working.

const storedDescription = async (userId: string) =>
  (await env.DB.prepare("SELECT e.description AS d FROM expenses e JOIN users u ON u.active_budget_id = e.budget_id WHERE u.id = ?").bind(userId).first<{ d: string }>())!.d;

describe("a lone surrogate in text becomes one U+FFFD", () => {
  it("JSON: \\ud800 (a high half alone) and \\udfff (a low half alone)", async () => {
    const me = await signUpComplete();
    const body = '{"amount":"5","description":"Caf\\ud800 and \\udfff end \\ud83d\\ude00","categoryId":"food"}';
    const res = await api("/api/expenses", { cookie: me.cookie, body, headers: { "Content-Type": "application/json" }, method: "POST" });
    expect(res.status).toBe(201);
    expect(await storedDescription(me.user.id)).toBe("Caf\uFFFD and \uFFFD end \u{1F600}");
  });

  it("a form whose field carries a surrogate's bytes percent-encoded (%ED%A0%80)", async () => {
    const me = await signUpComplete();
    const body = "amount=5&categoryId=food&description=Tea%ED%A0%80cup%F0%9F%98%80";
    const res = await api("/api/expenses", { cookie: me.cookie, body, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" }, method: "POST" });
    expect(res.status).toBe(201);
    expect(await storedDescription(me.user.id)).toBe("Tea\uFFFDcup\u{1F600}");
  });
});

describe("a pending account cannot sign in", () => {
  it("password sign-in: 403 with a clear message and no session; an existing session is refused", async () => {
    const me = await signUpComplete();
    await env.DB.prepare("UPDATE users SET account_status = 'pending' WHERE id = ?").bind(me.user.id).run();
    const res = await apiJson("/api/login", { json: { intent: "signin", email: me.email, password: DEFAULT_PASSWORD }, headers: { "CF-Connecting-IP": uniqueIp() } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("This account is not active yet. Please contact support.");
    expect(res.response.headers.getSetCookie().some((c) => c.startsWith("__session=") && !c.startsWith("__session=;"))).toBe(false);
    expect((await api("/api/auth/user", { cookie: me.cookie })).status).toBe(401);
  });

  it("an admin setting an account to pending ends its sessions, as suspending does", async () => {
    const me = await signUpComplete();
    expect((await api("/api/auth/user", { cookie: me.cookie })).status).toBe(200);
    const sessions = async () => (await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(me.user.id).first<{ n: number }>())!.n;
    expect(await sessions()).toBeGreaterThan(0);
    const { adminAccount } = await import("./helpers/admin");
    const admin = await adminAccount();
    const set = await api(`/api/admin/users/${me.user.id}/status`, { method: "PATCH", cookie: admin.cookie, json: { status: "pending" } });
    expect(set.status).toBe(200);
    expect(await sessions()).toBe(0);
    expect((await api("/api/auth/user", { cookie: me.cookie })).status).toBe(401);
  });
});
