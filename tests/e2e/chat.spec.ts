import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { jsEnabled, newAccount, screenshot, signUpWithCompleteProfile } from "./helpers";

// The chat home (spec part 1 "Chat home (/)"), with and without JavaScript: the setup card, guided setup
// to a budget with income, logging "groceries $80" as a receipt while the header changes, ?message=.

async function sendText(page: Page, text: string, js: boolean) {
  const input = page.getByPlaceholder("Type expense or question...");
  await input.fill(text);
  if (js) {
    await input.press("Enter");
    // Cleared after sending, with focus back in the box.
    await expect(input).toHaveValue("");
    await expect(input).toBeFocused();
  } else {
    await page.getByRole("button", { name: "Send" }).click();
  }
}

async function startConversation(page: Page, js: boolean) {
  await page.goto("/");
  if (!js) {
    await expect(page.getByText("Loading conversation history... (0 messages)")).toBeVisible();
    await page.getByRole("button", { name: "Start conversation" }).click();
  }
}

test("setup card, guided setup, then groceries $80 as a receipt while the header changes", async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo);
  await signUpWithCompleteProfile(page);
  await startConversation(page, js);

  const card = page.getByTestId("setup-card");
  await expect(card.getByRole("heading", { name: "Choose Your Setup Method" })).toBeVisible();
  await expect(card).toContainText("How would you like to set up your monthly expenses?");
  await expect(card).toContainText("Chat Entry (Recommended)");
  await expect(card).toContainText("Bulk Upload (Faster)");
  await expect(card).toContainText("You can always switch methods or use both options later");
  await expect(card.getByRole("link", { name: "Upload Statement" })).toHaveAttribute("href", "/upload");
  await expect(page.getByText("[SHOW_UPLOAD_GUIDE]")).toHaveCount(0);
  await screenshot(page, testInfo, "chat-setup");

  await card.getByRole("button", { name: "Continue with Chat" }).click();
  const list = page.getByTestId("message-list");
  await expect(list.locator('[data-sender="user"]').last()).toContainText("I want to continue with the guided chat approach");
  await expect(list.locator('[data-sender="bot"]').last()).toContainText("how much comes in each month");

  await sendText(page, "I make 3,000 a month", js);
  await expect(page.getByTestId("budget-header")).toContainText("$3,000.00 left");
  await sendText(page, "done", js);
  await expect(list.locator('[data-sender="bot"]').last()).toContainText("Your budget is set");

  await sendText(page, "groceries $80", js);
  const receipt = page.getByTestId("receipt").last();
  await expect(receipt).toContainText("Logged");
  await expect(receipt).toContainText("$80.00");
  await expect(receipt).toContainText("Groceries");
  await expect(receipt.getByTestId("category-chip")).toContainText("Food & Groceries");
  await expect(page.getByTestId("budget-header")).toContainText("$2,920.00 left");
  await expect(list).toContainText(/Today, \d{1,2}:\d{2} (AM|PM)/);
  if (!js) expect(page.url()).toMatch(/\/#m-/);
  await screenshot(page, testInfo, "chat-logged");
});

test("a blank message is not sent", async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo);
  await signUpWithCompleteProfile(page);
  await startConversation(page, js);
  const send = page.getByRole("button", { name: "Send" });
  if (js) {
    await expect(send).toBeDisabled();
    await page.getByPlaceholder("Type expense or question...").fill("   ");
    await expect(send).toBeDisabled();
  } else {
    await page.getByPlaceholder("Type expense or question...").fill("   ");
    await send.click();
    await expect(page.getByRole("alert").filter({ hasText: "Message cannot be empty." })).toBeVisible();
  }
});

test("?message= from a typed address or another site waits in the box for Send (issue 18 #1)", async ({ page }, testInfo) => {
  await signUpWithCompleteProfile(page);
  // A typed or bookmarked address (Sec-Fetch-Site: none) is not the app's own hand-off.
  await page.goto("/?message=coffee%20%244");
  await expect(page.getByPlaceholder("Type expense or question...")).toHaveValue("coffee $4");
  // Another site's link, as a cross-site page would make a signed-in member follow it.
  const target = new URL("/?message=coffee%20%2449", testInfo.project.use.baseURL).toString();
  await page.route("http://elsewhere.test/**", (route) => route.fulfill({ contentType: "text/html", body: `<!doctype html><title>x</title><a id="go" href="${target}">go</a>` }));
  await page.goto("http://elsewhere.test/page");
  await page.click("#go");
  await expect(page.getByPlaceholder("Type expense or question...")).toHaveValue("coffee $49");
  if (jsEnabled(testInfo)) await page.waitForTimeout(2_000); // time for a (wrong) pre-send to happen
  await expect(page.getByTestId("receipt")).toHaveCount(0);
  expect((await (await page.request.get("/api/expenses")).json()).length).toBe(0);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("receipt").last()).toContainText("Coffee");
  await page.reload();
  await expect(page.getByTestId("receipt")).toHaveCount(1);
});

test("@js-only a Send tapped before the conversation has started lands in the conversation on screen", async ({ page }) => {
  await signUpWithCompleteProfile(page);
  // A slow phone hydrates and is tapped within the autostart's second. The autostart's start is held until the
  // tap, and after any form post the tap made has been answered: a second conversation would then be the
  // newest, the one the page shows, and the message sent into the first would vanish from the screen.
  let tapped!: () => void;
  const tap = new Promise<void>((resolve) => (tapped = resolve));
  let formPost: Promise<unknown> = Promise.resolve();
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.endsWith(".data")) formPost = request.response();
  });
  await page.route("**/api/conversation", async (route) => {
    await tap;
    await formPost;
    await route.continue();
  });
  await page.goto("/");
  const input = page.locator("textarea#chat-input"); // the textarea is the hydrated box
  await input.fill("coffee $4");
  await page.getByRole("button", { name: "Send" }).click();
  tapped();
  await expect(page.getByTestId("receipt").last()).toContainText("Coffee");
  await expect(input).toHaveValue("");
  await page.reload();
  await expect(page.getByTestId("receipt")).toHaveCount(1);
  expect((await (await page.request.get("/api/expenses")).json()).length).toBe(1);
});

test("@js-only a second member's open chat shows the expense without a reload", async ({ page, browser }, testInfo) => {
  await signUpWithCompleteProfile(page);
  // The owner's income, set up through the chat's own calls.
  const conversation = await (await page.request.post("/api/conversation", { data: {} })).json();
  expect((await page.request.post("/api/messages", { data: { conversationId: conversation.id, content: "I make 3,000 a month" } })).status()).toBe(200);
  const member = newAccount("Sam");
  const invite = await page.request.post("/api/budget/invite", { data: { email: member.email, role: "member" } });
  expect(invite.status(), await invite.text()).toBe(201);
  const { invitation } = await invite.json();

  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL, timezoneId: "America/New_York" });
  const memberPage = await other.newPage();
  await signUpWithCompleteProfile(memberPage, member);
  expect((await memberPage.request.post(`/api/budget/accept-invitation/${invitation.inviteToken}`)).status()).toBe(200);
  const hello = new Promise<void>((resolve) => memberPage.on("websocket", (ws) => ws.on("framereceived", () => resolve())));
  await memberPage.goto("/");
  await expect(memberPage.getByTestId("budget-header")).toContainText("$3,000.00 left");
  await hello;

  await page.goto("/");
  await sendText(page, "groceries $80", true);
  await expect(page.getByTestId("receipt").last()).toContainText("Groceries");
  await expect(memberPage.getByTestId("budget-header")).toContainText("$2,920.00 left");
  await other.close();
});
