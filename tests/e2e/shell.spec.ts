import { expect, test } from "./fixtures";
import { jsEnabled, mainNav, navLink, screenshot, recordToasts, signUpWithCompleteProfile, toast } from "./helpers";

// The app shell around every signed-in screen (spec part 1 §2), with and without JavaScript.

test("unknown paths show the 404 page with HTTP 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});

test.describe("uncaught rejections", () => {
  // The second half provokes a real uncaught rejection on purpose; the console fixture would fail on it.
  test.use({ allowedConsoleErrors: /a real failure/ });

  test("@js-only a request the router cancelled is not reported as an error; any other uncaught rejection still is", async ({ page }) => {
    // page.goto waits for load, after the module scripts (entry.client) have run.
    await page.goto("/sign-in");
    const reported: string[] = [];
    page.on("pageerror", (error) => reported.push(String(error)));
    page.on("console", (message) => {
      if (message.type() === "error") reported.push(message.text());
    });
    // What the router leaves behind when a superseded revalidation is aborted (react-router #14203).
    await page.evaluate(() => {
      const controller = new AbortController();
      controller.abort();
      void Promise.reject(controller.signal.reason);
    });
    await page.waitForTimeout(300);
    expect(reported).toEqual([]);
    await page.evaluate(() => {
      void Promise.reject(new TypeError("a real failure"));
    });
    await expect.poll(() => reported.join("\n")).toContain("a real failure");
  });
});

test("the active sidebar item follows the path", async ({ page }) => {
  await signUpWithCompleteProfile(page);
  await page.goto("/budget-panel");
  await expect(navLink(page, "Budget")).toHaveAttribute("aria-current", "page");
  await expect(navLink(page, "Chat")).not.toHaveAttribute("aria-current", "page");

  await navLink(page, "History").click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(navLink(page, "History")).toHaveAttribute("aria-current", "page");
  await expect(navLink(page, "Budget")).not.toHaveAttribute("aria-current", "page");
});

test("@js-only the shell and its live connection stay up while moving between screens", async ({ page }) => {
  const sockets: string[] = [];
  page.on("websocket", (ws) => sockets.push(ws.url()));
  await signUpWithCompleteProfile(page);
  await page.goto("/");
  await expect.poll(() => sockets.length).toBe(1);
  expect(sockets[0]).toMatch(/\/api\/budget\/live$/);
  for (const label of ["Budget", "History", "Chat", "Settings", "Chat"]) {
    await navLink(page, label).click();
    await expect(navLink(page, label)).toHaveAttribute("aria-current", "page");
  }
  // One connection for the whole visit: the shell was never torn down and rebuilt.
  expect(sockets).toHaveLength(1);
});

test("@js-only signing out in another tab tells this tab it is logged out and sends it to sign in", async ({ page, context }) => {
  await signUpWithCompleteProfile(page);
  // The toast lives 500 ms before the redirect: a polling check can miss it on a loaded machine.
  const toasts = await recordToasts(page);
  // The listener is attached as the socket opens, so the room's first frame ("hello") cannot be missed.
  const hello = new Promise<void>((resolve) => page.on("websocket", (ws) => ws.on("framereceived", () => resolve())));
  await page.goto("/budget-panel");
  // Wait until the live connection is up, so the sign-out has a socket to close.
  await hello;
  const other = await context.newPage();
  await other.goto("/api/logout");
  await expect(page).toHaveURL(/\/api\/login\?returnTo=%2Fbudget-panel$/);
  await expect.poll(() => toasts.filter((t) => t.includes("Unauthorized") && t.includes("You are logged out. Logging in again...")).length).toBe(1);
});

test("keyboard users can skip the navigation straight to the content", async ({ page }) => {
  await signUpWithCompleteProfile(page);
  await page.goto("/budget-panel");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await expect(page.getByRole("heading", { level: 1, name: "Budget" })).toBeVisible();
});

test.describe("mobile", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: true });

  test("bottom bar with Chat, Budget, Settings and a More sheet", async ({ page }, testInfo) => {
    await signUpWithCompleteProfile(page);
    await page.goto("/");

    const bar = page.getByTestId("bottom-bar");
    await expect(bar).toBeVisible();
    await expect(bar.getByRole("link")).toHaveText(["Chat", "Budget", "Settings", "More"]);
    await expect(bar.getByRole("link", { name: "Chat" })).toHaveAttribute("aria-current", "page");
    await expect(mainNav(page)).toBeHidden();

    await bar.getByRole("link", { name: "More" }).click();
    // With JavaScript a modal dialog; without it the same list as an in-page section shown by :target.
    const sheet = jsEnabled(testInfo) ? page.getByRole("dialog", { name: "More Options" }) : page.getByRole("region", { name: "More Options" });
    await expect(sheet).toBeVisible();
    // New Features carries the unread-announcements badge after its label.
    await expect(sheet.getByRole("list").getByRole("link")).toHaveText([/^History$/, /^Debt Management$/, /^Transaction Upload$/, /^New Features\d*$/]);
    await expect(sheet.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await screenshot(page, testInfo, "mobile-more");

    await sheet.getByRole("link", { name: "Debt Management" }).click();
    await expect(page).toHaveURL(/\/debt-management$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "More Options" })).toBeHidden();
    await expect(bar).toBeVisible();
  });
});

test("@js-only a client call answered 401 shows the Unauthorized toast and goes to sign-in", async ({ page, context }) => {
  await signUpWithCompleteProfile(page);
  const toasts = await recordToasts(page);
  // The shell refreshes its badges when the window regains focus after 30 s; a fake clock skips the wait.
  await page.clock.install();
  await page.goto("/budget-panel");
  await expect(mainNav(page)).toBeVisible();

  await context.clearCookies();
  // Retried because the focus listener exists only once the page has hydrated.
  await expect(async () => {
    await page.clock.fastForward(31_000);
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(toast(page, "Unauthorized")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/api\/login\?returnTo=%2Fbudget-panel$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect.poll(() => toasts.filter((t) => t.includes("Unauthorized") && t.includes("You are logged out. Logging in again...")).length).toBe(1);
});

test("/privacy-terms renders the legal text with a way back to Settings", async ({ page }, testInfo) => {
  const response = await page.goto("/privacy-terms");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy & Terms" })).toBeVisible();
  await expect(page.getByText("January 29, 2025")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Terms of Service" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Settings" })).toHaveAttribute("href", "/settings");
  await screenshot(page, testInfo, "privacy-terms");
});
