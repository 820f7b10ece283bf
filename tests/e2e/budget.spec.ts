import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { jsEnabled, newAccount, signUpWithCompleteProfile, toast } from "./helpers";

// The budget page (issue 6), JavaScript on and off: income and a fixed expense move the spendable amount;
// an expense is added, edited, excluded/included, sorted and deleted; a member cannot change the reset
// day; and (JS) another member's expense appears on an open page without a reload.

function notice(page: Page, testInfo: TestInfo, title: string) {
  return jsEnabled(testInfo) ? toast(page, title) : page.getByRole("status").filter({ hasText: title });
}

async function newPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: jsEnabled(testInfo), viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** Saves the details form: with JavaScript by the autosave, without it by the Save button. */
async function saveDetails(page: Page, testInfo: TestInfo) {
  if (jsEnabled(testInfo)) {
    await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /Unsaved changes|Auto-saving/ })).toHaveCount(0, { timeout: 10_000 });
  } else {
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(notice(page, testInfo, "Budget Saved")).toBeVisible();
  }
}

test("income and a fixed expense change the spendable amount; it stays after a reload", async ({ page }, testInfo) => {
  await signUpWithCompleteProfile(page, newAccount("Bea"));
  await page.goto("/budget-panel");
  await expect(page.getByText("No income sources added yet")).toBeVisible();
  await expect(page.getByText("No fixed expenses added yet")).toBeVisible();

  await page.getByRole("button", { name: "+ New Income" }).click();
  const salary = page.getByTestId("income-line").last();
  await salary.getByLabel("Income source name").fill("Salary");
  await salary.getByLabel(/monthly amount$/).fill("4200");
  if (jsEnabled(testInfo)) await expect(page.getByTestId("spendable-amount")).toContainText("$4,200.00");
  await saveDetails(page, testInfo);
  // The autosave swapped the new line's temporary id for its real one without taking the focus away.
  if (jsEnabled(testInfo)) await expect(salary.getByLabel(/monthly amount$/)).toBeFocused();

  await page.getByRole("button", { name: "+ New Expense" }).click();
  const rent = page.getByTestId("expense-line").last();
  await rent.getByLabel("Fixed expense name").fill("Rent");
  await rent.getByLabel(/monthly amount$/).fill("1500");
  await saveDetails(page, testInfo);

  await page.reload();
  await expect(page.getByTestId("total-income")).toContainText("$4,200.00");
  await expect(page.getByTestId("fixed-expenses")).toContainText("$1,500.00");
  await expect(page.getByTestId("spendable-amount")).toContainText("$2,700.00");
  const api = await (await page.request.get("/api/budget")).json();
  expect(api).toMatchObject({ totalIncome: "4200.00", fixedExpenses: "1500.00", spendableAmount: "2700.00" });

  // The bill's bank sync panel opens from its button (a link without JavaScript) and closes again.
  await page.getByRole("link", { name: "Bank sync settings for Rent" }).click();
  const sync = page.getByRole("dialog", { name: "Bank sync for Rent" });
  await expect(sync.getByLabel("Amount tolerance (%)")).toHaveValue("5.00");
  await expect(sync.getByRole("switch", { name: "Enable bank sync matching" })).not.toBeChecked();
  await sync.getByRole(jsEnabled(testInfo) ? "button" : "link", { name: "Cancel" }).click();
  await expect(sync).toHaveCount(0);

  // Delete the fixed expense: spendable goes back up.
  await page.getByRole("button", { name: "Delete Rent" }).click();
  await saveDetails(page, testInfo);
  await page.reload();
  await expect(page.getByTestId("spendable-amount")).toContainText("$4,200.00");
});

test("add, edit, exclude/include, sort and delete an expense", async ({ page }, testInfo) => {
  await signUpWithCompleteProfile(page, newAccount("Eve"));
  await page.goto("/budget-panel");
  await expect(page.getByText("No expenses logged yet")).toBeVisible();
  await expect(page.getByText("Add an expense above or log expenses in the chat")).toBeVisible();

  const add = page.getByRole("form", { name: "Add expense" });
  // Missing fields: "Please fill in all fields".
  await add.getByLabel("Amount").fill("12");
  await add.getByRole("button", { name: "Add Expense" }).click();
  await expect(page.getByText("Please fill in all fields").first()).toBeVisible();

  for (const [amount, description, category] of [["12.50", "Bagels", "food"], ["80", "Concert tickets", "entertainment"]] as const) {
    await add.getByLabel("Amount").fill(amount);
    await add.getByLabel("Description").fill(description);
    await add.getByLabel("Category").selectOption(category);
    // JS: choosing the category last saves the row by itself; without JS the button posts it.
    if (!jsEnabled(testInfo)) await add.getByRole("button", { name: "Add Expense" }).click();
    await expect(page.getByTestId("expense-row").filter({ hasText: description })).toBeVisible();
  }
  await expect(page.getByTestId("transaction-count")).toHaveText("2");
  await expect(page.getByTestId("transaction-total")).toHaveText("$92.50");

  // Sort by amount, low to high.
  await page.getByLabel("Sort transactions").selectOption("amount-asc");
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Sort" }).click();
  await expect(page.getByTestId("expense-row").first()).toContainText("Bagels");
  await page.getByLabel("Sort transactions").selectOption("amount-desc");
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Sort" }).click();
  await expect(page.getByTestId("expense-row").first()).toContainText("Concert tickets");

  // Edit: amount and description.
  const bagels = page.getByTestId("expense-row").filter({ hasText: "Bagels" });
  await bagels.getByText("Edit", { exact: true }).click();
  await bagels.getByLabel("Description").fill("Bagels and coffee");
  await bagels.getByLabel("Amount").fill("15");
  await bagels.getByLabel("Amount").press("Enter");
  await expect(page.getByTestId("expense-row").filter({ hasText: "Bagels and coffee" })).toContainText("$15.00");
  await expect(page.getByTestId("transaction-total")).toHaveText("$95.00");

  // Exclude, then include again.
  const concert = page.getByTestId("expense-row").filter({ hasText: "Concert tickets" });
  await concert.getByRole("button", { name: /^Exclude Concert tickets/ }).click();
  await expect(concert).toContainText("Excluded from budget");
  await expect(page.getByTestId("transaction-total")).toHaveText("$15.00");
  expect((await (await page.request.get("/api/budget")).json()).spent).toBe("15.00");
  await concert.getByRole("button", { name: /^Include Concert tickets/ }).click();
  await expect(concert).not.toContainText("Excluded from budget");
  await expect(page.getByTestId("transaction-total")).toHaveText("$95.00");

  // Delete, with the spec's confirmation text.
  await concert.getByText("Delete", { exact: true }).click();
  await expect(concert.getByText("Are you sure you want to delete this expense?")).toBeVisible();
  await concert.getByRole("button", { name: "Delete expense" }).click();
  await expect(page.getByTestId("expense-row").filter({ hasText: "Concert tickets" })).toHaveCount(0);
  await expect(page.getByTestId("transaction-count")).toHaveText("1");
  const list = await (await page.request.get("/api/expenses")).json();
  expect(list.map((e: { description: string; amount: string }) => [e.description, e.amount])).toEqual([["Bagels and coffee", "15.00"]]);
});

test("a member sees the reset day but cannot change it; the owner can", async ({ browser }, testInfo) => {
  const ownerPage = await newPage(browser, testInfo);
  await signUpWithCompleteProfile(ownerPage, newAccount("Owen"));
  const member = newAccount("Mia");
  const invite = await ownerPage.request.post("/api/budget/invite", { data: { email: member.email, role: "member" } });
  expect(invite.status(), await invite.text()).toBe(201);
  const { invitation } = await invite.json();
  const memberPage = await newPage(browser, testInfo);
  await signUpWithCompleteProfile(memberPage, member);
  expect((await memberPage.request.post(`/api/budget/accept-invitation/${invitation.inviteToken}`)).status()).toBe(200);

  await memberPage.goto("/budget-panel");
  await expect(memberPage.getByLabel("Reset day")).toBeDisabled();
  await expect(memberPage.getByText("Only the budget owner can change the reset day.")).toBeVisible();
  // Income and fixed bills are the owner's too (issue 18 #15): the figures, read-only, without Save.
  await expect(memberPage.getByText("Only the budget owner can change income and fixed expenses.")).toBeVisible();
  await expect(memberPage.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
  await expect(memberPage.getByRole("button", { name: "+ New Income" })).toHaveCount(0);
  // Even a crafted call is refused.
  const refused = await memberPage.request.post("/api/budget/details", { data: { income: [], expenses: [], resetDay: 20 } });
  expect(refused.status()).toBe(403);

  await ownerPage.goto("/budget-panel");
  await ownerPage.getByLabel("Reset day").selectOption("15");
  await saveDetails(ownerPage, testInfo);
  await ownerPage.reload();
  await expect(ownerPage.getByLabel("Reset day")).toHaveValue("15");
  await memberPage.reload();
  await expect(memberPage.getByLabel("Reset day")).toHaveValue("15");
  await ownerPage.context().close();
  await memberPage.context().close();
});

test("@js-only another member's expense appears on an open budget page without a reload", async ({ browser }, testInfo) => {
  const ownerPage = await newPage(browser, testInfo);
  await signUpWithCompleteProfile(ownerPage, newAccount("Lena"));
  const member = newAccount("Theo");
  const { invitation } = await (await ownerPage.request.post("/api/budget/invite", { data: { email: member.email, role: "member" } })).json();
  const memberPage = await newPage(browser, testInfo);
  await signUpWithCompleteProfile(memberPage, member);
  expect((await memberPage.request.post(`/api/budget/accept-invitation/${invitation.inviteToken}`)).status()).toBe(200);

  const hello = new Promise<void>((resolve) => ownerPage.on("websocket", (ws) => ws.on("framereceived", () => resolve())));
  await ownerPage.goto("/budget-panel");
  await expect(ownerPage.getByText("No expenses logged yet")).toBeVisible();
  await hello;

  await memberPage.goto("/budget-panel");
  const add = memberPage.getByRole("form", { name: "Add expense" });
  await add.getByLabel("Amount").fill("42");
  await add.getByLabel("Description").fill("Pizza night");
  await add.getByLabel("Category").selectOption("dining");
  await expect(memberPage.getByTestId("expense-row").filter({ hasText: "Pizza night" })).toBeVisible();

  const row = ownerPage.getByTestId("expense-row").filter({ hasText: "Pizza night" });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`Added by ${member.firstName}`);
  await ownerPage.context().close();
  await memberPage.context().close();
});
