import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { jsEnabled, signUpWithCompleteProfile } from "./helpers";

// Issue 19 §2, JavaScript on and off: an ambiguous message is answered with a question whose quick
// replies are real form buttons; nothing is logged until one is chosen, and the choice logs once.

async function sendText(page: Page, text: string, js: boolean) {
  const input = page.getByPlaceholder("Type expense or question...");
  await input.fill(text);
  if (js) await input.press("Enter");
  else await page.getByRole("button", { name: "Send" }).click();
}

test("latte 575 asks $5.75 or $575; tapping $5.75 logs one receipt", async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo);
  await signUpWithCompleteProfile(page);
  await page.goto("/");
  if (!js) await page.getByRole("button", { name: "Start conversation" }).click();
  await page.getByTestId("setup-card").getByRole("button", { name: "Continue with Chat" }).click();
  const list = page.getByTestId("message-list");
  await expect(list.locator('[data-sender="bot"]').last()).toContainText("how much comes in each month");
  await sendText(page, "I make 3,000 a month", js);
  await expect(page.getByTestId("budget-header")).toContainText("$3,000.00 left");
  await sendText(page, "done", js);
  await expect(list.locator('[data-sender="bot"]').last()).toContainText("Your budget is set");

  await sendText(page, "latte 575", js);
  const replies = page.getByTestId("quick-replies");
  await expect(replies).toBeVisible();
  await expect(list.locator('[data-sender="bot"]').last()).toContainText("$5.75 or $575");
  await expect(page.getByTestId("receipt")).toHaveCount(0);
  await expect(page.getByTestId("budget-header")).toContainText("$3,000.00 left");

  await replies.getByRole("button", { name: "$5.75" }).click();
  await expect(page.getByTestId("receipt")).toHaveCount(1);
  await expect(page.getByTestId("receipt").last()).toContainText("$5.75");
  await expect(page.getByTestId("budget-header")).toContainText("$2,994.25 left");
  // Answered: the buttons are gone (the newest message is the receipt).
  await expect(page.getByTestId("quick-replies")).toHaveCount(0);
});
