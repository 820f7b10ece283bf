import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ONBOARDING_FALLBACK, worded } from "~/domain/assistant";
import { budgetAccess } from "~/server/budget.server";
import { loadChatPage, type ChatPageBuilders } from "~/server/chat/page.server";
import { smartOnboardingMessage, smartWelcome } from "~/server/chat/api.server";
import { createAppContext } from "~/server/context.server";
import type { UserRow } from "~/server/db/schema";
import { api, apiJson, CookieJar, htmlText, signUp, signUpComplete } from "./helpers/http";

// Issue 25: the last gaps from the line-by-line spec check.

describe("profile completion when the server fails (spec part 2 §8)", () => {
  it("keeps the form and what was typed, and says 'Failed to complete profile setup' instead of the error page", async () => {
    const account = await signUp();
    // A real D1 failure for this one account's profile write (as a full disk or a lost connection would be).
    const trigger = `fail_profile_${crypto.randomUUID().replace(/-/g, "")}`;
    await env.DB.prepare(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE OF first_name ON users WHEN NEW.id = '${account.user.id}' BEGIN SELECT RAISE(ABORT, 'D1_ERROR: disk I/O error'); END`,
    ).run();
    try {
      const res = await api("/?index", {
        cookie: account.cookie,
        form: { intent: "complete-profile", firstName: "Ada", lastName: "Lovelace", phoneNumber: "+1 555 010 9999" },
      });
      const html = htmlText(await res.text());
      expect(res.status).toBe(500);
      expect(html).toContain("Complete Your Profile");
      expect(html).toContain("Failed to complete profile setup");
      expect(html).toContain('value="Ada"');
      expect(html).toContain('value="Lovelace"');
      expect(html).toContain('value="+1 555 010 9999"');
      expect(html).not.toContain("Unexpected Server Error");
    } finally {
      await env.DB.prepare(`DROP TRIGGER ${trigger}`).run();
    }
    // Once the store works again the same form completes the profile.
    const retry = await api("/?index", { cookie: account.cookie, form: { intent: "complete-profile", firstName: "Ada", lastName: "Lovelace", phoneNumber: "+1 555 010 9999" } });
    expect(retry.status).toBe(302);
  });
});

describe("the chat page survives its generated messages failing (spec part 1 §9)", () => {
  async function chatPage(builders: ChatPageBuilders, content?: string) {
    const account = await signUpComplete();
    const conv = await apiJson<{ id: string; phase: string }>("/api/conversation", { method: "POST", cookie: account.cookie });
    expect(conv.status).toBe(201);
    if (content) await apiJson("/api/messages", { cookie: account.cookie, json: { conversationId: conv.body.id, content } });
    const app = createAppContext(env as unknown as Env, createExecutionContext());
    const access = (await budgetAccess(app, account.user.id, (await apiJson<{ id: string }>("/api/budget", { cookie: account.cookie })).body.id))!;
    const row = (await env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(account.user.id).first<any>())!;
    const user = { ...row, id: row.id, firstName: row.first_name, languagePreference: row.language_preference } as UserRow;
    return { phase: conv.body.phase, page: await loadChatPage(app, user, access, null, builders) };
  }
  const fails = async (): Promise<string> => {
    throw new Error("model unavailable");
  };

  it("a failing onboarding message falls back to the fixed message that continues with utilities", async () => {
    const { phase, page } = await chatPage({ welcome: smartWelcome, onboarding: fails });
    expect(phase).toBe("onboarding");
    expect(page.chat.onboardingMessage).toBe(worded(ONBOARDING_FALLBACK, "spending"));
    expect(page.chat.onboardingMessage).toMatch(/utilities/i);
    expect(page.budget).toBeTruthy();
  });

  it("a failing welcome keeps the loading text (welcomeFailed) and the rest of the page", async () => {
    // Income set up, so the conversation leaves onboarding and the page would show the smart welcome.
    const account = await signUpComplete();
    await env.DB.prepare(
      "INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, position, created_at, updated_at) VALUES (?, (SELECT budget_id FROM budget_members WHERE user_id = ? LIMIT 1), 'income', 'Salary', 500000, 'income', 0, 0, 0)",
    )
      .bind(crypto.randomUUID(), account.user.id)
      .run();
    const conv = await apiJson<{ id: string; phase: string }>("/api/conversation", { method: "POST", cookie: account.cookie });
    expect(conv.body.phase).not.toBe("onboarding");
    const app = createAppContext(env as unknown as Env, createExecutionContext());
    const budgetId = (await apiJson<{ id: string }>("/api/budget", { cookie: account.cookie })).body.id;
    const access = (await budgetAccess(app, account.user.id, budgetId))!;
    const row = (await env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(account.user.id).first<any>())!;
    const user = { ...row, firstName: row.first_name, languagePreference: row.language_preference } as UserRow;

    const real = await loadChatPage(app, user, access, null, { welcome: smartWelcome, onboarding: smartOnboardingMessage });
    expect(real.chat.welcomeMessage).toBeTruthy();
    expect(real.chat.welcomeFailed).toBe(false);

    const failed = await loadChatPage(app, user, access, null, { welcome: fails, onboarding: smartOnboardingMessage });
    expect(failed.chat.welcomeMessage).toBeNull();
    expect(failed.chat.welcomeFailed).toBe(true);
    expect(failed.budget?.left).toBe(real.budget?.left);
  });

  it("an onboarding chat with messages still renders when the builder fails", async () => {
    const { page } = await chatPage({ welcome: smartWelcome, onboarding: fails }, "hello");
    expect(page.chat.messages.length).toBeGreaterThan(0);
    expect(page.chat.onboardingMessage).toMatch(/utilities/i);
  });
});

describe("/history with no archived data at all (spec part 2)", () => {
  it("says 'Archived transactions will appear here after your first budget reset.' whatever the filters in the URL", async () => {
    const account = await signUpComplete();
    for (const query of ["", "?month=2026-01", "?category=groceries", "?month=2025-12&category=dining&page=3"]) {
      const html = htmlText(await (await api(`/history${query}`, { cookie: account.cookie })).text());
      expect(html, query).toContain("Archived transactions will appear here after your first budget reset.");
      expect(html, query).not.toContain("No transactions found matching your current filters.");
    }
  });
});

describe("a signed-out visit to a signed-in page (spec part 1 §8 Unauthorized)", () => {
  it("redirects at once and the sign-in page shows 'You are logged out. Logging in again...'", async () => {
    for (const path of ["/budget-panel", "/settings", "/history?month=2026-01"]) {
      const jar = new CookieJar();
      const res = await api(path, { cookie: jar });
      expect(res.status, path).toBe(302);
      const location = res.headers.get("Location")!;
      expect(location).toBe(`/api/login?returnTo=${encodeURIComponent(path)}`);
      expect(jar.get("__flash"), path).toBeTruthy();
      const signIn = htmlText(await (await api(location, { cookie: jar })).text());
      expect(signIn, path).toContain("Unauthorized");
      expect(signIn, path).toContain("You are logged out. Logging in again...");
      // Shown once: the flash is gone on the next page.
      const again = htmlText(await (await api(location, { cookie: jar })).text());
      expect(again).not.toContain("You are logged out. Logging in again...");
    }
  });

  it("a visitor on the public landing page is not told they were logged out", async () => {
    const jar = new CookieJar();
    const res = await api("/", { cookie: jar });
    expect(res.status).toBe(200);
    expect(jar.get("__flash")).toBeUndefined();
  });
});
