import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BANK_TEXT } from "../../app/domain/bank";
import { apiJson } from "./helpers/http";
import { installPlaidDouble } from "./helpers/plaid";
import { signUp, type SignedInUser } from "./helpers/users";
import { LOGIN_REQUIRED, shiftDay, type PlaidDouble } from "../plaid-double/double.ts";

// Bank sync end to end inside workerd (issue 20): the real routes, BudgetRoom and D1, with Plaid answered
// by the test double at the fetch layer. Each test names the rule or protocol point it checks.

const today = () => new Date().toISOString().slice(0, 10);

async function linkTestBank(user: SignedInUser) {
  const res = await apiJson("/api/plaid/sandbox-link", { method: "POST", cookie: user.cookie, json: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { message: string; accountsAdded: number; alreadyLinked: boolean; sync: { transactionsImported: number; transactionsSkipped: number; billsMatched: number } | null };
}

async function bankExpenses(budgetId: string) {
  const { results } = await env.DB.prepare("SELECT id, description, amount_cents AS cents, category_id AS category, external_id AS ext, budget_month AS month, archived_at AS archived, date FROM expenses WHERE budget_id = ? AND source = 'bank' ORDER BY description").bind(budgetId).all<{ id: string; description: string; cents: number; category: string; ext: string; month: string | null; archived: number | null; date: string }>();
  return results;
}

async function syncNow(user: SignedInUser) {
  return apiJson("/api/plaid/sync-and-import", { method: "POST", cookie: user.cookie, json: {} });
}

async function addBill(user: SignedInUser, label: string, amountCents: number): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, position, created_at, updated_at) VALUES (?, ?, 'expense', ?, ?, 'subscriptions', 5, 0, 0)").bind(id, user.budgetId, label, amountCents).run();
  return id;
}

describe("linking and the first sync", () => {
  afterEach(() => vi.restoreAllMocks());

  it("links the sandbox bank, stores accounts from /accounts/get, and imports by the rules (1, 2, 3, 7, categories)", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Linker");
    const linked = await linkTestBank(user);
    expect(linked).toMatchObject({ message: "Success!", accountsAdded: 3, alreadyLinked: false });
    expect(double.calls.map((c) => c.path)).toEqual(["/sandbox/public_token/create", "/item/public_token/exchange", "/accounts/get", "/transactions/sync"]);

    const accounts = await apiJson("/api/plaid/accounts", { cookie: user.cookie });
    expect(accounts.status).toBe(200);
    expect(accounts.body).toHaveLength(3);
    expect(accounts.body.find((a: { mask: string }) => a.mask === "0000")).toMatchObject({ name: "Plaid Checking", officialName: "Plaid Gold Standard 0% Interest Checking", institutionName: "First Platypus Bank", type: "depository", subtype: "checking", balance: { current: "2410.55", available: "2310.55" }, status: "active", canRemove: true });
    // The token never leaves the server (nor does it sit in D1 in clear).
    const item = double.item();
    expect(JSON.stringify(accounts.body)).not.toContain(item.accessToken);
    expect(JSON.stringify(linked)).not.toContain(item.accessToken);
    const stored = await env.DB.prepare("SELECT access_token_encrypted AS t FROM plaid_items WHERE budget_id = ?").bind(user.budgetId).first<{ t: string }>();
    expect(stored!.t).not.toContain("access-sandbox");

    const rows = await bankExpenses(user.budgetId);
    // Rule 1: payroll, interest and the refund are not spending. Rule 2: the card payment and the savings
    // transfer (both legs) are not. Rule 3: the pending coffee is not. Rent and Netflix have no bank-sync line: spending.
    expect(rows.map((r) => r.description).sort()).toEqual(["Netflix", "Oakwood Apartments", "Olive Garden", "Shell", "Uber", "Whole Foods Market"]);
    expect(Object.fromEntries(rows.map((r) => [r.description, r.category]))).toMatchObject({ "Whole Foods Market": "food", "Olive Garden": "dining", Uber: "transport", Netflix: "entertainment", Shell: "transport", "Oakwood Apartments": "utilities" });
    // Rule 7: the purchase 45 days back went into history under its own month, not this period.
    const shell = rows.find((r) => r.description === "Shell")!;
    expect(shell.month).toBe(shiftDay(today(), -45).slice(0, 7));
    expect(shell.archived).not.toBeNull();
    const current = await apiJson("/api/expenses", { cookie: user.cookie });
    expect((current.body as Array<{ description: string }>).map((e) => e.description)).not.toContain("Shell");
    expect(linked.sync).toMatchObject({ transactionsImported: 6, billsMatched: 0 });
    const pending = await env.DB.prepare("SELECT disposition FROM bank_transactions WHERE budget_id = ? AND pending = 1").bind(user.budgetId).all<{ disposition: string }>();
    expect(pending.results.map((r) => r.disposition)).toEqual(["pending"]);

    const history = await apiJson("/api/plaid/sync-history", { cookie: user.cookie });
    expect(history.body[0]).toMatchObject({ syncType: "manual", status: "success", transactionsImported: 6, transactionsSkipped: 8, errorMessage: null });
    expect(history.body[0].dateRange.start).toBe(shiftDay(today(), -45));
  });

  it("rule 5: syncing again, by either endpoint, adds nothing; one expense per transaction id", async () => {
    installPlaidDouble();
    const user = await signUp("Again");
    await linkTestBank(user);
    const before = await bankExpenses(user.budgetId);
    const a = await syncNow(user);
    const b = await apiJson("/api/plaid/sync-transactions", { method: "POST", cookie: user.cookie, json: { days: 7, autoImport: true } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body).toMatchObject({ transactionsImported: 0, billsMatched: 0 });
    expect(b.body).toMatchObject({ transactionsImported: 0 });
    expect(await bankExpenses(user.budgetId)).toEqual(before);
  });

  it("linking the same bank again adds no second set of accounts and removes the new Item at Plaid", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Twice");
    await linkTestBank(user);
    const second = await linkTestBank(user);
    expect(second).toMatchObject({ alreadyLinked: true, accountsAdded: 0 });
    expect(double.calls.filter((c) => c.path === "/item/remove")).toHaveLength(1);
    expect([...double.items.values()].filter((i) => !i.removed)).toHaveLength(1);
    const accounts = await apiJson("/api/plaid/accounts", { cookie: user.cookie });
    expect(accounts.body).toHaveLength(3);
    expect(await bankExpenses(user.budgetId)).toHaveLength(6);
  });

  it("an empty first answer (not ready) is a success with nothing imported; the next sync imports", async () => {
    const double = installPlaidDouble();
    double.nextItemNotReady = true;
    const user = await signUp("NotReady");
    const linked = await linkTestBank(user);
    expect(linked.sync).toMatchObject({ transactionsImported: 0 });
    expect(await bankExpenses(user.budgetId)).toHaveLength(0);
    const later = await syncNow(user);
    expect(later.body).toMatchObject({ transactionsImported: 6 });
  });

  it("exchange-token: a missing token is 400, a token Plaid refuses is a 4xx with a clear message", async () => {
    installPlaidDouble();
    const user = await signUp("Exchange");
    const missing = await apiJson("/api/plaid/exchange-token", { method: "POST", cookie: user.cookie, json: {} });
    expect(missing.status).toBe(400);
    const refused = await apiJson("/api/plaid/exchange-token", { method: "POST", cookie: user.cookie, json: { publicToken: "public-sandbox-not-a-real-one" } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(BANK_TEXT.linkFailed);
  });

  it("exchange-token with a public token from Plaid Link links like the sandbox form", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Linked");
    const res = await apiJson("/api/plaid/exchange-token", { method: "POST", cookie: user.cookie, json: { publicToken: double.createPublicToken() } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "Success!", accountsAdded: 3 });
  });

  it("link token: products transactions, an opaque client_user_id and the webhook URL", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Token");
    const res = await apiJson("/api/plaid/link-token", { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(res.body.linkToken).toMatch(/^link-sandbox-/);
    const sent = double.calls.find((c) => c.path === "/link/token/create")!.body as { products: string[]; user: { client_user_id: string }; webhook: string };
    expect(sent.products).toEqual(["transactions"]);
    expect(sent.webhook).toBe("http://localhost/api/plaid/webhook");
    expect(sent.user.client_user_id).toMatch(/^[0-9a-f]{32}$/);
    expect(sent.user.client_user_id).not.toContain(user.userId);
  });

  it("with no bank linked, a sync is a clear 400", async () => {
    installPlaidDouble();
    const user = await signUp("NoBank");
    const res = await syncNow(user);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BANK_TEXT.noBankLinked);
  });
});

describe("the rules on later syncs", () => {
  afterEach(() => vi.restoreAllMocks());

  it("rule 4: a debit matching a bank-sync bill within tolerance is that bill; outside the tolerance it is spending", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Bills");
    await linkTestBank(user);
    const line = await addBill(user, "Streaming", 1549);
    const put = await apiJson(`/api/budget/line-items/${line}/bank-sync`, { method: "PUT", cookie: user.cookie, json: { bankSyncEnabled: true, matchingMerchants: [" Netflix ", "netflix"], amountTolerancePercent: 5 } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: line, bankSyncEnabled: true, matchingMerchants: ["Netflix"], amountTolerancePercent: "5.00" });
    const card = double.accountId("3333");
    double.addTransactions([
      { id: "nf-ok", account: card, date: today(), amount: 15.99, name: "NETFLIX.COM 866", merchant: "NETFLIX" },
      { id: "nf-far", account: card, date: today(), amount: 22.99, name: "NETFLIX.COM 866", merchant: "Netflix" },
    ]);
    const res = await syncNow(user);
    expect(res.body).toMatchObject({ billsMatched: 1, transactionsImported: 1 });
    const matched = await env.DB.prepare("SELECT disposition, matched_line_item_id AS line FROM bank_transactions WHERE budget_id = ? AND transaction_id = 'nf-ok'").bind(user.budgetId).first();
    expect(matched).toEqual({ disposition: "bill", line });
    const rows = await bankExpenses(user.budgetId);
    expect(rows.filter((r) => r.ext === "plaid:nf-ok")).toHaveLength(0);
    expect(rows.filter((r) => r.ext === "plaid:nf-far")).toHaveLength(1);
  });

  it("rule 3: pending → posted counts the posted amount once (a tip changes it); a pending removed never counts", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Pending");
    await linkTestBank(user);
    const card = double.accountId("3333");
    double.addTransactions([{ id: "dinner-p", account: card, date: today(), amount: 40, name: "BISTRO 12", merchant: "Bistro", pending: true }, { id: "hold-p", account: card, date: today(), amount: 75, name: "HOTEL HOLD", merchant: "Hotel", pending: true }]);
    await syncNow(user);
    expect((await bankExpenses(user.budgetId)).map((r) => r.description)).not.toContain("Bistro");
    double.postPending("dinner-p", { amount: 48 });
    double.removeTransaction("hold-p");
    const res = await syncNow(user);
    expect(res.body.transactionsImported).toBe(1);
    const rows = (await bankExpenses(user.budgetId)).filter((r) => r.description === "Bistro" || r.description === "Hotel");
    expect(rows.map((r) => [r.description, r.cents])).toEqual([["Bistro", 4800]]);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM bank_transactions WHERE budget_id = ? AND transaction_id IN ('dinner-p', 'hold-p')").bind(user.budgetId).first<{ n: number }>();
    expect(left!.n).toBe(0);
  });

  it("rule 5: modified updates the expense, removed removes it, two different ids are two purchases", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Modified");
    await linkTestBank(user);
    const card = double.accountId("3333");
    double.addTransactions([
      { id: "tea-1", account: card, date: today(), amount: 4.5, name: "TEA HOUSE", merchant: "Tea House" },
      { id: "tea-2", account: card, date: today(), amount: 4.5, name: "TEA HOUSE", merchant: "Tea House" },
    ]);
    await syncNow(user);
    expect((await bankExpenses(user.budgetId)).filter((r) => r.description === "Tea House")).toHaveLength(2);
    double.modifyTransaction("tea-1", { amount: 5.25 });
    double.removeTransaction("tea-2");
    await syncNow(user);
    const tea = (await bankExpenses(user.budgetId)).filter((r) => r.description === "Tea House");
    expect(tea.map((r) => [r.ext, r.cents])).toEqual([["plaid:tea-1", 525]]);
  });

  it("rule 6: a debit equal to an expense logged by hand within 3 days is that expense: linked, nothing added", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Chatty");
    await linkTestBank(user);
    const logged = await apiJson("/api/expenses", { method: "POST", cookie: user.cookie, json: { amount: "12.34", description: "lunch with sam", categoryId: "dining", date: shiftDay(today(), -1) } });
    expect(logged.status).toBe(201);
    const card = double.accountId("3333");
    double.addTransactions([{ id: "lunch", account: card, date: today(), amount: 12.34, name: "CAFE ROMA", merchant: "Cafe Roma" }]);
    const res = await syncNow(user);
    expect(res.body.transactionsImported).toBe(0);
    expect((await bankExpenses(user.budgetId)).map((r) => r.description)).not.toContain("Cafe Roma");
    const link = await env.DB.prepare("SELECT disposition, imported_expense_id AS e FROM bank_transactions WHERE budget_id = ? AND transaction_id = 'lunch'").bind(user.budgetId).first();
    expect(link).toEqual({ disposition: "reconciled", e: logged.body.id });
    // The bank removing the transaction leaves the hand-logged expense alone.
    double.removeTransaction("lunch");
    await syncNow(user);
    const still = await env.DB.prepare("SELECT count(*) AS n FROM expenses WHERE id = ?").bind(logged.body.id).first<{ n: number }>();
    expect(still!.n).toBe(1);
  });

  it("categories: a member's fix on a bank expense teaches the merchant for the next bank expense", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Teacher");
    await linkTestBank(user);
    const uber = (await bankExpenses(user.budgetId)).find((r) => r.description === "Uber")!;
    const fix = await apiJson(`/api/expenses/${uber.id}`, { method: "PATCH", cookie: user.cookie, json: { categoryId: "other" } });
    expect(fix.status).toBe(200);
    double.addTransactions([{ id: "uber-2", account: double.accountId("3333"), date: today(), amount: 11, name: "UBER TRIP", merchant: "Uber", pfc: ["TRANSPORTATION", "TRANSPORTATION_TAXIS_AND_RIDE_SHARES"] }]);
    await syncNow(user);
    expect((await bankExpenses(user.budgetId)).find((r) => r.ext === "plaid:uber-2")?.category).toBe("other");
  });
});

describe("Plaid's protocol", () => {
  afterEach(() => vi.restoreAllMocks());

  it("follows has_more; on TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION restarts from the update's first cursor; saves the cursor once, after the last page", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Pages");
    await linkTestBank(user);
    const cursorBefore = (await env.DB.prepare("SELECT cursor FROM plaid_items WHERE budget_id = ?").bind(user.budgetId).first<{ cursor: string }>())!.cursor;
    const card = double.accountId("3333");
    double.addTransactions(Array.from({ length: 1_200 }, (_, i) => ({ id: `bulk-${i}`, account: card, date: shiftDay(today(), -(i % 20)), amount: 1 + (i % 50), name: `SHOP ${i}`, merchant: `Shop ${i % 30}` })));
    double.failNextPageWithMutation();
    const from = double.calls.length;
    const res = await syncNow(user);
    expect(res.status).toBe(200);
    const syncCalls = double.calls.slice(from).filter((c) => c.path === "/transactions/sync").map((c) => (c.body as { cursor?: string }).cursor);
    // First page, then the failed second page, then the whole update again from the same first cursor.
    expect(syncCalls[0]).toBe(cursorBefore);
    expect(syncCalls[2]).toBe(cursorBefore);
    expect(syncCalls.length).toBe(5);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM expenses WHERE budget_id = ? AND external_id LIKE 'plaid:bulk-%'").bind(user.budgetId).first<{ n: number }>();
    expect(rows!.n).toBe(1_200);
    const cursorAfter = (await env.DB.prepare("SELECT cursor FROM plaid_items WHERE budget_id = ?").bind(user.budgetId).first<{ cursor: string }>())!.cursor;
    expect(cursorAfter).not.toBe(cursorBefore);
    // The cursor saved is the last page's next_cursor: the end of the Item's change log.
    expect(cursorAfter).toMatch(new RegExp(`^c1\\.${double.item().log.length}\\.`));
  });

  it("rule 8: ITEM_LOGIN_REQUIRED → 4xx to reconnect, an error in the history, accounts show it, Reconnect in update mode; the next good sync clears it", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Login");
    await linkTestBank(user);
    double.setItemError(LOGIN_REQUIRED());
    const res = await syncNow(user);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BANK_TEXT.loginRequired);
    const history = await apiJson("/api/plaid/sync-history", { cookie: user.cookie });
    expect(history.body[0]).toMatchObject({ status: "error", errorMessage: BANK_TEXT.loginRequired });
    const accounts = await apiJson("/api/plaid/accounts", { cookie: user.cookie });
    expect(accounts.body.map((a: { status: string }) => a.status)).toEqual(["login_required", "login_required", "login_required"]);
    const reconnect = await apiJson(`/api/plaid/link-token?accountId=${accounts.body[0].id}`, { cookie: user.cookie });
    expect(reconnect.status).toBe(200);
    const sent = double.calls.filter((c) => c.path === "/link/token/create").at(-1)!.body as { access_token?: string; products?: string[] };
    expect(sent.access_token).toBe(double.item().accessToken);
    expect(sent.products).toBeUndefined();
    double.setItemError(null);
    expect((await syncNow(user)).status).toBe(200);
    const after = await apiJson("/api/plaid/accounts", { cookie: user.cookie });
    expect(after.body.map((a: { status: string }) => a.status)).toEqual(["active", "active", "active"]);
  });

  it("two syncs of the same Item never paginate at the same time: the second is told a sync is running", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Twins");
    await linkTestBank(user);
    double.addTransactions([{ id: "once", account: double.accountId("3333"), date: today(), amount: 9.99, name: "BOOKS", merchant: "Bookshop" }]);
    double.syncDelayMs = 300;
    const [a, b] = await Promise.all([syncNow(user), syncNow(user)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).body.message).toBe(BANK_TEXT.syncBusy);
    expect((await bankExpenses(user.budgetId)).filter((r) => r.ext === "plaid:once")).toHaveLength(1);
  });
});
