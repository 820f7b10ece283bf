import AxeBuilder from "@axe-core/playwright";
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { jsEnabled, newAccount, recordToasts, signUpWithCompleteProfile, toast } from "./helpers";

// Bank sync screens (issue 20), JavaScript on and off, against the Plaid test double that
// playwright.config.ts starts and hands to the Worker as PLAID_BASE_URL (sandbox). "Link a test bank"
// links the double's household: checking ••0000, savings ••1111 and a card ••3333 at First Platypus Bank,
// with payroll, transfers, rent, Netflix, groceries, dinner, a ride and a pending coffee this period.

// Linking runs Plaid's exchange and a first sync inside the request: slower than most steps on a busy machine.
test.describe.configure({ timeout: 90_000 });

const DOUBLE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8790) + 100}`;

/** A confirmation: a toast with JavaScript, the flash's status line without it. */
function notice(page: Page, testInfo: TestInfo, title: string) {
  return jsEnabled(testInfo) ? toast(page, title) : page.getByRole("status").filter({ hasText: title });
}

/** Axe over the screen's own content (the shell is checked by the shell's tests). */
async function expectNoAxeViolations(page: Page, testInfo: TestInfo): Promise<void> {
  if (!jsEnabled(testInfo)) return;
  const result = await new AxeBuilder({ page }).exclude('nav[aria-label="Main"]').analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);
}

async function newPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled(testInfo) });
  return context.newPage();
}

/** A fixed bill added through the details API (the subject here is bank sync, not the editor). */
async function addBill(page: Page, label: string, amount: string): Promise<string> {
  const res = await page.request.post("/api/budget/details", { data: { income: [{ id: "new-income-1", label: "Pay", amount: "5000", category: "income" }], expenses: [{ id: "new-expense-1", label, amount, category: "subscriptions" }] } });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  return body.idMap["new-expense-1"];
}

async function linkTestBank(page: Page, testInfo: TestInfo): Promise<void> {
  await page.goto("/bank-connections");
  await page.getByRole("button", { name: "Link a test bank" }).click();
  await expect(page.getByTestId("bank-account")).toHaveCount(3);
  // Without JavaScript the flash stays on the page; with it the toast is checked from recorded toasts.
  if (!jsEnabled(testInfo)) await expect(notice(page, testInfo, "Success!")).toBeVisible();
}

test("link a test bank, sync it, see its expenses and a matched bill, edit a bill's rules, remove an account", async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo);
  const toasts = await recordToasts(page);
  await signUpWithCompleteProfile(page, newAccount("Bea"));
  await addBill(page, "Netflix", "15.49");

  // A bill's matching rules, before any bank is linked: enable, one merchant, a tolerance.
  await page.goto("/budget-panel");
  await page.getByRole("link", { name: "Bank sync settings for Netflix" }).click();
  const panel = page.getByRole("dialog", { name: "Bank sync for Netflix" });
  await expect(panel).toBeVisible();
  await panel.getByRole("switch", { name: "Enable bank sync matching" }).check();
  if (js) {
    // Enabled with no merchant: the spec's warning, and Save is disabled.
    await expect(panel.getByTestId("no-merchant-warning")).toHaveText("Add at least one merchant name for bank sync matching to work");
    await expect(panel.getByRole("button", { name: "Save Settings" })).toBeDisabled();
  }
  await panel.getByRole("combobox", { name: "Merchant name" }).fill("Netflix");
  if (js) {
    await panel.getByRole("combobox", { name: "Merchant name" }).press("Enter");
    await expect(panel.getByRole("list", { name: "Matching merchants" })).toContainText("Netflix");
    await expect(panel.getByTestId("no-merchant-warning")).toHaveCount(0);
  }
  await panel.getByLabel("Amount tolerance (%)").fill("10");
  if (js) await expect(panel.getByTestId("tolerance-dollars")).toHaveText("± $1.55 of $15.49");
  await panel.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  if (js) await expect.poll(() => toasts.some((t) => t.includes("Bank Sync Settings Updated"))).toBe(true);
  else await expect(notice(page, testInfo, "Bank Sync Settings Updated")).toBeVisible();
  const lines = (await (await page.request.get("/api/budget/details")).json()).expenses;
  expect(lines[0]).toMatchObject({ label: "Netflix", bankSyncEnabled: true, matchingMerchants: ["Netflix"], amountTolerancePercent: "10.00" });

  // No bank yet: no Bank Sync button on the budget page.
  await expect(page.getByRole("button", { name: "Bank Sync" })).toHaveCount(0);

  // Link the sandbox test bank (a form, with or without JavaScript); its first sync runs at once.
  await linkTestBank(page, testInfo);
  if (js) await expect.poll(() => toasts.some((t) => t.includes("Success!"))).toBe(true);
  const checking = page.getByTestId("bank-account").filter({ hasText: "Plaid Checking" });
  await expect(checking).toContainText("First Platypus Bank");
  await expect(checking).toContainText("••0000");
  await expect(checking).toContainText("Plaid Gold Standard 0% Interest Checking");
  await expect(checking).toContainText("Depository · Checking");
  await expect(checking).toContainText("$2,410.55");
  await expect(checking).toContainText("$2,310.55");
  await expect(checking.getByTestId("account-status")).toHaveText("Active");
  await expect(checking).toContainText("Added by Bea Lovelace");
  await expectNoAxeViolations(page, testInfo);

  // Sync now: nothing new since the first sync, balances refreshed.
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(notice(page, testInfo, "Sync Complete")).toContainText("0 transactions imported, balances updated");

  // Sync History lists the first sync and this one, newest first.
  await page.getByRole("tab", { name: "Sync History" }).click();
  await expect(page.getByTestId("sync-event")).toHaveCount(2);
  await expect(page.getByTestId("sync-event").first()).toContainText("Manual sync");
  await expect(page.getByTestId("sync-event").first()).toContainText("Success");
  await expect(page.getByTestId("sync-event").last()).toContainText(/[1-9]\d* imported/);
  await expectNoAxeViolations(page, testInfo);
  await page.getByRole("tab", { name: "Privacy & Security" }).click();
  await expect(page.getByRole("link", { name: "Read the full bank connection privacy policy" })).toHaveAttribute("href", "/privacy-policy-plaid");

  // The budget page: the bank's purchases with their bank, the pending coffee, Netflix matched to its bill.
  await page.getByRole("navigation", { name: "Quick links" }).getByRole("link", { name: "Expenses" }).click();
  await expect(page).toHaveURL(/\/budget-panel/);
  const rows = page.getByTestId("expense-row");
  const groceries = rows.filter({ hasText: "Whole Foods" });
  await expect(groceries).toContainText("From First Platypus Bank ••3333");
  await expect(groceries).toContainText("$84.12");
  await expect(rows.filter({ hasText: "Olive Garden" })).toContainText("From First Platypus Bank ••3333");
  // Money in, transfers and the card payment are not spending; the matched bill is not added again.
  for (const text of ["PAYROLL", "INTEREST", "TRANSFER", "PAYMENT", "Netflix", "NETFLIX"]) await expect(rows.filter({ hasText: text })).toHaveCount(0);
  await expect(page.getByTestId("pending-bank")).toContainText("Starbucks");
  await expect(rows.filter({ hasText: "Starbucks" })).toHaveCount(0);
  await expect(page.getByTestId("bill-matched")).toHaveText(/Paid \$15\.49/);

  // The budget page's Bank Sync: clean-up, then the last 7 days.
  await page.getByRole("button", { name: "Bank Sync" }).click();
  await expect(notice(page, testInfo, "Bank sync completed")).toBeVisible();

  // Remove the savings account (with its confirmation); what was imported stays.
  const before = await rows.count();
  await page.goto("/bank-connections");
  const savings = page.getByTestId("bank-account").filter({ hasText: "Plaid Saving" });
  await savings.getByText("Remove", { exact: true }).click();
  await savings.getByRole("button", { name: "Yes, remove this account" }).click();
  await expect(notice(page, testInfo, "Account Removed")).toBeVisible();
  await expect(page.getByTestId("bank-account")).toHaveCount(2);
  await expect(page.getByTestId("bank-account").filter({ hasText: "Plaid Saving" })).toHaveCount(0);
  await page.goto("/budget-panel");
  await expect(page.getByTestId("expense-row")).toHaveCount(before);
});

test("a member of a shared budget sees its banks and bank expenses, and removes only what they linked", async ({ browser }, testInfo) => {
  const ownerPage = await newPage(browser, testInfo);
  await signUpWithCompleteProfile(ownerPage, newAccount("Olive"));
  const member = newAccount("Max");
  const invite = await ownerPage.request.post("/api/budget/invite", { data: { email: member.email, role: "member" } });
  expect(invite.status(), await invite.text()).toBe(201);
  const { invitation } = await invite.json();
  const memberPage = await newPage(browser, testInfo);
  await signUpWithCompleteProfile(memberPage, member);
  expect((await memberPage.request.post(`/api/budget/accept-invitation/${invitation.inviteToken}`)).status()).toBe(200);

  await linkTestBank(ownerPage, testInfo);

  await memberPage.goto("/bank-connections");
  const accounts = memberPage.getByTestId("bank-account");
  await expect(accounts).toHaveCount(3);
  await expect(accounts.first()).toContainText("Added by Olive Lovelace");
  // The owner linked these: the member sees them but cannot remove them.
  await expect(accounts.first().getByText("Remove", { exact: true })).toHaveCount(0);
  await expect(accounts.first()).toContainText("Only Olive Lovelace or the budget owner can remove this account.");
  await memberPage.getByRole("tab", { name: "Sync History" }).click();
  await expect(memberPage.getByTestId("sync-event")).toHaveCount(1);

  await memberPage.goto("/budget-panel");
  const groceries = memberPage.getByTestId("expense-row").filter({ hasText: "Whole Foods" });
  await expect(groceries).toContainText("From First Platypus Bank ••3333");
  await expect(groceries).toContainText("Added by Olive Lovelace");
  await ownerPage.context().close();
  await memberPage.context().close();
});

test("/privacy-policy-plaid: the policy signed in, a sign-in prompt signed out; /expenses is the budget page's list", async ({ page }, testInfo) => {
  await page.goto("/privacy-policy-plaid");
  await expect(page.getByRole("heading", { name: "Bank Connection Privacy Policy" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/api/login?returnTo=%2Fprivacy-policy-plaid");
  await expect(page.getByRole("link", { name: "Sign up" })).toBeVisible();
  await expect(page.getByText("Last updated")).toHaveCount(0);
  await expectNoAxeViolations(page, testInfo);

  await signUpWithCompleteProfile(page, newAccount("Pia"));
  await page.goto("/privacy-policy-plaid");
  await expect(page.getByText("Last updated August 15, 2025")).toBeVisible();
  for (const heading of ["Data We Collect", "How We Use It", "Encryption and Security", "Sharing", "Your Rights", "Retention"]) {
    await expect(page.getByRole("heading", { name: new RegExp(heading) })).toBeVisible();
  }
  await expectNoAxeViolations(page, testInfo);
  await page.getByRole("link", { name: "Back to Bank Connections" }).click();
  await expect(page).toHaveURL(/\/bank-connections$/);
  await expect(page.getByRole("tab", { name: "Connected Accounts" })).toBeVisible();

  await page.goto("/expenses");
  await expect(page).toHaveURL(/\/budget-panel#all-transactions-title$/);
  await expect(page.getByRole("heading", { name: "All Transactions" })).toBeVisible();
});

test("@js-only Connect a bank opens Plaid Link from Plaid's script; success links, an exit with an error is cancelled", async ({ page }) => {
  const toasts = await recordToasts(page);
  await signUpWithCompleteProfile(page, newAccount("Lin"));
  // Plaid's CDN is out of reach here: the test serves a stand-in for Link's script at its real address
  // (so the page's CSP must allow it). It asks the double for a sandbox public token, as Link would.
  let exitWithError = false;
  await page.route("https://cdn.plaid.com/link/v2/stable/link-initialize.js", async (route) => {
    const tokenRes = await fetch(`${DOUBLE}/sandbox/public_token/create`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ client_id: "test-client-id", secret: "test-secret", institution_id: "ins_109508", initial_products: ["transactions"] }),
    });
    const publicToken = ((await tokenRes.json()) as { public_token: string }).public_token;
    await route.fulfill({
      contentType: "application/javascript",
      body: `window.Plaid = { create: function (o) { return { open: function () {
        if (!o.token) throw new Error("no link token");
        setTimeout(function () { window.__exitWithError ? o.onExit({ error_code: "INSTITUTION_DOWN", display_message: "The bank is down" }, {}) : o.onSuccess(${JSON.stringify(publicToken)}, {}); }, 50);
      }, destroy: function () {} }; } };`,
    });
  });
  await page.goto("/bank-connections");
  await expect(page.getByText("Connecting a bank opens Plaid")).toHaveCount(0);
  await page.getByRole("button", { name: "Connect a bank" }).click();
  await expect(page.getByTestId("bank-account")).toHaveCount(3);
  await expect.poll(() => toasts.some((t) => t.includes("Success!"))).toBe(true);

  exitWithError = true;
  await page.evaluate((v) => ((window as unknown as { __exitWithError: boolean }).__exitWithError = v), exitWithError);
  await page.getByRole("button", { name: "Connect a bank" }).click();
  await expect.poll(() => toasts.some((t) => t.includes("Connection Cancelled"))).toBe(true);
  await expect(page.getByTestId("bank-account")).toHaveCount(3);
});

test("@js-only the matching panel's merchant box: suggestions from the bank, arrows, Enter, Escape", async ({ page }, testInfo) => {
  await signUpWithCompleteProfile(page, newAccount("Kai"));
  await addBill(page, "Groceries budget", "300");
  await linkTestBank(page, testInfo);
  await page.goto("/budget-panel");
  await page.getByRole("link", { name: "Bank sync settings for Groceries budget" }).click();
  const panel = page.getByRole("dialog", { name: "Bank sync for Groceries budget" });
  const box = panel.getByRole("combobox", { name: "Merchant name" });
  await box.fill("w");
  await expect(panel.getByRole("listbox")).toHaveCount(0);
  await box.fill("whole");
  const list = panel.getByRole("listbox", { name: "Merchant suggestions" });
  await expect(list.getByRole("option", { name: "Whole Foods Market" })).toBeVisible();
  await expect(panel.getByText("Click to add as matching rule")).toBeVisible();
  await box.press("ArrowDown");
  await expect(list.getByRole("option", { name: "Whole Foods Market" })).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(panel.getByRole("list", { name: "Matching merchants" })).toContainText("Whole Foods Market");
  await expect(box).toHaveValue("");

  await box.fill("zzqx");
  await expect(panel.getByText("No merchant suggestions found")).toBeVisible();
  // Escape closes the suggestions first, the panel only on a second press.
  await box.press("Escape");
  await expect(panel.getByText("No merchant suggestions found")).toHaveCount(0);
  await expect(panel).toBeVisible();
  await expectNoAxeViolations(page, testInfo);
  await box.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

/**
 * A Worker of its own with no Plaid keys (the suite's server has the double's): fresh state, the keys set
 * empty over whatever .dev.vars holds. One port per project so the js and no-js runs never collide.
 */
async function startServerWithoutPlaid(testInfo: TestInfo): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = Number(process.env.E2E_PORT ?? 8790) + (jsEnabled(testInfo) ? 200 : 201);
  const state = `.wrangler/e2e-state-${port}-no-plaid`;
  const vars = JSON.stringify({ PLAID_CLIENT_ID: "", PLAID_SECRET: "", PLAID_TOKEN_KEY: "", PLAID_BASE_URL: "" });
  const child = spawn("sh", ["-c", `rm -rf ${state} && PERSIST_TO=${state} SKIP_DEMO_SEED=1 node scripts/setup-local.mjs && PERSIST_TO=${state} PORT=${port} SERVE_VARS='${vars}' node scripts/serve.mjs`], { detached: true, stdio: ["ignore", "ignore", "pipe"] });
  const errors: string[] = [];
  child.stderr?.on("data", (chunk) => errors.push(String(chunk)));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      // The shell, setup and wrangler (with its workerd) share the process group started here.
      process.kill(-child.pid, "SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    rmSync(state, { recursive: true, force: true });
  };
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${origin}/`)).status === 200) return { origin, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`the Worker without Plaid keys did not start: ${errors.join("").slice(-2000)}`);
}

test("without Plaid keys: /bank-connections shows the spec's text, the link-token call is its 503, everything else works", async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const server = await startServerWithoutPlaid(testInfo);
  try {
    const context = await browser.newContext({ baseURL: server.origin, javaScriptEnabled: jsEnabled(testInfo) });
    const page = await context.newPage();
    await signUpWithCompleteProfile(page, newAccount("Nokeys"));
    await page.goto("/bank-connections");
    await expect(page.getByRole("heading", { name: "Bank Connections" })).toBeVisible();
    await expect(page.getByTestId("plaid-unavailable")).toHaveText("Unable to load bank connection. Please check your Plaid API keys.");
    // Nothing offers to link a bank that cannot be linked.
    await expect(page.getByRole("button", { name: "Connect a bank" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Link a test bank" })).toHaveCount(0);
    await expectNoAxeViolations(page, testInfo);
    const token = await page.request.get("/api/plaid/link-token");
    expect(token.status()).toBe(503);
    expect((await token.json()).message).toBe("Unable to load bank connection. Please check your Plaid API keys.");
    // A sync without keys is the same clear refusal, never a 500.
    const sync = await page.request.post("/api/plaid/sync-and-import", { data: {} });
    expect(sync.status()).toBe(503);
    // The rest of the app does not need Plaid.
    await page.goto("/budget-panel");
    await expect(page.getByRole("heading", { level: 1, name: "Budget" })).toBeVisible();
    await context.close();
  } finally {
    await server.stop();
  }
});
