import { expect, test } from "./fixtures";
import { jsEnabled, newAccount, signInByForm, signUpWithCompleteProfile } from "./helpers";

// Security issue 5 in the browser: a malicious returnTo never takes a signed-in user off this site, and
// the Content-Security-Policy does not get in the way of the app's own scripts.

for (const payload of ["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/a/..//evil.example"]) {
  test(`sign-in with returnTo=${payload} ends on this site`, async ({ page, baseURL }) => {
    const account = await signUpWithCompleteProfile(page, newAccount("Rita"));
    // Signed out again, then signed in through the real form.
    await page.context().clearCookies();
    await page.goto(`/api/login?returnTo=${encodeURIComponent(payload)}`);
    await signInByForm(page, account.email, account.password);
    await expect(page.getByTestId("user-block")).toBeVisible();
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  });
}

test("the app's scripts run under the CSP @js-only", async ({ page }, testInfo) => {
  expect(jsEnabled(testInfo)).toBe(true);
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await signUpWithCompleteProfile(page, newAccount("Cora"));
  await page.goto("/");
  // Hydrated: client-side navigation works (no full reload needed to reach another screen).
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Settings\b/ }).click();
  await expect(page).toHaveURL(/\/settings$/);
  expect(violations).toEqual([]);
});

test("static files are served with X-Content-Type-Options: nosniff too (issue 18 #17)", async ({ page }) => {
  for (const path of ["/favicon.svg"]) {
    const res = await page.request.get(path);
    expect(res.status()).toBe(200);
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  }
});
