import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BANK_TEXT } from "../../app/domain/bank";
import { createDb } from "../../app/server/db/client.server";
import { parseEnv } from "../../app/server/env.server";
import { createLinkToken, enqueueDailyBankSyncs } from "../../app/server/plaid/index.server";
import { api, apiJson } from "./helpers/http";
import { installPlaidDouble } from "./helpers/plaid";
import { signUp, type SignedInUser } from "./helpers/users";
import { LOGIN_REQUIRED, PlaidDouble } from "../plaid-double/double.ts";

// The webhook's signature checks, the queue and cron, accounts (remove, permissions), clean-up, merchant
// suggestions and price analysis, another household's ids, and secrets kept out of answers.

const today = () => new Date().toISOString().slice(0, 10);

async function link(user: SignedInUser) {
  const res = await apiJson("/api/plaid/sandbox-link", { method: "POST", cookie: user.cookie, json: {} });
  expect(res.status).toBe(200);
}

async function postWebhook(double: PlaidDouble, body: string, headers?: Record<string, string>) {
  return api("/api/plaid/webhook", { method: "POST", body, headers: headers ?? (await double.signWebhook(body)) });
}

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 8_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function addMember(owner: SignedInUser, member: SignedInUser) {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO budget_members (id, budget_id, user_id, role, joined_at) VALUES (?, ?, ?, 'member', 0)").bind(crypto.randomUUID(), owner.budgetId, member.userId),
    env.DB.prepare("UPDATE users SET active_budget_id = ? WHERE id = ?").bind(owner.budgetId, member.userId),
  ]);
}

describe("POST /api/plaid/webhook", () => {
  afterEach(() => vi.restoreAllMocks());

  it("a signed SYNC_UPDATES_AVAILABLE queues a sync of that Item (syncType auto)", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Hook");
    await link(user);
    double.addTransactions([{ id: "hooked", account: double.accountId("3333"), date: today(), amount: 19.99, name: "PET SHOP", merchant: "Petco" }]);
    const res = await postWebhook(double, double.webhookBody("SYNC_UPDATES_AVAILABLE"));
    expect(res.status).toBe(200);
    const row = await waitFor(
      () => env.DB.prepare("SELECT count(*) AS n FROM expenses WHERE budget_id = ? AND external_id = 'plaid:hooked'").bind(user.budgetId).first<{ n: number }>(),
      (r) => r!.n === 1,
    );
    expect(row!.n).toBe(1);
    const history = await apiJson("/api/plaid/sync-history", { cookie: user.cookie });
    expect(history.body[0]).toMatchObject({ syncType: "auto", status: "success", transactionsImported: 1 });
  });

  it("unverified → 401 and nothing done: no signature, another key, an old iat, a changed body, alg none", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Forged");
    await link(user);
    const body = double.webhookBody("ERROR", undefined, { error: { error_code: "ITEM_LOGIN_REQUIRED" } });
    // Another key pair under the same kid: the app verifies with the key Plaid (the installed double) serves.
    const other = new PlaidDouble({ kid: double.kid });
    const attempts: Array<Record<string, string>> = [
      { "Content-Type": "application/json" },
      await other.signWebhook(body),
      await double.signWebhook(body, { iat: Math.floor(Date.now() / 1000) - 6 * 60 }),
      await double.signWebhook(body, { bodyForHash: `${body} ` }),
      { "Content-Type": "application/json", "Plaid-Verification": `${btoa(JSON.stringify({ alg: "none", kid: double.kid })).replace(/=+$/, "")}.${btoa("{}").replace(/=+$/, "")}.` },
    ];
    for (const headers of attempts) {
      const res = await api("/api/plaid/webhook", { method: "POST", body, headers });
      expect(res.status).toBe(401);
    }
    const status = await env.DB.prepare("SELECT status FROM plaid_items WHERE budget_id = ?").bind(user.budgetId).first<{ status: string }>();
    expect(status!.status).toBe("active");
  });

  it("an Item error webhook sets its status (login required), LOGIN_REPAIRED sets it back", async () => {
    const double = installPlaidDouble();
    const user = await signUp("ItemHook");
    await link(user);
    const res = await postWebhook(double, double.webhookBody("ERROR", undefined, { error: { error_code: "ITEM_LOGIN_REQUIRED", error_type: "ITEM_ERROR" } }));
    expect(res.status).toBe(200);
    const accounts = await apiJson("/api/plaid/accounts", { cookie: user.cookie });
    expect(new Set(accounts.body.map((a: { status: string }) => a.status))).toEqual(new Set(["login_required"]));
    await postWebhook(double, double.webhookBody("LOGIN_REPAIRED"));
    const after = await apiJson("/api/plaid/accounts", { cookie: user.cookie });
    expect(new Set(after.body.map((a: { status: string }) => a.status))).toEqual(new Set(["active"]));
  });
});

describe("daily cron", () => {
  afterEach(() => vi.restoreAllMocks());

  it("enqueues one plaidSync per active Item, 100 per sendBatch, skipping removed and login-required Items", async () => {
    const double = installPlaidDouble();
    const a = await signUp("CronA");
    const b = await signUp("CronB");
    await link(a);
    await link(b);
    double.setItemError(LOGIN_REQUIRED());
    await apiJson("/api/plaid/sync-and-import", { method: "POST", cookie: b.cookie, json: {} });
    const batches: Array<Array<{ body: { type: string; plaidItemRowId: string } }>> = [];
    const queue = { sendBatch: async (batch: Array<{ body: { type: string; plaidItemRowId: string } }>) => void batches.push(batch) } as unknown as Queue<unknown>;
    const sent = await enqueueDailyBankSyncs(createDb(env.DB), queue, Date.now());
    const ids = batches.flat().map((m) => m.body.plaidItemRowId);
    const itemA = await env.DB.prepare("SELECT id FROM plaid_items WHERE budget_id = ?").bind(a.budgetId).first<{ id: string }>();
    const itemB = await env.DB.prepare("SELECT id FROM plaid_items WHERE budget_id = ?").bind(b.budgetId).first<{ id: string }>();
    expect(ids).toContain(itemA!.id);
    expect(ids).not.toContain(itemB!.id);
    expect(sent).toBe(ids.length);
    expect(batches.every((batch) => batch.length <= 100 && batch.every((m) => m.body.type === "plaidSync"))).toBe(true);
  });
});

describe("accounts", () => {
  afterEach(() => vi.restoreAllMocks());

  it("members see the accounts (Added by the member who linked); only that member or the owner may remove one", async () => {
    installPlaidDouble();
    const owner = await signUp("Owner");
    const member = await signUp("Member");
    const other = await signUp("Other");
    await addMember(owner, member);
    await addMember(owner, other);
    await link(member);
    const seen = await apiJson("/api/plaid/accounts", { cookie: owner.cookie });
    expect(seen.body).toHaveLength(3);
    expect(seen.body[0].addedBy).toMatchObject({ id: member.userId, name: "Member" });
    const byOther = await apiJson(`/api/plaid/accounts/${seen.body[0].id}`, { method: "DELETE", cookie: other.cookie });
    expect(byOther.status).toBe(403);
    const byOwner = await apiJson(`/api/plaid/accounts/${seen.body[0].id}`, { method: "DELETE", cookie: owner.cookie });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.message).toBe(BANK_TEXT.accountRemoved);
  });

  it("removing the last account removes the Item at Plaid and deletes its token; imported expenses stay", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Remover");
    await link(user);
    const before = await env.DB.prepare("SELECT count(*) AS n FROM expenses WHERE budget_id = ? AND source = 'bank'").bind(user.budgetId).first<{ n: number }>();
    const accounts = await apiJson("/api/plaid/accounts", { cookie: user.cookie });
    for (const [i, account] of accounts.body.entries()) {
      const res = await apiJson(`/api/plaid/accounts/${account.id}`, { method: "DELETE", cookie: user.cookie });
      expect(res.status).toBe(200);
      expect(double.calls.filter((c) => c.path === "/item/remove")).toHaveLength(i === accounts.body.length - 1 ? 1 : 0);
    }
    const item = await env.DB.prepare("SELECT status, access_token_encrypted AS t FROM plaid_items WHERE budget_id = ?").bind(user.budgetId).first<{ status: string; t: string }>();
    expect(item).toEqual({ status: "removed", t: "" });
    expect((await apiJson("/api/plaid/accounts", { cookie: user.cookie })).body).toEqual([]);
    const after = await env.DB.prepare("SELECT count(*) AS n FROM expenses WHERE budget_id = ? AND source = 'bank'").bind(user.budgetId).first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
    expect((await apiJson("/api/plaid/has-connected-accounts", { cookie: user.cookie })).body).toEqual({ hasAccounts: false });
  });

  it("deleting a user account removes their Items at Plaid", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Leaver");
    await link(user);
    const res = await api("/api/auth/user", { method: "DELETE", cookie: user.cookie, json: { confirm: "DELETE" } });
    expect(res.status).toBeLessThan(300);
    expect(double.calls.filter((c) => c.path === "/item/remove")).toHaveLength(1);
  });

  it("another household's ids are 404: accounts, lines, price analysis", async () => {
    const double = installPlaidDouble();
    const owner = await signUp("Mine");
    const stranger = await signUp("Theirs");
    await link(owner);
    const accounts = await apiJson("/api/plaid/accounts", { cookie: owner.cookie });
    const line = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, position, created_at, updated_at) VALUES (?, ?, 'expense', 'Netflix', 1549, 'subscriptions', 0, 0, 0)").bind(line, owner.budgetId).run();
    expect((await apiJson(`/api/plaid/accounts/${accounts.body[0].id}`, { method: "DELETE", cookie: stranger.cookie })).status).toBe(404);
    expect((await apiJson(`/api/plaid/link-token?accountId=${accounts.body[0].id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await apiJson(`/api/budget/line-items/${line}/bank-sync`, { method: "PUT", cookie: stranger.cookie, json: { bankSyncEnabled: false } })).status).toBe(404);
    expect((await apiJson(`/api/plaid/price-analysis/${line}`, { method: "POST", cookie: stranger.cookie, json: { merchants: ["Netflix"], currentAmount: 15.49 } })).status).toBe(404);
    expect((await apiJson("/api/plaid/accounts", { cookie: stranger.cookie })).body).toEqual([]);
    expect((await apiJson("/api/plaid/merchant-suggestions?query=net", { cookie: stranger.cookie })).body).toEqual([]);
    expect(double.calls.filter((c) => c.path === "/link/token/create")).toHaveLength(0);
  });
});

describe("matching panel calls", () => {
  afterEach(() => vi.restoreAllMocks());

  it("bank-sync settings: tolerance 0–50, enabled needs a merchant (the spec's warning), members may not change them", async () => {
    installPlaidDouble();
    const owner = await signUp("Panel");
    const member = await signUp("PanelMember");
    await addMember(owner, member);
    const line = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, position, created_at, updated_at) VALUES (?, ?, 'expense', 'Internet', 6000, 'utilities', 0, 0, 0)").bind(line, owner.budgetId).run();
    const url = `/api/budget/line-items/${line}/bank-sync`;
    expect((await apiJson(url, { method: "PUT", cookie: owner.cookie, json: { bankSyncEnabled: false, amountTolerancePercent: 51 } })).status).toBe(400);
    const none = await apiJson(url, { method: "PUT", cookie: owner.cookie, json: { bankSyncEnabled: true, matchingMerchants: [] } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(BANK_TEXT.noMerchantWarning);
    expect((await apiJson(url, { method: "PUT", cookie: member.cookie, json: { bankSyncEnabled: true, matchingMerchants: ["Comcast"] } })).status).toBe(403);
    const ok = await apiJson(url, { method: "PUT", cookie: owner.cookie, json: { bankSyncEnabled: true, matchingMerchants: ["Comcast", " comcast "], amountTolerancePercent: 10 } });
    expect(ok.body).toEqual({ id: line, label: "Internet", amount: "60.00", bankSyncEnabled: true, matchingMerchants: ["Comcast"], amountTolerancePercent: "10.00", matchingAccountMasks: [] });
  });

  it("merchant suggestions (≥ 2 characters, most frequent first) and price analysis (median of 3 months' debits)", async () => {
    const double = installPlaidDouble();
    const user = await signUp("Prices");
    await link(user);
    const card = double.accountId("3333");
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    double.addTransactions([
      { id: "nf1", account: card, date: day(5), amount: 15.49, name: "NETFLIX.COM", merchant: "Netflix" },
      { id: "nf2", account: card, date: day(35), amount: 15.49, name: "NETFLIX.COM", merchant: "Netflix" },
      { id: "nf3", account: card, date: day(65), amount: 17.99, name: "NETFLIX.COM", merchant: "Netflix" },
      { id: "ng1", account: card, date: day(3), amount: 80, name: "NETGEAR", merchant: "Netgear" },
    ]);
    await apiJson("/api/plaid/sync-and-import", { method: "POST", cookie: user.cookie, json: {} });
    expect((await apiJson("/api/plaid/merchant-suggestions?query=n", { cookie: user.cookie })).status).toBe(400);
    const names = await apiJson("/api/plaid/merchant-suggestions?query=NET", { cookie: user.cookie });
    expect(names.body).toEqual(["Netflix", "Netgear"]);
    const line = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, position, created_at, updated_at) VALUES (?, ?, 'expense', 'Netflix', 1000, 'subscriptions', 0, 0, 0)").bind(line, user.budgetId).run();
    const analysis = await apiJson(`/api/plaid/price-analysis/${line}`, { method: "POST", cookie: user.cookie, json: { merchants: ["netflix"], currentAmount: 10 } });
    expect(analysis.status).toBe(200);
    expect(analysis.body.suggestedAmount).toBe("15.49");
    expect(analysis.body.confidence).toBeGreaterThan(0.5);
    const nothing = await apiJson(`/api/plaid/price-analysis/${line}`, { method: "POST", cookie: user.cookie, json: { merchants: ["Spotify"], currentAmount: 10 } });
    expect(nothing.body).toMatchObject({ suggestedAmount: null, confidence: 0 });
  });

  it("clean-up removes bank expenses whose bank transaction is gone and never touches hand-logged ones", async () => {
    installPlaidDouble();
    const user = await signUp("Clean");
    await link(user);
    const hand = await apiJson("/api/expenses", { method: "POST", cookie: user.cookie, json: { amount: "3.00", description: "gum", categoryId: "food" } });
    await env.DB.prepare("DELETE FROM bank_transactions WHERE budget_id = ? AND merchant_name = 'Uber'").bind(user.budgetId).run();
    const res = await apiJson("/api/plaid/cleanup-transactions", { method: "POST", cookie: user.cookie, json: {} });
    expect(res.status).toBe(200);
    expect(res.body.removed).toBe(1);
    const uber = await env.DB.prepare("SELECT count(*) AS n FROM expenses WHERE budget_id = ? AND description = 'Uber'").bind(user.budgetId).first<{ n: number }>();
    expect(uber!.n).toBe(0);
    const gum = await env.DB.prepare("SELECT count(*) AS n FROM expenses WHERE id = ?").bind(hand.body.id).first<{ n: number }>();
    expect(gum!.n).toBe(1);
    expect((await apiJson("/api/plaid/cleanup-transactions", { method: "POST", cookie: user.cookie, json: {} })).body.removed).toBe(0);
  });
});

describe("configuration", () => {
  it("with no Plaid keys the link-token call answers 503 with the spec's text", async () => {
    const user = await signUp("NoKeys");
    const bare = { ...env, PLAID_CLIENT_ID: undefined, PLAID_SECRET: undefined } as unknown as Env;
    const app = { env: bare, config: parseEnv(bare), db: createDb(env.DB), now: Date.now(), ctx: undefined as never };
    const access = { budget: { id: user.budgetId } as never, role: "owner" as const };
    const result = await createLinkToken(app as never, { id: user.userId } as never, access, { origin: "http://localhost" });
    expect(result).toEqual({ ok: false, status: 503, message: "Unable to load bank connection. Please check your Plaid API keys." });
  });
});
