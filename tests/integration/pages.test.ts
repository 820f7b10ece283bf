import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, htmlText, signUp, signUpComplete, uniqueEmail } from "./helpers/http";

// Who sees which screen, decided on the server: signed-out visitors, incomplete profiles, non-admins.

describe("page access", () => {
  it("a signed-in screen sends visitors to sign in and back", async () => {
    const res = await api("/settings");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/api/login?returnTo=%2Fsettings");
  });

  it("an incomplete profile only ever sees the profile screen on /", async () => {
    const account = await signUp(uniqueEmail("incomplete"));
    const budget = await api("/budget-panel", { cookie: account.cookie });
    expect(budget.status).toBe(302);
    expect(budget.headers.get("Location")).toBe("/");
    const home = htmlText(await (await api("/", { cookie: account.cookie })).text());
    expect(home).toContain("Complete Your Profile");
    expect(home).not.toContain("Debt Management");
  });

  it("the admin screen is refused to non-admins with 403 and shown to admins", async () => {
    const member = await signUpComplete(uniqueEmail("plain"));
    const denied = await api("/admin", { cookie: member.cookie });
    expect(denied.status).toBe(403);
    const deniedText = htmlText(await denied.text());
    expect(deniedText).toContain("Access Denied");
    expect(deniedText).toContain("You don't have permission to access the admin panel.");
    // Non-admins have no Admin item in the navigation either.
    expect(deniedText).not.toContain("Manage users and messages");

    const admin = await signUpComplete("admin@example.test");
    const allowed = await api("/admin", { cookie: admin.cookie });
    expect(allowed.status).toBe(200);
    const allowedText = htmlText(await allowed.text());
    expect(allowedText).not.toContain("Access Denied");
    expect(allowedText).toContain("Manage users and messages");
  });

  it("the legal text is public", async () => {
    const res = await api("/privacy-terms");
    expect(res.status).toBe(200);
    expect(htmlText(await res.text())).toContain("Last updated January 29, 2025");
  });

  it("/chat and /upload lead to the screens that hold them", async () => {
    const account = await signUpComplete(uniqueEmail("links"));
    expect((await api("/chat", { cookie: account.cookie })).headers.get("Location")).toBe("/");
    expect((await api("/upload", { cookie: account.cookie })).headers.get("Location")).toBe("/transaction-upload");
  });
});

describe("wording preference in the shell", () => {
  it("a saver sees saving words in the header and the navigation", async () => {
    const account = await signUpComplete(uniqueEmail("saver"));
    const budgetId = (await env.DB.prepare("SELECT active_budget_id AS id FROM users WHERE id = ?").bind(account.user.id).first<{ id: string }>())!.id;
    await env.DB.prepare(
      "INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, position, created_at, updated_at) VALUES (?, ?, 'income', 'Pay', 300000, 'income', 0, 0, 0)",
    )
      .bind(crypto.randomUUID(), budgetId)
      .run();

    const spending = htmlText(await (await api("/", { cookie: account.cookie })).text());
    expect(spending).toContain("$3,000.00 left");
    expect(spending).toContain("Income, fixed bills and spending");

    const patched = await api("/api/auth/user/preferences", { method: "PATCH", cookie: account.cookie, json: { languagePreference: "saving" } });
    expect(patched.status).toBe(200);
    const saving = htmlText(await (await api("/", { cookie: account.cookie })).text());
    expect(saving).toContain("$3,000.00 saved");
    // What is saved is what is left; spending stays spending (issue 22 #10).
    expect(saving).toContain("Income, fixed bills and spending");
    expect(saving).not.toContain("$3,000.00 left");
  });
});
