import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { jsEnabled, signUpWithCompleteProfile } from "./helpers";

// The chat's layout (issue 22 items 1, 2, 3, 7), on a desktop and a phone, JavaScript on and off: the newest
// message sits fully above the message box after load, a send, a live update and the on-screen keyboard;
// the "$X left" header never scrolls away; the box meets the phone's bottom bar with no gap; Enter sends.

// A dozen messages through the assistant before each test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const SCREENS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

/** A budget with income and enough logged expenses that the conversation is taller than the screen. */
async function longConversation(page: Page): Promise<string> {
  await signUpWithCompleteProfile(page);
  const conversation = await (await page.request.post("/api/conversation", { data: {} })).json();
  const lines = ["I want to continue with the guided chat approach", "I make 4,200 a month", "done"];
  for (let i = 1; i <= 9; i++) lines.push(`coffee $${i}`);
  for (const content of lines) {
    const res = await page.request.post("/api/messages", { data: { conversationId: conversation.id, content } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return conversation.id as string;
}

async function box(page: Page, testId: string) {
  const b = await page.getByTestId(testId).boundingBox();
  expect(b, testId).not.toBeNull();
  return b!;
}

/** The newest message lies wholly between the header and the message box, all of them on screen. */
async function expectNewestFullyVisible(page: Page) {
  const viewport = page.viewportSize()!;
  await expect(async () => {
    const newest = await page.getByTestId("message-list").locator(":scope > li").last().boundingBox();
    const header = await box(page, "budget-header");
    const form = await box(page, "chat-form");
    expect(newest).not.toBeNull();
    expect(header.y).toBeGreaterThanOrEqual(0);
    expect(newest!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(newest!.y + newest!.height).toBeLessThanOrEqual(form.y + 1);
    expect(form.y + form.height).toBeLessThanOrEqual(viewport.height + 1);
  }).toPass({ timeout: 7_500 });
}

for (const screen of SCREENS) {
  test(`${screen.name}: the newest message is fully visible above the box after load and after a send; the header stays`, async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo);
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await longConversation(page);
    await page.goto("/");
    await expect(page.getByTestId("budget-header")).toContainText("left");
    await expectNewestFullyVisible(page);

    // Enter sends, with and without JavaScript (a one-line input without it).
    const input = page.getByPlaceholder("Type expense or question...");
    await input.fill("lunch $12");
    await input.press("Enter");
    await expect(page.getByTestId("receipt").last()).toContainText("Lunch");
    if (!js) expect(page.url()).toMatch(/\/#m-/);
    await expectNewestFullyVisible(page);

    // Scrolling the conversation up and down never takes the header with it.
    const scroller = page.getByTestId("message-scroller");
    await scroller.hover();
    const first = page.getByTestId("message-list").locator(":scope > li").first();
    await expect(async () => {
      await page.mouse.wheel(0, -1500);
      await expect(first).toBeInViewport({ timeout: 500 });
    }).toPass({ timeout: 7_500 });
    const header = await box(page, "budget-header");
    expect(header.y).toBeGreaterThanOrEqual(0);
    await expect(page.getByTestId("budget-header")).toBeInViewport({ ratio: 1 });

    if (screen.name === "phone") {
      // The message box sits right on the bottom bar: no strip of messages shows between them.
      const form = await box(page, "chat-form");
      const bar = await box(page, "bottom-bar");
      expect(Math.abs(bar.y - (form.y + form.height))).toBeLessThanOrEqual(1);
      expect(bar.y + bar.height).toBeLessThanOrEqual(screen.height + 1);
    }
  });
}

test("@js-only a live update and the on-screen keyboard keep the newest message in view", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const conversationId = await longConversation(page);
  const hello = new Promise<void>((resolve) => page.on("websocket", (ws) => ws.on("framereceived", () => resolve())));
  await page.goto("/");
  await hello;
  await expectNewestFullyVisible(page);

  // Logged from elsewhere (another tab): the open page revalidates and shows it at the bottom.
  const res = await page.request.post("/api/messages", { data: { conversationId, content: "taxi $23" } });
  expect(res.status()).toBe(200);
  await expect(page.getByTestId("receipt").last()).toContainText("Taxi");
  await expectNewestFullyVisible(page);

  // The keyboard opens: the layout viewport shrinks (interactive-widget=resizes-content).
  await page.getByPlaceholder("Type expense or question...").focus();
  await page.setViewportSize({ width: 390, height: 460 });
  await expectNewestFullyVisible(page);
  await expect(page.getByTestId("budget-header")).toBeInViewport({ ratio: 1 });
});

test("@js-only Shift+Enter adds a line instead of sending", async ({ page }) => {
  await signUpWithCompleteProfile(page);
  await page.goto("/");
  const input = page.getByPlaceholder("Type expense or question...");
  await expect(page.getByTestId("setup-card")).toBeVisible();
  await input.fill("coffee $3");
  await input.press("Shift+Enter");
  await input.pressSequentially("thanks");
  await expect(input).toHaveValue("coffee $3\nthanks");
  await expect(page.locator('[data-sender="user"]')).toHaveCount(0);
});
