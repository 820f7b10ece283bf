import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { jsEnabled, newAccount, PASSWORD, signUpWithCompleteProfile, uniqueEmail } from "./helpers";

// Issue 22, accessibility: every screen has 0 axe violations, JavaScript on and off, 1280 and 390 px wide,
// and (with JavaScript) prints no console error while it loads. Screens are filled with realistic data first
// (income, bills, expenses, debts, a member and invitations, a statement under review) so their lists,
// tabs and charts are what axe sees.
//
// axe runs inside the page, so the no-JS pass cannot switch scripting off: it loads each page with every
// <script> removed from the server's HTML and <noscript> unwrapped, which is what a browser without
// JavaScript renders, and runs axe over that.

const WIDTHS = [1280, 390];

async function stripScripts(context: BrowserContext) {
  await context.route("**/*", async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<\/?noscript>/gi, "");
    await route.fulfill({ response, body: html });
  });
}

async function scanningPage(browser: Browser, testInfo: TestInfo, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true, viewport: { width, height: 800 }, locale: "en-US", timezoneId: "America/New_York" });
  if (!jsEnabled(testInfo)) await stripScripts(context);
  return context.newPage();
}

interface Finding {
  screen: string;
  problem: string;
}

/** Visits each path and collects axe violations and (with JavaScript) console errors, screen by screen. */
async function scan(page: Page, testInfo: TestInfo, paths: string[], findings: Finding[]) {
  const errors: string[] = [];
  page.on("console", (message) => {
    // The 404 page's own status is not an error of the page.
    if (message.type() === "error" && !(/status of 404/.test(message.text()) && message.location().url === page.url())) errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  for (const path of paths) {
    errors.length = 0;
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(500);
    await page.waitForLoadState("networkidle");
    // Client-only parts (charts, copy buttons) are drawn after hydration.
    if (jsEnabled(testInfo)) await page.waitForTimeout(300);
    const result = await new AxeBuilder({ page }).analyze();
    for (const violation of result.violations) {
      const where = violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(" ")}: ${(node.any[0] ?? node.all[0] ?? node.none[0])?.message ?? ""}`)
        .join(" | ");
      findings.push({ screen: path, problem: `${violation.id} ×${violation.nodes.length} — ${where}` });
    }
    for (const error of new Set(errors)) findings.push({ screen: path, problem: `console error: ${error.slice(0, 300)}` });
  }
}

function report(findings: Finding[]): string {
  return findings.map((f) => `${f.screen}: ${f.problem}`).join("\n");
}

/**
 * An owner with income, a bill, expenses, two debts, a member, a pending and a revoked invitation, a
 * statement to review, and the Plaid double's test bank linked and synced (its accounts, sync history,
 * bank expenses on the budget page and a bill's matching panel).
 */
async function fullBudget(page: Page, browser: Browser, testInfo: TestInfo): Promise<{ uploadId: string; billId: string }> {
  await signUpWithCompleteProfile(page, newAccount("Olive"));
  const conversation = await (await page.request.post("/api/conversation", { data: {} })).json();
  for (const content of ["I want to continue with the guided chat approach", "I make 4,200 a month", "done", "groceries $80", "coffee $4.50 yesterday"]) {
    expect((await page.request.post("/api/messages", { data: { conversationId: conversation.id, content } })).status()).toBe(200);
  }
  const budget = await (await page.request.get("/api/budget/details")).json();
  const details = await page.request.post("/api/budget/details", {
    data: {
      income: budget.income,
      expenses: [{ id: `new-expense-${Date.now()}`, label: "Car payment for the family minivan", amount: 389.99, category: "transportation" }],
      resetDay: budget.resetDay,
      loadedIds: [...budget.income, ...budget.expenses].map((line: { id: string }) => line.id),
    },
  });
  expect(details.status(), await details.text()).toBe(200);
  const billId = Object.values((await details.json()).idMap as Record<string, string>)[0];
  for (const body of [
    { name: "Visa", type: "credit_card", currentBalance: "2000", interestRate: 0.2499, minimumPayment: "60", paymentDueDate: 15 },
    { name: "Car loan", type: "auto_loan", currentBalance: "9000", interestRate: 0.069, minimumPayment: "250", paymentDueDate: 3 },
  ]) {
    expect((await page.request.post("/api/debts", { data: body })).status()).toBe(201);
  }
  // A member who joined, a pending invitation and a revoked one.
  const member = newAccount("Milo");
  const invite = await page.request.post("/api/budget/invite", { data: { email: member.email, role: "member" } });
  expect(invite.status(), await invite.text()).toBe(201);
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const memberPage = await other.newPage();
  await signUpWithCompleteProfile(memberPage, member);
  expect((await memberPage.request.post(`/api/budget/accept-invitation/${(await invite.json()).invitation.inviteToken}`)).status()).toBe(200);
  await other.close();
  expect((await page.request.post("/api/budget/invite", { data: { email: uniqueEmail("pending"), role: "member" } })).status()).toBe(201);
  const revoked = await (await page.request.post("/api/budget/invite", { data: { email: uniqueEmail("revoked"), role: "member" } })).json();
  expect((await page.request.delete(`/api/budget/invitations/${revoked.invitation.id}`)).status()).toBeLessThan(300);

  const today = new Date();
  const us = `${String(today.getMonth() + 1).padStart(2, "0")}/${String(today.getDate()).padStart(2, "0")}/${today.getFullYear()}`;
  const csv = ["Posting Date,Description,Amount", `${us},KROGER #123 SUPERMARKET ON MAIN STREET,-54.20`, `${us},BLUE BOTTLE COFFEE,-6.50`, `${us},ACME PAYROLL,2500.00`].join("\n");
  const upload = await page.request.post("/api/upload-transactions", { multipart: { file: { name: "statement.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } } });
  // A small file is often read before the call answers (200), otherwise it is still processing (202).
  expect([200, 202], await upload.text()).toContain(upload.status());
  const { uploadId } = await upload.json();
  await expect.poll(async () => (await (await page.request.get(`/api/transaction-uploads/${uploadId}`)).json()).status, { timeout: 15_000 }).toBe("ready");
  const link = await page.request.post("/api/plaid/sandbox-link", { data: {} });
  expect(link.status(), await link.text()).toBeLessThan(300);
  return { uploadId, billId };
}

const OWNER_SCREENS = ({ uploadId, billId }: { uploadId: string; billId: string }) => [
  "/",
  "/budget-panel",
  `/budget-panel?sync=${billId}`,
  "/history",
  "/expense-history",
  "/debt-management?tab=overview",
  "/debt-management?tab=debts",
  "/debt-management?tab=strategies",
  "/debt-management?tab=calculator",
  "/transaction-upload",
  `/transaction-upload?upload=${uploadId}`,
  "/upload",
  "/bank-connections",
  "/bank-connections?tab=history",
  "/bank-connections?tab=privacy",
  "/privacy-policy-plaid",
  "/new-features",
  "/settings",
];

for (const width of WIDTHS) {
  test(`axe: every signed-in screen of a full budget at ${width} px has no violations and no console errors`, async ({ browser }, testInfo) => {
    test.setTimeout(360_000);
    const page = await scanningPage(browser, testInfo, width);
    const budget = await fullBudget(page, browser, testInfo);
    const findings: Finding[] = [];
    await scan(page, testInfo, OWNER_SCREENS(budget), findings);
    expect(findings, report(findings)).toEqual([]);
    await page.context().close();
  });

  test(`axe: signed-out screens, profile completion and admin at ${width} px have no violations and no console errors`, async ({ browser }, testInfo) => {
    test.setTimeout(300_000);
    const findings: Finding[] = [];
    const visitor = await scanningPage(browser, testInfo, width);
    await scan(visitor, testInfo, ["/", "/api/login", "/api/login?mode=signup", "/privacy-terms", "/privacy-policy-plaid", "/accept-invitation?token=not-a-real-token", "/no-such-page"], findings);
    // Signed up, profile not yet complete: "/" is the profile form.
    const signUp = await visitor.request.post("/api/login", { data: { intent: "signup", email: uniqueEmail(), password: PASSWORD, firstName: "Pat", lastName: "Lee" } });
    expect(signUp.status()).toBe(200);
    await scan(visitor, testInfo, ["/"], findings);
    await visitor.context().close();

    // The e2e server's ADMIN_EMAILS account.
    const admin = await scanningPage(browser, testInfo, width);
    const credentials = { email: "alex@demo.hearth.local", password: PASSWORD };
    const adminSignUp = await admin.request.post("/api/login", { data: { intent: "signup", ...credentials, firstName: "Alex", lastName: "Admin" } });
    if (adminSignUp.status() === 409) expect((await admin.request.post("/api/login", { data: { intent: "signin", ...credentials } })).status()).toBe(200);
    expect((await admin.request.post("/api/auth/complete-profile", { data: { firstName: "Alex", lastName: "Admin", phoneNumber: "+15551230000" } })).status()).toBe(200);
    const users = await (await admin.request.get("/api/admin/users")).json();
    const someone = (Array.isArray(users) ? users : users.users)[0];
    await scan(admin, testInfo, ["/admin?tab=users", `/admin?tab=users&user=${someone.id}`, "/admin?tab=messages", "/admin?tab=activity"], findings);
    expect(findings, report(findings)).toEqual([]);
    await admin.context().close();
  });
}

/**
 * Reflow at 360 px (WCAG 1.4.10): the page never scrolls sideways and nothing is cut. Reports what sticks
 * out past the viewport outside a region that scrolls by design (charts, wide tables), and text clipped
 * by its box (an ellipsis or hidden overflow with more text than shows). Screen-reader-only text is
 * clipped on purpose and skipped.
 */
async function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : ""} "${(el.textContent ?? "").trim().slice(0, 50)}"`;
    if (document.documentElement.scrollWidth > width + 1) out.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide at ${width})`);
    const scrollsByDesign = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const o = getComputedStyle(a).overflowX;
        if (o === "auto" || o === "scroll") return true;
      }
      return false;
    };
    const hiddenOnPurpose = (el: Element) => {
      for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.clip !== "auto" || s.clipPath !== "none" || s.display === "none" || s.visibility === "hidden" || a.getAttribute("aria-hidden") === "true") return true;
      }
      return false;
    };
    for (const el of Array.from(document.querySelectorAll("body *"))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(el);
      const sticksOut = rect.right > width + 1 || rect.left < -1;
      const text = (el.textContent ?? "").trim();
      const cut = text.length > 0 && el.children.length === 0 && (style.textOverflow === "ellipsis" || style.overflowX === "hidden") && el.scrollWidth > el.clientWidth + 1;
      if (!sticksOut && !cut) continue;
      if (hiddenOnPurpose(el) || scrollsByDesign(el)) continue;
      out.push(`${sticksOut ? `sticks out (${Math.round(rect.left)}–${Math.round(rect.right)} px)` : "text cut"}: ${describe(el)}`);
    }
    return out.slice(0, 10);
  });
}

test("every signed-in screen of a full budget, the bank screens included, reads at 360 px: no sideways scroll, nothing cut", async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const page = await scanningPage(browser, testInfo, 360);
  const budget = await fullBudget(page, browser, testInfo);
  // The check itself sees a box wider than the screen and a label cut by an ellipsis (on a page of its
  // own: planted into a screen of the app, they would break its hydration).
  await page.setContent('<main><p id="too-wide" style="width:500px">wide</p><p id="cut" style="width:40px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Car payment for the family minivan</p></main>');
  const planted = (await reflowProblems(page)).join("\n");
  expect(planted).toContain("scrolls sideways");
  expect(planted).toContain("text cut: p#cut");
  const findings: Finding[] = [];
  for (const path of OWNER_SCREENS(budget)) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    for (const problem of await reflowProblems(page)) findings.push({ screen: path, problem });
  }
  expect(findings, report(findings)).toEqual([]);
  await page.context().close();
});
