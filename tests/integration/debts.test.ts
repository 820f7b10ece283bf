import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, apiJson, signUpComplete, uniqueEmail, type SignedIn } from "./helpers/http";

// Debt management (issue 12): the debt calls, the strategies, the applied plan that the budget honours,
// reminders, and other budgets' debts.

const visa = { name: "Visa", type: "credit_card", currentBalance: "2000.00", interestRate: 0.2499, minimumPayment: "60", currentPayment: "80", creditor: "Chase", paymentDueDate: 15 };
const car = { name: "Car loan", type: "auto_loan", currentBalance: 9000, interestRate: 0.069, minimumPayment: 250, creditor: "Ally", paymentDueDate: 3 };
const store = { name: "Store card", type: "credit_card", currentBalance: "450", interestRate: 0.2899, minimumPayment: "25", paymentDueDate: 20 };

const activeBudgetOf = async (userId: string) =>
  (await env.DB.prepare("SELECT active_budget_id AS id FROM users WHERE id = ?").bind(userId).first<{ id: string }>())!.id;

async function withIncome(who: SignedIn, cents: number) {
  const budgetId = await activeBudgetOf(who.user.id);
  await env.DB.prepare("INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, position, created_at, updated_at) VALUES (?, ?, 'income', 'Pay', ?, 'income', 0, 0, 0)")
    .bind(crypto.randomUUID(), budgetId, cents)
    .run();
  return budgetId;
}

async function addDebt(who: SignedIn, body: unknown) {
  return apiJson("/api/debts", { cookie: who.cookie, json: body });
}

describe("POST/GET /api/debts", () => {
  it("adds a debt and lists it, money as decimal strings and the rate as a fraction", async () => {
    const me = await signUpComplete(uniqueEmail("debts"));
    const { status, body } = await addDebt(me, visa);
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: "Visa", type: "credit_card", currentBalance: "2000.00", interestRate: 0.2499, minimumPayment: "60.00", currentPayment: "80.00", creditor: "Chase", paymentDueDate: 15 });
    const second = await addDebt(me, store);
    expect(second.body).toMatchObject({ currentPayment: null, creditor: null, paymentDueDate: 20 });
    const list = await apiJson("/api/debts", { cookie: me.cookie });
    expect(list.body.map((d: { name: string }) => d.name)).toEqual(["Visa", "Store card"]);
  });

  it.each([
    [{ currentBalance: "-5" }, "Current balance cannot be negative."],
    [{ minimumPayment: -1 }, "Minimum payment cannot be negative."],
    [{ currentPayment: "-1" }, "Current payment cannot be negative."],
    [{ interestRate: 1.5 }, "Interest rate cannot be above 100%."],
    [{ type: "payday_loan" }, "Type must be one of credit_card, auto_loan, mortgage, heloc, student_loan, personal_loan."],
    [{ paymentDueDate: 31 }, "Payment due date must be a day from 1 to 28."],
    [{ name: "" }, "Name is required."],
  ])("refuses %j with 400 and a clear message", async (patch, message) => {
    const me = await signUpComplete(uniqueEmail("debts-bad"));
    const { status, body } = await addDebt(me, { ...visa, ...patch });
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect((await apiJson("/api/debts", { cookie: me.cookie })).body).toEqual([]);
  });

  it("refuses a 51st debt", async () => {
    const me = await signUpComplete(uniqueEmail("debts-many"));
    const budgetId = await activeBudgetOf(me.user.id);
    const inserts = Array.from({ length: 50 }, (_, i) =>
      env.DB.prepare("INSERT INTO debts (id, budget_id, name, type, current_balance_cents, interest_rate, minimum_payment_cents, payment_due_date, created_at, updated_at) VALUES (?, ?, ?, 'credit_card', 1000, 0.1, 100, 1, ?, 0)").bind(
        crypto.randomUUID(),
        budgetId,
        `Debt ${i}`,
        i,
      ),
    );
    await env.DB.batch(inserts);
    const { status, body } = await addDebt(me, visa);
    expect(status).toBe(400);
    expect(body.message).toBe("A budget can have at most 50 debts.");
  });

  it("answers 401 signed out", async () => {
    expect((await api("/api/debts")).status).toBe(401);
    expect((await api("/api/debts", { json: visa })).status).toBe(401);
  });
});

describe("PATCH/DELETE /api/debts/{id}", () => {
  it("edits and deletes a debt of the budget; another budget's debt is 404 and untouched", async () => {
    const me = await signUpComplete(uniqueEmail("debts-edit"));
    const other = await signUpComplete(uniqueEmail("debts-other"));
    const mine = (await addDebt(me, visa)).body;
    const theirs = (await addDebt(other, car)).body;

    const edited = await apiJson(`/api/debts/${mine.id}`, { method: "PATCH", cookie: me.cookie, json: { currentBalance: "1500.25", interestRate: 0.1999 } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: mine.id, currentBalance: "1500.25", interestRate: 0.1999, name: "Visa", currentPayment: "80.00" });
    const bad = await apiJson(`/api/debts/${mine.id}`, { method: "PATCH", cookie: me.cookie, json: { paymentDueDate: 0 } });
    expect(bad.status).toBe(400);

    expect((await api(`/api/debts/${theirs.id}`, { method: "PATCH", cookie: me.cookie, json: { name: "Mine now" } })).status).toBe(404);
    expect((await api(`/api/debts/${theirs.id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(404);
    expect((await apiJson("/api/debts", { cookie: other.cookie })).body).toMatchObject([{ id: theirs.id, name: "Car loan" }]);

    expect((await api(`/api/debts/${mine.id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(200);
    expect((await apiJson("/api/debts", { cookie: me.cookie })).body).toEqual([]);
    expect((await api(`/api/debts/${mine.id}`, { method: "DELETE", cookie: me.cookie })).status).toBe(404);
  });

  it("a member of a shared budget sees its debts, adds and changes their own, never the owner's (issue 18 #15)", async () => {
    const owner = await signUpComplete(uniqueEmail("debts-owner"));
    const member = await signUpComplete(uniqueEmail("debts-member"));
    const budgetId = await activeBudgetOf(owner.user.id);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO budget_members (id, budget_id, user_id, role, joined_at) VALUES (?, ?, ?, 'member', 0)").bind(crypto.randomUUID(), budgetId, member.user.id),
      env.DB.prepare("UPDATE users SET active_budget_id = ? WHERE id = ?").bind(budgetId, member.user.id),
    ]);
    const debt = (await addDebt(owner, visa)).body;
    expect((await apiJson("/api/debts", { cookie: member.cookie })).body).toMatchObject([{ id: debt.id }]);
    const refused = await apiJson(`/api/debts/${debt.id}`, { method: "PATCH", cookie: member.cookie, json: { name: "Visa (shared)" } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only the budget owner can change debts other members added.");
    expect((await api(`/api/debts/${debt.id}`, { method: "DELETE", cookie: member.cookie })).status).toBe(403);
    const own = (await addDebt(member, car)).body;
    expect((await api(`/api/debts/${own.id}`, { method: "PATCH", cookie: member.cookie, json: { name: "My car" } })).status).toBe(200);
    // The owner changes every debt of the budget, the member's too.
    expect((await api(`/api/debts/${own.id}`, { method: "PATCH", cookie: owner.cookie, json: { name: "Sam's car" } })).status).toBe(200);
    expect((await api(`/api/debts/${own.id}`, { method: "DELETE", cookie: member.cookie })).status).toBe(200);
    // Applying a payoff plan keeps a fixed line: the owner's.
    expect((await api("/api/debt-strategies", { cookie: member.cookie, json: { strategyType: "avalanche", extraPaymentAmount: "10" } })).status).toBe(403);
    expect((await apiJson("/api/debts", { cookie: owner.cookie })).body).toMatchObject([{ id: debt.id, name: "Visa" }]);
  });
});

describe("/api/debt-strategies", () => {
  it("compares the three strategies; applying avalanche with an extra adds one fixed expense that GET /api/budget honours", async () => {
    const me = await signUpComplete(uniqueEmail("debts-plan"));
    const budgetId = await withIncome(me, 500000);
    for (const d of [visa, car, store]) await addDebt(me, d);
    const before = await apiJson("/api/budget", { cookie: me.cookie });

    const first = await apiJson("/api/debt-strategies", { cookie: me.cookie });
    expect(first.status).toBe(200);
    expect(first.body.plan).toBeNull();
    expect(first.body.strategies.map((s: { strategy: string }) => s.strategy)).toEqual(["snowball", "avalanche", "current"]);
    expect(first.body.overview).toMatchObject({ totalDebt: "11450.00", debtsCount: 3, averageInterest: "20.3" });

    const applied = await apiJson("/api/debt-strategies", { cookie: me.cookie, json: { strategyType: "avalanche", extraPaymentAmount: "150" } });
    expect(applied.status).toBe(200);
    const [snowball, avalanche, current] = applied.body.strategies;
    expect(avalanche).toMatchObject({ name: "Debt Avalanche", monthlyExtraPayment: "150.00", payoffOrder: "Store card, Visa, Car loan", badge: "Best Savings" });
    expect(snowball.payoffOrder).toBe("Store card, Visa, Car loan");
    expect(current.interestSavings).toBe("0.00");
    expect(Number(avalanche.interestSavings)).toBeGreaterThan(0);
    expect(Number(avalanche.totalInterest)).toBeLessThanOrEqual(Number(snowball.totalInterest));
    expect(applied.body.plan).toMatchObject({ strategyType: "avalanche", extraPaymentAmount: "150.00" });
    expect(applied.body.plan.payoffDates).toHaveLength(3);
    // The schedule only when asked for, compact: names once, months as arrays of [debt, interest, payment, balance].
    expect(applied.body.plan.schedule).toBeNull();
    const withSchedule = await apiJson("/api/debt-strategies?schedule=all", { cookie: me.cookie });
    const schedule = withSchedule.body.plan.schedule;
    expect(schedule.debts.map((d: { name: string }) => d.name)).toEqual(["Visa", "Car loan", "Store card"]);
    expect(schedule.months).toHaveLength(schedule.totalMonths);
    expect(schedule.months[0].entries).toHaveLength(3);
    // Without a schedule the plan's payoff dates come from the comparison's run: the same as the plan's own run.
    expect(applied.body.plan.payoffDates).toEqual(withSchedule.body.plan.payoffDates);
    expect(applied.body.plan.payoffDates.every((p: { month: number | null }) => p.month !== null)).toBe(true);
    // Month 1: the Visa (index 0) gets at least what is paid on it today ($80), its interest charged first.
    const [visaIndex, visaInterest, visaPayment, visaBalance] = schedule.months[0].entries.find((e: number[]) => e[0] === 0);
    expect(visaIndex).toBe(0);
    expect(visaPayment).toBeGreaterThanOrEqual(8000);
    expect(visaBalance).toBe(200000 + visaInterest - visaPayment);
    // One computation: today's payments ($80 + $250 + $25), plus the extra, and the spec's left to spend from them.
    expect(applied.body.overview.monthlyPayments).toBe("355.00");
    expect(applied.body.overview.budgetImpact).toMatchObject({ monthlyDebtPayments: "505.00", extraPayment: "150.00", leftToSpend: "4495.00", minimumPayments: "335.00" });
    expect(avalanche.monthlyPayment).toBe("505.00");
    expect(current.monthlyPayment).toBe("355.00");

    const after = await apiJson("/api/budget", { cookie: me.cookie });
    // The page says which figure the chat header shows: the budget's own left to spend.
    expect(applied.body.overview.budgetImpact.headerLeftToSpend).toBe(after.body.left);
    expect(Number(after.body.fixedExpenses) - Number(before.body.fixedExpenses)).toBe(150);
    expect(Number(before.body.left) - Number(after.body.left)).toBe(150);

    // Re-applying updates the one line; an extra of 0 removes it.
    await apiJson("/api/debt-strategies", { cookie: me.cookie, json: { strategyType: "snowball", extraPaymentAmount: 200 } });
    const lines = () => env.DB.prepare("SELECT label, amount_cents AS amount FROM line_items WHERE budget_id = ? AND managed_by = 'debt-plan'").bind(budgetId).all();
    expect((await lines()).results).toEqual([{ label: "Extra debt payment", amount: 20000 }]);
    expect((await apiJson("/api/budget", { cookie: me.cookie })).body.fixedExpenses).toBe(before.body.fixedExpenses === "0.00" ? "200.00" : after.body.fixedExpenses);
    await apiJson("/api/debt-strategies", { cookie: me.cookie, json: { strategyType: "current", extraPaymentAmount: 0 } });
    expect((await lines()).results).toEqual([]);
    expect((await apiJson("/api/budget", { cookie: me.cookie })).body.left).toBe(before.body.left);
    expect((await apiJson("/api/debt-strategies", { cookie: me.cookie })).body.plan).toMatchObject({ strategyType: "current", extraPaymentAmount: "0.00" });
  });

  it("warns when a payment does not cover the interest, and never loops past 600 months", async () => {
    const me = await signUpComplete(uniqueEmail("debts-warn"));
    await addDebt(me, { name: "Old loan", type: "personal_loan", currentBalance: 10000, interestRate: 0.24, minimumPayment: 150, paymentDueDate: 1 });
    const { body } = await apiJson("/api/debt-strategies", { cookie: me.cookie });
    expect(body.warnings).toEqual([expect.objectContaining({ name: "Old loan", message: "Warning: Current payment may not cover interest charges" })]);
    // The spec's payoff warning row, with the amounts ($10,000 at 24% is $200 of interest a month).
    expect(body.paymentWarnings).toEqual([
      { debtId: expect.any(String), name: "Old loan", payment: "150.00", interest: "200.00", message: "Monthly payment $150.00 on Old loan is insufficient to cover interest of $200.00 a month" },
    ]);
    expect(body.strategies[2]).toMatchObject({ totalMonths: 600, capped: true });
  });

  it("strategies with no extra never lose to carrying on as today (payments above the minimums)", async () => {
    const me = await signUpComplete(uniqueEmail("debts-today"));
    await addDebt(me, { name: "Card", type: "credit_card", currentBalance: 5000, interestRate: 0.2199, minimumPayment: 100, currentPayment: 300, paymentDueDate: 1 });
    await addDebt(me, { name: "Car", type: "auto_loan", currentBalance: 2000, interestRate: 0.069, minimumPayment: 50, currentPayment: 150, paymentDueDate: 1 });
    const { body } = await apiJson("/api/debt-strategies", { cookie: me.cookie, json: { strategyType: "avalanche", extraPaymentAmount: 0 } });
    for (const s of body.strategies.slice(0, 2)) {
      expect(Number(s.interestSavings), s.name).toBeGreaterThanOrEqual(0);
      expect(s.timeSavings, s.name).toBeGreaterThanOrEqual(0);
    }
    expect(body.overview.monthlyPayments).toBe("450.00");
    expect(body.overview.budgetImpact.monthlyDebtPayments).toBe("450.00");
  });

  it("with 50 debts the answer stays under 50 KB (the schedule is sent only when asked for)", async () => {
    const me = await signUpComplete(uniqueEmail("debts-fifty"));
    const types = ["credit_card", "auto_loan", "mortgage", "heloc", "student_loan", "personal_loan"];
    for (let i = 0; i < 50; i++) {
      const balance = 500 + ((i * 7919) % 30_000);
      const rate = 0.03 + ((i * 37) % 27) / 100;
      const res = await api("/api/debts", {
        cookie: me.cookie,
        json: { name: `Bench debt ${i + 1}`, type: types[i % types.length], currentBalance: balance, interestRate: rate, minimumPayment: Math.ceil(balance * (rate / 12 + 0.01)), paymentDueDate: (i % 28) + 1 },
      });
      expect(res.status).toBe(201);
    }
    const res = await api("/api/debt-strategies", { cookie: me.cookie, json: { strategyType: "avalanche", extraPaymentAmount: "250" } });
    expect(res.status).toBe(200);
    const text = await res.text();
    console.log(`POST /api/debt-strategies with 50 debts: ${text.length} bytes`);
    expect(text.length).toBeLessThanOrEqual(50_000);
    const body = JSON.parse(text);
    expect(body.strategies[0]).toEqual(expect.objectContaining({ strategy: "snowball", name: "Debt Snowball", description: expect.any(String), totalInterest: expect.any(String), totalMonths: expect.any(Number), payoffOrder: expect.any(String), interestSavings: expect.any(String), timeSavings: expect.any(Number), monthlyExtraPayment: "250.00" }));
    expect(body.plan.payoffDates).toHaveLength(50);
    // Asked for, the whole schedule names each debt once.
    const count = (json: string) => json.split('"Bench debt 17"').length - 1;
    const full = await (await api("/api/debt-strategies?schedule=all", { cookie: me.cookie })).text();
    const plain = await (await api("/api/debt-strategies", { cookie: me.cookie })).text();
    expect(JSON.parse(full).plan.schedule.totalMonths).toBeGreaterThan(12);
    expect(count(full) - count(plain)).toBe(1);
  });

  it.each([
    [{ strategyType: "fastest", extraPaymentAmount: 10 }, "Strategy type must be snowball, avalanche or current."],
    [{ strategyType: "snowball", extraPaymentAmount: -10 }, "Extra payment must be an amount of 0 or more."],
    [{ extraPaymentAmount: 10 }, "Strategy type must be snowball, avalanche or current."],
  ])("refuses %j with 400", async (body, message) => {
    const me = await signUpComplete(uniqueEmail("debts-badplan"));
    const res = await apiJson("/api/debt-strategies", { cookie: me.cookie, json: body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe("GET /api/debt-reminders", () => {
  it("lists debts due within the next 5 days with the amount and the day", async () => {
    const me = await signUpComplete(uniqueEmail("debts-remind"));
    const day = new Date().getUTCDate();
    // A due day 2 days ahead (within 1–28), and one well outside the window.
    const soon = day + 2 <= 28 ? day + 2 : 1;
    const later = ((day + 14) % 28) + 1;
    await addDebt(me, { ...visa, paymentDueDate: soon });
    await addDebt(me, { ...car, paymentDueDate: later });
    const { status, body } = await apiJson("/api/debt-reminders", { cookie: me.cookie });
    expect(status).toBe(200);
    expect(body).toEqual([expect.objectContaining({ name: "Visa", amount: "80.00", paymentDueDate: soon })]);
    expect(body[0].daysUntil).toBeLessThanOrEqual(5);
  });
});
