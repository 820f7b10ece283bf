import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { jsEnabled, newAccount, screenshot, signUpWithCompleteProfile, toast } from "./helpers";

// Debt management (issue 12), JavaScript on and off: add three debts, compare the strategies, apply
// avalanche with an extra and see left to spend drop on the chat's budget header; the calculator (JS).

function notice(page: Page, testInfo: TestInfo, title: string) {
  return jsEnabled(testInfo) ? toast(page, title) : page.getByRole("status").filter({ hasText: title });
}

/** Gives the budget an income line through the chat. */
async function setIncome(page: Page) {
  const conversation = await (await page.request.post("/api/conversation")).json();
  for (const content of ["I want to continue with the guided chat approach", "I make 3,000 a month", "done"]) {
    expect((await page.request.post("/api/messages", { data: { conversationId: conversation.id, content } })).status()).toBe(200);
  }
}

const DEBTS = [
  { name: "Visa", type: "Credit Card", balance: "2000", rate: "24.99", min: "60", current: "80", creditor: "Chase", due: "15" },
  { name: "Car loan", type: "Auto Loan", balance: "9000", rate: "6.9", min: "250", current: "", creditor: "Ally", due: "3" },
  { name: "Store card", type: "Credit Card", balance: "450", rate: "28.99", min: "25", current: "", creditor: "", due: "20" },
];

async function addDebtByForm(page: Page, testInfo: TestInfo, d: (typeof DEBTS)[number]) {
  await page.getByText("Add Debt", { exact: true }).first().click();
  const form = page.getByRole("form", { name: "Add a debt" });
  await form.getByLabel("Debt name").fill(d.name);
  await form.getByLabel("Type").selectOption({ label: d.type });
  await form.getByLabel("Current balance ($)").fill(d.balance);
  await form.getByLabel("Interest rate (%)").fill(d.rate);
  await form.getByLabel("Minimum payment ($)").fill(d.min);
  if (d.current) await form.getByLabel("Current payment ($)").fill(d.current);
  if (d.creditor) await form.getByLabel("Creditor").fill(d.creditor);
  await form.getByLabel("Payment due date (day of month)").selectOption(d.due);
  await form.getByRole("button", { name: "Add Debt" }).click();
  await expect(notice(page, testInfo, "Debt Added")).toBeVisible();
  await expect(page.getByRole("list", { name: "My debts" }).getByRole("heading", { name: d.name })).toBeVisible();
  // The form closed and cleared.
  await expect(page.getByRole("form", { name: "Add a debt" })).toBeHidden();
}

test("add three debts, compare strategies, apply avalanche with an extra, and left to spend honours it", async ({ page }, testInfo) => {
  await signUpWithCompleteProfile(page, newAccount("Debra"));
  await setIncome(page);
  await page.goto("/");
  const header = page.getByTestId("budget-header");
  await expect(header).toContainText("$3,000.00 left");

  await page.goto("/debt-management");
  await expect(page.getByRole("heading", { name: "Debt Management" })).toBeVisible();
  await page.getByRole("tab", { name: "My Debts" }).click();

  // A submit with a required field missing does nothing.
  await page.getByText("Add Debt", { exact: true }).first().click();
  const form = page.getByRole("form", { name: "Add a debt" });
  await form.getByLabel("Debt name").fill("Half filled");
  await form.getByRole("button", { name: "Add Debt" }).click();
  await expect(page.getByRole("list", { name: "My debts" })).toHaveCount(0);
  await page.getByText("Add Debt", { exact: true }).first().click();

  for (const d of DEBTS) await addDebtByForm(page, testInfo, d);
  await expect(page.getByTestId("debt-row")).toHaveCount(3);

  await page.getByRole("tab", { name: "Overview" }).click();
  await expect(page.getByTestId("total-debt")).toHaveText("$11,450.00");
  await expect(page.getByTestId("debts-count")).toHaveText("3");
  await expect(page.getByTestId("average-interest")).toHaveText("20.3%");
  await expect(page.getByRole("heading", { name: "Strategy Comparison" })).toBeVisible();
  for (const s of ["snowball", "avalanche", "current"]) await expect(page.getByTestId(`strategy-${s}`)).toBeVisible();

  await page.getByRole("tab", { name: "Payoff Strategies" }).click();
  const apply = page.getByRole("button", { name: "Apply Strategy" });
  if (jsEnabled(testInfo)) await expect(apply).toBeDisabled();
  await page.getByLabel("Extra monthly payment ($)").fill("150");
  await page.getByRole("radio", { name: /Debt Avalanche/ }).check();
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(notice(page, testInfo, "Strategy Applied")).toBeVisible();
  await expect(page.getByRole("heading", { name: /Your plan: Debt Avalanche with \$150\.00 extra a month/ })).toBeVisible();
  await expect(page.getByTestId("payoff-dates").getByRole("listitem")).toHaveCount(3);
  await expect(page.getByTestId("schedule")).toContainText("Store card");

  await page.getByRole("tab", { name: "Overview" }).click();
  await expect(page.getByTestId("impact-extra")).toHaveText("$150.00");
  await expect(page.getByTestId("strategy-avalanche")).toContainText("Best Savings");
  // One computation (issue 22): today's payments ($80 + $250 + $25), plus the extra, and the month left after them;
  // the chat header's figure is named for what it is.
  await expect(page.getByTestId("monthly-payments")).toHaveText("$355.00");
  await expect(page.getByTestId("impact-payments")).toHaveText("$505.00");
  await expect(page.getByTestId("payment-avalanche")).toHaveText("$505.00");
  await expect(page.getByTestId("impact-left")).toHaveText("$2,495.00");
  await expect(page.getByTestId("impact-header-left")).toContainText("Not the chat header's Left to Spend ($2,850.00)");
  await screenshot(page, testInfo, "debt-management");

  await page.goto("/");
  await expect(header).toContainText("$2,850.00 left");
});

test("the calculator answers as you drag, and finds the extra for a date; the chat home reminds of a debt due soon @js-only", async ({ page }, testInfo) => {
  await signUpWithCompleteProfile(page, newAccount("Cal"));
  for (const body of [
    { name: "Visa", type: "credit_card", currentBalance: "2000", interestRate: 0.2499, minimumPayment: "60", paymentDueDate: 15 },
    { name: "Car loan", type: "auto_loan", currentBalance: "9000", interestRate: 0.069, minimumPayment: "250", paymentDueDate: 3 },
  ]) {
    expect((await page.request.post("/api/debts", { data: body })).status()).toBe(201);
  }
  await page.goto("/debt-management?tab=calculator");
  const freeDate = page.getByTestId("calc-debt-free");
  const interest = page.getByTestId("calc-interest");
  const before = { date: await freeDate.textContent(), interest: await interest.textContent() };
  await page.getByLabel(/Extra monthly payment/).fill("400");
  await expect(page.getByTestId("calc-extra-value")).toHaveText("$400.00");
  await expect(freeDate).not.toHaveText(before.date!);
  await expect(interest).not.toHaveText(before.interest!);
  const now = new Date();
  const target = `${now.getFullYear() + 2}-${String(now.getMonth() + 1).padStart(2, "0")}`;
  await page.getByLabel("Debt-free by (month)").fill(target);
  await expect(page.getByTestId("calc-needed")).toHaveText(/^Pay \$[\d,]+\.\d\d extra a month to be debt-free by \w{3} \d{4}\.$/);

  // Due tomorrow (or on the 1st, at most a few days off): within the 5-day window in any time zone.
  const tomorrow = new Date(Date.now() + 86_400_000).getUTCDate();
  const dueDay = tomorrow > 28 ? 1 : tomorrow;
  const soon = { name: "Dentist plan", type: "personal_loan", currentBalance: "300", interestRate: 0, minimumPayment: "45", paymentDueDate: dueDay };
  expect((await page.request.post("/api/debts", { data: soon })).status()).toBe(201);
  await page.goto("/");
  const reminder = page.getByRole("complementary", { name: "Debt payment reminders" });
  await expect(reminder).toContainText("Dentist plan");
  await expect(reminder).toContainText(`$45.00 due`);
  await expect(reminder).toContainText(`(day ${dueDay})`);
});

test("strategies never lose to today's payments, and a payment short of its interest gets the spec's warning row", async ({ page }) => {
  await signUpWithCompleteProfile(page, newAccount("Owen"));
  for (const body of [
    // Paying well above the minimums today, no extra: the strategies must still save, not lose.
    { name: "Card", type: "credit_card", currentBalance: "5000", interestRate: 0.2199, minimumPayment: "100", currentPayment: "300", paymentDueDate: 1 },
    { name: "Car", type: "auto_loan", currentBalance: "2000", interestRate: 0.069, minimumPayment: "50", currentPayment: "150", paymentDueDate: 1 },
    // $10,000 at 24% is $200 of interest a month; $150 never pays it off.
    { name: "Old loan", type: "personal_loan", currentBalance: "10000", interestRate: 0.24, minimumPayment: "150", paymentDueDate: 1 },
  ]) {
    expect((await page.request.post("/api/debts", { data: body })).status()).toBe(201);
  }
  await page.goto("/debt-management");
  for (const s of ["snowball", "avalanche"]) {
    await expect(page.getByTestId(`savings-${s}`)).not.toHaveText(/[-−]/);
  }
  await expect(page.getByTestId("monthly-payments")).toHaveText("$600.00");
  await expect(page.getByTestId("impact-payments")).toHaveText("$600.00");
  await expect(page.getByTestId("payment-warnings")).toHaveText("Monthly payment $150.00 on Old loan is insufficient to cover interest of $200.00 a month");
  // The per-debt warning stays with the debt.
  await page.goto("/debt-management?tab=debts");
  await expect(page.getByTestId("debt-row").filter({ hasText: "Old loan" })).toContainText("Warning: Current payment may not cover interest charges");
});
