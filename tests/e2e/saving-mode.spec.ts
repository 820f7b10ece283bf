import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { jsEnabled, newAccount, signUpWithCompleteProfile, toast } from "./helpers";

// Issue 22 #10: in Saving mode every sentence stays true. What is saved is what is left (the header, Left
// to Spend, the spendable amount, "$X left"); money spent is still spent ("spent", "spending" stay); and
// "left" in its other senses ("transfers are left out") is never turned into "saved". This walks a whole
// budget in Saving mode — chat replies (written before and after the switch), the budget page, debts,
// history, the expense history and its CSV export, settings, upload, bank — and fails on a wrong word.

/** Spending-mode words for what is left, and saving words put where they are untrue. */
const WRONG_IN_SAVING: Array<[string, RegExp]> = [
  ["Left to Spend", /\bleft[ -]to[ -]spend\b/i],
  ["spendable", /\bspendable\b/i],
  ["an amount left or remaining", /\$\s?[\d,]+(?:\.\d+)?\)?\s+(?:left|remaining)\b/i],
  ["a question about what is left", /\b(?:is|what's|much)\s+left\b/i],
  ["remaining this month", /\bremaining\s+this\s+(?:month|period)\b/i],
  ["spent money called saved", /\b(?:you've|you have|we've|you)\s+saved\s+\$[\d,]+(?:\.\d+)?\s+(?:of|on)\b|\$[\d,]+(?:\.\d+)?\s+saved\s+this\s+cycle|\btotal\s+saved\b|\bsaving\s+by\s+category\b/i],
  ["another sense of left made saved", /\bsaved\s+(?:out|unselected|alone|the budget)\b/i],
  ["the period said twice", /\bsaved this month each (?:month|day)\b/i],
];

/** Settings explains the switch itself, quoting both wordings on purpose. */
const EXPLANATION = 'Saving turns "Left to Spend" into "Saved this Month" and changes the wording everywhere.';

function wrongWords(where: string, text: string): string[] {
  const clean = text.replace(EXPLANATION, "");
  return WRONG_IN_SAVING.filter(([, re]) => re.test(clean)).map(([name, re]) => `${where}: ${name} in "${clean.match(re)?.[0]}" — …${clean.slice(Math.max(0, (clean.match(re)?.index ?? 0) - 80), (clean.match(re)?.index ?? 0) + 80)}…`);
}

async function screenText(page: Page, path: string): Promise<string> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  await page.waitForLoadState("networkidle");
  return page.locator("body").innerText();
}

async function say(page: Page, conversationId: string, content: string): Promise<string[]> {
  const res = await page.request.post("/api/messages", { data: { conversationId, content } });
  expect(res.status(), await res.text()).toBe(200);
  const { messages } = (await res.json()) as { messages: Array<{ sender: string; content: string }> };
  return messages.filter((m) => m.sender === "bot").map((m) => m.content);
}

async function switchToSaving(page: Page, testInfo: TestInfo) {
  await page.goto("/settings");
  await page.getByRole("button", { name: "Saving" }).click();
  if (!jsEnabled(testInfo)) await expect(page.getByRole("status").filter({ hasText: "Preference Updated" })).toBeVisible();
  else await expect(toast(page, "Preference Updated")).toBeVisible();
  await expect(page.getByRole("button", { name: "Saving" })).toHaveAttribute("aria-pressed", "true");
}

test("Saving mode: every screen, chat reply and export reads true, with no spending word for what is left", async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await signUpWithCompleteProfile(page, newAccount("Sage"));
  const conversation = await (await page.request.post("/api/conversation", { data: {} })).json();
  // Set up in chat while still in Spending: these replies are stored in spending words.
  for (const content of ["I want to continue with the guided chat approach", "I make 4,200 a month", "rent 1500", "done", "groceries $80", "how much is left?"]) {
    await say(page, conversation.id, content);
  }
  expect((await page.request.post("/api/debts", { data: { name: "Visa", type: "credit_card", currentBalance: "2000", interestRate: 0.2499, minimumPayment: "60", paymentDueDate: 15 } })).status()).toBe(201);

  await switchToSaving(page, testInfo);

  const problems: string[] = [];
  // Replies written in Saving mode, one per kind of answer the assistant gives about money and features.
  for (const content of [
    "how much is left?",
    "what's my daily limit?",
    "how much did I spend this month?",
    "can I afford $50?",
    "can I afford $9000?",
    "coffee $4.50",
    "dinner out $900",
    "what's our top category?",
    "help",
    "how do I connect my bank account?",
    "how do I share my budget with my wife?",
    "how do I change my income on the budget page?",
    "what can I ask?",
    "I'm thinking of buying a $300 jacket next week",
    "no spend today",
  ]) {
    for (const reply of await say(page, conversation.id, content)) problems.push(...wrongWords(`reply to "${content}"`, reply));
  }

  // The chat as shown: every reply, including those written before the switch, and the header (the
  // user's own words are theirs).
  await screenText(page, "/");
  for (const bubble of await page.locator('li[data-sender="bot"]').allInnerTexts()) problems.push(...wrongWords("/ (a reply)", bubble));
  problems.push(...wrongWords("/ (header)", await page.getByTestId("budget-header").innerText()));
  await expect(page.getByTestId("budget-header")).toContainText(/\$[\d,]+\.\d\d saved/);
  await expect(page.locator("#main")).toContainText("Saved this Month:");

  const screens = ["/budget-panel", "/history", "/expense-history", "/debt-management?tab=overview", "/debt-management?tab=debts", "/debt-management?tab=strategies", "/debt-management?tab=calculator", "/transaction-upload", "/bank-connections", "/new-features", "/settings"];
  for (const path of screens) problems.push(...wrongWords(path, await screenText(page, path)));

  // The figures that are left read as saved where they are shown.
  await page.goto("/budget-panel");
  await expect(page.getByTestId("spendable-amount")).toContainText("Saveable Amount");
  await page.goto("/debt-management?tab=overview");
  await expect(page.getByText("Saved each month after debt payments")).toBeVisible();
  await expect(page.getByTestId("impact-header-left")).toContainText("Not the chat header's Saved this Month");

  // Exports: the CSV's header row and the JSON's keys say nothing untrue either.
  await page.goto("/expense-history");
  const csvHref = await page.locator('a[href*="format=csv"]').getAttribute("href");
  const csv = await page.request.get(csvHref ?? "");
  expect(csv.status(), await csv.text()).toBe(200);
  const [header] = (await csv.text()).split("\r\n");
  expect(header).toBe("Date,Description,Category,Amount,Original Input");
  problems.push(...wrongWords("CSV header", header));

  expect(problems, problems.join("\n")).toEqual([]);
});
