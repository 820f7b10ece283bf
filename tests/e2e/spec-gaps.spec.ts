import { expect, test } from "./fixtures";
import { jsEnabled, signUpWithCompleteProfile, toast } from "./helpers";

// Issue 25: the last gaps from the line-by-line spec check, as a person meets them.

// The service worker answers loader-data requests itself, and Playwright does not report those to the
// page: these tests watch the page's own requests, so they run without it.
test.use({ serviceWorkers: "block" });

test("a signed-out visit to a signed-in page lands on sign-in with 'You are logged out. Logging in again...'", async ({ page }, testInfo) => {
  await page.goto("/budget-panel");
  await expect(page).toHaveURL(/\/api\/login\?returnTo=%2Fbudget-panel$/);
  const notice = jsEnabled(testInfo) ? toast(page, "Unauthorized") : page.getByRole("status").filter({ hasText: "Unauthorized" });
  await expect(notice).toContainText("You are logged out. Logging in again...");
});

test("@js-only the icon buttons are named by a tooltip after the spec's 700 ms", async ({ page }) => {
  await signUpWithCompleteProfile(page);
  await page.goto("/");
  // The button is disabled (no pointer events, so no tooltip) until there is something to send.
  await page.getByRole("textbox").last().fill("coffee 4");
  const send = page.getByRole("button", { name: "Send" });
  await expect(send).toBeEnabled();
  const tip = page.getByRole("tooltip", { name: "Send message" });
  // The tooltip code arrives after hydration and takes over the button then: hover again until it shows.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await send.hover();
    await expect(tip).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});

test("@js-only a page left open past local midnight reloads its figures", async ({ page }) => {
  await signUpWithCompleteProfile(page);
  await page.goto("/budget-panel");
  const timeZone = await page.evaluate(() => {
    const data = (window as unknown as { __remixContext: { state: { loaderData: Record<string, { summary?: { timeZone?: string } }> } } }).__remixContext.state.loaderData;
    return data["routes/_app.budget-panel"]?.summary?.timeZone ?? "UTC";
  });
  // One minute before midnight in the budget's zone.
  const guess = Date.parse("2026-11-24T23:59:00Z");
  const wall = new Date(new Date(guess).toLocaleString("en-US", { timeZone })).getTime() - new Date(new Date(guess).toLocaleString("en-US", { timeZone: "UTC" })).getTime();
  await page.clock.install({ time: new Date(guess - wall) });
  await page.goto("/budget-panel");
  await expect(page.getByTestId("spendable-amount")).toBeVisible();
  const reloads: string[] = [];
  page.on("request", (request) => {
    if (/\.data(\?|$)|_data=/.test(request.url())) reloads.push(request.url());
  });
  await page.clock.runFor(30_000);
  expect(reloads).toHaveLength(0);
  await page.clock.runFor(2 * 60_000);
  await expect.poll(() => reloads.length).toBeGreaterThan(0);
});
