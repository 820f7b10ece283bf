import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DELETE_ACCOUNT_CONFIRMATION } from "../../app/domain/account";
import { adminAccount } from "./helpers/admin";
import { api, apiJson, findSetCookie, htmlText, signUpComplete, uniqueEmail } from "./helpers/http";

// The Settings, New Features and Admin screens as a browser without JavaScript uses them: real form
// posts, post/redirect/get with a flash, and the spec's texts on the page.

async function page(path: string, cookie: string): Promise<string> {
  const res = await api(path, { cookie });
  expect(res.status, path).toBe(200);
  return htmlText(await res.text());
}

describe("/settings", () => {
  it("shows every section with the spec's texts and no placeholder", async () => {
    const user = await signUpComplete(uniqueEmail("settings"), { firstName: "Sally", lastName: "Saver" });
    const text = await page("/settings", user.cookie);
    for (const s of ["Back", "Account Information", user.email, user.user.id, "Sally", "Saver", "Spending", "Saving", "Support & Messages", "Subject", "Message", "Account Actions", "Sign Out", "Clear Chat History", "Export Your Data", "Delete Account", DELETE_ACCOUNT_CONFIRMATION, "About", "/privacy-terms", "SMS updates"]) {
      expect(text, s).toContain(s);
    }
    expect(text).not.toMatch(/coming soon|on its way/i);
  });

  it("switches the wording preference, sends support messages and flips SMS consent with plain form posts", async () => {
    const user = await signUpComplete(uniqueEmail("settings-forms"));
    const saving = await api("/settings", { cookie: user.cookie, form: { intent: "language", languagePreference: "saving" } });
    expect(saving.status).toBe(303);
    expect(saving.headers.get("Location")).toBe("/settings");
    expect(findSetCookie(saving, "__flash")).toBeTruthy();
    expect((await apiJson("/api/auth/user", { cookie: user.cookie })).body.languagePreference).toBe("saving");

    // Without JavaScript a refused form comes back as the page, with the message and what was typed.
    const blank = await api("/settings", { cookie: user.cookie, form: { intent: "support", subject: "Help me", content: "  " } });
    expect(blank.status).toBe(400);
    const blankText = htmlText(await blank.text());
    expect(blankText).toContain("Please fill in all fields.");
    expect(blankText).toContain("Both subject and message are required");
    expect(blankText).toContain('value="Help me"');
    const sent = await api("/settings", { cookie: user.cookie, form: { intent: "support", subject: "Help", content: "How do I reset?" } });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/settings?section=support#support");
    const history = await apiJson<any[]>("/api/user/admin-messages", { cookie: user.cookie });
    expect(history.body).toEqual([expect.objectContaining({ subject: "Help", content: "How do I reset?", priority: "normal", category: "support" })]);
    expect(await page("/settings?section=support", user.cookie)).toContain("How do I reset?");

    const sms = await api("/settings", { cookie: user.cookie, form: { intent: "sms-consent", consent: "true" } });
    expect(sms.status).toBe(303);
    expect((await apiJson("/api/auth/user", { cookie: user.cookie })).body.smsOptInConsent).toBe(true);
    expect((await api("/settings", { cookie: user.cookie, form: { intent: "nonsense" } })).status).toBe(400);
  });

  it("marks the support team's replies read from the section, and deletes the account ending the session", async () => {
    const admin = await adminAccount();
    const user = await signUpComplete(uniqueEmail("settings-delete"));
    await apiJson("/api/admin/send-message", { cookie: admin.cookie, json: { userId: user.user.id, subject: "Hello", content: "Welcome aboard" } });
    const before = await page("/settings", user.cookie);
    expect(before).toContain("Support Team");
    expect(before).toContain("unread");
    const read = await api("/settings", { cookie: user.cookie, form: { intent: "support-read" } });
    expect(read.status).toBe(303);
    expect((await apiJson("/api/user/admin-messages/unread-count", { cookie: user.cookie })).body.count).toBe(0);

    const deleted = await api("/settings", { cookie: user.cookie, form: { intent: "delete-account" } });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("Location")).toBe("/");
    expect(findSetCookie(deleted, "__session")?.value).toBe("");
    expect(findSetCookie(deleted, "__flash")).toBeTruthy();
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(user.user.id).first()).toBeNull();
    expect((await api("/settings", { cookie: user.cookie })).status).toBe(302);
  });
});

describe("/new-features", () => {
  it("lists the cards with New badges; viewing and Show me how work as form posts", async () => {
    const user = await signUpComplete(uniqueEmail("features-page"));
    const text = await page("/new-features", user.cookie);
    expect(text).toContain("Upload bank statements");
    expect(text).toContain("New");
    expect(text).toContain("Show me how");
    const viewed = await api("/new-features", { cookie: user.cookie, form: { intent: "view", featureId: "chat-questions" } });
    expect(viewed.status).toBe(303);
    expect(viewed.headers.get("Location")).toBe("/new-features?open=chat-questions#feature-chat-questions");
    const handoff = await api("/new-features", { cookie: user.cookie, form: { intent: "show-me-how", featureId: "statement-upload" } });
    expect(handoff.status).toBe(303);
    expect(handoff.headers.get("Location")).toBe(`/?message=${encodeURIComponent("How do I upload a bank statement?")}`);
    const list = await apiJson<any[]>("/api/features", { cookie: user.cookie });
    expect(list.body.filter((f) => f.viewed).map((f) => f.id).sort()).toEqual(["chat-questions", "statement-upload"]);
    const unknown = await api("/new-features", { cookie: user.cookie, form: { intent: "view", featureId: "nope" } });
    expect(unknown.status).toBe(404);
    expect(htmlText(await unknown.text())).toContain("Failed to mark feature as viewed");
    expect((await api("/new-features")).status).toBe(302);
    // Signed out with the page open: the script's call learns it (and the page says so); a form goes to sign in.
    // (A fetcher asks for the action's data only: Remix's single-fetch request to /new-features.data.)
    const scripted = await api("/new-features.data", { form: { intent: "view", featureId: "statement-upload", client: "js" } });
    const scriptedText = await scripted.text();
    expect(scripted.status).toBe(401);
    expect(scriptedText).toContain('"message","Unauthorized"');
    expect((await api("/new-features", { form: { intent: "view", featureId: "statement-upload" } })).status).toBe(302);
  });
});

describe("/admin", () => {
  it("shows users, details, threads and the activity log, and acts through form posts", async () => {
    const admin = await adminAccount();
    const user = await signUpComplete(uniqueEmail("admin-page"), { firstName: "Pat", lastName: "Page" });
    await apiJson("/api/user/admin-messages", { cookie: user.cookie, json: { subject: "Question", content: "Where is my data?" } });

    const users = await page(`/admin?tab=users&search=${encodeURIComponent(user.email)}&user=${user.user.id}`, admin.cookie);
    for (const s of ["Users", "Messages", "Activity Logs", "Pat Page", "Recent activity", "Send a message", "Delete user", "Update status", "Make admin"]) expect(users, s).toContain(s);
    expect(users).not.toMatch(/coming soon/i);

    const thread = await page(`/admin?tab=messages&thread=${user.user.id}`, admin.cookie);
    expect(thread).toContain("Where is my data?");
    const replied = await api(`/admin?tab=messages&thread=${user.user.id}`, { cookie: admin.cookie, form: { intent: "reply", userId: user.user.id, content: "In Settings, Export Your Data." } });
    expect(replied.status).toBe(303);
    expect(replied.headers.get("Location")).toBe(`/admin?tab=messages&thread=${user.user.id}`);
    expect((await apiJson("/api/user/admin-messages/unread-count", { cookie: user.cookie })).body.count).toBe(1);

    const suspended = await api("/admin?tab=users", { cookie: admin.cookie, form: { intent: "set-status", userId: user.user.id, status: "suspended" } });
    expect(suspended.status).toBe(303);
    expect((await apiJson("/api/auth/user", { cookie: user.cookie })).status).toBe(401);
    const self = await api(`/admin?tab=users&user=${admin.user.id}`, { cookie: admin.cookie, form: { intent: "set-admin", userId: admin.user.id, isAdmin: "false" } });
    expect(self.status).toBe(409);
    expect(htmlText(await self.text())).toContain("last admin");

    const log = await page("/admin?tab=activity&type=admin", admin.cookie);
    expect(log).toContain(`Set ${user.email} to suspended`);

    const published = await api("/admin?tab=announcements", { cookie: admin.cookie, form: { intent: "publish-feature", title: "Budget tips", description: "Weekly tips.", detailedDescription: "A tip a week.", category: "budgeting", benefits: "" } });
    expect(published.status).toBe(303);
    const removed = await api("/admin?tab=users", { cookie: admin.cookie, form: { intent: "delete-user", userId: user.user.id } });
    expect(removed.status).toBe(303);
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(user.user.id).first()).toBeNull();
  });

  it("refuses the page and its forms to non-admins", async () => {
    const plain = await signUpComplete(uniqueEmail("not-admin"));
    const victim = await signUpComplete(uniqueEmail("victim"));
    expect((await api("/admin?tab=messages", { cookie: plain.cookie })).status).toBe(403);
    const post = await api("/admin", { cookie: plain.cookie, form: { intent: "delete-user", userId: victim.user.id } });
    expect(post.status).toBe(403);
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(victim.user.id).first()).not.toBeNull();
  });
});
