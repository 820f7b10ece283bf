import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { todayIn } from "../../app/domain/dates";
import { resetDayChange } from "../../app/domain/reset-period";
import { api, apiJson } from "./helpers/http";
import { signUp, type SignedInUser } from "./helpers/users";

// GET/POST /api/budget/details (issue 6): the merge by line id, server totals, limits and the owner's reset day.

async function joinBudget(budgetId: string, member: SignedInUser) {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO budget_members (id, budget_id, user_id, role, joined_at) VALUES (?, ?, ?, 'member', ?)").bind(crypto.randomUUID(), budgetId, member.userId, Date.now()),
    env.DB.prepare("UPDATE users SET active_budget_id = ? WHERE id = ?").bind(budgetId, member.userId),
  ]);
}

type Line = { id: string; label: string; amount: string | number; category?: string; isSingleMonth?: boolean };
type Details = { income: (Line & { amountTolerancePercent: string; managedBy: string | null })[]; expenses: Line[]; totalIncome: string; totalExpenses: string; spendableAmount: string; resetDay: number; idMap: Record<string, string> };

async function details(user: SignedInUser): Promise<Details> {
  const { status, body } = await apiJson<Details>("/api/budget/details", { cookie: user.cookie });
  expect(status).toBe(200);
  return body;
}

async function save(user: SignedInUser, json: Record<string, unknown>) {
  return apiJson<Details & { message: string; fieldErrors: Record<string, string[]> }>("/api/budget/details", { cookie: user.cookie, json });
}

const loadedIds = (d: Details) => [...d.income, ...d.expenses].map((l) => l.id);

describe("GET/POST /api/budget/details", () => {
  it("adds lines with temporary ids, returns the real ids, and recomputes totals on the server", async () => {
    const user = await signUp("Planner");
    const empty = await details(user);
    expect(empty).toMatchObject({ income: [], expenses: [], totalIncome: "0.00", totalExpenses: "0.00", spendableAmount: "0.00", resetDay: 1 });
    const { status, body } = await save(user, {
      income: [{ id: "new-income-1700000000000", label: "Salary", amount: 4200.5 }],
      expenses: [
        { id: "new-expense-1700000000001", label: "Rent", amount: "1500", category: "housing" },
        { id: "new-expense-1700000000002", label: "Gym", amount: "40.25", isSingleMonth: true },
      ],
      // Whatever the client claims, the server computes.
      totalIncome: 999999,
      totalExpenses: 0,
      spendableAmount: 999999,
      resetDay: 15,
      loadedIds: [],
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ totalIncome: "4200.50", totalExpenses: "1540.25", spendableAmount: "2660.25", resetDay: 15 });
    expect(Object.keys(body.idMap).sort()).toEqual(["new-expense-1700000000001", "new-expense-1700000000002", "new-income-1700000000000"]);
    expect(body.income[0]).toMatchObject({
      id: body.idMap["new-income-1700000000000"],
      label: "Salary",
      amount: "4200.50",
      category: "income",
      isSingleMonth: false,
      bankSyncEnabled: false,
      matchingMerchants: [],
      amountTolerancePercent: "5.00",
      matchingAccountMasks: [],
      managedBy: null,
    });
    expect(body.expenses.map((l) => [l.label, l.category, l.isSingleMonth])).toEqual([
      ["Rent", "housing", false],
      ["Gym", "other", true],
    ]);
    const summary = await apiJson("/api/budget", { cookie: user.cookie });
    expect(summary.body).toMatchObject({ totalIncome: "4200.50", fixedExpenses: "1540.25", spendableAmount: "2660.25", resetDay: 15 });
    // The new day takes effect at its next occurrence, exactly as setResetDay does: the cron sees the moved due instant.
    const row = await env.DB.prepare("SELECT reset_day, period_end, reset_due_at, time_zone FROM budgets WHERE id = ?").bind(user.budgetId).first<{ reset_day: number; period_end: string | null; reset_due_at: number; time_zone: string }>();
    const expected = resetDayChange(todayIn(row!.time_zone, Date.now()), 15, row!.time_zone);
    expect(row).toMatchObject({ reset_day: 15, period_end: expected.periodEnd, reset_due_at: expected.resetDueAt });
  });

  it("updates sent lines, deletes loaded-and-dropped lines, keeps lines it never saw", async () => {
    // Two open pages of the owner (lines are the owner's, issue 18 #15): a phone and a laptop.
    const owner = await signUp("Merger");
    const member = owner;
    await save(owner, { income: [{ id: "new-income-1", label: "Pay", amount: 3000 }], expenses: [{ id: "new-expense-1", label: "Rent", amount: 1000 }, { id: "new-expense-2", label: "Phone", amount: 50 }] });
    // Both open the page and load the same lines.
    const ownerView = await details(owner);
    const memberView = await details(member);
    // The phone adds a line and saves first.
    const memberSave = await save(member, { income: memberView.income, expenses: [...memberView.expenses, { id: "new-expense-3", label: "Internet", amount: 60 }], loadedIds: loadedIds(memberView) });
    expect(memberSave.status).toBe(200);
    // The laptop, which never saw "Internet", renames Rent and drops Phone.
    const ownerSave = await save(owner, {
      income: ownerView.income,
      expenses: ownerView.expenses.filter((l) => l.label !== "Phone").map((l) => (l.label === "Rent" ? { ...l, label: "Rent (flat)", amount: "1100.00" } : l)),
      loadedIds: loadedIds(ownerView),
    });
    expect(ownerSave.status).toBe(200);
    expect(ownerSave.body.expenses.map((l) => `${l.label}=${l.amount}`)).toEqual(["Rent (flat)=1100.00", "Internet=60.00"]);
    expect(ownerSave.body).toMatchObject({ totalIncome: "3000.00", totalExpenses: "1160.00", spendableAmount: "1840.00" });
  });

  it("merges two pages' concurrent saves without losing either side's lines", async () => {
    const owner = await signUp("Racer");
    const member = owner; // the owner's second open page
    await save(owner, { income: [{ id: "new-income-1", label: "Pay", amount: 5000 }], expenses: [] });
    const view = await details(owner);
    const ids = loadedIds(view);
    const batch = (who: SignedInUser, prefix: string) =>
      Array.from({ length: 5 }, (_, i) => save(who, { income: view.income, expenses: [{ id: `new-expense-${prefix}${i}`, label: `${prefix} ${i}`, amount: 10 }], loadedIds: ids }));
    const results = await Promise.all([...batch(owner, "o"), ...batch(member, "m")]);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const after = await details(member);
    expect(after.expenses.map((l) => l.label).sort()).toEqual([...["m", "o"].flatMap((p) => Array.from({ length: 5 }, (_, i) => `${p} ${i}`))].sort());
    expect(after.income.map((l) => l.label)).toEqual(["Pay"]);
    expect(after.totalExpenses).toBe("100.00");
  });

  it("never edits or deletes a managed line, and a line deleted meanwhile stays deleted", async () => {
    const user = await signUp("Debtor");
    const now = Date.now();
    await env.DB.prepare("INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, position, managed_by, created_at, updated_at) VALUES (?, ?, 'expense', 'Extra debt payment', 20000, 'other', 9, 'debt-plan', ?, ?)")
      .bind(`managed-${user.budgetId}`, user.budgetId, now, now)
      .run();
    const view = await details(user);
    const managed = view.expenses.find((l) => l.label === "Extra debt payment")!;
    expect(managed).toMatchObject({ managedBy: "debt-plan" });
    const res = await save(user, { income: [], expenses: [{ ...managed, label: "Hacked", amount: 1 }], loadedIds: loadedIds(view) });
    expect(res.status).toBe(200);
    const dropped = await save(user, { income: [], expenses: [], loadedIds: loadedIds(view) });
    expect(dropped.body.expenses).toEqual([expect.objectContaining({ label: "Extra debt payment", amount: "200.00" })]);
    const gone = await save(user, { income: [], expenses: [{ id: "00000000-0000-4000-8000-000000000abc", label: "Ghost", amount: 5 }], loadedIds: [] });
    expect(gone.status).toBe(200);
    expect(gone.body.expenses.map((l) => l.label)).toEqual(["Extra debt payment"]);
  });

  it("lets only the owner change lines and the reset day (issue 18 #15)", async () => {
    const owner = await signUp("Keeper");
    const member = await signUp("Guest");
    await joinBudget(owner.budgetId, member);
    await save(owner, { income: [{ id: "new-income-1", label: "Pay", amount: 3000 }], expenses: [] });
    const view = await details(member);
    for (const body of [
      { income: [], expenses: [], resetDay: 20 },
      { income: view.income, expenses: [{ id: "new-expense-9", label: "Water", amount: 30 }], loadedIds: loadedIds(view) },
      { income: [], expenses: [], loadedIds: loadedIds(view) },
    ]) {
      const refused = await save(member, body);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("Only the budget owner can change income and fixed expenses.");
    }
    expect((await details(owner)).income.map((l) => l.label)).toEqual(["Pay"]);
    expect((await details(owner)).expenses).toEqual([]);
    expect((await save(owner, { income: [], expenses: [], resetDay: 28 })).body.resetDay).toBe(28);
  });

  it("refuses bad input with a 400 and a clear message", async () => {
    const user = await signUp("Strict");
    const line = (over: Record<string, unknown>) => ({ income: [], expenses: [{ id: "new-expense-1", label: "Bill", amount: 10, ...over }] });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...line({}), resetDay: 0 }, /1 to 28/],
      [{ ...line({}), resetDay: 29 }, /1 to 28/],
      [{ ...line({}), resetDay: "x" }, /1 to 28/],
      [line({ label: "L".repeat(121) }), /120 characters/],
      [line({ amount: -1 }), /negative/],
      [line({ amount: "1.001" }), /2 decimal/],
      [line({ amount: "lots" }), /number/],
      [line({ amount: 10_000_001 }), /10,000,000/],
      [line({ category: "yachts" }), /category/],
      [{ income: Array.from({ length: 101 }, (_, i) => ({ id: `new-income-${i}`, label: "I", amount: 1 })), expenses: Array.from({ length: 100 }, (_, i) => ({ id: `new-expense-${i}`, label: "E", amount: 1 })) }, /at most 200 lines/],
      [{ income: [{ id: "new-income-1", label: "A", amount: 1 }, { id: "new-income-1", label: "B", amount: 1 }], expenses: [] }, /more than once/],
      [{ expenses: [] }, /list/],
    ];
    for (const [json, message] of cases) {
      const res = await save(user, json);
      expect(res.status, JSON.stringify(json).slice(0, 100)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await details(user)).expenses).toEqual([]);
    const huge = await api("/api/budget/details", { cookie: user.cookie, json: { income: [], expenses: [], pad: "p".repeat(1_100_000) } });
    expect(huge.status).toBe(413);
  });

  it("refuses more than 200 lines counted with the lines already stored", async () => {
    const user = await signUp("Hoarder");
    const many = Array.from({ length: 150 }, (_, i) => ({ id: `new-expense-a${i}`, label: `A${i}`, amount: 1 }));
    expect((await save(user, { income: [], expenses: many })).status).toBe(200);
    // Without loadedIds nothing is deleted, so these 60 would make 210.
    const more = Array.from({ length: 60 }, (_, i) => ({ id: `new-expense-b${i}`, label: `B${i}`, amount: 1 }));
    const res = await save(user, { income: [], expenses: more });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/at most 200 lines/);
  });

  it("answers 404 for another budget's line id and leaves that line alone", async () => {
    const alice = await signUp("AliceD");
    const mallory = await signUp("MalloryD");
    const saved = await save(alice, { income: [{ id: "new-income-1", label: "Pay", amount: 100 }], expenses: [] });
    const aliceLine = saved.body.income[0];
    const res = await save(mallory, { income: [{ id: aliceLine.id, label: "Mine now", amount: 1 }], expenses: [] });
    expect(res.status).toBe(404);
    const dropped = await save(mallory, { income: [], expenses: [], loadedIds: [aliceLine.id] });
    expect(dropped.status).toBe(200);
    expect((await details(alice)).income).toEqual([expect.objectContaining({ id: aliceLine.id, label: "Pay", amount: "100.00" })]);
    expect((await details(mallory)).income).toEqual([]);
  });
});
