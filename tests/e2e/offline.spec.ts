import { readFile, writeFile } from "node:fs/promises";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { newAccount, signUpWithCompleteProfile } from "./helpers";

// Issue 23: installable, and an expense typed offline is logged on reconnect exactly once, on the day it
// was typed. The service worker needs JavaScript: every journey but the first is @js-only.
// Each journey installs the service worker, which precaches the whole build first: more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

// These journeys cut the network on purpose: the browser reports each request that fails while offline
// (or whose answer is cut), the live connection's failed reconnects, and Remix's failed route-manifest
// fetches. Any other console or page error still fails them.
test.use({
  allowedConsoleErrors:
    /^Failed to load resource: net::ERR_(?:INTERNET_DISCONNECTED|CONNECTION_RESET|CONNECTION_REFUSED|FAILED)|^WebSocket connection to '[^']*\/api\/budget\/live' failed: .*net::ERR_INTERNET_DISCONNECTED|^Failed to fetch manifest patches TypeError: Failed to fetch/,
});

async function withIncome(page: Page): Promise<string> {
  await signUpWithCompleteProfile(page);
  const conversation = await (await page.request.post("/api/conversation", { data: {} })).json();
  expect((await page.request.post("/api/messages", { data: { conversationId: conversation.id, content: "I make 3,000 a month" } })).status()).toBe(200);
  return conversation.id as string;
}

/** Waits until the service worker controls the page (it registers after the page is interactive, then claims it). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 20_000 });
}

async function type(page: Page, text: string): Promise<void> {
  const input = page.getByPlaceholder("Type expense or question...");
  await input.fill(text);
  await input.press("Enter");
  await expect(input).toHaveValue("");
}

async function expensesOf(page: Page): Promise<Array<{ description: string; amount: string; date: string }>> {
  const response = await page.request.get("/api/expenses");
  expect(response.status()).toBe(200);
  return response.json();
}

function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function cacheNames(page: Page): Promise<string[]> {
  return page.evaluate(() => caches.keys());
}

test("the manifest and icons are linked from every page, and pages work without a service worker", async ({ page }) => {
  for (const path of ["/", "/api/login", "/privacy-terms"]) {
    await page.goto(path);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/apple-touch-icon.png");
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#15803d");
    await expect(page.locator('meta[name="apple-mobile-web-app-status-bar-style"]')).toHaveCount(1);
  }
  const manifest = await page.request.get("/manifest.webmanifest");
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  const body = await manifest.json();
  expect(body).toMatchObject({ name: "Hearth Budget", short_name: "Hearth", display: "standalone", start_url: "/", scope: "/", theme_color: "#15803d" });
  const maskable = body.icons.filter((i: { purpose: string }) => i.purpose === "maskable").map((i: { sizes: string }) => i.sizes);
  expect(maskable).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  for (const icon of body.icons) expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
  const sw = await page.request.get("/sw.js");
  expect(sw.status()).toBe(200);
  expect(sw.headers()["cache-control"]).toContain("no-cache");
  expect(sw.headers()["content-type"]).toContain("javascript");
  // The CSP lets the worker and the manifest load.
  const csp = (await page.request.get("/")).headers()["content-security-policy"];
  expect(csp).toContain("worker-src 'self'");
  expect(csp).toContain("manifest-src 'self'");
  // The offline page's form is the chat's: without JavaScript it posts to "/" like the chat input.
  await page.goto("/offline");
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.locator('form[action="/?index"] textarea[name="content"]')).toHaveCount(1);
});

test("@js-only offline: two expenses wait, survive a reload, and are logged once each on reconnect with the day typed", async ({ page, context }) => {
  await withIncome(page);
  await page.goto("/");
  await controlled(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  // Seen once while controlled: the service worker keeps this page for the person signed in.
  await page.reload();
  await expect(page.getByTestId("budget-header")).toContainText("$3,000.00 left");

  await context.setOffline(true);
  await expect(page.getByTestId("offline-banner")).toBeVisible();
  await type(page, "parking 6");
  await type(page, "coffee 4 yesterday");
  const waiting = page.getByTestId("waiting-message");
  await expect(waiting).toHaveCount(2);
  await expect(waiting.first()).toContainText("Waiting to send");
  // The header takes them off provisionally, and says so.
  await expect(page.getByTestId("budget-header")).toContainText("$2,990.00 left");
  await expect(page.getByTestId("provisional-note")).toContainText("$10.00 waiting to send");

  await page.reload();
  await expect(page.getByTestId("offline-banner")).toContainText(/Offline — showing what you saw at \d\d:\d\d/);
  await expect(page.getByTestId("waiting-message")).toHaveCount(2);

  await context.setOffline(false);
  await expect(page.getByTestId("waiting-message")).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId("receipt")).toHaveCount(2);
  await expect(page.getByTestId("budget-header")).toContainText("$2,990.00 left");
  await expect(page.getByTestId("provisional-note")).toHaveCount(0);

  // Once each, even after more reloads (the service worker and the page both send the outbox).
  await page.reload();
  await expect(page.getByTestId("receipt")).toHaveCount(2);
  const rows = await expensesOf(page);
  expect(rows.map((r) => r.amount).sort()).toEqual(["4.00", "6.00"]);
  const parking = rows.find((r) => r.amount === "6.00")!;
  const coffee = rows.find((r) => r.amount === "4.00")!;
  expect(coffee.date).toBe(shiftDay(parking.date, -1));
});

test("@js-only a waiting message can be cancelled and is never sent", async ({ page, context }) => {
  await withIncome(page);
  await page.goto("/");
  await controlled(page);
  await context.setOffline(true);
  await type(page, "taxi 25");
  await expect(page.getByTestId("waiting-message")).toHaveCount(1);
  await page.getByRole("button", { name: 'Cancel "taxi 25"' }).click();
  await expect(page.getByTestId("waiting-message")).toHaveCount(0);
  await expect(page.getByTestId("provisional-note")).toHaveCount(0);
  await context.setOffline(false);
  await page.reload();
  expect(await expensesOf(page)).toHaveLength(0);
});

test("@js-only the budget page's add row offline: the expense waits with the row's key and is added once on reconnect", async ({ page, context }) => {
  await withIncome(page);
  await page.goto("/budget-panel");
  await controlled(page);
  await context.setOffline(true);
  // Category first: chosen last it saves the row by itself.
  const row = page.getByRole("form", { name: "Add expense" });
  await row.getByLabel("Category").selectOption("transport");
  await row.getByLabel("Amount").fill("12.50");
  await row.getByLabel("Description").fill("Car park");
  await row.getByRole("button", { name: "Add Expense" }).click();
  await expect(page.getByTestId("waiting-expense")).toContainText("Car park");
  await expect(page.getByTestId("waiting-expense")).toContainText("Waiting to send");
  await context.setOffline(false);
  await expect(page.getByTestId("waiting-expense")).toHaveCount(0, { timeout: 15_000 });
  await page.reload();
  const rows = await expensesOf(page);
  expect(rows.map((r) => [r.description, r.amount])).toEqual([["Car park", "12.50"]]);
});

test.describe("cut connections", () => {
  // page.route sees the page's own requests only when no service worker stands in between.
  test.use({ serviceWorkers: "block" });

  test("@js-only a send whose answer is cut after the server committed is retried with its key: one expense", async ({ page }) => {
    const conversationId = await withIncome(page);
    let cut = 0;
    await page.route("**/api/messages", async (route) => {
      if (route.request().method() !== "POST" || cut > 0) return route.continue();
      cut++;
      // The server logs it; the answer never reaches the page.
      const response = await route.fetch();
      expect(response.status()).toBe(200);
      await route.abort("connectionreset");
    });
    await page.goto("/");
    await type(page, "lunch 12");
    await expect(page.getByTestId("receipt")).toHaveCount(1, { timeout: 15_000 });
    await expect(page.getByTestId("waiting-message")).toHaveCount(0);
    expect(cut).toBe(1);
    await page.reload();
    await expect(page.getByTestId("receipt")).toHaveCount(1);
    expect(await expensesOf(page)).toHaveLength(1);
    const messages = await (await page.request.get(`/api/messages?conversationId=${conversationId}`)).json();
    expect(messages.filter((m: { sender: string; content: string }) => m.sender === "user" && m.content === "lunch 12")).toHaveLength(1);
  });
});

test("@js-only two members offline at once, then online: both land once and each sees the other's live", async ({ page, browser }, testInfo) => {
  // Two browsers, each installing the service worker (its precache is the whole build).
  test.setTimeout(90_000);
  await withIncome(page);
  const member = newAccount("Sam");
  const invite = await page.request.post("/api/budget/invite", { data: { email: member.email, role: "member" } });
  expect(invite.status(), await invite.text()).toBe(201);
  const { invitation } = await invite.json();
  const other: BrowserContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, timezoneId: "America/New_York" });
  const memberPage = await other.newPage();
  await signUpWithCompleteProfile(memberPage, member);
  expect((await memberPage.request.post(`/api/budget/accept-invitation/${invitation.inviteToken}`)).status()).toBe(200);

  for (const p of [page, memberPage]) {
    await p.goto("/");
    await controlled(p);
    await expect(p.getByTestId("budget-header")).toContainText("$3,000.00 left");
    // A new member's conversation is started about a second after the page is ready; cut the network before
    // that and the send has no conversation to wait in (it is put back in the box), which is not this journey.
    await expect(p.locator('input[name="conversationId"]')).not.toHaveValue("");
  }
  await page.context().setOffline(true);
  await other.setOffline(true);
  await type(page, "parking 6");
  await type(memberPage, "snacks 5");
  await expect(page.getByTestId("waiting-message")).toHaveCount(1);
  await expect(memberPage.getByTestId("waiting-message")).toHaveCount(1);

  await other.setOffline(false);
  await expect(memberPage.getByTestId("waiting-message")).toHaveCount(0, { timeout: 15_000 });
  // The live socket reconnects on its own; give it its moment before the owner's entry goes out.
  await expect(memberPage.getByTestId("budget-header")).toContainText("$2,995.00 left");
  const reconnect = Date.now();
  await page.context().setOffline(false);
  await expect(memberPage.getByTestId("budget-header")).toContainText("$2,989.00 left", { timeout: 15_000 });
  const shownAfterMs = Date.now() - reconnect;
  testInfo.annotations.push({ type: "figure", description: `reconnect → the other member sees the queued expense: ${shownAfterMs} ms` });
  console.log(`[figure] reconnect to the queued expense showing for another member: ${shownAfterMs} ms`);
  await expect(page.getByTestId("budget-header")).toContainText("$2,989.00 left");
  const rows = await expensesOf(page);
  expect(rows.map((r) => r.amount).sort()).toEqual(["5.00", "6.00"]);
  await other.close();
});

test("@js-only signing out clears every cache: the next person on this browser sees nothing of the first", async ({ page, context }) => {
  const first = await signUpWithCompleteProfile(page, newAccount("Firsty"));
  await page.request.post("/api/conversation", { data: {} });
  await page.goto("/");
  await controlled(page);
  await page.goto("/settings");
  await page.goto("/budget-panel");
  expect((await cacheNames(page)).some((n) => n.startsWith("hearth-pages-"))).toBe(true);
  await context.setOffline(true);
  await page.goto("/");
  await type(page, "secret gift 70");
  await expect(page.getByTestId("waiting-message")).toHaveCount(1);
  await context.setOffline(false);
  // Sent before signing out would be fine too; what matters is that nothing stays behind.
  await page.goto("/api/logout");
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await cacheNames(page)).filter((n) => n.startsWith("hearth-pages-") || n === "hearth-meta")).toEqual([]);
  expect(await page.evaluate(() => caches.keys())).toEqual(expect.arrayContaining([expect.stringMatching(/^hearth-precache-/)]));

  await signUpWithCompleteProfile(page, newAccount("Second"));
  await page.goto("/");
  await controlled(page);
  await expect(page.getByTestId("waiting-message")).toHaveCount(0);
  await context.setOffline(true);
  // The first person saw /settings; this person never did: the offline page, not the first one's copy.
  await page.goto("/settings").catch(() => undefined);
  await expect(page).toHaveURL(/\/offline\?from=%2Fsettings/);
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.locator("body")).not.toContainText(first.email);
  await expect(page.locator("body")).not.toContainText("Firsty");
  await expect(page.getByTestId("waiting-message")).toHaveCount(0);
  await context.setOffline(false);
});

test("@js-only a new build replaces the precache, after the person chooses to reload", async ({ page }) => {
  test.setTimeout(150_000);
  await signUpWithCompleteProfile(page);
  await page.goto("/");
  await controlled(page);
  const before = (await cacheNames(page)).filter((n) => n.startsWith("hearth-precache-"));
  expect(before).toHaveLength(1);
  const file = "public/sw.js";
  const original = await readFile(file, "utf8");
  const oldVersion = before[0].replace("hearth-precache-", "");
  expect(original).toContain(oldVersion);
  try {
    // A new deploy: the same worker with another build's version (what scripts/build-sw.mjs writes).
    await writeFile(file, original.replaceAll(oldVersion, "e2enextbuild"));
    // wrangler dev notices the changed asset (as a deploy would serve it).
    await expect.poll(async () => (await page.request.get("/sw.js")).text(), { timeout: 20_000 }).toContain("e2enextbuild");
    // wrangler dev keeps the old ETag for a changed asset (a deploy would not): without the cached copy the
    // browser's update check cannot be answered 304.
    await (await page.context().newCDPSession(page)).send("Network.clearBrowserCache");
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    // The new worker precaches the new build before it waits: then the person is asked, not forced.
    await expect(page.getByTestId("update-ready")).toContainText("A new version is ready", { timeout: 90_000 });
    const reloaded = page.waitForEvent("load");
    await page.getByTestId("update-ready").getByRole("button", { name: "Reload" }).click();
    await reloaded;
    await expect.poll(async () => (await cacheNames(page)).filter((n) => n.startsWith("hearth-precache-"))).toEqual(["hearth-precache-e2enextbuild"]);
  } finally {
    await writeFile(file, original);
  }
});
