import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configuredProviders } from "~/server/auth/oauth.server";
import { api, apiJson, CookieJar, findSetCookie, htmlText, responseCookies, sessionCookieFrom, signUp, uniqueEmail, type PublicUserJson } from "./helpers/http";

// OAuth2 authorization-code sign-in (PKCE) against the "acme" provider configured in
// vitest.integration.config.ts. The provider's token and userinfo endpoints are answered here, at fetch.

const AUTHORIZE_URL = "https://id.acme.test/oauth/authorize";
const TOKEN_URL = "https://id.acme.test/oauth/token";
const USERINFO_URL = "https://id.acme.test/oauth/userinfo";
const CALLBACK = "http://localhost/api/auth/oauth/acme/callback";

const MESSAGES = {
  state: "That sign-in link has expired or was opened in another browser. Please try again.",
  denied: "Sign-in was cancelled at the provider.",
  provider: "We could not complete sign-in with that provider. Please try again.",
  email: "That provider did not confirm your e-mail address, so we cannot sign you in with it.",
  suspended: "This account is suspended. Please contact support.",
  pending: "This account is not active yet. Please contact support.",
  exists: "An account with this e-mail already exists. Sign in with your e-mail and password instead.",
};

interface Captured {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

interface ProviderScript {
  token?: () => Response;
  userinfo?: () => Response;
}

/** A recorded-shape OAuth2 token response. */
function tokenResponse(accessToken: string): Response {
  return Response.json(
    {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: 3599,
      scope: "openid email profile",
      id_token: "eyJhbGciOiJSUzI1NiIsImtpZCI6ImFjbWUtMSIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJodHRwczovL2lkLmFjbWUudGVzdCJ9.c2lnbmF0dXJl",
    },
    { headers: { "Cache-Control": "no-store", Pragma: "no-cache" } },
  );
}

/** A recorded-shape OIDC userinfo response. */
function userinfo(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sub: `acme|${crypto.randomUUID()}`,
    email: uniqueEmail("oauth"),
    email_verified: true,
    given_name: "Ada",
    family_name: "Lovelace",
    name: "Ada Lovelace",
    picture: "https://cdn.acme.test/avatars/ada.png",
    locale: "en",
    ...overrides,
  };
}

/** Intercepts the Worker's calls to the provider; everything else goes to the real fetch. */
function interceptProvider(script: ProviderScript): Captured[] {
  const original = globalThis.fetch;
  const calls: Captured[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url === TOKEN_URL || request.url === USERINFO_URL) {
      calls.push({ url: request.url, method: request.method, headers: request.headers, body: await request.text() });
      if (request.url === TOKEN_URL) return script.token ? script.token() : tokenResponse(`acme-at-${crypto.randomUUID()}`);
      return script.userinfo ? script.userinfo() : Response.json(userinfo());
    }
    return original(input, init);
  });
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function base64url(bytes: ArrayBuffer): Promise<string> {
  let binary = "";
  for (const b of new Uint8Array(bytes)) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Step 1 as the browser does it: the button on the sign-in page posts a form. */
async function startFlow(returnTo = "/", origin?: string) {
  const jar = new CookieJar();
  const res = await api("/api/auth/oauth/acme", { form: { returnTo }, cookie: jar, origin });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("Location")!);
  const stateCookieName = jar.names().find((n) => n.startsWith("oauth2_acme"));
  expect(stateCookieName, "the state cookie is in the jar").toBeDefined();
  return { res, jar, location, state: location.searchParams.get("state")!, stateCookieName: stateCookieName! };
}

function stateCookieOf(res: Response) {
  return responseCookies(res).find((c) => c.name === "oauth2_acme" || c.name.startsWith("oauth2_acme:"));
}

describe("OAuth2 sign-in: the sign-in page", () => {
  it("shows a button per configured provider", async () => {
    const res = await api("/api/login");
    expect(res.status).toBe(200);
    const html = htmlText(await res.text());
    expect(html).toContain("Continue with Acme ID");
    expect(html).toMatch(/action="\/api\/auth\/oauth\/acme"/);
    // Exactly one provider is configured, so exactly one provider button.
    expect(html.match(/Continue with /g)).toHaveLength(1);
  });

  it("offers only fully configured providers (configuredProviders)", () => {
    const base = { DB: env.DB } as unknown as Env;
    expect(configuredProviders({ ...base })).toEqual([]);
    expect(configuredProviders({ ...base, OAUTH_PROVIDERS: "" })).toEqual([]);
    // Named but missing its secret: not offered.
    expect(configuredProviders({ ...base, OAUTH_PROVIDERS: "acme", OAUTH_ACME_CLIENT_ID: "id", OAUTH_ACME_AUTHORIZE_URL: AUTHORIZE_URL, OAUTH_ACME_TOKEN_URL: TOKEN_URL, OAUTH_ACME_USERINFO_URL: USERINFO_URL })).toEqual([]);
    // A generic provider needs its endpoints.
    expect(configuredProviders({ ...base, OAUTH_PROVIDERS: "acme", OAUTH_ACME_CLIENT_ID: "id", OAUTH_ACME_CLIENT_SECRET: "secret" })).toEqual([]);
    // Google's endpoints are built in; the label and scopes have defaults.
    const [google] = configuredProviders({ ...base, OAUTH_PROVIDERS: " Google , bad name!", OAUTH_GOOGLE_CLIENT_ID: "gid", OAUTH_GOOGLE_CLIENT_SECRET: "gsecret" });
    expect(google).toMatchObject({
      name: "google",
      label: "Google",
      clientId: "gid",
      clientSecret: "gsecret",
      tokenEndpoint: "https://oauth2.googleapis.com/token",
      scopes: ["openid", "email", "profile"],
    });
    const all = configuredProviders({ ...base, OAUTH_PROVIDERS: "google", OAUTH_GOOGLE_CLIENT_ID: "gid", OAUTH_GOOGLE_CLIENT_SECRET: "gsecret" });
    expect(all.map((p) => p.name)).toEqual(["google"]);
    // The worker's own env (from the test config) offers acme with its label.
    expect(configuredProviders(env).map((p) => [p.name, p.label])).toEqual([["acme", "Acme ID"]]);
  });

  it("redirects an unknown provider back to sign-in with a message", async () => {
    const res = await api("/api/auth/oauth/nope", { form: {} });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/api/login?error=unknown_provider");
    const page = await api("/api/login?error=unknown_provider");
    expect(htmlText(await page.text())).toContain("That sign-in provider is not available.");
  });
});

describe("OAuth2 sign-in: the code flow", () => {
  it("redirects to the provider with state and a PKCE challenge, and sets the state cookie", async () => {
    const { res, location, state } = await startFlow("/budget-panel");
    expect(location.origin + location.pathname).toBe(AUTHORIZE_URL);
    expect(location.searchParams.get("response_type")).toBe("code");
    expect(location.searchParams.get("client_id")).toBe("acme-client");
    expect(location.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(location.searchParams.get("scope")).toBe("openid email profile");
    expect(state).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(location.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    // The client secret never travels through the browser.
    expect(location.toString()).not.toContain("acme-secret");

    const stateCookie = stateCookieOf(res);
    expect(stateCookie, "state cookie oauth2_acme").toBeDefined();
    expect(stateCookie!.attributes).toHaveProperty("httponly");
    expect(stateCookie!.attributes.samesite?.toLowerCase()).toBe("lax");
    expect(stateCookie!.attributes["max-age"]).toBe("600");
    expect(stateCookie!.attributes).not.toHaveProperty("secure");
    expect(decodeURIComponent(stateCookie!.value)).toContain(state);

    const returnCookie = findSetCookie(res, "oauth_return_to");
    expect(decodeURIComponent(returnCookie!.value)).toBe("/budget-panel");
    // Starting sign-in creates no session.
    expect(findSetCookie(res, "__session")).toBeUndefined();
  });

  it("marks the state cookie Secure on an https host", async () => {
    const { res } = await startFlow("/", "https://budget.example.test");
    expect(stateCookieOf(res)!.attributes).toHaveProperty("secure");
    expect(findSetCookie(res, "oauth_return_to")!.attributes).toHaveProperty("secure");
  });

  it("signs a new user in: exchanges the code with the verifier, reads userinfo, creates the user and a session", async () => {
    const profile = userinfo({ given_name: "Grace", family_name: "Hopper", picture: "https://cdn.acme.test/avatars/grace.png" });
    const accessToken = `acme-at-${crypto.randomUUID()}`;
    const calls = interceptProvider({ token: () => tokenResponse(accessToken), userinfo: () => Response.json(profile) });

    const { jar, location, state, stateCookieName } = await startFlow("/budget-panel");
    const callback = await api(`/api/auth/oauth/acme/callback?code=auth-code-123&state=${encodeURIComponent(state)}`, { cookie: jar });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toBe("/budget-panel");

    // The token request: authorization_code grant, same redirect_uri, client authenticated, and the
    // PKCE verifier whose S256 hash is the challenge sent to the authorize URL.
    const tokenCall = calls.find((c) => c.url === TOKEN_URL)!;
    expect(tokenCall).toBeDefined();
    expect(tokenCall.method).toBe("POST");
    expect(tokenCall.headers.get("Content-Type")).toContain("application/x-www-form-urlencoded");
    expect(tokenCall.headers.get("Authorization")).toBe(`Basic ${btoa("acme-client:acme-secret")}`);
    const form = new URLSearchParams(tokenCall.body);
    expect(form.get("grant_type")).toBe("authorization_code");
    expect(form.get("code")).toBe("auth-code-123");
    expect(form.get("redirect_uri")).toBe(CALLBACK);
    const verifier = form.get("code_verifier");
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    const challenge = await base64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier!)));
    expect(challenge).toBe(location.searchParams.get("code_challenge"));

    const infoCall = calls.find((c) => c.url === USERINFO_URL)!;
    expect(infoCall.headers.get("Authorization")).toBe(`Bearer ${accessToken}`);
    expect(calls.map((c) => c.url)).toEqual([TOKEN_URL, USERINFO_URL]);

    // A session cookie like the password sign-in's, and the one-time cookies are cleared.
    const session = findSetCookie(callback, "__session")!;
    expect(session.attributes).toHaveProperty("httponly");
    expect(session.attributes.samesite?.toLowerCase()).toBe("lax");
    expect(findSetCookie(callback, stateCookieName)?.attributes["max-age"], `clears ${stateCookieName}`).toBe("0");
    expect(findSetCookie(callback, "oauth_return_to")?.attributes["max-age"]).toBe("0");
    jar.update(callback);
    expect(jar.names().filter((n) => n.startsWith("oauth"))).toEqual([]);

    const me = await apiJson<PublicUserJson>("/api/auth/user", { cookie: sessionCookieFrom(callback) });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: profile.email,
      firstName: "Grace",
      lastName: "Hopper",
      profileImageUrl: "https://cdn.acme.test/avatars/grace.png",
      isAdmin: false,
      profileComplete: false,
    });
    const link = await env.DB.prepare("SELECT user_id FROM oauth_accounts WHERE provider = 'acme' AND provider_account_id = ?").bind(profile.sub).first<{ user_id: string }>();
    expect(link?.user_id).toBe(me.body.id);
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?").bind(me.body.id).first<{ password_hash: string | null }>();
    expect(row?.password_hash).toBeNull();

    // A personal budget, owned, like every new user.
    const budget = await apiJson<{ role: string; name: string }>("/api/budget", { cookie: sessionCookieFrom(callback) });
    expect(budget.body.role).toBe("owner");
    expect(budget.body.name).toBe("Grace's Budget");
  });

  it("signs a returning provider identity into the same account", async () => {
    const profile = userinfo();
    interceptProvider({ userinfo: () => Response.json(profile) });

    const first = await startFlow();
    const one = await api(`/api/auth/oauth/acme/callback?code=c1&state=${first.state}`, { cookie: first.jar });
    expect(one.status).toBe(302);
    const second = await startFlow();
    const two = await api(`/api/auth/oauth/acme/callback?code=c2&state=${second.state}`, { cookie: second.jar });
    expect(two.status).toBe(302);
    expect(two.headers.get("Location")).toBe("/");

    const a = await apiJson<PublicUserJson>("/api/auth/user", { cookie: sessionCookieFrom(one) });
    const b = await apiJson<PublicUserJson>("/api/auth/user", { cookie: sessionCookieFrom(two) });
    expect(b.body.id).toBe(a.body.id);
    const n = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(profile.email).first("n");
    expect(n).toBe(1);
  });

  it("never links a provider to an account that has a password (someone may have registered the address first)", async () => {
    const account = await signUp(uniqueEmail("linked"));
    interceptProvider({ userinfo: () => Response.json(userinfo({ email: account.email.toUpperCase(), email_verified: true })) });
    const { jar, state } = await startFlow();
    const res = await api(`/api/auth/oauth/acme/callback?code=c&state=${state}`, { cookie: jar });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/api/login?error=oauth_exists");
    expect(findSetCookie(res, "__session")).toBeUndefined();
    const links = await env.DB.prepare("SELECT count(*) AS n FROM oauth_accounts WHERE user_id = ?").bind(account.user.id).first("n");
    expect(links).toBe(0);
  });

  it("links a second verified identity to an account that has no password", async () => {
    const email = uniqueEmail("two-ids");
    interceptProvider({ userinfo: () => Response.json(userinfo({ email, sub: "acme|first" })) });
    const first = await startFlow();
    const one = await api(`/api/auth/oauth/acme/callback?code=c&state=${first.state}`, { cookie: first.jar });
    const firstUser = await apiJson<PublicUserJson>("/api/auth/user", { cookie: sessionCookieFrom(one) });

    interceptProvider({ userinfo: () => Response.json(userinfo({ email, sub: "acme|second" })) });
    const second = await startFlow();
    const two = await api(`/api/auth/oauth/acme/callback?code=c&state=${second.state}`, { cookie: second.jar });
    const secondUser = await apiJson<PublicUserJson>("/api/auth/user", { cookie: sessionCookieFrom(two) });
    expect(secondUser.body.id).toBe(firstUser.body.id);
    const links = await env.DB.prepare("SELECT count(*) AS n FROM oauth_accounts WHERE user_id = ?").bind(firstUser.body.id).first("n");
    expect(links).toBe(2);
  });

  it("refuses an unverified provider e-mail, whether or not an account has it", async () => {
    const account = await signUp(uniqueEmail("unverified"));
    interceptProvider({ userinfo: () => Response.json(userinfo({ email: account.email, email_verified: false })) });
    const { jar, state } = await startFlow();
    const res = await api(`/api/auth/oauth/acme/callback?code=c&state=${state}`, { cookie: jar });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/api/login?error=oauth_email");
    expect(findSetCookie(res, "__session")).toBeUndefined();
    const links = await env.DB.prepare("SELECT count(*) AS n FROM oauth_accounts WHERE user_id = ?").bind(account.user.id).first("n");
    expect(links).toBe(0);

    const fresh = uniqueEmail("unverified-new");
    interceptProvider({ userinfo: () => Response.json(userinfo({ email: fresh, email_verified: false })) });
    const again = await startFlow();
    const res2 = await api(`/api/auth/oauth/acme/callback?code=c&state=${again.state}`, { cookie: again.jar });
    expect(res2.headers.get("Location")).toBe("/api/login?error=oauth_email");
    const created = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(fresh).first("n");
    expect(created).toBe(0);
  });
});

describe("OAuth2 sign-in: failures are clear errors, never a 500", () => {
  async function expectError(res: Response, code: keyof typeof MESSAGES) {
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/api/login?error=oauth_${code}`);
    expect(findSetCookie(res, "__session")).toBeUndefined();
    const page = await api(res.headers.get("Location")!);
    expect(page.status).toBe(200);
    const html = htmlText(await page.text());
    expect(html).toContain(MESSAGES[code]);
    expect(html).toContain('role="alert"');
  }

  it("state mismatch", async () => {
    const calls = interceptProvider({});
    const { jar, stateCookieName } = await startFlow();
    const res = await api(`/api/auth/oauth/acme/callback?code=c&state=not-the-state`, { cookie: jar });
    await expectError(res, "state");
    expect(calls, "no code exchange on a bad state").toEqual([]);
    // The spent state cookie is expired either way.
    expect(findSetCookie(res, stateCookieName)?.attributes["max-age"]).toBe("0");
  });

  it("missing state cookie (another browser)", async () => {
    const calls = interceptProvider({});
    const { state } = await startFlow();
    const res = await api(`/api/auth/oauth/acme/callback?code=c&state=${state}`);
    await expectError(res, "state");
    expect(calls).toEqual([]);
  });

  it("missing state parameter", async () => {
    const calls = interceptProvider({});
    const { jar } = await startFlow();
    const res = await api(`/api/auth/oauth/acme/callback?code=c`, { cookie: jar });
    await expectError(res, "state");
    expect(calls).toEqual([]);
  });

  it("the user cancelled at the provider (error=access_denied)", async () => {
    const calls = interceptProvider({});
    const { jar, state } = await startFlow();
    const res = await api(`/api/auth/oauth/acme/callback?error=access_denied&error_description=The+user+denied+access&state=${state}`, { cookie: jar });
    await expectError(res, "denied");
    expect(calls).toEqual([]);
  });

  it("the provider rejects the code", async () => {
    interceptProvider({ token: () => Response.json({ error: "invalid_grant", error_description: "Code expired" }, { status: 400 }) });
    const { jar, state } = await startFlow();
    const res = await api(`/api/auth/oauth/acme/callback?code=stale&state=${state}`, { cookie: jar });
    await expectError(res, "provider");
  });

  it("the provider's userinfo endpoint fails", async () => {
    interceptProvider({ userinfo: () => new Response("upstream down", { status: 503 }) });
    const { jar, state } = await startFlow();
    const res = await api(`/api/auth/oauth/acme/callback?code=c&state=${state}`, { cookie: jar });
    await expectError(res, "provider");
  });

  it("the provider shares no e-mail", async () => {
    const profile = userinfo();
    delete profile.email;
    interceptProvider({ userinfo: () => Response.json(profile) });
    const { jar, state } = await startFlow();
    const res = await api(`/api/auth/oauth/acme/callback?code=c&state=${state}`, { cookie: jar });
    await expectError(res, "email");
  });

  it("a suspended account", async () => {
    // An account made by this provider, then suspended: the linked identity no longer signs anyone in.
    const profile = userinfo({ email: uniqueEmail("suspended-oauth") });
    interceptProvider({ userinfo: () => Response.json(profile) });
    const first = await startFlow();
    const created = await api(`/api/auth/oauth/acme/callback?code=c&state=${first.state}`, { cookie: first.jar });
    const me = await apiJson<PublicUserJson>("/api/auth/user", { cookie: sessionCookieFrom(created) });
    await env.DB.prepare("UPDATE users SET account_status = 'suspended' WHERE id = ?").bind(me.body.id).run();

    const { jar, state } = await startFlow();
    const res = await api(`/api/auth/oauth/acme/callback?code=c&state=${state}`, { cookie: jar });
    await expectError(res, "suspended");
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(me.body.id).first("n");
    expect(sessions).toBe(1); // only the one from the first sign-in
  });

  it("a pending account (issue 18 #19): no sign-in, its own message", async () => {
    const profile = userinfo({ email: uniqueEmail("pending-oauth") });
    interceptProvider({ userinfo: () => Response.json(profile) });
    const first = await startFlow();
    const created = await api(`/api/auth/oauth/acme/callback?code=c&state=${first.state}`, { cookie: first.jar });
    const me = await apiJson<PublicUserJson>("/api/auth/user", { cookie: sessionCookieFrom(created) });
    await env.DB.prepare("UPDATE users SET account_status = 'pending' WHERE id = ?").bind(me.body.id).run();
    expect((await api("/api/auth/user", { cookie: sessionCookieFrom(created) })).status).toBe(401);

    const { jar, state } = await startFlow();
    const res = await api(`/api/auth/oauth/acme/callback?code=c&state=${state}`, { cookie: jar });
    await expectError(res, "pending");
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(me.body.id).first("n");
    expect(sessions).toBe(1);
  });
});
