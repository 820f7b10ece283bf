import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { jsEnabled, newAccount, PASSWORD, screenshot, signUpWithCompleteProfile, toast, uniqueEmail } from "./helpers";

// Settings, support, New Features and the admin panel (issue 11), each journey with and without JavaScript.

/** A confirmation after a form: a toast with JavaScript, the flash status line without it. */
function notice(page: Page, testInfo: TestInfo, title: string) {
  return jsEnabled(testInfo) ? toast(page, title) : page.getByRole("status").filter({ hasText: title });
}

/** The e2e server's ADMIN_EMAILS account (.dev.vars.example), in its own browser context. */
async function adminPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: jsEnabled(testInfo), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const credentials = { email: "alex@demo.hearth.local", password: PASSWORD };
  const signUp = await page.request.post("/api/login", { data: { intent: "signup", ...credentials, firstName: "Alex", lastName: "Admin" } });
  if (signUp.status() === 409) {
    const signIn = await page.request.post("/api/login", { data: { intent: "signin", ...credentials } });
    expect(signIn.status(), await signIn.text()).toBe(200);
  } else {
    expect(signUp.status(), await signUp.text()).toBe(200);
  }
  const profile = await page.request.post("/api/auth/complete-profile", { data: { firstName: "Alex", lastName: "Admin", phoneNumber: "+15551230000" } });
  expect(profile.status()).toBe(200);
  return page;
}

test("switching to Saving changes the wording on the budget header", async ({ page }, testInfo) => {
  await signUpWithCompleteProfile(page);
  const conversation = await (await page.request.post("/api/conversation")).json();
  for (const content of ["I want to continue with the guided chat approach", "I make 4,200 a month"]) {
    expect((await page.request.post("/api/messages", { data: { conversationId: conversation.id, content } })).status()).toBe(200);
  }
  await page.goto("/");
  await expect(page.getByTestId("budget-header")).toContainText("$4,200.00 left");

  await page.goto("/settings");
  await expect(page.getByRole("button", { name: "Spending" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Saving" }).click();
  await expect(notice(page, testInfo, "Preference Updated")).toBeVisible();
  await expect(page.getByRole("button", { name: "Saving" })).toHaveAttribute("aria-pressed", "true");
  await screenshot(page, testInfo, "settings");

  await page.goto("/");
  await expect(page.getByTestId("budget-header")).toContainText("$4,200.00 saved");
  await expect(page.getByTestId("budget-header")).not.toContainText("$4,200.00 left");
});

test("a support message gets the admin's reply back in Settings", async ({ page, browser }, testInfo) => {
  const account = await signUpWithCompleteProfile(page, newAccount("Sue"));
  await page.goto("/settings");
  await page.getByText("Support & Messages").click();
  const subject = `Sync question ${Date.now()}`;
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message", { exact: true }).fill("My bank stopped syncing yesterday.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(notice(page, testInfo, "Message Sent")).toBeVisible();
  await expect(page.getByRole("list", { name: "Message history" })).toContainText("My bank stopped syncing yesterday.");

  const admin = await adminPage(browser, testInfo);
  await admin.goto("/admin?tab=messages");
  await admin.getByRole("link", { name: new RegExp(`Sue Lovelace`) }).first().click();
  await expect(admin.getByRole("list", { name: "Messages" })).toContainText("My bank stopped syncing yesterday.");
  await admin.getByLabel("Reply").fill("Reconnect it from Bank Connections.");
  await admin.getByRole("button", { name: "Send reply" }).click();
  await expect(notice(admin, testInfo, "Message sent successfully")).toBeVisible();
  await screenshot(admin, testInfo, "admin-messages");
  await admin.context().close();

  await page.goto("/settings");
  await expect(page.getByRole("link", { name: /^Settings/ }).first()).toContainText("1");
  await page.getByText("Support & Messages").click();
  const history = page.getByRole("list", { name: "Message history" });
  await expect(history).toContainText("Support Team");
  await expect(history).toContainText("Reconnect it from Bank Connections.");
  await expect(history).toContainText(`Re: ${subject}`);
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Mark as read" }).click();
  await expect.poll(async () => (await (await page.request.get("/api/user/admin-messages/unread-count")).json()).count).toBe(0);
  expect(account.email).toContain("@");
});

test("opening a feature marks it viewed and Show me how hands off to the chat", async ({ page }, testInfo) => {
  await signUpWithCompleteProfile(page);
  await page.goto("/new-features");
  const card = page.locator("#feature-statement-upload");
  await expect(card.getByText("New", { exact: true })).toBeVisible();
  await card.getByText("Upload bank statements").click();
  await expect(card.getByText("Duplicates are flagged before anything is added")).toBeVisible();
  if (jsEnabled(testInfo)) await expect(card.getByText("New", { exact: true })).toHaveCount(0);
  await screenshot(page, testInfo, "new-features");
  const handoff = page.waitForURL(/\/\?message=How(%20|\+)do(%20|\+)I(%20|\+)upload/);
  await card.getByRole("button", { name: "Show me how" }).click();
  await handoff;
  if (jsEnabled(testInfo)) {
    // The app's own hand-off pre-sends the question once, then leaves the address (issue 18 #1).
    await expect(page.getByTestId("message-list").getByText("How do I upload a bank statement?")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  } else {
    await expect(page.getByPlaceholder("Type expense or question...")).toHaveValue("How do I upload a bank statement?");
  }
  const features = await (await page.request.get("/api/features")).json();
  expect(features.find((f: { id: string }) => f.id === "statement-upload").viewed).toBe(true);
});

test("an admin suspends a user, who is signed out at once", async ({ page, browser }, testInfo) => {
  const account = await signUpWithCompleteProfile(page, newAccount("Sam"));
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

  const admin = await adminPage(browser, testInfo);
  await admin.goto(`/admin?tab=users&search=${encodeURIComponent(account.email)}`);
  await admin.getByRole("link", { name: new RegExp(account.email) }).click();
  await expect(admin.getByRole("heading", { name: "Sam Lovelace" })).toBeVisible();
  await admin.getByLabel("Account status").selectOption("suspended");
  await admin.getByRole("button", { name: "Update status" }).click();
  await expect(notice(admin, testInfo, "User status updated successfully")).toBeVisible();
  await screenshot(admin, testInfo, "admin-users");
  await admin.context().close();

  // With JavaScript the closed socket sends the page to sign in by itself; without it, the next request does.
  if (!jsEnabled(testInfo)) await page.reload();
  await expect(page).toHaveURL(/\/api\/login/, { timeout: 15_000 });
  const again = await page.request.post("/api/login", { data: { intent: "signin", email: account.email, password: account.password } });
  expect(again.status()).toBe(403);
});

test("deleting the account signs out and the account is gone", async ({ page }, testInfo) => {
  const account = await signUpWithCompleteProfile(page, { ...newAccount("Dee"), email: uniqueEmail("delete") });
  await page.goto("/settings");
  await page.getByText("Delete Account", { exact: true }).click();
  await expect(page.getByText('shown as added by "Former member"')).toBeVisible();
  await page.getByRole("button", { name: "Yes, delete my account" }).click();
  await expect(notice(page, testInfo, "Account Deleted")).toBeVisible();
  // Then to the landing page (with JavaScript through /api/logout after 2 s).
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible({ timeout: 10_000 });
  const signIn = await page.request.post("/api/login", { data: { intent: "signin", email: account.email, password: account.password } });
  expect(signIn.status()).toBe(401);
});
