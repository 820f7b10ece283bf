import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "./helpers/http";
import { signUp, type SignedInUser } from "./helpers/users";

// The chat home, the budget page, /expense-history and /history send their queries in the same D1 batch as the session lookup, aimed at
// the session's active budget by a subquery (auth/session.server.ts `rideWithSessionLookup`). These are
// the cases where that aim could be wrong: the user left (or was removed from) their active budget, and
// a client navigation that runs the page's loader without the layout's.

async function completeProfile(user: SignedInUser) {
  await env.DB.prepare("UPDATE users SET last_name = 'Tester', phone = '+15555550123' WHERE id = ?").bind(user.userId).run();
}

async function addExpense(budgetId: string, userId: string, description: string, archivedMonth?: string) {
  const period = (await env.DB.prepare("SELECT period_start FROM budgets WHERE id = ?").bind(budgetId).first<{ period_start: string }>())!.period_start;
  await env.DB.prepare(
    "INSERT INTO expenses (id, budget_id, user_id, amount_cents, description, category_id, date, created_at, enabled, source, period_start, budget_month, archived_at) VALUES (?, ?, ?, 1234, ?, 'food', ?, ?, 1, 'manual', ?, ?, ?)",
  )
    .bind(crypto.randomUUID(), budgetId, userId, description, period, Date.now(), period, archivedMonth ?? null, archivedMonth ? Date.now() : null)
    .run();
}

async function joinAndActivate(user: SignedInUser, budgetId: string) {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO budget_members (id, budget_id, user_id, role, joined_at) VALUES (?, ?, ?, 'member', ?)").bind(crypto.randomUUID(), budgetId, user.userId, Date.now()),
    env.DB.prepare("UPDATE users SET active_budget_id = ? WHERE id = ?").bind(budgetId, user.userId),
  ]);
}

async function page(path: string, user: SignedInUser): Promise<string> {
  const res = await api(path, { cookie: user.cookie });
  expect(res.status, path).toBe(200);
  return res.text();
}

describe("pages whose queries ride with the session lookup", () => {
  it("show the active shared budget while the user is a member, and their own once removed from it", async () => {
    const owner = await signUp("Owner");
    const member = await signUp("Member");
    await completeProfile(owner);
    await completeProfile(member);
    await addExpense(owner.budgetId, owner.userId, "Shared sofa");
    await addExpense(owner.budgetId, owner.userId, "Shared yacht", "2025-03");
    await addExpense(member.budgetId, member.userId, "Own teapot");
    await addExpense(member.budgetId, member.userId, "Own kettle", "2025-04");
    await joinAndActivate(member, owner.budgetId);

    const init = async () => (await (await api("/api/init", { cookie: member.cookie })).json()) as { budget: { id: string; spent: string } };
    expect((await init()).budget).toMatchObject({ id: owner.budgetId, spent: "12.34" });
    const shared = await page("/budget-panel", member);
    expect(shared).toContain("Shared sofa");
    expect(shared).not.toContain("Own teapot");
    const sharedMonth = await page("/expense-history", member);
    expect(sharedMonth).toContain("Shared sofa");
    expect(sharedMonth).not.toContain("Own teapot");
    const sharedHistory = await page("/history", member);
    expect(sharedHistory).toContain("Shared yacht");
    expect(sharedHistory).not.toContain("Own kettle");

    // Removed from the shared budget (its id is still their active one): nothing of it is shown, and
    // the page is their own budget's.
    await env.DB.prepare("DELETE FROM budget_members WHERE budget_id = ? AND user_id = ?").bind(owner.budgetId, member.userId).run();
    // Each page repairs the active budget; point it back at the shared one before the next.
    const stale = () => env.DB.prepare("UPDATE users SET active_budget_id = ? WHERE id = ?").bind(owner.budgetId, member.userId).run();
    expect((await init()).budget).toMatchObject({ id: member.budgetId, spent: "12.34" });
    await stale();
    const own = await page("/budget-panel", member);
    expect(own).not.toContain("Shared sofa");
    expect(own).toContain("Own teapot");
    await stale();
    expect(await page("/expense-history", member)).toContain("Own teapot");
    const active = await env.DB.prepare("SELECT active_budget_id AS id FROM users WHERE id = ?").bind(member.userId).first<{ id: string }>();
    expect(active?.id).toBe(member.budgetId);

    await stale();
    const ownHistory = await page("/history", member);
    expect(ownHistory).not.toContain("Shared yacht");
    expect(ownHistory).toContain("Own kettle");
  });

  it("the chat home shows the conversation in the active budget while a member, and none of it once removed", async () => {
    const owner = await signUp("ChatOwner");
    const member = await signUp("ChatMember");
    await completeProfile(member);
    await joinAndActivate(member, owner.budgetId);
    const say = (budgetId: string, content: string) => {
      const conversation = crypto.randomUUID();
      return [
        env.DB.prepare("INSERT INTO conversations (id, user_id, budget_id, phase, created_at, updated_at) VALUES (?, ?, ?, 'active', ?, ?)").bind(conversation, member.userId, budgetId, Date.now(), Date.now()),
        env.DB.prepare("INSERT INTO messages (id, conversation_id, sender, content, created_at) VALUES (?, ?, 'user', ?, ?)").bind(crypto.randomUUID(), conversation, content, Date.now()),
      ];
    };
    await env.DB.batch([...say(owner.budgetId, "shared budget bagels 12"), ...say(member.budgetId, "own budget muffins 7")]);
    const shared = await page("/", member);
    expect(shared).toContain("shared budget bagels 12");
    expect(shared).not.toContain("own budget muffins 7");
    // The chat's data also answers a client navigation on its own.
    expect(await page("/_root.data?_routes=routes%2F_app._index", member)).toContain("shared budget bagels 12");
    await env.DB.prepare("DELETE FROM budget_members WHERE budget_id = ? AND user_id = ?").bind(owner.budgetId, member.userId).run();
    const own = await page("/", member);
    expect(own).not.toContain("shared budget bagels 12");
    expect(own).toContain("own budget muffins 7");
  });

  it("/expense-history takes the open period into the current month only, asked for or not", async () => {
    const user = await signUp("Monthly");
    await completeProfile(user);
    await addExpense(user.budgetId, user.userId, "Open period pie");
    await addExpense(user.budgetId, user.userId, "Closed month cake", "2025-06");
    const period = (await env.DB.prepare("SELECT period_start FROM budgets WHERE id = ?").bind(user.budgetId).first<{ period_start: string }>())!.period_start;
    for (const path of ["/expense-history", `/expense-history?month=${period.slice(0, 7)}`]) {
      const html = await page(path, user);
      expect(html, path).toContain("Open period pie");
      expect(html, path).not.toContain("Closed month cake");
    }
    const closed = await page("/expense-history?month=2025-06", user);
    expect(closed).toContain("Closed month cake");
    expect(closed).not.toContain("Open period pie");
    // A month with no expenses falls back to the current one.
    expect(await page("/expense-history?month=1999-01", user)).toContain("Open period pie");
  });

  it("answer a client navigation (the page's loader alone) with the page's data", async () => {
    const user = await signUp("Navigator");
    await completeProfile(user);
    await addExpense(user.budgetId, user.userId, "Navigated noodles");
    await addExpense(user.budgetId, user.userId, "Navigated archive", "2025-05");
    const budget = await page("/budget-panel.data?_routes=routes%2F_app.budget-panel", user);
    expect(budget).toContain("Navigated noodles");
    expect(budget).not.toContain("Navigated archive");
    const history = await page("/history.data?_routes=routes%2F_app.history", user);
    expect(history).toContain("Navigated archive");
    const month = await page("/expense-history.data?_routes=routes%2F_app.expense-history", user);
    expect(month).toContain("Navigated noodles");
    expect(month).not.toContain("Navigated archive");
  });

  it("send a signed-out client navigation to sign in", async () => {
    const res = await api("/budget-panel.data?_routes=routes%2F_app.budget-panel");
    // Single fetch answers a redirect as a 202 turbo-stream naming the target.
    expect(res.status).toBe(202);
    expect(await res.text()).toContain("/api/login?returnTo=");
  });
});
