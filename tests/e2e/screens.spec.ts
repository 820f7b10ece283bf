import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { jsEnabled, newAccount, PASSWORD, signUpWithCompleteProfile, toast, uniqueEmail } from "./helpers";

// Issue 22, what a new user met on the other screens: Settings' invitation lists (#11), /expense-history
// linked from History and the budget page (#12), full labels at 360 px (#13), the expense chart's axis,
// admin amounts and counts, /favicon.ico (#15), and one message for one's own used invitation (#16).

test.describe.configure({ timeout: 90_000 });

async function signedIn(browser: Browser, testInfo: TestInfo, firstName: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: jsEnabled(testInfo), viewport: { width, height: 800 }, timezoneId: "America/New_York" });
  const page = await context.newPage();
  await signUpWithCompleteProfile(page, newAccount(firstName));
  return page;
}

async function chat(page: Page, lines: string[]) {
  const conversation = await (await page.request.post("/api/conversation", { data: {} })).json();
  for (const content of lines) expect((await page.request.post("/api/messages", { data: { conversationId: conversation.id, content } })).status()).toBe(200);
}

test("Settings lists accepted and revoked invitations apart from the pending ones", async ({ page, browser }, testInfo) => {
  await signUpWithCompleteProfile(page, newAccount("Owen"));
  const member = newAccount("Mia");
  const invite = await page.request.post("/api/budget/invite", { data: { email: member.email, role: "member" } });
  expect(invite.status()).toBe(201);
  const joiner = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const joinerPage = await joiner.newPage();
  await signUpWithCompleteProfile(joinerPage, member);
  expect((await joinerPage.request.post(`/api/budget/accept-invitation/${(await invite.json()).invitation.inviteToken}`)).status()).toBe(200);
  await joiner.close();
  const pendingEmail = uniqueEmail("pending");
  expect((await page.request.post("/api/budget/invite", { data: { email: pendingEmail, role: "member" } })).status()).toBe(201);
  const revokedEmail = uniqueEmail("revoked");
  const revoked = await (await page.request.post("/api/budget/invite", { data: { email: revokedEmail, role: "member" } })).json();
  expect((await page.request.delete(`/api/budget/invitations/${revoked.invitation.id}`)).status()).toBeLessThan(300);

  await page.goto("/settings");
  await expect(page.getByText("Pending invitations (1)")).toBeVisible();
  const pending = page.getByRole("list", { name: "Pending invitations" });
  await expect(pending).toContainText(pendingEmail);
  await expect(pending).not.toContainText(member.email);
  await expect(pending).not.toContainText(revokedEmail);
  const past = page.getByRole("list", { name: "Past invitations" });
  await expect(page.getByRole("heading", { name: "Past invitations" })).toBeVisible();
  await expect(past.getByRole("listitem").filter({ hasText: member.email })).toContainText("accepted");
  await expect(past.getByRole("listitem").filter({ hasText: revokedEmail })).toContainText("revoked");
});

test("/expense-history is linked from History and from the budget page's Transaction Summary", async ({ page }) => {
  await signUpWithCompleteProfile(page, newAccount("Hal"));
  await page.goto("/history");
  await page.getByRole("link", { name: /Expense history/ }).click();
  await expect(page).toHaveURL(/\/expense-history$/);
  await expect(page.getByRole("heading", { level: 1, name: "Expense History" })).toBeVisible();

  await page.goto("/budget-panel");
  await page.getByRole("region", { name: "Transaction Summary" }).getByRole("link", { name: /Expense history/ }).click();
  await expect(page).toHaveURL(/\/expense-history$/);
});

test("/favicon.ico is an icon, not a 404", async ({ page }) => {
  const res = await page.request.get("/favicon.ico");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/image/);
});

test("@js-only the expense-history chart's axis reaches past its tallest bar", async ({ page }) => {
  await signUpWithCompleteProfile(page, newAccount("Axel"));
  await chat(page, ["I want to continue with the guided chat approach", "I make 9,000 a month", "done", "groceries $1,137", "coffee $35"]);
  await page.goto("/expense-history");
  const ticks = page.getByTestId("category-chart").locator("text").filter({ hasText: /^\$[\d,]+$/ });
  await expect(ticks.first()).toBeVisible();
  const values = (await ticks.allTextContents()).map((t) => Number(t.replace(/[$,]/g, "")));
  expect(Math.max(...values)).toBeGreaterThanOrEqual(1137);
});

test("accepting one's own used invitation again says one thing: already a member", async ({ page, browser }, testInfo) => {
  await signUpWithCompleteProfile(page, newAccount("Ivy"));
  const member = newAccount("Jon");
  const invite = await (await page.request.post("/api/budget/invite", { data: { email: member.email, role: "member" } })).json();
  const token = invite.invitation.inviteToken as string;
  const p = await (await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: jsEnabled(testInfo) })).newPage();
  await signUpWithCompleteProfile(p, member);
  expect((await p.request.post(`/api/budget/accept-invitation/${token}`)).status()).toBe(200);

  await p.goto(`/accept-invitation?token=${token}`);
  if (!jsEnabled(testInfo)) await p.getByRole("button", { name: "Accept Invitation" }).click();
  await expect(p.getByRole("heading", { name: "Already a Member" })).toBeVisible();
  await expect(p.getByText("You are already a member of this budget.")).toHaveCount(1);
  await expect(p.getByText(/already been used/)).toHaveCount(0);
  await expect(p.getByText("Invitation Error")).toHaveCount(0);
  await expect(toast(p, "Failed to Join")).toHaveCount(0);
  await p.context().close();
});

test("admin shows amounts with thousands separators and '1 message' in the singular", async ({ browser }, testInfo) => {
  const user = await signedIn(browser, testInfo, "Sol");
  await chat(user, ["I want to continue with the guided chat approach", "I make 5,400 a month", "done"]);
  const subject = `One question ${Date.now()}`;
  await user.goto("/settings");
  await user.getByText("Support & Messages").click();
  await user.getByLabel("Subject").fill(subject);
  await user.getByLabel("Message", { exact: true }).fill("Just one message.");
  await user.getByRole("button", { name: "Send Message" }).click();
  await expect(user.getByRole("list", { name: "Message history" })).toContainText("Just one message.");
  const email = (await (await user.request.get("/api/auth/user")).json()).email as string;

  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: jsEnabled(testInfo) });
  const admin = await context.newPage();
  const credentials = { email: "alex@demo.hearth.local", password: PASSWORD };
  const signUp = await admin.request.post("/api/login", { data: { intent: "signup", ...credentials, firstName: "Alex", lastName: "Admin" } });
  if (signUp.status() === 409) expect((await admin.request.post("/api/login", { data: { intent: "signin", ...credentials } })).status()).toBe(200);
  expect((await admin.request.post("/api/auth/complete-profile", { data: { firstName: "Alex", lastName: "Admin", phoneNumber: "+15551230000" } })).status()).toBe(200);
  await admin.goto(`/admin?tab=users&search=${encodeURIComponent(email)}`);
  await admin.getByRole("link", { name: new RegExp(email) }).click();
  await expect(admin.getByText(/income \$5,400\.00, fixed \$0\.00, spendable \$5,400\.00/)).toBeVisible();
  await admin.goto("/admin?tab=messages");
  await expect(admin.getByRole("link", { name: /Sol Lovelace/ }).first()).toContainText(/Lovelace\s*1 message ·/);
  await context.close();
  await user.context().close();
});

test("@js-only at 360 px wide no screen clips a label or scrolls sideways", async ({ browser }, testInfo) => {
  const page = await signedIn(browser, testInfo, "Wanda-Josephine", 360);
  await chat(page, ["I want to continue with the guided chat approach", "I make 4,200 a month", "done", "groceries $80"]);
  const budget = await (await page.request.get("/api/budget/details")).json();
  const saved = await page.request.post("/api/budget/details", {
    data: {
      income: budget.income,
      expenses: [{ id: `new-expense-${Date.now()}`, label: "Car payment for the family minivan", amount: 389.99, category: "transportation" }],
      loadedIds: [...budget.income, ...budget.expenses].map((line: { id: string }) => line.id),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await page.request.post("/api/budget/invite", { data: { email: uniqueEmail("a-rather-long-invitee-address"), role: "member" } })).status()).toBe(201);
  const clipped: string[] = [];
  for (const path of ["/", "/budget-panel", "/history", "/expense-history", "/debt-management", "/transaction-upload", "/new-features", "/settings"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const found = await page.evaluate(() => {
      const out: string[] = [];
      if (document.documentElement.scrollWidth > window.innerWidth + 1) out.push(`page is ${document.documentElement.scrollWidth}px wide`);
      for (const el of Array.from(document.querySelectorAll<HTMLElement>("main *"))) {
        const style = getComputedStyle(el);
        const clips = style.textOverflow === "ellipsis" || (style.overflowX === "hidden" && style.whiteSpace === "nowrap");
        // Screen-reader-only text (1 px, clipped on purpose) is not a label anyone sees.
        if (!clips || !el.textContent?.trim() || el.offsetParent === null || el.clientWidth <= 1) continue;
        if (el.scrollWidth > el.clientWidth + 1) out.push(`"${el.textContent.trim().slice(0, 60)}" is cut`);
      }
      for (const input of Array.from(document.querySelectorAll<HTMLInputElement>("main input[type=text], main input[type=email], main input:not([type])"))) {
        if (input.offsetParent !== null && input.getBoundingClientRect().width < 120) out.push(`input ${input.id || input.name} is ${Math.round(input.getBoundingClientRect().width)}px wide`);
      }
      return out;
    });
    clipped.push(...found.map((f) => `${path}: ${f}`));
  }
  expect(clipped).toEqual([]);
});
