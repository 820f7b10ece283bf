import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
// @ts-expect-error -- a plain .mjs helper without types: it runs SQL on the e2e server's local D1.
import { queryLocal } from "../../scripts/lib/wrangler.mjs";
import { jsEnabled, newAccount, signUpWithCompleteProfile, toast, type Account } from "./helpers";

// Budget sharing (issue 8), JavaScript on and off: invite → link → a signed-out newcomer signs up from
// it → lands in the shared budget; the owner removes them and their open page falls back; revoked and
// expired links show Invitation Error.

const STATE = `.wrangler/e2e-state-${Number(process.env.E2E_PORT ?? 8790)}`;

function notice(page: Page, testInfo: TestInfo, title: string) {
  return jsEnabled(testInfo) ? toast(page, title) : page.getByRole("status").filter({ hasText: title });
}

async function newPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: jsEnabled(testInfo), viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** Gives the budget an income line through the chat, so members' chats start ready for expenses. */
async function setIncome(page: Page) {
  const conversation = await (await page.request.post("/api/conversation")).json();
  for (const content of ["I want to continue with the guided chat approach", "I make 3,000 a month", "done"]) {
    expect((await page.request.post("/api/messages", { data: { conversationId: conversation.id, content } })).status()).toBe(200);
  }
}

async function inviteByApi(page: Page, email: string): Promise<{ id: string; inviteUrl: string }> {
  const res = await page.request.post("/api/budget/invite", { data: { email, role: "member" } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).invitation;
}

/** An owner with income, and a member who joined through the API, each in their own browser. */
async function household(browser: Browser, testInfo: TestInfo) {
  const ownerPage = await newPage(browser, testInfo);
  const owner = await signUpWithCompleteProfile(ownerPage, newAccount("Olive"));
  await setIncome(ownerPage);
  const memberPage = await newPage(browser, testInfo);
  const member = newAccount("Max");
  const invitation = await inviteByApi(ownerPage, member.email);
  await signUpWithCompleteProfile(memberPage, member);
  const token = new URL(invitation.inviteUrl).searchParams.get("token");
  expect((await memberPage.request.post(`/api/budget/accept-invitation/${token}`)).status()).toBe(200);
  return { ownerPage, owner, memberPage, member };
}

test("owner invites, a signed-out newcomer signs up from the link and lands in the shared budget", async ({ page, browser }, testInfo) => {
  const js = jsEnabled(testInfo);
  const owner = await signUpWithCompleteProfile(page, newAccount("Olive"));
  await setIncome(page);
  const newcomer: Account = newAccount("Max");

  await page.goto("/settings");
  const sharing = page.getByRole("region", { name: "Budget Sharing" });
  await expect(sharing.getByText("Members (1)")).toBeVisible();
  await sharing.getByLabel("Invite a family member by e-mail").fill(newcomer.email);
  await sharing.getByRole("button", { name: "Create Invitation" }).click();
  await expect(notice(page, testInfo, "Invitation Created")).toBeVisible();
  await expect(sharing.getByText(`Invitation link for ${newcomer.email}`)).toBeVisible();
  await expect(sharing.getByText("It expires in 7 days")).toBeVisible();
  const linkBox = sharing.getByRole("textbox", { name: `new invitation link for ${newcomer.email}` });
  const link = await linkBox.inputValue();
  expect(link).toMatch(/\/accept-invitation\?token=[A-Za-z0-9_-]{43}$/);
  if (js) {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await sharing.getByRole("button", { name: `Copy new invitation link for ${newcomer.email}` }).click();
    await expect(toast(page, "Link Copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  }

  // The newcomer, signed out, in another browser.
  const guest = await newPage(browser, testInfo);
  await guest.goto(new URL(link).pathname + new URL(link).search);
  await expect(guest.getByRole("heading", { name: "Sign In Required" })).toBeVisible();
  await guest.getByRole("link", { name: "Create an Account" }).click();
  await expect(guest.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await guest.getByLabel("First name").fill(newcomer.firstName);
  await guest.getByLabel("Last name").fill(newcomer.lastName);
  await guest.getByLabel("E-mail").fill(newcomer.email);
  await guest.getByLabel("Password").fill(newcomer.password);
  await guest.getByRole("button", { name: "Create account" }).click();

  // Back on the invitation: with JavaScript it is accepted on arrival, without it by one button.
  if (!js) {
    await expect(guest.getByRole("heading", { name: "Processing Invitation..." })).toBeVisible();
    await guest.getByRole("button", { name: "Accept Invitation" }).click();
  }
  await expect(guest.getByRole("heading", { name: "Welcome to the Budget!" })).toBeVisible();
  await expect(guest.getByText("See family members' expenses")).toBeVisible();
  // After 2 s it moves on to the chat (a new account first completes its profile there).
  await expect(guest.getByRole("heading", { name: "Complete Your Profile" })).toBeVisible({ timeout: 10_000 });
  expect((await guest.request.post("/api/auth/complete-profile", { data: { firstName: newcomer.firstName, lastName: newcomer.lastName, phoneNumber: "+15551234567" } })).status()).toBe(200);

  await guest.goto("/settings");
  const budgets = guest.getByRole("region", { name: "Your budgets" });
  await expect(budgets.getByRole("listitem").filter({ hasText: "Olive's Budget" })).toContainText("Active");
  await expect(budgets).toContainText(`Shared by ${owner.firstName} ${owner.lastName}`);
  await expect(guest.getByRole("region", { name: "Budget Sharing" })).toContainText("As a member you can:");

  // The owner's open Settings page hears the join (live with JavaScript, on reload without).
  if (!js) await page.reload();
  await expect(sharing.getByText("Members (2)")).toBeVisible({ timeout: 10_000 });
  await expect(sharing.getByRole("list", { name: "Budget members" })).toContainText(newcomer.email);

  // Each sees the other's spending: the member logs groceries; the owner's header follows.
  // The header is the live surface; the budget page's rows then say who added each expense, both ways.
  await page.goto("/");
  await expect(page.getByTestId("budget-header")).toContainText("$3,000.00 left");
  const conversation = await (await guest.request.post("/api/conversation")).json();
  expect((await guest.request.post("/api/messages", { data: { conversationId: conversation.id, content: "groceries $80" } })).status()).toBe(200);
  if (!js) await page.reload();
  await expect(page.getByTestId("budget-header")).toContainText("$2,920.00 left", { timeout: 10_000 });
  const ownerChat = await (await page.request.post("/api/conversation")).json();
  expect((await page.request.post("/api/messages", { data: { conversationId: ownerChat.id, content: "gas $40" } })).status()).toBe(200);
  await page.goto("/budget-panel");
  await expect(page.getByText(`Added by ${newcomer.firstName} ${newcomer.lastName}`).first()).toBeVisible();
  await guest.goto("/budget-panel");
  await expect(guest.getByText(`Added by ${owner.firstName} ${owner.lastName}`).first()).toBeVisible();
});

test("the owner removes a member and the member's open page falls back to their own budget", async ({ browser }, testInfo) => {
  const js = jsEnabled(testInfo);
  const { ownerPage, memberPage, member } = await household(browser, testInfo);

  await memberPage.goto("/settings");
  const memberSharing = memberPage.getByRole("region", { name: "Budget Sharing" });
  await expect(memberSharing).toContainText("As a member you can:");
  await expect(memberPage.getByRole("region", { name: "Your budgets" })).toContainText("Olive's Budget");

  await ownerPage.goto("/settings");
  await ownerPage.getByRole("button", { name: `Remove ${member.firstName} ${member.lastName}` }).click();
  await expect(notice(ownerPage, testInfo, "Member Removed")).toBeVisible();
  await expect(ownerPage.getByRole("region", { name: "Budget Sharing" }).getByText("Members (1)")).toBeVisible();

  // With JavaScript the member's socket is closed at once and the page reloads its data by itself.
  if (!js) await memberPage.reload();
  await expect(memberPage.getByRole("region", { name: "Your budgets" })).not.toContainText("Olive's Budget", { timeout: 15_000 });
  await expect(memberSharing.getByLabel("Invite a family member by e-mail")).toBeVisible();
  await expect(memberPage.getByRole("region", { name: "Your budgets" }).getByRole("listitem").filter({ hasText: "Max's Budget" })).toContainText("Active");
});

test("revoked and expired links show Invitation Error with the reason", async ({ browser }, testInfo) => {
  const js = jsEnabled(testInfo);
  const ownerPage = await newPage(browser, testInfo);
  await signUpWithCompleteProfile(ownerPage, newAccount("Olive"));
  const invitee = newAccount("Ivy");
  const revoked = await inviteByApi(ownerPage, invitee.email);
  expect((await ownerPage.request.delete(`/api/budget/invitations/${revoked.id}`)).status()).toBe(200);
  const expired = await inviteByApi(ownerPage, invitee.email);
  // Seven days cannot pass in a test: the e2e server's own database is told the link is past its expiry.
  queryLocal(`UPDATE invitations SET expires_at = 1 WHERE id = '${expired.id.replace(/'/g, "")}'`, STATE);

  const guest = await newPage(browser, testInfo);
  await signUpWithCompleteProfile(guest, invitee);
  for (const [invitation, reason] of [
    [revoked, "This invitation was revoked by the budget owner."],
    [expired, "This invitation has expired."],
  ] as const) {
    const url = new URL(invitation.inviteUrl);
    await guest.goto(url.pathname + url.search);
    if (!js) await guest.getByRole("button", { name: "Accept Invitation" }).click();
    await expect(guest.getByRole("heading", { name: "Invitation Error" })).toBeVisible();
    await expect(guest.getByRole("alert").filter({ hasText: reason })).toBeVisible();
    if (js) await expect(toast(guest, "Failed to Join")).toBeVisible();
    await expect(guest.getByRole("button", { name: "Try Again" })).toBeVisible();
    await expect(guest.getByRole("link", { name: "Go Home" })).toBeVisible();
  }
  // Still in their own budget.
  expect((await (await guest.request.get("/api/budget")).json()).role).toBe("owner");
});

test("a signed-in invitee who follows the link from another site sees whose budget it is and joins only by clicking Join (issue 18 #8)", async ({ browser }, testInfo) => {
  const ownerPage = await newPage(browser, testInfo);
  await signUpWithCompleteProfile(ownerPage, newAccount("Olive"));
  const invitee = newAccount("Ivy");
  const invitation = await inviteByApi(ownerPage, invitee.email);
  const page = await newPage(browser, testInfo);
  await signUpWithCompleteProfile(page, invitee);
  const target = new URL(new URL(invitation.inviteUrl).pathname + new URL(invitation.inviteUrl).search, testInfo.project.use.baseURL).toString();
  await page.route("http://elsewhere.test/**", (route) => route.fulfill({ contentType: "text/html", body: `<!doctype html><title>x</title><a id="go" href="${target}">go</a>` }));
  await page.goto("http://elsewhere.test/page");
  await page.click("#go");
  await expect(page.getByRole("heading", { name: "Join a Shared Budget?" })).toBeVisible();
  await expect(page.getByText("Olive Lovelace invited you to share the budget")).toBeVisible();
  if (jsEnabled(testInfo)) await page.waitForTimeout(1_500); // time for a (wrong) accept on arrival
  expect((await (await page.request.get("/api/budget")).json()).role).toBe("owner"); // still their own budget
  await page.getByRole("button", { name: "Join" }).click();
  await expect(page.getByRole("heading", { name: "Welcome to the Budget!" })).toBeVisible();
  expect((await (await page.request.get("/api/budget")).json()).role).toBe("member");
  await ownerPage.context().close();
  await page.context().close();
});
