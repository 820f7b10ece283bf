import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";

export const PASSWORD = "correct-horse-battery";

/** The eight sidebar items of spec part 1 §2, in order, for a user who is not an admin. */
export const SIDEBAR_ITEMS = ["Chat", "Budget", "History", "Debt Management", "Transaction Upload", "Bank Connections", "New Features", "Settings"];

export function uniqueEmail(prefix = "e2e"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.test`;
}

export function jsEnabled(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled !== false;
}

/** Saves a screenshot of a main screen under test-results/screens/ (kept after the run). */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${testInfo.project.name}-${name}.png`, fullPage: true });
}

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function newAccount(firstName = "Ada"): Account {
  return { email: uniqueEmail(), password: PASSWORD, firstName, lastName: "Lovelace" };
}

/**
 * Creates an account with a complete profile through the real HTTP API (for tests whose subject is not
 * sign-up). page.request shares the browser context's cookies, so the page is signed in afterwards.
 */
export async function signUpWithCompleteProfile(page: Page, account: Account = newAccount()): Promise<Account> {
  const signUp = await page.request.post("/api/login", {
    data: { intent: "signup", email: account.email, password: account.password, firstName: account.firstName, lastName: account.lastName },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const profile = await page.request.post("/api/auth/complete-profile", {
    data: { firstName: account.firstName, lastName: account.lastName, phoneNumber: "+1 (555) 123-4567", smsOptInConsent: false },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return account;
}

/** The desktop sidebar's navigation landmark. */
export function mainNav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main" });
}

/** A sidebar link by its label (its accessible name also holds the description under it). */
export function navLink(page: Page, label: string): Locator {
  return mainNav(page).getByRole("link", { name: new RegExp(`^${label}\\b`) });
}

/** The signed-in shell: the "Main" navigation with the eight items and the user block. */
export async function expectSignedInShell(page: Page, account: Account): Promise<void> {
  await expect(mainNav(page)).toBeVisible();
  await expect(mainNav(page).getByRole("link")).toHaveText(SIDEBAR_ITEMS.map((label) => new RegExp(`^${label}`)));
  const userBlock = page.getByTestId("user-block");
  await expect(userBlock).toContainText(account.firstName);
  await expect(userBlock).toContainText(account.email);
}

/**
 * A notice from the server or the client: with JavaScript a Radix toast, without it the status line
 * the root layout renders from the flash cookie.
 */
export function toast(page: Page, title: string): Locator {
  return page.getByTestId("toast").filter({ hasText: title });
}

/**
 * Every toast's text, as the page adds it. A toast shown just before a redirect lives too briefly for a
 * polling check on a loaded machine; the page reports each one the moment it appears instead (the binding
 * and the init script outlive navigations). Call before the page that shows the toast is loaded.
 */
export async function recordToasts(page: Page): Promise<string[]> {
  const toasts: string[] = [];
  await page.exposeBinding("reportToast", (_source, text: string) => void toasts.push(text));
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid="toast"]')) {
        if (seen.has(el) || !el.textContent) continue;
        seen.add(el);
        (window as unknown as { reportToast: (text: string) => void }).reportToast(el.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return toasts;
}

export async function signInByForm(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}
