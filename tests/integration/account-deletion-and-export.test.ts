import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminAccount } from "./helpers/admin";
import { api, apiJson, signUp, uniqueEmail, type SignedIn } from "./helpers/http";

// Export holds the user's data and nobody else's; deleting an account settles every budget through its
// BudgetRoom (delete, hand over, or leave) and takes the user's files out of R2.

const db = () => env.DB;

async function budgetIdOf(account: SignedIn): Promise<string> {
  return (await apiJson("/api/budget", { cookie: account.cookie })).body.id;
}

async function addMember(budgetId: string, userId: string, joinedAt: number) {
  await db().prepare("INSERT INTO budget_members (id, budget_id, user_id, role, joined_at) VALUES (?, ?, ?, 'member', ?)").bind(crypto.randomUUID(), budgetId, userId, joinedAt).run();
}

async function addExpense(budgetId: string, userId: string, description: string, amountCents: number): Promise<string> {
  const id = crypto.randomUUID();
  const periodStart = (await db().prepare("SELECT period_start FROM budgets WHERE id = ?").bind(budgetId).first<{ period_start: string }>())!.period_start;
  await db()
    .prepare("INSERT INTO expenses (id, budget_id, user_id, amount_cents, description, category_id, date, created_at, enabled, source, period_start) VALUES (?, ?, ?, ?, ?, 'food', ?, ?, 1, 'form', ?)")
    .bind(id, budgetId, userId, amountCents, description, periodStart, Date.now(), periodStart)
    .run();
  return id;
}

async function addLine(budgetId: string, label: string) {
  await db()
    .prepare("INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, created_at, updated_at) VALUES (?, ?, 'income', ?, 500000, 'income', ?, ?)")
    .bind(crypto.randomUUID(), budgetId, label, Date.now(), Date.now())
    .run();
}

async function addUpload(budgetId: string, userId: string, rows: unknown[]): Promise<string> {
  const key = `statements/${budgetId}/${crypto.randomUUID()}.csv`;
  await env.STATEMENTS.put(key, "Date,Description,Amount\n2026-11-01,Coffee,-4.50\n");
  await db()
    .prepare("INSERT INTO uploads (id, budget_id, user_id, file_name, size_bytes, r2_key, status, progress, result, created_at, updated_at) VALUES (?, ?, ?, 'bank.csv', 48, ?, 'ready', 100, ?, ?, ?)")
    .bind(crypto.randomUUID(), budgetId, userId, key, JSON.stringify({ transactions: rows }), Date.now(), Date.now())
    .run();
  return key;
}

async function count(sql: string, ...binds: unknown[]): Promise<number> {
  return (await db().prepare(sql).bind(...binds).first<{ n: number }>())!.n;
}

describe("GET /api/export-data", () => {
  it("downloads a dated JSON file with everything the user owns or wrote and nothing of anyone else's", async () => {
    const owner = await signUp(uniqueEmail("export-owner"), { firstName: "Olive" });
    const member = await signUp(uniqueEmail("export-member"), { firstName: "Milo" });
    const shared = await budgetIdOf(owner);
    await addMember(shared, member.user.id, Date.now());
    await addLine(shared, "Olive salary");
    await addExpense(shared, owner.user.id, "Olive groceries", 8000);
    await addExpense(shared, member.user.id, "Milo secret snacks", 1234);
    await apiJson("/api/user/admin-messages", { cookie: owner.cookie, json: { subject: "Olive asks", content: "Olive question" } });
    await apiJson("/api/user/admin-messages", { cookie: member.cookie, json: { subject: "Milo asks", content: "Milo question" } });
    await addUpload(shared, owner.user.id, [{ date: "2026-11-01", description: "Olive coffee", amount: 4.5 }]);
    await addUpload(shared, member.user.id, [{ date: "2026-11-01", description: "Milo coffee", amount: 3 }]);

    const res = await api("/api/export-data", { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="hearth-budget-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: owner.user.id, email: owner.email, firstName: "Olive" });
    expect(data.budgets).toHaveLength(1);
    expect(data.budgets[0]).toMatchObject({ id: shared, role: "owner" });
    expect(data.budgets[0].income.map((l: any) => l.label)).toEqual(["Olive salary"]);
    expect(data.expenses.map((e: any) => [e.description, e.amount])).toEqual([["Olive groceries", "80.00"]]);
    expect(data.supportMessages.map((m: any) => m.content)).toEqual(["Olive question"]);
    expect(data.uploads[0].transactions).toEqual([{ date: "2026-11-01", description: "Olive coffee", amount: 4.5 }]);
    expect(data.uploads).toHaveLength(1);
    for (const foreign of ["Milo", member.email, member.user.id, "passwordHash", "password_hash"]) expect(text).not.toContain(foreign);

    // The member's export: their own expense, the shared budget without the owner's lines.
    const memberData = await (await api("/api/export-data", { cookie: member.cookie })).json<any>();
    const sharedForMember = memberData.budgets.find((b: any) => b.id === shared);
    expect(sharedForMember.role).toBe("member");
    expect(sharedForMember.income).toBeUndefined();
    expect(memberData.expenses.map((e: any) => e.description)).toEqual(["Milo secret snacks"]);
    const memberText = JSON.stringify(memberData);
    for (const foreign of ["Olive groceries", "Olive salary", "Olive question", "Olive coffee", owner.email]) expect(memberText).not.toContain(foreign);

    expect((await api("/api/export-data")).status).toBe(401);
  });
});

describe("DELETE /api/auth/user", () => {
  it("hands a shared budget to the longest-standing other member, keeps expenses as Former member, and removes the rest", async () => {
    const owner = await signUp(uniqueEmail("leaver"), { firstName: "Lena", lastName: "Leaver" });
    const first = await signUp(uniqueEmail("first"), { firstName: "Fran" });
    const later = await signUp(uniqueEmail("later"), { firstName: "Leo" });
    const shared = await budgetIdOf(owner);
    await addMember(shared, later.user.id, Date.now() + 10);
    await addMember(shared, first.user.id, Date.now() - 1000);
    const expense = await addExpense(shared, owner.user.id, "Weekly shop", 9000);
    const kept = await addExpense(shared, first.user.id, "Fran's lunch", 1200);
    const file = await addUpload(shared, owner.user.id, []);
    await apiJson("/api/user/admin-messages", { cookie: owner.cookie, json: { subject: "Bye", content: "Leaving" } });
    // A budget only the leaver belongs to (besides the personal one, which is now shared).
    const solo = `solo-${crypto.randomUUID()}`;
    await db().prepare("INSERT INTO budgets (id, name, owner_id, period_start, created_at, updated_at) VALUES (?, 'Side budget', ?, '2026-11-01', ?, ?)").bind(solo, owner.user.id, Date.now(), Date.now()).run();
    await addMember(solo, owner.user.id, Date.now());
    await addExpense(solo, owner.user.id, "Solo thing", 500);
    const soloFile = await addUpload(solo, owner.user.id, []);
    const conv = crypto.randomUUID();
    await db().prepare("INSERT INTO conversations (id, user_id, budget_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)").bind(conv, owner.user.id, shared, Date.now(), Date.now()).run();

    const res = await apiJson("/api/auth/user", { method: "DELETE", cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ budgetsDeleted: 1, budgetsTransferred: 1, filesDeleted: 2 });

    // The user, their sessions, conversations and support messages are gone; the cookie no longer works.
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", owner.user.id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM sessions WHERE user_id = ?", owner.user.id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM conversations WHERE user_id = ?", owner.user.id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM support_messages WHERE user_id = ?", owner.user.id)).toBe(0);
    expect((await apiJson("/api/auth/user", { cookie: owner.cookie })).status).toBe(401);
    // The solo budget and its data are gone; both files left R2.
    expect(await count("SELECT count(*) AS n FROM budgets WHERE id = ?", solo)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM expenses WHERE budget_id = ?", solo)).toBe(0);
    expect(await env.STATEMENTS.head(file)).toBeNull();
    expect(await env.STATEMENTS.head(soloFile)).toBeNull();

    // The shared budget passes to Fran, who joined first, and she is told in her chat.
    const budget = await db().prepare("SELECT owner_id FROM budgets WHERE id = ?").bind(shared).first<{ owner_id: string }>();
    expect(budget?.owner_id).toBe(first.user.id);
    const roles = await db().prepare("SELECT user_id, role FROM budget_members WHERE budget_id = ? ORDER BY joined_at").bind(shared).all<{ user_id: string; role: string }>();
    expect(roles.results).toEqual([
      { user_id: first.user.id, role: "owner" },
      { user_id: later.user.id, role: "member" },
    ]);
    const told = await db()
      .prepare("SELECT m.content AS content FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.user_id = ? AND c.budget_id = ?")
      .bind(first.user.id, shared)
      .all<{ content: string }>();
    expect(told.results.map((r) => r.content)).toEqual([expect.stringContaining("Lena Leaver deleted their account, so you are now the owner of this budget.")]);
    expect(await count("SELECT count(*) AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.user_id = ?", later.user.id)).toBe(0);

    // Expenses stay, the leaver's now unattributed ("Former member"); the family's figures are unchanged.
    const rows = await db().prepare("SELECT id, user_id FROM expenses WHERE budget_id = ? ORDER BY amount_cents DESC").bind(shared).all<{ id: string; user_id: string | null }>();
    expect(rows.results).toEqual([
      { id: expense, user_id: null },
      { id: kept, user_id: first.user.id },
    ]);
    await db().prepare("UPDATE users SET active_budget_id = ? WHERE id = ?").bind(shared, first.user.id).run();
    const summary = await apiJson("/api/budget", { cookie: first.cookie });
    expect(summary.body.spent).toBe("102.00");
  });

  it("a member leaving keeps the owner's budget whole", async () => {
    const owner = await signUp(uniqueEmail("stay-owner"));
    const member = await signUp(uniqueEmail("go-member"));
    const shared = await budgetIdOf(owner);
    await addMember(shared, member.user.id, Date.now());
    await addExpense(shared, member.user.id, "Member coffee", 400);
    const res = await apiJson("/api/auth/user", { method: "DELETE", cookie: member.cookie });
    expect(res.body).toMatchObject({ budgetsDeleted: 1, budgetsTransferred: 0, budgetsLeft: 1 });
    expect((await db().prepare("SELECT owner_id FROM budgets WHERE id = ?").bind(shared).first<{ owner_id: string }>())?.owner_id).toBe(owner.user.id);
    expect(await count("SELECT count(*) AS n FROM expenses WHERE budget_id = ? AND user_id IS NULL", shared)).toBe(1);
  });

  it("refuses the last admin and other methods; anonymous gets 401", async () => {
    const admin = await adminAccount();
    const refused = await apiJson("/api/auth/user", { method: "DELETE", cookie: admin.cookie });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("last admin");
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", admin.user.id)).toBe(1);
    expect((await api("/api/auth/user", { method: "DELETE" })).status).toBe(401);
    expect((await api("/api/auth/user", { method: "POST", cookie: admin.cookie })).status).toBe(405);
  });
});
