import { expect, test } from "./fixtures";
import { newAccount, signUpWithCompleteProfile } from "./helpers";

// The live socket says "changed" once per write, so a quick run of writes is a burst of them. Each asks the
// page to reload its data; a reload started while another is loading makes the router cancel that one, which
// logged "AbortError: signal is aborted without reason" (react-router #14203; it failed a CI run of the chat
// journey). The page now reloads one request at a time (app/lib/revalidation-gate.ts), and the last reload
// still shows every write.

/** The page's data loads (single fetch): `/_root.data`, `/budget-panel.data?_routes=…`. */
const isDataLoad = (url: URL) => /\.data$/.test(url.pathname);

test("@js-only a burst of live changes reloads the page's data one request at a time, and shows them all", async ({ page }) => {
  // Every data load the router cancels (it aborts the load's signal), as the page sees it. The network's own
  // "failed" events are no measure: a load whose answer was read to the end can be reported ERR_ABORTED too.
  await page.addInitScript(() => {
    const cancelled: string[] = [];
    Object.assign(window, { __cancelledLoads: cancelled });
    const fetch = window.fetch;
    window.fetch = (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (/\.data(\?|$)/.test(url)) init?.signal?.addEventListener("abort", () => cancelled.push(url));
      return fetch(input, init);
    };
  });
  await signUpWithCompleteProfile(page, newAccount("Bea"));
  const hello = new Promise<void>((resolve) => page.on("websocket", (ws) => ws.on("framereceived", () => resolve())));
  await page.goto("/budget-panel");
  await expect(page.getByText("No expenses logged yet")).toBeVisible();
  await hello;

  // Slow answers, so the later "changed" of the burst arrive while a reload is still loading.
  let loads = 0;
  await page.route(isDataLoad, async (route) => {
    loads += 1;
    await new Promise((resolve) => setTimeout(resolve, 600));
    // The page may have cancelled it meanwhile (the failure this test is about): then there is nothing to send.
    await route.continue().catch(() => undefined);
  });

  const add = async (description: string) => {
    const res = await page.request.post("/api/expenses", { data: { amount: "12.00", description, categoryId: "food" } });
    expect(res.status(), await res.text()).toBe(201);
  };
  // Two writes at once, then two more while the reload they caused is still loading.
  await Promise.all([add("Bagels"), add("Coffee")]);
  await expect.poll(() => loads).toBeGreaterThan(0);
  await Promise.all([add("Tacos"), add("Pizza")]);
  for (const name of ["Bagels", "Coffee", "Tacos", "Pizza"]) await expect(page.getByTestId("expense-row").filter({ hasText: name })).toBeVisible({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { __cancelledLoads: string[] }).__cancelledLoads)).toEqual([]);
  // Four writes, fewer reloads: a burst is folded into one.
  expect(loads).toBeLessThan(4);
});
