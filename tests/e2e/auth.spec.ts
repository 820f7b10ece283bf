import { expect, test } from "./fixtures";
import { expectSignedInShell, jsEnabled, mainNav, navLink, newAccount, screenshot, signInByForm, signUpWithCompleteProfile, toast } from "./helpers";

// Sign-up, profile completion, sign-out and sign-in through the real pages (spec part 1 §2, part 2 §5),
// once with JavaScript and once without (projects "js" and "no-js").

test("landing → Get Started → create account → complete profile → signed-in shell", async ({ page }, testInfo) => {
  const js = jsEnabled(testInfo);
  const account = newAccount("Grace");

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Hearth Budget" })).toBeVisible();
  await expect(page.getByRole("listitem")).toHaveCount(4);
  await screenshot(page, testInfo, "landing");
  await page.getByRole("link", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/api\/login(\?|$)/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

  await page.getByRole("navigation", { name: "Sign-in options" }).getByRole("link", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await page.getByLabel("First name").fill(account.firstName);
  await page.getByLabel("Last name").fill(account.lastName);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();

  // A new account has no phone number yet: only the profile-completion screen, no navigation at all.
  await expect(page.getByRole("heading", { name: "Complete Your Profile" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/");
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await expect(page.getByTestId("bottom-bar")).toHaveCount(0);
  await expect(page.getByLabel("First name")).toHaveValue(account.firstName);
  await expect(page.getByLabel("Last name")).toHaveValue(account.lastName);
  await expect(page.getByRole("checkbox", { name: /text message/ })).not.toBeChecked();
  await screenshot(page, testInfo, "complete-profile");

  const phone = page.getByLabel("Cell phone number");
  await phone.fill("0123");
  await page.getByRole("button", { name: "Complete Profile" }).click();
  await expect(page.getByLabel("Cell phone number")).toHaveAccessibleDescription("Please enter a valid cell phone number");
  await expect(page.getByLabel("Cell phone number")).toHaveAttribute("aria-invalid", "true");
  // Nothing typed is lost, with or without JavaScript.
  await expect(page.getByLabel("Cell phone number")).toHaveValue("0123");
  if (js) await expect(toast(page, "Invalid phone number")).toContainText("Please enter a valid cell phone number");

  await page.getByLabel("First name").fill("");
  await page.getByLabel("Cell phone number").fill("+1 (555) 123-4567");
  await page.getByRole("button", { name: "Complete Profile" }).click();
  await expect(page.getByLabel("First name")).toHaveAccessibleDescription("Please enter your first name");
  await expect(page.getByLabel("Cell phone number")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Cell phone number")).toHaveValue("+1 (555) 123-4567");
  await expect(page.getByLabel("Last name")).toHaveValue(account.lastName);
  if (js) await expect(toast(page, "Required field missing")).toContainText("Please enter your first name");
  await expect(page.getByRole("navigation")).toHaveCount(0);

  await page.getByLabel("First name").fill(account.firstName);
  await page.getByRole("button", { name: "Complete Profile" }).click();

  await expectSignedInShell(page, account);
  expect(new URL(page.url()).pathname).toBe("/");
  await expect(navLink(page, "Chat")).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Complete Your Profile" })).toHaveCount(0);
  if (js) await expect(toast(page, "Profile completed!")).toBeVisible();
  else await expect(page.getByRole("status").filter({ hasText: "Profile completed!" })).toBeVisible();
  await screenshot(page, testInfo, "shell");

  // The profile is stored: a fresh load shows the shell again, and the notice was shown only once.
  await page.reload();
  await expectSignedInShell(page, account);
  await expect(page.getByText("Profile completed!")).toHaveCount(0);
});

test("sign out by navigating to /api/logout", async ({ page }) => {
  const account = await signUpWithCompleteProfile(page);
  await page.goto("/");
  await expectSignedInShell(page, account);

  await page.goto("/api/logout");
  expect(new URL(page.url()).pathname).toBe("/");
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
  await expect(mainNav(page)).toHaveCount(0);

  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(401);
});

test("sign in again with the same account; a wrong password is refused", async ({ page, context }) => {
  const account = await signUpWithCompleteProfile(page, newAccount("Katherine"));
  await context.clearCookies();

  await page.goto("/api/login");
  await signInByForm(page, account.email, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("Incorrect e-mail or password.");
  await expect(page.getByLabel("E-mail")).toHaveValue(account.email);
  await expect(mainNav(page)).toHaveCount(0);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);

  await signInByForm(page, account.email, account.password);
  await expectSignedInShell(page, account);
  expect(new URL(page.url()).pathname).toBe("/");
  expect((await page.request.get("/api/auth/user")).status()).toBe(200);
});

test("a signed-in page while signed out goes to sign-in and back to that page", async ({ page, context }) => {
  const account = await signUpWithCompleteProfile(page, newAccount("Dorothy"));
  await context.clearCookies();

  await page.goto("/settings");
  await expect(page).toHaveURL(/\/api\/login\?returnTo=%2Fsettings$/);
  await signInByForm(page, account.email, account.password);

  await expect(page).toHaveURL(/\/settings$/);
  await expectSignedInShell(page, account);
  await expect(navLink(page, "Settings")).toHaveAttribute("aria-current", "page");
});
