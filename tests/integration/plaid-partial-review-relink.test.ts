import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BANK_TEXT } from "../../app/domain/bank";
import { api, apiJson, CookieJar, htmlText } from "./helpers/http";
import { installPlaidDouble } from "./helpers/plaid";
import { signUp, type SignedInUser } from "./helpers/users";
import { LOGIN_REQUIRED, plaidError, shiftDay, type PlaidDouble } from "../plaid-double/double.ts";

// Bank sync, issue 20's later items: a sync that stops part way ("partial"), autoImport false, a bank
// unlinked and linked again (new transaction ids for the same purchases), and the bounded work per sync.

const today = () => new Date().toISOString().slice(0, 10);

async function linkTestBank(user: SignedInUser) {
  const res = await apiJson("/api/plaid/sandbox-link", { method: "POST", cookie: user.cookie, json: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { accountsAdded: number; alreadyLinked: boolean; sync: { transactionsImported: number; transactionsSkipped: number } | null };
}

const syncNow = (user: SignedInUser) => apiJson("/api/plaid/sync-and-import", { method: "POST", cookie: user.cookie, json: {} });

async function count(sql: string, ...binds: unknown[]): Promise<number> {
  return (await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n;
}

const cursorOf = async (budgetId: string) => (await env.DB.prepare("SELECT cursor FROM plaid_items WHERE budget_id = ? AND status <> 'removed'").bind(budgetId).first<{ cursor: string }>())!.cursor;

/** `n` purchases on the card, spread over the last 20 days. */
function addPurchases(double: PlaidDouble, n: number, prefix = "bulk") {
  const card = double.accountId("3333");
  double.addTransactions(Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i}`, account: card, date: shiftDay(today(), -(i % 20)), amount: 1 + (i % 50), name: `SHOP ${i}`, merchant: `Shop ${i % 30}` })));
}

describe("a sync that stops part way (partial)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("pages applied before Plaid fails stay, the history says partial with their counts, the cursor does not move; the next sync finishes without duplicates", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Partial");
    await linkTestBank(user);
    const cursorBefore = await cursorOf(user.budgetId);
    addPurchases(double, 2_600);
    // Five pages of 500 are answered (one part of 2,500 applied), the sixth fails.
    double.failAfterPages(5, plaidError(500, "API_ERROR", "INTERNAL_SERVER_ERROR", "an unexpected error occurred"));
    const res = await syncNow(user);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("partial");
    expect(res.body.message).toMatch(/^Sync incomplete: 2,?500 transactions imported before an error\. Failed to sync accounts \(INTERNAL_SERVER_ERROR\)\.$/);
    expect(res.body.transactionsImported).toBe(2_500);
    expect(await count("SELECT count(*) AS n FROM expenses WHERE budget_id = ? AND external_id LIKE 'plaid:bulk-%'", user.budgetId)).toBe(2_500);
    expect(await cursorOf(user.budgetId)).toBe(cursorBefore);
    const history = await apiJson("/api/plaid/sync-history", { cookie: user.cookie });
    expect(history.body[0]).toMatchObject({ syncType: "manual", status: "partial", transactionsImported: 2_500, errorMessage: res.body.message });
    expect(history.body[0].dateRange.start).toBe(shiftDay(today(), -19));
    // The Item is not broken by a Plaid outage: still active.
    const accounts = await apiJson("/api/plaid/accounts", { cookie: user.cookie });
    expect(accounts.body.map((a: { status: string }) => a.status)).toEqual(["active", "active", "active"]);

    const again = await syncNow(user);
    expect(again.body).toMatchObject({ status: "success", transactionsImported: 100 });
    expect(await count("SELECT count(*) AS n FROM expenses WHERE budget_id = ? AND external_id LIKE 'plaid:bulk-%'", user.budgetId)).toBe(2_600);
    expect(await count("SELECT count(*) AS n FROM (SELECT external_id FROM expenses WHERE budget_id = ? AND source = 'bank' GROUP BY external_id HAVING count(*) > 1)", user.budgetId)).toBe(0);
    expect((await apiJson("/api/plaid/sync-history", { cookie: user.cookie })).body[0]).toMatchObject({ status: "success", errorMessage: null });
  });

  it("login required in the middle of an update: the 4xx to reconnect, a partial event, accounts show it", async () => {
    const double = installPlaidDouble();
    const user = await signUp("PartialLogin");
    await linkTestBank(user);
    addPurchases(double, 2_600);
    double.failAfterPages(5, LOGIN_REQUIRED());
    const res = await syncNow(user);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BANK_TEXT.loginRequired);
    const history = await apiJson("/api/plaid/sync-history", { cookie: user.cookie });
    expect(history.body[0]).toMatchObject({ status: "partial", transactionsImported: 2_500 });
    expect(history.body[0].errorMessage).toContain(BANK_TEXT.loginRequired);
    const accounts = await apiJson("/api/plaid/accounts", { cookie: user.cookie });
    expect(accounts.body.map((a: { status: string }) => a.status)).toEqual(["login_required", "login_required", "login_required"]);
  });

  it("the bank page without JavaScript says 'Sync Incomplete', not 'Sync Complete'", async () => {
    const double = installPlaidDouble();
    const user = await signUp("PartialPage");
    // The page routes show the signed-in screens once the profile is complete.
    expect((await apiJson("/api/auth/complete-profile", { method: "POST", cookie: user.cookie, json: { firstName: "Pat", lastName: "Page", phoneNumber: "+15551234567" } })).status).toBe(200);
    await linkTestBank(user);
    addPurchases(double, 2_600);
    double.failAfterPages(5, plaidError(500, "API_ERROR", "INTERNAL_SERVER_ERROR", "an unexpected error occurred"));
    const jar = new CookieJar();
    for (const pair of user.cookie.split("; ")) jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    const res = await api("/bank-connections", { method: "POST", cookie: jar, form: { intent: "sync-now" } });
    expect(res.status).toBe(303);
    jar.update(res);
    const page = await api(res.headers.get("Location")!, { cookie: jar });
    const html = htmlText(await page.text());
    expect(page.status).toBe(200);
    expect(html).toContain("Sync Incomplete");
    expect(html).toContain("Sync incomplete: 2500 transactions imported before an error.");
    expect(html).not.toContain("Sync Complete");
    // The Sync History tab shows the event as Partial, with what came in and why it stopped.
    const tab = htmlText(await (await api("/bank-connections?tab=history", { cookie: jar })).text());
    expect(tab).toMatch(/Manual sync.*?Partial.*?2500 imported · \d+ skipped/s);
    expect(tab).toContain("Failed to sync accounts (INTERNAL_SERVER_ERROR).");
  });
});

describe("autoImport: false", () => {
  afterEach(() => vi.restoreAllMocks());

  it("stores the update's spending for review (not expenses), still matches bills and hand-logged expenses, and a later sync does not import it", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Review");
    await linkTestBank(user);
    const line = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, position, created_at, updated_at, bank_sync_enabled, matching_merchants) VALUES (?, ?, 'expense', 'Gym', 2500, 'other', 5, 0, 0, 1, '[\"Fitness\"]')").bind(line, user.budgetId).run();
    const logged = await apiJson("/api/expenses", { method: "POST", cookie: user.cookie, json: { amount: "12.34", description: "lunch", categoryId: "dining" } });
    expect(logged.status).toBe(201);
    const before = await count("SELECT count(*) AS n FROM expenses WHERE budget_id = ? AND source = 'bank'", user.budgetId);
    const card = double.accountId("3333");
    double.addTransactions([
      { id: "rv-books", account: card, date: today(), amount: 19.99, name: "BOOKSHOP 12", merchant: "Bookshop" },
      { id: "rv-gym", account: card, date: today(), amount: 25, name: "CITY FITNESS", merchant: "City Fitness" },
      { id: "rv-lunch", account: card, date: today(), amount: 12.34, name: "CAFE ROMA", merchant: "Cafe Roma" },
    ]);
    const res = await apiJson("/api/plaid/sync-transactions", { method: "POST", cookie: user.cookie, json: { days: 7, autoImport: false } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ transactionsImported: 0, billsMatched: 1, transactionsForReview: 1, status: "success" });
    expect(res.body.message).toContain("1 transaction kept for review (not imported)");
    expect(await count("SELECT count(*) AS n FROM expenses WHERE budget_id = ? AND source = 'bank'", user.budgetId)).toBe(before);
    const rows = await env.DB.prepare("SELECT transaction_id AS id, disposition, imported_expense_id AS e FROM bank_transactions WHERE budget_id = ? AND transaction_id LIKE 'rv-%' ORDER BY transaction_id").bind(user.budgetId).all();
    expect(rows.results).toEqual([
      { id: "rv-books", disposition: "review", e: null },
      { id: "rv-gym", disposition: "bill", e: null },
      { id: "rv-lunch", disposition: "reconciled", e: logged.body.id },
    ]);
    // Kept for review stays so: a later sync with autoImport on, even after Plaid modifies it, adds no expense.
    double.modifyTransaction("rv-books", { amount: 21.5 });
    const later = await syncNow(user);
    expect(later.body.transactionsImported).toBe(0);
    expect(await count("SELECT count(*) AS n FROM expenses WHERE budget_id = ? AND external_id = 'plaid:rv-books'", user.budgetId)).toBe(0);
    // It is there for matching: the merchant box suggests it.
    const suggestions = await apiJson("/api/plaid/merchant-suggestions?query=books", { cookie: user.cookie });
    expect(suggestions.body).toContain("Bookshop");
  });

  it("autoImport on (the default) imports as before", async () => {
    const double = installPlaidDouble();
    const user = await signUp("NoReview");
    await linkTestBank(user);
    double.addTransactions([{ id: "ai-books", account: double.accountId("3333"), date: today(), amount: 19.99, name: "BOOKSHOP 12", merchant: "Bookshop" }]);
    const res = await apiJson("/api/plaid/sync-transactions", { method: "POST", cookie: user.cookie, json: { days: 7 } });
    expect(res.body).toMatchObject({ transactionsImported: 1, transactionsForReview: 0 });
  });
});

describe("a bank unlinked and linked again", () => {
  afterEach(() => vi.restoreAllMocks());

  it("imports nothing twice: Plaid's new ids for the same purchases take over the old expenses; a new purchase is imported", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Relink");
    const first = await linkTestBank(user);
    expect(first.sync?.transactionsImported).toBe(6);
    const before = await env.DB.prepare("SELECT id, description, amount_cents AS cents, date, external_id AS ext FROM expenses WHERE budget_id = ? AND source = 'bank' ORDER BY description").bind(user.budgetId).all<{ id: string; description: string; cents: number; date: string; ext: string }>();
    expect(before.results).toHaveLength(6);
    // Unlink: remove every account (the Item goes at Plaid); the expenses stay as history.
    const accounts = (await apiJson("/api/plaid/accounts", { cookie: user.cookie })).body as Array<{ id: string }>;
    for (const a of accounts) expect((await api(`/api/plaid/accounts/${a.id}`, { method: "DELETE", cookie: user.cookie })).status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM expenses WHERE budget_id = ? AND source = 'bank'", user.budgetId)).toBe(6);

    // Link again: the double's new Item has the same accounts (masks) and purchases under new ids.
    const second = await linkTestBank(user);
    expect(second).toMatchObject({ alreadyLinked: false, accountsAdded: 3 });
    expect(second.sync?.transactionsImported).toBe(0);
    const after = await env.DB.prepare("SELECT id, description, amount_cents AS cents, date, external_id AS ext FROM expenses WHERE budget_id = ? AND source = 'bank' ORDER BY description").bind(user.budgetId).all<{ id: string; description: string; cents: number; date: string; ext: string }>();
    expect(after.results.map((e) => [e.id, e.description, e.cents, e.date])).toEqual(before.results.map((e) => [e.id, e.description, e.cents, e.date]));
    // Each expense now follows the new transaction id (rule 5 from here on: modified/removed by the new id).
    const newItem = double.item();
    const newIds = new Set([...double.currentTransactions(newItem).keys()].map((id) => `plaid:${id}`));
    for (const e of after.results) expect(newIds.has(e.ext), e.ext).toBe(true);
    expect(await count("SELECT count(*) AS n FROM bank_transactions WHERE budget_id = ? AND transaction_id LIKE '%-1'", user.budgetId)).toBe(0);

    const rent = [...double.currentTransactions(newItem).values()].find((t) => t.name === "OAKWOOD APTS RENT")!;
    double.modifyTransaction(rent.transaction_id, { amount: 1525 });
    double.addTransactions([{ id: "after-relink", account: double.accountId("3333"), date: today(), amount: 7.5, name: "BAKERY 9", merchant: "Bakery" }]);
    const sync = await syncNow(user);
    expect(sync.body.transactionsImported).toBe(1);
    const rows = await env.DB.prepare("SELECT description, amount_cents AS cents FROM expenses WHERE budget_id = ? AND source = 'bank' AND description IN ('Oakwood Apartments', 'Bakery') ORDER BY description").bind(user.budgetId).all();
    expect(rows.results).toEqual([{ description: "Bakery", cents: 750 }, { description: "Oakwood Apartments", cents: 152_500 }]);
  });

  it("a purchase on an account still linked is never taken for a re-link: two alike purchases are two", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Alike");
    await linkTestBank(user);
    const card = double.accountId("3333");
    double.addTransactions([{ id: "alike-1", account: card, date: today(), amount: 4.5, name: "TEA HOUSE", merchant: "Tea House" }]);
    await syncNow(user);
    double.addTransactions([{ id: "alike-2", account: card, date: today(), amount: 4.5, name: "TEA HOUSE", merchant: "Tea House" }]);
    await syncNow(user);
    expect(await count("SELECT count(*) AS n FROM expenses WHERE budget_id = ? AND description = 'Tea House'", user.budgetId)).toBe(2);
  });
});
