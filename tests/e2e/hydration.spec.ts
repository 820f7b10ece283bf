import { expect, test } from "./fixtures";
import { newAccount, signUpWithCompleteProfile, uniqueEmail } from "./helpers";

// Issue 22 #11: Settings threw React hydration errors #418/#423/#425 on every load for an owner. The
// cause: times written in the server's zone (UTC) and re-written in the browser's zone while hydrating
// (the support thread's bubbles, the bank page's "Last synced" and sync history). The reader here is far
// from UTC and reads German, so any date, time or number the server and the browser render differently
// shows up; the console fixture fails the test on any hydration error.

test.use({ timezoneId: "Pacific/Kiritimati", locale: "de-DE" });

test("@js-only Settings, bank connections and the other screens hydrate without errors for a reader at UTC+14 in German", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  await signUpWithCompleteProfile(page, newAccount("Hana"));
  // An owner's Settings: a member who joined, a pending invitation, a support message (with its time).
  const member = newAccount("Kai");
  const invite = await page.request.post("/api/budget/invite", { data: { email: member.email, role: "member" } });
  expect(invite.status(), await invite.text()).toBe(201);
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const memberPage = await other.newPage();
  await signUpWithCompleteProfile(memberPage, member);
  expect((await memberPage.request.post(`/api/budget/accept-invitation/${(await invite.json()).invitation.inviteToken}`)).status()).toBe(200);
  await other.close();
  expect((await page.request.post("/api/budget/invite", { data: { email: uniqueEmail("pending"), role: "member" } })).status()).toBe(201);
  const support = await page.request.post("/settings", { form: { intent: "support", subject: "Where is my export?", content: "I cannot find the CSV export." }, maxRedirects: 0 });
  expect(support.status(), await support.text()).toBeLessThan(400);
  // A linked bank (the Plaid double) with its first sync: "Last synced" and the sync history.
  const link = await page.request.post("/api/plaid/sandbox-link", { data: {} });
  expect(link.status(), await link.text()).toBeLessThan(300);
  const conversation = await (await page.request.post("/api/conversation", { data: {} })).json();
  expect((await page.request.post("/api/messages", { data: { conversationId: conversation.id, content: "groceries $80" } })).status()).toBe(200);

  for (const path of ["/settings", "/settings", "/bank-connections", "/bank-connections?tab=history", "/budget-panel", "/", "/history", "/expense-history", "/debt-management"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  // The support bubble's time, after hydration, is the reader's own (UTC+14), not the server's UTC.
  await page.goto("/settings");
  await page.getByText("Support & Messages").click();
  const bubbleTime = page.getByRole("list", { name: "Message history" }).locator("time");
  await expect(bubbleTime).toHaveCount(1);
  await expect(bubbleTime).not.toContainText("UTC");
  await page.goto("/bank-connections");
  await expect(page.getByText(/Last synced/).first()).not.toContainText("UTC");
});
