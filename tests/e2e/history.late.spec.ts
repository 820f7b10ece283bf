import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { jsEnabled, newAccount, screenshot, signUpWithCompleteProfile } from "./helpers";

// The monthly reset and the two history screens (issue 9), with and without JavaScript. The cron is run
// at the start of next month through the local runtime's scheduled hook (this file runs after every other test,
// see playwright.config.ts), then the archive is filtered, the month switched and both exports read.

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const label = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;

async function logByChat(page: Page, texts: string[]) {
  const conversation = await page.request.post("/api/conversation", { data: {} });
  expect(conversation.ok(), await conversation.text()).toBe(true);
  const { id } = (await conversation.json()) as { id: string };
  for (const content of texts) {
    const res = await page.request.post("/api/messages", { data: { conversationId: id, content } });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

/** The hourly cron at one hour past midnight (UTC) on the 1st of next month, and the queue's work done. */
async function resetAtNextMonth(request: APIRequestContext) {
  const now = new Date();
  const time = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 1);
  // miniflare's own hook (wrangler's /__scheduled ignores the time).
  const res = await request.get(`/cdn-cgi/local/scheduled?cron=${encodeURIComponent("0 * * * *")}&time=${time}`);
  expect(res.ok(), await res.text()).toBe(true);
  await expect(async () => {
    const history = (await (await request.get("/api/expenses/history")).json()) as Array<{ archivedAt: string | null }>;
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((e) => e.archivedAt !== null)).toBe(true);
  }).toPass({ timeout: 20_000 });
}

test("the reset archives the month; history filters it; expense history switches months and exports it", async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo);
  await signUpWithCompleteProfile(page, newAccount("Hana"));
  await logByChat(page, ["groceries $80", "latte $4.50", "uber 23"]);

  await page.goto("/history");
  await expect(page.getByTestId("history-empty")).toHaveText("Archived transactions will appear here after your first budget reset.");

  await resetAtNextMonth(page.request);
  const closed = new Date();
  const closedMonth = `${closed.getUTCFullYear()}-${String(closed.getUTCMonth() + 1).padStart(2, "0")}`;

  // Transaction History: the archive grouped by month, with filters as query parameters.
  await page.goto("/history");
  await expect(page.getByTestId("history-count")).toHaveText("3");
  await expect(page.getByTestId("history-total")).toHaveText("$107.50");
  await expect(page.getByTestId("history-periods")).toHaveText("1");
  const group = page.getByTestId("history-group");
  await expect(group.getByRole("heading", { name: label(closed) })).toBeVisible();
  await expect(group).toContainText("3 transactions · $107.50");
  await expect(group).toContainText("-$80.00");
  await expect(group.getByRole("listitem").filter({ hasText: "latte" })).toContainText("Coffee & Drinks · Archived");
  await screenshot(page, testInfo, "history");

  await page.getByLabel("Category").selectOption({ label: "☕ Coffee & Drinks" });
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(/category=coffee/);
  await expect(page.getByTestId("history-count")).toHaveText("1");
  await expect(group).toContainText("latte");
  await expect(group).not.toContainText("groceries");

  await page.getByLabel("Category").selectOption({ label: "🍽️ Dining Out" });
  await page.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page.getByTestId("history-empty")).toHaveText("No transactions found matching your current filters.");
  await page.getByRole("link", { name: "Clear Filters" }).click();
  await expect(page.getByTestId("history-count")).toHaveText("3");

  // Expense History: defaults to the new (empty) month; switching to the closed one shows its figures.
  await page.goto("/expense-history");
  await expect(page.getByText("No transactions in")).toBeVisible();
  await page.getByLabel("Month").selectOption(closedMonth);
  if (!js) await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`month=${closedMonth}`));
  await expect(page.getByTestId("total-spent")).toHaveText("$107.50");
  await expect(page.getByTestId("top-category")).toContainText("Food & Groceries");
  await expect(page.getByTestId("breakdown").getByRole("listitem")).toHaveCount(3);
  await expect(page.getByTestId("month-transactions").getByRole("listitem")).toHaveCount(3);
  // The chart is drawn in the browser (the list beside it carries the same figures without JavaScript).
  if (js) await expect(page.getByTestId("category-chart").locator("svg").first()).toBeVisible();
  else await expect(page.getByTestId("category-chart")).toHaveCount(0);
  await screenshot(page, testInfo, "expense-history");

  const csvDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`expenses-${closedMonth}.csv`);
  const csvText = await (await import("node:fs/promises")).readFile((await csv.path())!, "utf8");
  const rows = csvText.trim().split("\r\n");
  expect(rows[0]).toBe("Date,Description,Category,Amount,Original Input");
  expect(rows).toHaveLength(4);
  expect(csvText).toContain(",Food & Groceries,80.00,groceries $80");

  const jsonDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export JSON" }).click();
  const json = await jsonDownload;
  expect(json.suggestedFilename()).toBe(`expenses-${closedMonth}.json`);
  const body = JSON.parse(await (await import("node:fs/promises")).readFile((await json.path())!, "utf8")) as { month: string; total: string; expenses: unknown[] };
  expect(body.month).toBe(closedMonth);
  expect(body.total).toBe("107.50");
  expect(body.expenses).toHaveLength(3);
});
