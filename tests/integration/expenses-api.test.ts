import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, apiJson } from "./helpers/http";
import { signUp, type SignedInUser } from "./helpers/users";

// The expense calls (issue 6) through the Worker's real fetch handler, the BudgetRoom and D1.

async function joinBudget(budgetId: string, member: SignedInUser) {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO budget_members (id, budget_id, user_id, role, joined_at) VALUES (?, ?, ?, 'member', ?)").bind(crypto.randomUUID(), budgetId, member.userId, Date.now()),
    env.DB.prepare("UPDATE users SET active_budget_id = ? WHERE id = ?").bind(budgetId, member.userId),
  ]);
}

async function add(user: SignedInUser, json: Record<string, unknown>, headers?: Record<string, string>) {
  return apiJson("/api/expenses", { cookie: user.cookie, json, headers });
}

async function storedExpenses(budgetId: string) {
  const { results } = await env.DB.prepare("SELECT id, amount_cents, description, category_id, date, enabled, user_id FROM expenses WHERE budget_id = ?")
    .bind(budgetId)
    .all<{ id: string; amount_cents: number; description: string; category_id: string; date: string; enabled: number; user_id: string }>();
  return results;
}

const groceries = { amount: "12.34", description: "Groceries", categoryId: "food" };

describe("POST /api/expenses", () => {
  it("adds an expense in integer cents, dated today in the budget's zone, with the user and category", async () => {
    const user = await signUp("Adder");
    const { status, body } = await add(user, groceries);
    expect(status).toBe(201);
    expect(body).toMatchObject({ amount: "12.34", description: "Groceries", categoryId: "food", enabled: true, originalInput: null });
    expect(body.category).toEqual({ id: "food", name: "Food & Groceries", emoji: expect.any(String) });
    expect(body.user).toMatchObject({ id: user.userId, email: user.email });
    const [row] = await storedExpenses(user.budgetId);
    expect(row).toMatchObject({ id: body.id, amount_cents: 1234, user_id: user.userId });
    expect(row.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("answers exactly what reading the new expense back gives (the answer is built without a read), and a replay reads it", async () => {
    const user = await signUp("Echo");
    const sent = await add(user, { amount: "7.05", description: "  Corner café  ", categoryId: " coffee ", date: "2026-01-03" });
    expect(sent.status).toBe(201);
    const read = await apiJson(`/api/expenses/${sent.body.id}`, { cookie: user.cookie });
    expect(sent.body).toEqual(read.body);
    // A replay of the same key whose expense was edited since answers the expense as it is now.
    const key = { "Idempotency-Key": "echo-key-0001" };
    const first = await add(user, groceries, key);
    await apiJson(`/api/expenses/${first.body.id}`, { method: "PATCH", cookie: user.cookie, json: { amount: "20" } });
    const replay = await add(user, groceries, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual((await apiJson(`/api/expenses/${first.body.id}`, { cookie: user.cookie })).body);
    expect(replay.body.amount).toBe("20.00");
  });

  it("accepts a number amount and an explicit date; a form body works too", async () => {
    const user = await signUp("Forms");
    const a = await add(user, { amount: 8, description: "Coffee", categoryId: "coffee", date: "2024-02-29" });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ amount: "8.00", date: "2024-02-29" });
    const b = await apiJson("/api/expenses", { cookie: user.cookie, form: { amount: "1,250.5", description: "Couch", categoryId: "shopping" } });
    expect(b.status).toBe(201);
    expect(b.body.amount).toBe("1250.50");
  });

  const bad: [string, Record<string, unknown>, string, RegExp][] = [
    ["negative amount", { ...groceries, amount: "-5" }, "amount", /negative/],
    ["zero amount", { ...groceries, amount: "0" }, "amount", /more than 0/],
    ["non-numeric amount", { ...groceries, amount: "twelve" }, "amount", /number/],
    ["more than 2 decimals", { ...groceries, amount: "1.234" }, "amount", /2 decimal/],
    ["above 10,000,000", { ...groceries, amount: "10000000.01" }, "amount", /10,000,000/],
    ["missing amount", { description: "x", categoryId: "food" }, "amount", /Please fill in all fields/],
    ["blank description", { ...groceries, description: "   " }, "description", /Please fill in all fields/],
    ["description over 200 characters", { ...groceries, description: "x".repeat(201) }, "description", /200 characters/],
    ["unknown category", { ...groceries, categoryId: "caviar" }, "categoryId", /Unknown category/],
    ["date not a real day", { ...groceries, date: "2025-02-29" }, "date", /real day/],
    ["date in another format", { ...groceries, date: "03/04/2025" }, "date", /real day/],
  ];
  for (const [name, json, field, message] of bad) {
    it(`refuses ${name} with a 400 and a clear message`, async () => {
      const user = await signUp("Bad");
      const { status, body } = await add(user, json);
      expect(status).toBe(400);
      expect(body.message).toMatch(message);
      expect(body.fieldErrors[field][0]).toMatch(message);
      expect(await storedExpenses(user.budgetId)).toHaveLength(0);
    });
  }

  it("accepts exactly 10,000,000 and 200 characters", async () => {
    const user = await signUp("Edge");
    const { status, body } = await add(user, { ...groceries, amount: "10000000.00", description: "y".repeat(200) });
    expect(status).toBe(201);
    expect(body.amount).toBe("10000000.00");
  });

  it("answers 413 for a body over 1 MB and 401 when signed out", async () => {
    const user = await signUp("Big");
    const big = await api("/api/expenses", { cookie: user.cookie, json: { ...groceries, note: "x".repeat(1_100_000) } });
    expect(big.status).toBe(413);
    expect((await big.json()) as { message: string }).toMatchObject({ message: expect.stringMatching(/too large/) });
    expect((await api("/api/expenses", { json: groceries })).status).toBe(401);
  });

  it("adds once for a repeated Idempotency-Key header or form field, even when sent at the same time", async () => {
    const user = await signUp("Twice");
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([add(user, groceries, { "Idempotency-Key": key }), add(user, groceries, { "Idempotency-Key": key })]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    const formKey = crypto.randomUUID();
    const form = { amount: "3", description: "Tea", categoryId: "coffee", idempotencyKey: formKey };
    const c = await apiJson("/api/expenses", { cookie: user.cookie, form });
    const d = await apiJson("/api/expenses", { cookie: user.cookie, form });
    expect(c.status).toBe(201);
    expect(d.status).toBe(200);
    expect(d.response.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await storedExpenses(user.budgetId)).toHaveLength(2);
    // The same key for a different expense is refused, not silently answered with the first.
    const e = await add(user, { ...groceries, amount: "99" }, { "Idempotency-Key": key });
    expect(e.status).toBe(409);
  });

  it("two members × 250 concurrent adds give exactly 500 expenses and the exact total", async () => {
    const owner = await signUp("Rush");
    const member = await signUp("Crowd");
    await joinBudget(owner.budgetId, member);
    // Amounts with awkward cents: 0.01 … 2.50 per member, so float sums would drift.
    const calls = [owner, member].flatMap((who, m) =>
      Array.from({ length: 250 }, (_, i) => add(who, { amount: ((i + 1 + m * 7) / 100).toFixed(2), description: `Item ${m}-${i}`, categoryId: "shopping" })),
    );
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.status === 201)).toHaveLength(500);
    const rows = await storedExpenses(owner.budgetId);
    expect(rows).toHaveLength(500);
    const expectedCents = [0, 1].reduce((sum, m) => sum + Array.from({ length: 250 }, (_, i) => i + 1 + m * 7).reduce((a, b) => a + b, 0), 0);
    expect(rows.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(expectedCents);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set([owner.userId, member.userId]));
    const summary = await apiJson("/api/budget", { cookie: member.cookie });
    expect(summary.body.spent).toBe(`${Math.floor(expectedCents / 100)}.${String(expectedCents % 100).padStart(2, "0")}`);
  }, 120_000); // 500 writes through one room: ~8 s on a quiet machine, 39 s under a load of 23 (a CI neighbour)
});

describe("GET /api/expenses", () => {
  it("lists the current period's expenses of every member, with user and category, sortable", async () => {
    const owner = await signUp("Lister");
    const member = await signUp("Other");
    await joinBudget(owner.budgetId, member);
    await add(owner, { amount: "5", description: "Bread", categoryId: "food", date: "2026-01-02" });
    await add(member, { amount: "50", description: "Shoes", categoryId: "shopping", date: "2026-01-01" });
    const archived = await add(owner, { amount: "7", description: "Old", categoryId: "food" });
    await env.DB.prepare("UPDATE expenses SET archived_at = 1 WHERE id = ?").bind(archived.body.id).run();

    const list = await apiJson("/api/expenses", { cookie: member.cookie });
    expect(list.status).toBe(200);
    expect(list.body.map((e: { description: string }) => e.description)).toEqual(["Bread", "Shoes"]);
    expect(list.body[1].user).toMatchObject({ id: member.userId, firstName: "Other" });
    expect(list.body[0].category.name).toBe("Food & Groceries");
    const byAmount = await apiJson("/api/expenses?sort=amount-desc", { cookie: owner.cookie });
    expect(byAmount.body.map((e: { amount: string }) => e.amount)).toEqual(["50.00", "5.00"]);
    const oldest = await apiJson("/api/expenses?sort=date-asc", { cookie: owner.cookie });
    expect(oldest.body[0].description).toBe("Shoes");
  });
});

describe("PATCH/DELETE /api/expenses/{id}", () => {
  it("lets the owner edit, toggle and delete a member's expense (members change only their own, issue 18 #15)", async () => {
    const owner = await signUp("Boss");
    const member = await signUp("Helper");
    await joinBudget(owner.budgetId, member);
    const created = await add(member, groceries);
    const id = created.body.id as string;

    const edited = await apiJson(`/api/expenses/${id}`, { method: "PATCH", cookie: owner.cookie, json: { amount: "20.5", description: "Big shop", categoryId: "dining", date: "2026-03-01" } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, amount: "20.50", description: "Big shop", categoryId: "dining", date: "2026-03-01" });
    // The adder stays the adder.
    expect(edited.body.user.id).toBe(member.userId);

    const off = await apiJson(`/api/expenses/${id}/toggle`, { method: "PATCH", cookie: owner.cookie });
    expect(off.status).toBe(200);
    expect(off.body.enabled).toBe(false);
    expect((await apiJson("/api/budget", { cookie: owner.cookie })).body.spent).toBe("0.00");
    const on = await apiJson(`/api/expenses/${id}/toggle`, { method: "PATCH", cookie: member.cookie });
    expect(on.body.enabled).toBe(true);

    const gone = await apiJson(`/api/expenses/${id}`, { method: "DELETE", cookie: owner.cookie });
    expect(gone.status).toBe(200);
    expect(await storedExpenses(owner.budgetId)).toHaveLength(0);
    expect((await apiJson(`/api/expenses/${id}`, { method: "DELETE", cookie: member.cookie })).status).toBe(404);
  });

  it("a category changed on the budget page is remembered for the merchant: another member's chat entry gets it", async () => {
    const owner = await signUp("Memo");
    const member = await signUp("Recall");
    await joinBudget(owner.budgetId, member);
    const created = await add(owner, { amount: "6.50", description: "Kaveh Corner", categoryId: "other" });
    const moved = await apiJson(`/api/expenses/${created.body.id}`, { method: "PATCH", cookie: owner.cookie, json: { categoryId: "coffee" } });
    expect(moved.status).toBe(200);
    const conversation = await apiJson<{ id: string }>("/api/conversation", { method: "POST", cookie: member.cookie });
    const sent = await apiJson<{ messages: Array<{ messageType: string; metadata: { expense?: { category: { id: string } } } }> }>("/api/messages", {
      cookie: member.cookie,
      json: { conversationId: conversation.body.id, content: "kaveh corner $7" },
    });
    expect(sent.status).toBe(200);
    const receipt = sent.body.messages.find((m) => m.messageType === "expense_logged");
    expect(receipt?.metadata.expense?.category.id).toBe("coffee");
  });

  it("validates edits like adds", async () => {
    const user = await signUp("Editor");
    const { body } = await add(user, groceries);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ amount: "0" }, /more than 0/],
      [{ amount: "abc" }, /number/],
      [{ amount: "3.999" }, /2 decimal/],
      [{ description: "" }, /description/i],
      [{ description: "z".repeat(201) }, /200/],
      [{ categoryId: "nope" }, /Unknown category/],
      [{ date: "2026-13-01" }, /real day/],
      [{}, /at least one/],
    ];
    for (const [json, message] of cases) {
      const res = await apiJson(`/api/expenses/${body.id}`, { method: "PATCH", cookie: user.cookie, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const [row] = await storedExpenses(user.budgetId);
    expect(row).toMatchObject({ amount_cents: 1234, description: "Groceries", category_id: "food" });
  });

  it("answers 404 for another budget's expense, on every call, and changes nothing", async () => {
    const alice = await signUp("Alice");
    const mallory = await signUp("Mallory");
    const { body } = await add(alice, groceries);
    const id = body.id as string;
    expect((await api(`/api/expenses/${id}`, { cookie: mallory.cookie })).status).toBe(404);
    expect((await api(`/api/expenses/${id}`, { method: "PATCH", cookie: mallory.cookie, json: { amount: "1" } })).status).toBe(404);
    expect((await api(`/api/expenses/${id}/toggle`, { method: "PATCH", cookie: mallory.cookie })).status).toBe(404);
    expect((await api(`/api/expenses/${id}`, { method: "DELETE", cookie: mallory.cookie })).status).toBe(404);
    expect((await api(`/api/expenses/not%20an%20id`, { method: "DELETE", cookie: mallory.cookie })).status).toBe(404);
    const list = await apiJson("/api/expenses", { cookie: mallory.cookie });
    expect(list.body).toEqual([]);
    const [row] = await storedExpenses(alice.budgetId);
    expect(row).toMatchObject({ amount_cents: 1234, enabled: 1 });
  });
});

describe("GET /api/plaid/has-connected-accounts", () => {
  it("is false until the budget has a linked account", async () => {
    const user = await signUp("Banker");
    expect((await apiJson("/api/plaid/has-connected-accounts", { cookie: user.cookie })).body).toEqual({ hasAccounts: false });
    const now = Date.now();
    const itemId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO plaid_items (id, budget_id, user_id, item_id, access_token_encrypted, created_at, updated_at) VALUES (?, ?, ?, ?, 'x.y', ?, ?)").bind(itemId, user.budgetId, user.userId, `item-${itemId}`, now, now),
      env.DB.prepare("INSERT INTO bank_accounts (id, plaid_item_id, budget_id, account_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, 'Checking', ?, ?)").bind(crypto.randomUUID(), itemId, user.budgetId, `acc-${itemId}`, now, now),
    ]);
    expect((await apiJson("/api/plaid/has-connected-accounts", { cookie: user.cookie })).body).toEqual({ hasAccounts: true });
    const other = await signUp("NoBank");
    expect((await apiJson("/api/plaid/has-connected-accounts", { cookie: other.cookie })).body).toEqual({ hasAccounts: false });
  });
});
