import { env } from "cloudflare:test";
import { createCookie } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import {
  api,
  apiJson,
  DEFAULT_PASSWORD,
  findSetCookie,
  htmlText,
  sessionCookieFrom,
  signIn,
  signUp,
  uniqueEmail,
  uniqueIp,
  type PublicUserJson,
} from "./helpers/http";

// Sign-up, sign-in, sessions and the security rules of DESIGN.md §7, through the Worker's real fetch.

const WRONG_CREDENTIALS = "Incorrect e-mail or password.";
const RATE_LIMITED = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";
const SUSPENDED = "This account is suspended. Please contact support.";
const THIRTY_DAYS = String(60 * 60 * 24 * 30);

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The token inside Remix's signed cookie: base64(JSON) + "." + signature. */
function tokenInCookie(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  const payload = value.slice(0, value.lastIndexOf("."));
  return JSON.parse(decodeURIComponent(escape(atob(payload)))) as string;
}

async function userRow(email: string) {
  return env.DB.prepare("SELECT * FROM users WHERE email = ?").bind(email.toLowerCase()).first<Record<string, unknown>>();
}

async function sessionCount(userId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(userId).first<{ n: number }>();
  return row?.n ?? 0;
}

function formSignup(email: string, extra: Record<string, string> = {}) {
  return api("/api/login", {
    form: { intent: "signup", email, password: DEFAULT_PASSWORD, firstName: "Fran", lastName: "Form", ...extra },
    headers: { "CF-Connecting-IP": uniqueIp() },
  });
}

function jsonSignin(email: string, password: string, ip = uniqueIp()) {
  return apiJson<{ user?: PublicUserJson; message?: string }>("/api/login", { json: { intent: "signin", email, password }, headers: { "CF-Connecting-IP": ip } });
}

describe("sign-up and sign-in by form", () => {
  it("creates the account, sets an HttpOnly Lax session cookie and redirects to the safe returnTo", async () => {
    const email = uniqueEmail("form");
    const res = await formSignup(email, { returnTo: "/budget-panel?tab=summary" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/budget-panel?tab=summary");

    const cookie = findSetCookie(res, "__session");
    expect(cookie, "a __session cookie is set").toBeDefined();
    expect(cookie!.attributes).toHaveProperty("httponly");
    expect(cookie!.attributes.samesite?.toLowerCase()).toBe("lax");
    expect(cookie!.attributes.path).toBe("/");
    expect(cookie!.attributes["max-age"]).toBe(THIRTY_DAYS);
    // Plain http on localhost is local dev: the cookie must still work there.
    expect(cookie!.attributes).not.toHaveProperty("secure");

    // The cookie holds only a random id; D1 keeps its hash, tied to the new user.
    const row = await userRow(email);
    expect(row).not.toBeNull();
    expect(row!.first_name).toBe("Fran");
    expect(row!.last_name).toBe("Form");
    expect(String(row!.password_hash)).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(String(row!.password_hash)).not.toContain(DEFAULT_PASSWORD);
    const token = tokenInCookie(sessionCookieFrom(res));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = await env.DB.prepare("SELECT user_id, expires_at, created_at FROM sessions WHERE id = ?").bind(await sha256Hex(token)).first<{ user_id: string; expires_at: number; created_at: number }>();
    expect(session?.user_id).toBe(row!.id);
    expect(session!.expires_at - session!.created_at).toBe(30 * 24 * 60 * 60 * 1000);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE id = ?").bind(token).first("n")).toBe(0);

    const me = await apiJson<PublicUserJson>("/api/auth/user", { cookie: sessionCookieFrom(res) });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
  });

  it("signs in by form and redirects to returnTo", async () => {
    const email = uniqueEmail("form-in");
    await signUp(email);
    const res = await api("/api/login", {
      form: { intent: "signin", email, password: DEFAULT_PASSWORD, returnTo: "/expense-history" },
      headers: { "CF-Connecting-IP": uniqueIp() },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/expense-history");
    const me = await apiJson<PublicUserJson>("/api/auth/user", { cookie: sessionCookieFrom(res) });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
  });

  it.each(["//evil.com", "https://evil.com", "/\\evil.com", "javascript:alert(1)", "/api/logout"])("falls back to / for the unsafe returnTo %s", async (returnTo) => {
    const email = uniqueEmail("unsafe");
    await signUp(email);
    const res = await api("/api/login", {
      form: { intent: "signin", email, password: DEFAULT_PASSWORD, returnTo },
      headers: { "CF-Connecting-IP": uniqueIp() },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(findSetCookie(res, "__session")?.value).toBeTruthy();
  });

  it("re-renders the form with the message and status when sign-in fails", async () => {
    const email = uniqueEmail("form-bad");
    await signUp(email);
    const res = await api("/api/login", {
      form: { intent: "signin", email, password: "not the password" },
      headers: { "CF-Connecting-IP": uniqueIp() },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    expect(htmlText(await res.text())).toContain(WRONG_CREDENTIALS);
    expect(findSetCookie(res, "__session")).toBeUndefined();
  });

  it("answers a duplicate form sign-up with 409 and the message on the page", async () => {
    const email = uniqueEmail("form-dup");
    await signUp(email);
    const res = await formSignup(email.toUpperCase());
    expect(res.status).toBe(409);
    expect(htmlText(await res.text())).toContain("An account with this e-mail already exists. Sign in instead.");
    expect(findSetCookie(res, "__session")).toBeUndefined();
  });

  it("answers a short form password with 400 and the field message", async () => {
    const email = uniqueEmail("form-short");
    const res = await formSignup(email, { password: "short" });
    expect(res.status).toBe(400);
    expect(htmlText(await res.text())).toContain("Use at least 8 characters");
    expect(await userRow(email)).toBeNull();
  });
});

describe("sign-up and sign-in by JSON", () => {
  it("signs up with 200 { user } and a session cookie", async () => {
    const email = uniqueEmail("json");
    const res = await apiJson<{ user: PublicUserJson }>("/api/login", {
      json: { intent: "signup", email: `  ${email.toUpperCase()} `, password: DEFAULT_PASSWORD, firstName: "Jay", lastName: "Son" },
      headers: { "CF-Connecting-IP": uniqueIp() },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      email, // trimmed and lower-cased
      firstName: "Jay",
      lastName: "Son",
      phoneNumber: null,
      isAdmin: false,
      accountStatus: "active",
      languagePreference: "spending",
      smsOptInConsent: false,
      profileComplete: false,
    });
    expect(res.body.user).not.toHaveProperty("passwordHash");
    const row = await userRow(email);
    expect(res.body.user.id).toBe(row!.id);

    const cookie = findSetCookie(res.response, "__session");
    expect(cookie!.attributes).toHaveProperty("httponly");
    expect(cookie!.attributes.samesite?.toLowerCase()).toBe("lax");
    expect(cookie!.attributes).not.toHaveProperty("secure");

    const me = await apiJson<PublicUserJson>("/api/auth/user", { cookie: sessionCookieFrom(res.response) });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body.user);
  });

  it("signs in with 200 { user }, each sign-in its own server-side session", async () => {
    const account = await signUp();
    const before = await sessionCount(account.user.id);
    const res = await jsonSignin(account.email.toUpperCase(), account.password);
    expect(res.status).toBe(200);
    expect(res.body.user?.id).toBe(account.user.id);
    expect(await sessionCount(account.user.id)).toBe(before + 1);
    const cookie = sessionCookieFrom(res.response);
    expect(cookie).not.toBe(account.cookie);
    expect((await api("/api/auth/user", { cookie })).status).toBe(200);
    // The first session keeps working.
    expect((await api("/api/auth/user", { cookie: account.cookie })).status).toBe(200);
    const row = await userRow(account.email);
    expect(row!.last_login_at).toEqual(expect.any(Number));
  });

  it("marks the session cookie Secure on an https host", async () => {
    const email = uniqueEmail("https");
    const res = await api("/api/login", {
      origin: "https://budget.example.test",
      json: { intent: "signup", email, password: DEFAULT_PASSWORD },
      headers: { "CF-Connecting-IP": uniqueIp() },
    });
    expect(res.status).toBe(200);
    const cookie = findSetCookie(res, "__session");
    expect(cookie!.attributes).toHaveProperty("secure");
    expect(cookie!.attributes).toHaveProperty("httponly");
    expect(cookie!.attributes.samesite?.toLowerCase()).toBe("lax");

    const form = await api("/api/login", {
      origin: "https://budget.example.test",
      form: { intent: "signin", email, password: DEFAULT_PASSWORD },
      headers: { "CF-Connecting-IP": uniqueIp() },
    });
    expect(form.status).toBe(302);
    expect(findSetCookie(form, "__session")!.attributes).toHaveProperty("secure");
  });

  it("gives every new user a personal budget in which they are the owner", async () => {
    const account = await signUp(uniqueEmail("budget"), { firstName: "Olive" });
    const budget = await apiJson<{ id: string; role: string; memberCount: number; name: string }>("/api/budget", { cookie: account.cookie });
    expect(budget.status).toBe(200);
    expect(budget.body.role).toBe("owner");
    expect(budget.body.memberCount).toBe(1);
    expect(budget.body.name).toBe("Olive's Budget");

    const member = await env.DB.prepare("SELECT role FROM budget_members WHERE budget_id = ? AND user_id = ?").bind(budget.body.id, account.user.id).first<{ role: string }>();
    expect(member?.role).toBe("owner");
    const owned = await env.DB.prepare("SELECT owner_id FROM budgets WHERE id = ?").bind(budget.body.id).first<{ owner_id: string }>();
    expect(owned?.owner_id).toBe(account.user.id);
    const row = await userRow(account.email);
    expect(row!.active_budget_id).toBe(budget.body.id);
  });

  it("counts the new budget's days in the browser's time zone, and in UTC when it is unknown", async () => {
    const local = await api("/api/login", { json: { intent: "signup", email: uniqueEmail("tz"), password: "password123", timeZone: "America/Los_Angeles" }, headers: { "CF-Connecting-IP": uniqueIp() } });
    expect(local.status).toBe(200);
    const localBudget = await apiJson<{ timeZone: string }>("/api/budget", { cookie: sessionCookieFrom(local) });
    expect(localBudget.body.timeZone).toBe("America/Los_Angeles");

    const bogus = await api("/api/login", { json: { intent: "signup", email: uniqueEmail("tz"), password: "password123", timeZone: "Mars/Olympus" }, headers: { "CF-Connecting-IP": uniqueIp() } });
    const bogusBudget = await apiJson<{ timeZone: string }>("/api/budget", { cookie: sessionCookieFrom(bogus) });
    expect(bogusBudget.body.timeZone).toBe("UTC");
  });

  it("makes users listed in ADMIN_EMAILS admins, and nobody else", async () => {
    const admin = await signUp("Admin@Example.test");
    expect(admin.user.isAdmin).toBe(true);
    expect((await userRow("admin@example.test"))!.is_admin).toBe(1);
    const me = await apiJson<PublicUserJson>("/api/auth/user", { cookie: admin.cookie });
    expect(me.body.isAdmin).toBe(true);

    const plain = await signUp(uniqueEmail("not-admin"));
    expect(plain.user.isAdmin).toBe(false);
    expect((await userRow(plain.email))!.is_admin).toBe(0);
  });

  it("answers a duplicate sign-up with 409 and creates nothing", async () => {
    const account = await signUp();
    const res = await apiJson<{ message: string; fieldErrors: Record<string, string[]> }>("/api/login", {
      json: { intent: "signup", email: account.email.toUpperCase(), password: "another password" },
      headers: { "CF-Connecting-IP": uniqueIp() },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("An account with this e-mail already exists. Sign in instead.");
    expect(res.body.fieldErrors.email).toEqual([res.body.message]);
    expect(findSetCookie(res.response, "__session")).toBeUndefined();
    const n = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(account.email).first("n");
    expect(n).toBe(1);
    // The original password still works.
    expect((await jsonSignin(account.email, account.password)).status).toBe(200);
  });

  it("answers a short password with 400 and fieldErrors", async () => {
    const email = uniqueEmail("short");
    const res = await apiJson<{ message: string; fieldErrors: Record<string, string[]> }>("/api/login", {
      json: { intent: "signup", email, password: "1234567" },
      headers: { "CF-Connecting-IP": uniqueIp() },
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.password).toEqual(["Use at least 8 characters"]);
    expect(res.body.message).toBe("Use at least 8 characters");
    expect(await userRow(email)).toBeNull();
  });

  it("answers other invalid input with 400, never 500", async () => {
    const badEmail = await apiJson<{ fieldErrors: Record<string, string[]> }>("/api/login", { json: { intent: "signup", email: "not-an-email", password: DEFAULT_PASSWORD } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.fieldErrors.email).toEqual(["Enter a valid e-mail address"]);

    const noIntent = await apiJson<{ message: string }>("/api/login", { json: { email: uniqueEmail(), password: DEFAULT_PASSWORD } });
    expect(noIntent.status).toBe(400);
    expect(noIntent.body.message).toBeTruthy();

    const notJson = await api("/api/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"intent":' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ message: "The request body is not valid JSON." });

    // An empty JSON body has no fields: a validation error, not a parse error.
    const empty = await api("/api/login", { method: "POST", headers: { "Content-Type": "application/json" } });
    expect(empty.status).toBe(400);

    const emptyPassword = await apiJson<{ fieldErrors: Record<string, string[]> }>("/api/login", { json: { intent: "signin", email: uniqueEmail(), password: "" } });
    expect(emptyPassword.status).toBe(400);
    expect(emptyPassword.body.fieldErrors.password).toEqual(["Enter your password"]);
  });
});

describe("sessions", () => {
  it("GET /api/auth/user answers 401 without a cookie and with a forged one", async () => {
    const none = await apiJson<{ message: string }>("/api/auth/user");
    expect(none.status).toBe(401);
    expect(none.body.message).toBe("Unauthorized");

    const account = await signUp();
    const token = tokenInCookie(account.cookie);
    const signed = (secret: string, value: string) => createCookie("__session", { secrets: [secret] }).serialize(value).then((c) => c.split(";")[0]);
    // The real cookie, re-signed with the right secret: works (proves the forgery checks below are fair).
    expect((await api("/api/auth/user", { cookie: await signed(env.SESSION_SECRET!, token) })).status).toBe(200);
    // The same token signed with another secret is rejected.
    expect((await api("/api/auth/user", { cookie: await signed("some-other-secret-0123456789", token) })).status).toBe(401);
    // D1 stores only the token's hash: someone who reads the sessions table cannot use what is there.
    expect((await api("/api/auth/user", { cookie: await signed(env.SESSION_SECRET!, await sha256Hex(token)) })).status).toBe(401);
    // A validly signed token the server never issued.
    expect((await api("/api/auth/user", { cookie: await signed(env.SESSION_SECRET!, "x".repeat(43)) })).status).toBe(401);
    expect((await api("/api/auth/user", { cookie: "__session=garbage" })).status).toBe(401);
  });

  it("sign-out revokes the session server-side and clears the cookie", async () => {
    const account = await signUp();
    const other = await signIn(account.email, { password: account.password });
    expect((await api("/api/auth/user", { cookie: account.cookie })).status).toBe(200);
    const token = tokenInCookie(account.cookie);

    const res = await api("/api/logout", { cookie: account.cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    const cleared = findSetCookie(res, "__session");
    expect(cleared).toBeDefined();
    expect(cleared!.attributes["max-age"]).toBe("0");
    expect(cleared!.attributes).toHaveProperty("httponly");

    // The old cookie is useless now, even replayed by someone who copied it.
    const after = await apiJson<{ message: string }>("/api/auth/user", { cookie: account.cookie });
    expect(after.status).toBe(401);
    expect((await api("/api/budget", { cookie: account.cookie })).status).toBe(401);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE id = ?").bind(await sha256Hex(token)).first("n")).toBe(0);
    // Only that session ended: the other device stays signed in.
    expect((await api("/api/auth/user", { cookie: other.cookie })).status).toBe(200);
  });

  it("an expired session row no longer signs anyone in", async () => {
    const account = await signUp();
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?").bind(Date.now() - 1000, await sha256Hex(tokenInCookie(account.cookie))).run();
    expect((await api("/api/auth/user", { cookie: account.cookie })).status).toBe(401);
  });
});

describe("wrong passwords and rate limits", () => {
  it("answers a wrong password and an unknown e-mail alike with 401", async () => {
    const account = await signUp();
    const wrong = await jsonSignin(account.email, "wrong password");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: WRONG_CREDENTIALS });
    expect(findSetCookie(wrong.response, "__session")).toBeUndefined();

    const unknown = await jsonSignin(uniqueEmail("nobody"), "whatever123");
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: WRONG_CREDENTIALS });
  });

  it("locks an e-mail after 5 failures (from any client), even with the right password", async () => {
    const account = await signUp();
    for (let i = 0; i < 5; i++) {
      const res = await jsonSignin(account.email, `wrong-${i}`);
      expect(res.status).toBe(401);
    }
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM auth_attempts WHERE key = ?").bind(`email:${account.email}`).first("n");
    expect(rows).toBe(5);

    const locked = await jsonSignin(account.email, account.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: RATE_LIMITED });
    expect(findSetCookie(locked.response, "__session")).toBeUndefined();

    // The form shows the same clear message.
    const form = await api("/api/login", { form: { intent: "signin", email: account.email, password: account.password }, headers: { "CF-Connecting-IP": uniqueIp() } });
    expect(form.status).toBe(429);
    expect(htmlText(await form.text())).toContain(RATE_LIMITED);

    // Other accounts are not affected.
    const other = await signUp();
    expect((await jsonSignin(other.email, other.password)).status).toBe(200);
    // Nor does the lock stop existing sessions.
    expect((await api("/api/auth/user", { cookie: account.cookie })).status).toBe(200);
  });

  it("a successful sign-in forgives that e-mail's earlier failures", async () => {
    const account = await signUp();
    for (let i = 0; i < 4; i++) expect((await jsonSignin(account.email, `nope-${i}`)).status).toBe(401);
    expect((await jsonSignin(account.email, account.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await jsonSignin(account.email, `again-${i}`)).status).toBe(401);
    // 8 failures in the window, but only 4 since the last success.
    expect((await jsonSignin(account.email, account.password)).status).toBe(200);
  });

  it("limits one client (CF-Connecting-IP) to 20 failures across many e-mails", async () => {
    const ip = "203.0.113.77";
    const account = await signUp();
    for (let i = 0; i < 20; i++) {
      const res = await jsonSignin(uniqueEmail(`spray-${i}`), "guess-guess", ip);
      expect(res.status).toBe(401);
    }
    const limited = await jsonSignin(account.email, account.password, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: RATE_LIMITED });
    // The same account from another client is fine: the e-mail itself had no failures.
    expect((await jsonSignin(account.email, account.password, "198.51.100.9")).status).toBe(200);
  });
});

describe("suspended users", () => {
  it("cannot sign in, and their existing sessions stop working", async () => {
    const account = await signUp();
    expect((await api("/api/auth/user", { cookie: account.cookie })).status).toBe(200);
    await env.DB.prepare("UPDATE users SET account_status = 'suspended' WHERE id = ?").bind(account.user.id).run();

    const me = await apiJson<{ message: string }>("/api/auth/user", { cookie: account.cookie });
    expect(me.status).toBe(401);
    expect((await api("/api/budget", { cookie: account.cookie })).status).toBe(401);

    const sessionsBefore = await sessionCount(account.user.id);
    const res = await jsonSignin(account.email, account.password);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: SUSPENDED });
    expect(findSetCookie(res.response, "__session")).toBeUndefined();
    expect(await sessionCount(account.user.id)).toBe(sessionsBefore);

    const form = await api("/api/login", { form: { intent: "signin", email: account.email, password: account.password }, headers: { "CF-Connecting-IP": uniqueIp() } });
    expect(form.status).toBe(403);
    expect(htmlText(await form.text())).toContain(SUSPENDED);

    // Reinstated: the same cookie works again (the session was never handed to anyone else).
    await env.DB.prepare("UPDATE users SET account_status = 'active' WHERE id = ?").bind(account.user.id).run();
    expect((await api("/api/auth/user", { cookie: account.cookie })).status).toBe(200);
  });
});

describe("cross-site requests", () => {
  it("refuses a cross-site POST by Origin with 403 before anything runs", async () => {
    const email = uniqueEmail("csrf");
    const res = await apiJson<{ message: string }>("/api/login", {
      json: { intent: "signup", email, password: DEFAULT_PASSWORD },
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "Cross-site requests are not allowed." });
    expect(findSetCookie(res.response, "__session")).toBeUndefined();
    expect(await userRow(email)).toBeNull();

    const form = await api("/api/login", { form: { intent: "signup", email, password: DEFAULT_PASSWORD }, headers: { Origin: "https://evil.example" } });
    expect(form.status).toBe(403);
    expect(await userRow(email)).toBeNull();
  });

  it("refuses a POST marked Sec-Fetch-Site: cross-site or same-site, even without Origin", async () => {
    for (const site of ["cross-site", "same-site"]) {
      const email = uniqueEmail("fetch-site");
      const res = await api("/api/login", { json: { intent: "signup", email, password: DEFAULT_PASSWORD }, headers: { "Sec-Fetch-Site": site } });
      expect(res.status, site).toBe(403);
      expect(await userRow(email)).toBeNull();
    }
  });

  it("refuses cross-site state changes made with the victim's cookie", async () => {
    const account = await signUp();
    const patch = await api("/api/auth/user/preferences", {
      method: "PATCH",
      cookie: account.cookie,
      json: { languagePreference: "saving" },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(patch.status).toBe(403);
    expect((await userRow(account.email))!.language_preference).toBe("spending");

    // A cross-site sign-out attempt does not end the session.
    const logout = await api("/api/logout", { method: "POST", cookie: account.cookie, headers: { Origin: "https://evil.example" } });
    expect(logout.status).toBe(403);
    expect((await api("/api/auth/user", { cookie: account.cookie })).status).toBe(200);

    // An opaque origin is not trusted either.
    const opaque = await api("/api/auth/user/preferences", { method: "PATCH", cookie: account.cookie, json: { languagePreference: "saving" }, headers: { Origin: "null" } });
    expect(opaque.status).toBe(403);
  });

  it("accepts same-origin POSTs and cross-site GETs", async () => {
    const email = uniqueEmail("same-origin");
    const res = await apiJson<{ user: PublicUserJson }>("/api/login", {
      json: { intent: "signup", email, password: DEFAULT_PASSWORD },
      headers: { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin", "CF-Connecting-IP": uniqueIp() },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
    const cookie = sessionCookieFrom(res.response);

    const patch = await apiJson<PublicUserJson>("/api/auth/user/preferences", {
      method: "PATCH",
      cookie,
      json: { languagePreference: "saving" },
      headers: { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
    });
    expect(patch.status).toBe(200);
    expect(patch.body.languagePreference).toBe("saving");

    // A user typing the address (Sec-Fetch-Site: none) is not cross-site.
    const typed = await api("/api/logout", { method: "POST", cookie, headers: { "Sec-Fetch-Site": "none" } });
    expect(typed.status).toBe(302);

    // GETs change nothing, so they are not refused.
    const again = await signIn(email);
    const get = await api("/api/auth/user", { cookie: again.cookie, headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } });
    expect(get.status).toBe(200);
  });
});

describe("limits that hold under pressure", () => {
  it("a burst of parallel wrong guesses cannot get past the per-e-mail limit", async () => {
    const account = await signUp(uniqueEmail("burst"));
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () => api("/api/login", { json: { intent: "signin", email: account.email, password: "wrong-guess" }, headers: { "CF-Connecting-IP": uniqueIp() } })),
    );
    const statuses = guesses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
    const limited = guesses.find((r) => r.status === 429)!;
    expect(limited.headers.get("Retry-After")).toBe("900");
    // Locked now, even with the right password.
    const right = await api("/api/login", { json: { intent: "signin", email: account.email, password: DEFAULT_PASSWORD }, headers: { "CF-Connecting-IP": uniqueIp() } });
    expect(right.status).toBe(429);
  });

  it("limits sign-ups per client network, with a clear message", async () => {
    const ip = uniqueIp();
    const attempt = (i: number) => api("/api/login", { json: { intent: "signup", email: uniqueEmail(`many-${i}`), password: "password123" }, headers: { "CF-Connecting-IP": ip } });
    for (let i = 0; i < 10; i++) expect((await attempt(i)).status).toBe(200);
    const refused = await attempt(10);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("3600");
    expect(((await refused.json()) as { message: string }).message).toBe("Too many accounts were created from your network. Please try again in an hour.");
    // Another network is unaffected.
    expect((await api("/api/login", { json: { intent: "signup", email: uniqueEmail("other-net"), password: "password123" }, headers: { "CF-Connecting-IP": uniqueIp() } })).status).toBe(200);
  });

  it("signing in on a browser that had a session replaces that session", async () => {
    const account = await signUp(uniqueEmail("replace"));
    const again = await api("/api/login", {
      cookie: account.cookie,
      json: { intent: "signin", email: account.email, password: DEFAULT_PASSWORD },
      headers: { "CF-Connecting-IP": uniqueIp() },
    });
    expect(again.status).toBe(200);
    expect((await api("/api/auth/user", { cookie: account.cookie })).status).toBe(401);
    expect((await api("/api/auth/user", { cookie: sessionCookieFrom(again) })).status).toBe(200);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(account.user.id).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });
});
