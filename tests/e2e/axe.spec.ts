import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
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

/** An owner with income, a bill, expenses, two debts, a member, a pending and a revoked invitation, and a statement to review. */
async function fullBudget(page: Page, browser: Browser, testInfo: TestInfo): Promise<{ uploadId: string }> {
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
  return { uploadId };
}

const OWNER_SCREENS = (uploadId: string) => [
  "/",
  "/budget-panel",
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
  "/new-features",
  "/settings",
];

for (const width of WIDTHS) {
  test(`axe: every signed-in screen of a full budget at ${width} px has no violations and no console errors`, async ({ browser }, testInfo) => {
    test.setTimeout(360_000);
    const page = await scanningPage(browser, testInfo, width);
    const { uploadId } = await fullBudget(page, browser, testInfo);
    const findings: Finding[] = [];
    await scan(page, testInfo, OWNER_SCREENS(uploadId), findings);
    expect(findings, report(findings)).toEqual([]);
    await page.context().close();
  });

  test(`axe: signed-out screens, profile completion and admin at ${width} px have no violations and no console errors`, async ({ browser }, testInfo) => {
    test.setTimeout(300_000);
    const findings: Finding[] = [];
    const visitor = await scanningPage(browser, testInfo, width);
    await scan(visitor, testInfo, ["/", "/api/login", "/api/login?mode=signup", "/privacy-terms", "/accept-invitation?token=not-a-real-token", "/no-such-page"], findings);
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
