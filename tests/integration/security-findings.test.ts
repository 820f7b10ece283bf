import { describe, expect, it } from "vitest";
import { api, apiJson, signUp, signUpComplete, uniqueEmail, uniqueIp, DEFAULT_PASSWORD } from "./helpers/http";

// The findings of the black-box probe (security issue 5), each reproduced against the Worker.

describe("open redirect through returnTo", () => {
  const payloads = ["%2F.%2F%2Fevil.com", "%2F..%2F%2Fevil.com", "%2F%252e%2F%2Fevil.com", "/a/..//evil.com", "/%2e//evil.com", "/.//evil.com"];

  it.each(payloads)("GET /api/login?returnTo=%s (signed in) stays on this site", async (payload) => {
    const account = await signUp();
    const res = await api(`/api/login?returnTo=${payload}`, { cookie: account.cookie });
    expect(res.status).toBe(302);
    const location = res.headers.get("Location")!;
    expect(location.startsWith("/")).toBe(true);
    expect(location.startsWith("//")).toBe(false);
  });

  it.each(["/.//evil.com", "/..//evil.com", "/%2e//evil.com", "/a/..//evil.com"])("sign-in and sign-up forms never redirect to %s", async (returnTo) => {
    const email = uniqueEmail();
    const up = await api("/api/login", { form: { intent: "signup", email, password: DEFAULT_PASSWORD, returnTo }, headers: { "CF-Connecting-IP": uniqueIp() } });
    expect(up.status).toBe(302);
    expect(new URL(up.headers.get("Location")!, "https://app.example/").origin).toBe("https://app.example");
    const inRes = await api("/api/login", { form: { intent: "signin", email, password: DEFAULT_PASSWORD, returnTo }, headers: { "CF-Connecting-IP": uniqueIp() } });
    expect(inRes.status).toBe(302);
    expect(inRes.headers.get("Location")).toBe("/");
  });
});

describe("unreadable bodies answer 4xx", () => {
  it.each([
    ["text/plain", "intent=signin", 415],
    [undefined, "intent=signin", 415],
    ["multipart/form-data; boundary=zzz", "junk", 400],
    ["application/x-www-form-urlencoded; charset=utf-16", "intent=signin", 415],
  ])("POST /api/login as %s → %s", async (type, body, status) => {
    const res = await api("/api/login", { method: "POST", headers: type ? { "Content-Type": type } : {}, body });
    expect(res.status).toBe(status);
  });

  it.each(["PUT", "PATCH", "DELETE"])("%s /api/login with an empty body → 405", async (method) => {
    const res = await api("/api/login", { method });
    expect(res.status).toBe(405);
  });

  it("POST /?index with a JSON body → 400, not 500", async () => {
    const account = await signUp();
    const res = await api("/?index", { method: "POST", cookie: account.cookie, json: { intent: "complete-profile" } });
    expect(res.status).toBe(400);
  });

  it.each([
    ["PATCH", "/api/auth/user/preferences"],
    ["POST", "/api/auth/complete-profile"],
  ])("%s %s with junk multipart → 400 with a clear message", async (method, path) => {
    const account = await signUp();
    const { status, body } = await apiJson<{ message: string }>(path, { method, cookie: account.cookie, headers: { "Content-Type": "multipart/form-data; boundary=zzz" }, body: "junk" });
    expect(status).toBe(400);
    expect(body.message).toBe("The form data could not be read.");
  });

  it("a 20 MB failed form is refused, not echoed back", async () => {
    const res = await api("/api/login", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: `intent=signin&email=${"x".repeat(20_000_000)}` });
    expect(res.status).toBe(413);
    const page = await res.text();
    expect(page.length).toBeLessThan(20_000);
    expect(page).not.toContain("x".repeat(100));
  });

  it("a failed form under the limit echoes at most 2,000 characters of a field", async () => {
    const res = await api("/api/login", { form: { intent: "signin", email: "y".repeat(500_000), password: "x" }, headers: { "CF-Connecting-IP": uniqueIp() } });
    expect(res.status).toBe(400);
    expect((await res.text()).length).toBeLessThan(100_000);
  });
});

describe("crafted query strings", () => {
  it.each(["oauth___proto__", "oauth_constructor", "oauth_toString", "oauth_hasOwnProperty"])("GET /api/login?error=%s shows the generic sign-in error", async (code) => {
    const res = await api(`/api/login?error=${code}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("We could not complete sign-in with that provider. Please try again.");
  });
});

describe("sign-out", () => {
  it("a cross-site GET only asks, and leaves the session working", async () => {
    const account = await signUp();
    const res = await api("/api/logout", { cookie: account.cookie, headers: { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Sign out?");
    expect(html).toMatch(/<form[^>]*method="post"/i);
    expect(res.headers.get("Set-Cookie") ?? "").not.toContain("__session=;");
    expect((await api("/api/auth/user", { cookie: account.cookie })).status).toBe(200);
  });

  it("a GET with another site's Referer (no Sec-Fetch-Site) only asks", async () => {
    const account = await signUp();
    const res = await api("/api/logout", { cookie: account.cookie, headers: { Referer: "https://evil.example/page" } });
    expect(res.status).toBe(200);
    expect((await api("/api/auth/user", { cookie: account.cookie })).status).toBe(200);
  });

  it("a same-site navigation signs out, as the spec's GET", async () => {
    const account = await signUp();
    const res = await api("/api/logout", { cookie: account.cookie, headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(res.status).toBe(302);
    expect((await api("/api/auth/user", { cookie: account.cookie })).status).toBe(401);
  });

  it("the confirmation's POST signs out; a cross-site POST is refused", async () => {
    const account = await signUp();
    const refused = await api("/api/logout", { method: "POST", cookie: account.cookie, headers: { Origin: "https://evil.example" } });
    expect(refused.status).toBe(403);
    expect((await api("/api/auth/user", { cookie: account.cookie })).status).toBe(200);
    const res = await api("/api/logout", { method: "POST", cookie: account.cookie, headers: { Origin: "http://localhost", Host: "localhost" } });
    expect(res.status).toBe(302);
    expect((await api("/api/auth/user", { cookie: account.cookie })).status).toBe(401);
  });

  it.each(["HEAD", "PUT", "PATCH", "DELETE", "OPTIONS"])("%s /api/logout → 405 and the session stays (cross-site: refused earlier)", async (method) => {
    const account = await signUp();
    const same = await api("/api/logout", { method, cookie: account.cookie, headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(same.status).toBe(405);
    const cross = await api("/api/logout", { method, cookie: account.cookie, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect([403, 405]).toContain(cross.status);
    expect((await api("/api/auth/user", { cookie: account.cookie })).status).toBe(200);
  });
});

describe("response headers", () => {
  it("every HTML page carries a CSP with a fresh nonce on its inline scripts", async () => {
    const account = await signUpComplete();
    for (const path of ["/", "/api/login", "/privacy-terms", "/budget-panel", "/no-such-page"]) {
      const res = await api(path, { cookie: path === "/api/login" ? null : account.cookie });
      const csp = res.headers.get("Content-Security-Policy") ?? "";
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, path).toBeTruthy();
      const html = await res.text();
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)].map((m) => m[0]);
      expect(inline.length, path).toBeGreaterThan(0);
      for (const tag of inline) expect(tag, path).toContain(`nonce="${nonce}"`);
    }
    const again = await api("/privacy-terms");
    expect(again.headers.get("Content-Security-Policy")).not.toBe((await api("/privacy-terms")).headers.get("Content-Security-Policy"));
  });

  it("signed-in HTML and JSON are never stored", async () => {
    const account = await signUpComplete();
    for (const path of ["/", "/budget-panel", "/settings", "/api/budget", "/api/auth/user", "/api/init", "/api/categories"]) {
      const res = await api(path, { cookie: account.cookie });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toContain("no-store");
    }
    const login = await api("/api/login", { json: { intent: "signin", email: account.email, password: DEFAULT_PASSWORD }, headers: { "CF-Connecting-IP": uniqueIp() } });
    expect(login.headers.get("Cache-Control")).toContain("no-store");
  });
});

describe("strangers cannot lock an account out of the browsers it signs in from", () => {
  it("five wrong passwords from elsewhere lock out unknown browsers only", async () => {
    const email = uniqueEmail();
    const owner = await signUp(email);
    const device = owner.response.headers.getSetCookie().find((c) => c.startsWith("__device="))!;
    expect(device).toContain("HttpOnly");
    const deviceCookie = device.split(";")[0]!;

    for (let i = 0; i < 5; i++) {
      const res = await api("/api/login", { json: { intent: "signin", email, password: "wrong-password" }, headers: { "CF-Connecting-IP": uniqueIp() } });
      expect(res.status).toBe(401);
    }
    const stranger = await api("/api/login", { json: { intent: "signin", email, password: DEFAULT_PASSWORD }, headers: { "CF-Connecting-IP": uniqueIp() } });
    expect(stranger.status).toBe(429);

    // The owner's browser (it signed in before) still gets in with the right password.
    const ownerAgain = await api("/api/login", { json: { intent: "signin", email, password: DEFAULT_PASSWORD }, headers: { "CF-Connecting-IP": uniqueIp(), Cookie: deviceCookie } });
    expect(ownerAgain.status).toBe(200);

    // A forged device cookie is just an unknown browser.
    const forged = await api("/api/login", { json: { intent: "signin", email, password: "wrong-password" }, headers: { "CF-Connecting-IP": uniqueIp(), Cookie: `__device=${btoa(JSON.stringify([email]))}` } });
    expect(forged.status).toBe(401);
  });

  it("a known browser still has a limit of its own", async () => {
    const email = uniqueEmail();
    const owner = await signUp(email);
    const deviceCookie = owner.response.headers.getSetCookie().find((c) => c.startsWith("__device="))!.split(";")[0]!;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await api("/api/login", { json: { intent: "signin", email, password: "wrong-password" }, headers: { "CF-Connecting-IP": uniqueIp(), Cookie: deviceCookie } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[6]).toBe(429);
  });
});
