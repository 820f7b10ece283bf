import { createExecutionContext, createMessageBatch, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { budgetRoom } from "../../app/server/budget-room/client.server";
import { startOfDayUtc } from "../../app/domain/reset-period";
import app from "../../workers/app";
import { signUp, type SignedInUser } from "./helpers/users";

// The monthly reset (issue 9): the cron finds due budgets and enqueues them; the queue consumer resets
// each through its BudgetRoom, in the budget's own time zone, idempotently per period.

const worker = app as ExportedHandler<Env>;
type Job = { type: string; budgets: Array<{ id: string; periodStart: string }>; now: number };

afterEach(() => vi.restoreAllMocks());

/** Runs the hourly cron at `iso` and returns the reset jobs it enqueued (the real queue send still happens). */
async function cron(iso: string): Promise<Job[]> {
  // These runs are years ahead; the same cron's clean-up would end every test session as expired.
  await env.DB.prepare("UPDATE sessions SET expires_at = 9000000000000").run();
  const sent: Job[] = [];
  const real = env.JOBS.sendBatch.bind(env.JOBS);
  vi.spyOn(env.JOBS, "sendBatch").mockImplementation(async (messages) => {
    for (const m of messages) sent.push(m.body as Job);
    return real(messages);
  });
  const ctx = createExecutionContext();
  await worker.scheduled!({ scheduledTime: Date.parse(iso), cron: "0 * * * *", noRetry() {} } as ScheduledController, env, ctx);
  await waitOnExecutionContext(ctx);
  vi.restoreAllMocks();
  return sent.filter((j) => j.type === "resetBudgets");
}

/** Delivers jobs to the Worker's queue consumer, as the queue would. */
async function consume(jobs: Job[]): Promise<void> {
  if (jobs.length === 0) return;
  const batch = createMessageBatch("budget-jobs", jobs.map((body, i) => ({ id: `m-${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })));
  const ctx = createExecutionContext();
  await worker.queue!(batch, env, ctx);
  const result = await getQueueResult(batch, ctx);
  expect(result.retryMessages).toEqual([]);
}

async function cronAndConsume(iso: string): Promise<string[]> {
  const jobs = await cron(iso);
  await consume(jobs);
  return jobs.flatMap((j) => j.budgets.map((b) => b.id));
}

interface Arranged {
  owner: SignedInUser;
  budgetId: string;
}

/** A budget in `timeZone` whose current period began on `periodStart` (arranged directly in D1). */
async function budgetIn(timeZone: string, periodStart: string, resetDay = 1): Promise<Arranged> {
  const owner = await signUp("Reset");
  const end = new Date(Date.UTC(+periodStart.slice(0, 4), +periodStart.slice(5, 7) - 1 + (+periodStart.slice(8) >= resetDay ? 1 : 0), resetDay)).toISOString().slice(0, 10);
  await env.DB.prepare("UPDATE budgets SET time_zone = ?, period_start = ?, reset_day = ?, period_end = NULL, reset_due_at = ? WHERE id = ?")
    .bind(timeZone, periodStart, resetDay, startOfDayUtc(end, timeZone), owner.budgetId)
    .run();
  return { owner, budgetId: owner.budgetId };
}

async function addExpense(b: Arranged, date: string, cents: number, categoryId = "food", description = "Groceries", userId = b.owner.userId): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO expenses (id, budget_id, user_id, amount_cents, description, category_id, date, created_at, enabled, source, period_start) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 'form', ?)",
  )
    .bind(id, b.budgetId, userId, cents, description, categoryId, date, Date.parse(`${date}T12:00:00Z`), date)
    .run();
  return id;
}

async function addLine(b: Arranged, kind: "income" | "expense", label: string, cents: number, oneTime = false): Promise<void> {
  await env.DB.prepare("INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, is_single_month, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, 0)")
    .bind(crypto.randomUUID(), b.budgetId, kind, label, cents, kind === "income" ? "income" : "other", oneTime ? 1 : 0)
    .run();
}

async function budgetRow(id: string) {
  return env.DB.prepare("SELECT period_start, period_end, reset_due_at FROM budgets WHERE id = ?").bind(id).first<{ period_start: string; period_end: string | null; reset_due_at: number }>();
}

async function expenseRows(budgetId: string) {
  const { results } = await env.DB.prepare("SELECT date, budget_month, archived_at FROM expenses WHERE budget_id = ? ORDER BY date").bind(budgetId).all<{ date: string; budget_month: string | null; archived_at: number | null }>();
  return results;
}

async function botMessages(userId: string, budgetId: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT m.content FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.user_id = ? AND c.budget_id = ? AND m.sender = 'bot' ORDER BY m.created_at",
  )
    .bind(userId, budgetId)
    .all<{ content: string }>();
  return results.map((r) => r.content);
}

describe("the hourly cron resets budgets at midnight in their own time zone", () => {
  it("before, at and after the reset moment, for budgets in Tokyo, UTC and New York", async () => {
    const tokyo = await budgetIn("Asia/Tokyo", "2031-11-01");
    const utc = await budgetIn("UTC", "2031-11-01");
    const newYork = await budgetIn("America/New_York", "2031-11-01");
    const ours = [tokyo.budgetId, utc.budgetId, newYork.budgetId];
    const startOf = async () => Promise.all(ours.map(async (id) => (await budgetRow(id))!.period_start));

    expect((await cronAndConsume("2031-11-30T14:59:59Z")).filter((id) => ours.includes(id))).toEqual([]);
    expect(await startOf()).toEqual(["2031-11-01", "2031-11-01", "2031-11-01"]);

    expect((await cronAndConsume("2031-11-30T15:00:00Z")).filter((id) => ours.includes(id))).toEqual([tokyo.budgetId]);
    expect(await startOf()).toEqual(["2031-12-01", "2031-11-01", "2031-11-01"]);

    await cronAndConsume("2031-12-01T00:00:00Z");
    expect(await startOf()).toEqual(["2031-12-01", "2031-12-01", "2031-11-01"]);

    await cronAndConsume("2031-12-01T04:59:00Z");
    expect((await startOf())[2]).toBe("2031-11-01");
    await cronAndConsume("2031-12-01T05:00:00Z");
    expect(await startOf()).toEqual(["2031-12-01", "2031-12-01", "2031-12-01"]);

    // The next due instant is the next local midnight of the reset day.
    expect((await budgetRow(newYork.budgetId))!.reset_due_at).toBe(Date.parse("2032-01-01T05:00:00Z"));
  });

  it("archives the period, drops one-time fixed expenses, zeroes spent and tells every member", async () => {
    const b = await budgetIn("UTC", "2032-03-01");
    const member = await signUp("Member");
    await env.DB.prepare("INSERT INTO budget_members (id, budget_id, user_id, role, joined_at) VALUES (?, ?, ?, 'member', 1)").bind(crypto.randomUUID(), b.budgetId, member.userId).run();
    await env.DB.prepare("UPDATE users SET language_preference = 'saving' WHERE id = ?").bind(member.userId).run();
    await addLine(b, "income", "Salary", 400_000);
    await addLine(b, "expense", "Rent", 150_000);
    await addLine(b, "expense", "Car repair", 50_000, true);
    await addExpense(b, "2032-03-02", 12_000, "food");
    await addExpense(b, "2032-03-20", 30_000, "dining", "Anniversary dinner");

    await cronAndConsume("2032-04-01T00:00:00Z");

    expect((await budgetRow(b.budgetId))!.period_start).toBe("2032-04-01");
    const rows = await expenseRows(b.budgetId);
    expect(rows.map((r) => r.budget_month)).toEqual(["2032-03", "2032-03"]);
    expect(rows.every((r) => r.archived_at === Date.parse("2032-04-01T00:00:00Z"))).toBe(true);
    const { results: lines } = await env.DB.prepare("SELECT label FROM line_items WHERE budget_id = ? ORDER BY label").bind(b.budgetId).all<{ label: string }>();
    expect(lines.map((l) => l.label)).toEqual(["Rent", "Salary"]);

    const ownerChat = await botMessages(b.owner.userId, b.budgetId);
    expect(ownerChat).toHaveLength(1);
    expect(ownerChat[0]).toContain("you spent $420 of $2,000 spendable, with $1,580 left over.");
    expect(ownerChat[0]).toContain("Top category: Dining Out ($300).");
    const memberChat = await botMessages(member.userId, b.budgetId);
    expect(memberChat[0]).toContain("you spent $420 of $2,000 saveable");

    // Spent is zero in the new period, as every screen reads it.
    const summary = (await (await exports.default.fetch("http://localhost/api/budget", { headers: { Cookie: b.owner.cookie } })).json()) as { spent: string; spendableAmount: string };
    expect(summary.spent).toBe("0.00");
    expect(summary.spendableAmount).toBe("2500.00");
  });

  it("a second run, an overlapping run or a retried batch changes nothing", async () => {
    const b = await budgetIn("UTC", "2033-05-01");
    await addExpense(b, "2033-05-10", 5_000);
    const jobs = await cron("2033-06-01T00:00:00Z");
    const mine = jobs.filter((j) => j.budgets.some((x) => x.id === b.budgetId));
    expect(mine).toHaveLength(1);
    // Overlapping: the same message delivered twice at once; then retried later; then the next hour's cron.
    await Promise.all([consume(mine), consume(mine)]);
    await consume(mine);
    await cronAndConsume("2033-06-01T01:00:00Z");
    expect((await budgetRow(b.budgetId))!.period_start).toBe("2033-06-01");
    expect(await botMessages(b.owner.userId, b.budgetId)).toHaveLength(1);
    const [row] = await expenseRows(b.budgetId);
    expect(row!.archived_at).toBe(Date.parse("2033-06-01T00:00:00Z"));
  });

  it("a budget that missed several periods catches up period by period", async () => {
    const b = await budgetIn("UTC", "2034-01-15", 15);
    await addExpense(b, "2034-01-20", 1_000);
    await addExpense(b, "2034-02-20", 2_000);
    await addExpense(b, "2034-03-20", 3_000);
    await addExpense(b, "2034-04-16", 4_000);
    await cronAndConsume("2034-04-16T10:00:00Z");
    expect((await budgetRow(b.budgetId))!.period_start).toBe("2034-04-15");
    expect((await expenseRows(b.budgetId)).map((r) => r.budget_month)).toEqual(["2034-01", "2034-02", "2034-03", null]);
    expect(await botMessages(b.owner.userId, b.budgetId)).toHaveLength(3);
  });

  it("a reset day changed mid-period takes effect at the next occurrence of the new day", async () => {
    const b = await budgetIn("UTC", "2035-07-01");
    // On July 20 the owner moves the reset day to the 15th: next reset is August 15, not at once, not August 1.
    const outcome = await budgetRoom(env, b.budgetId).apply({ budgetId: b.budgetId, actorId: b.owner.userId, command: { type: "setResetDay", resetDay: 15 }, now: Date.parse("2035-07-20T12:00:00Z") });
    expect(outcome.ok).toBe(true);
    await cronAndConsume("2035-07-20T13:00:00Z");
    await cronAndConsume("2035-08-01T00:00:00Z");
    expect((await budgetRow(b.budgetId))!.period_start).toBe("2035-07-01");
    await cronAndConsume("2035-08-15T00:00:00Z");
    expect((await budgetRow(b.budgetId))!.period_start).toBe("2035-08-15");
    expect((await budgetRow(b.budgetId))!.period_end).toBeNull();
    // Changing it on the reset day itself never resets twice that day.
    await budgetRoom(env, b.budgetId).apply({ budgetId: b.budgetId, actorId: b.owner.userId, command: { type: "setResetDay", resetDay: 15 }, now: Date.parse("2035-08-15T08:00:00Z") });
    await cronAndConsume("2035-08-15T09:00:00Z");
    expect((await budgetRow(b.budgetId))!.period_start).toBe("2035-08-15");
  });

  it("only the scheduler may reset a budget", async () => {
    const b = await budgetIn("UTC", "2036-01-01");
    const refused = await budgetRoom(env, b.budgetId).apply({ budgetId: b.budgetId, actorId: b.owner.userId, command: { type: "resetPeriod", periodStart: "2036-01-01" }, now: Date.parse("2036-03-01T00:00:00Z") });
    expect(refused).toMatchObject({ ok: false, status: 403 });
  });
});

describe("history and exports", () => {
  async function archivedBudget() {
    const b = await budgetIn("UTC", "2037-02-01");
    await addExpense(b, "2037-02-03", 4_550, "food", "=HYPERLINK(\"http://evil\",\"x\")");
    await addExpense(b, "2037-02-04", 1_200, "coffee", "Latte, large");
    await cronAndConsume("2037-03-01T00:00:00Z");
    await addExpense(b, "2037-03-02", 999, "dining", "Tacos");
    return b;
  }
  const get = (path: string, cookie?: string) => exports.default.fetch(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });

  it("GET /api/expenses/history lists every period with budgetMonth, archivedAt and user", async () => {
    const b = await archivedBudget();
    const res = await get("/api/expenses/history", b.owner.cookie);
    expect(res.status).toBe(200);
    const list = (await res.json()) as Array<{ description: string; budgetMonth: string | null; archivedAt: string | null; amount: string; user: { email: string } }>;
    expect(list.map((e) => [e.description, e.budgetMonth, e.archivedAt !== null, e.amount])).toEqual([
      ["Tacos", null, false, "9.99"],
      ["Latte, large", "2037-02", true, "12.00"],
      ['=HYPERLINK("http://evil","x")', "2037-02", true, "45.50"],
    ]);
    expect(list[0]!.user.email).toBe(b.owner.email);
    expect((await get("/api/expenses/history")).status).toBe(401);
  });

  it("exports a month as CSV (formulas neutralised) and as JSON", async () => {
    const b = await archivedBudget();
    const csv = await get("/api/expenses/export?month=2037-02&format=csv", b.owner.cookie);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="expenses-2037-02.csv"');
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("Date,Description,Category,Amount,Original Input");
    expect(lines).toContain('2037-02-04,"Latte, large",Coffee & Drinks,12.00,');
    expect(lines).toContain(`2037-02-03,"'=HYPERLINK(""http://evil"",""x"")",Food & Groceries,45.50,`);

    const json = await get("/api/expenses/export?month=2037-02&format=json", b.owner.cookie);
    expect(json.headers.get("Content-Disposition")).toBe('attachment; filename="expenses-2037-02.json"');
    const body = (await json.json()) as { month: string; total: string; expenses: unknown[]; categoryBreakdown: Array<{ category: string; total: string }>; exportedAt: string };
    expect(body.month).toBe("2037-02");
    expect(body.total).toBe("57.50");
    expect(body.expenses).toHaveLength(2);
    expect(body.categoryBreakdown).toEqual([
      { category: "Food & Groceries", total: "45.50", count: 1 },
      { category: "Coffee & Drinks", total: "12.00", count: 1 },
    ]);
    expect(Number.isNaN(Date.parse(body.exportedAt))).toBe(false);

    // The current period's month holds the unarchived expense.
    const current = (await (await get("/api/expenses/export?month=2037-03&format=json", b.owner.cookie)).json()) as { total: string };
    expect(current.total).toBe("9.99");
  });

  it.each(["2037-13", "2037-2", "bad", "", "2037-02-01"])("a malformed month %j is a 400", async (month) => {
    const b = await budgetIn("UTC", "2037-02-01");
    const res = await get(`/api/expenses/export?month=${month}&format=csv`, b.owner.cookie);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("yyyy-MM");
  });

  it("another budget's expenses never appear", async () => {
    const b = await archivedBudget();
    const stranger = await signUp("Stranger");
    const list = (await (await get("/api/expenses/history", stranger.cookie)).json()) as unknown[];
    expect(list).toEqual([]);
    const csv = await (await get("/api/expenses/export?month=2037-02&format=csv", stranger.cookie)).text();
    expect(csv).not.toContain("Latte");
    void b;
  });

  it("the history pages render the archive, filter it and group it by month", async () => {
    const b = await archivedBudget();
    await env.DB.prepare("UPDATE users SET phone = '+15551234567', last_name = 'Reset' WHERE id = ?").bind(b.owner.userId).run();
    const html = await (await get("/history", b.owner.cookie)).text();
    expect(html).toContain("February 2037");
    expect(html).toContain("Latte, large");
    expect(html).not.toContain("Tacos"); // current period: not archived
    // Each row shows its own category (a batched query once shifted every field by one: the e-mail
    // showed as the emoji and the emoji as the category's name).
    const latteRow = rowOf(html, "Latte, large");
    expect(latteRow).toContain("☕");
    expect(latteRow).toContain("Coffee &amp; Drinks");
    expect(latteRow).not.toContain("@");
    const filtered = await (await get("/history?category=dining", b.owner.cookie)).text();
    expect(filtered).toContain("No transactions found matching your current filters.");
    const month = await (await get("/expense-history?month=2037-02", b.owner.cookie)).text();
    expect(month).toContain("Latte, large");
    expect(month).toContain("$57.50");
    expect(month).toMatch(/data-testid="top-category">🛒<!-- --> <!-- -->Food &amp; Groceries</);
    expect(month).toContain("2<!-- --> <!-- -->transactions");
    // A month the budget has no expenses in (a stale link) shows the current one: the open period.
    const stale = await (await get("/expense-history?month=2036-01", b.owner.cookie)).text();
    expect(stale).toContain("Tacos");
    expect(stale).not.toContain("Latte, large");

    const fresh = await signUp("Fresh");
    await env.DB.prepare("UPDATE users SET phone = '+15551234567', last_name = 'New' WHERE id = ?").bind(fresh.userId).run();
    expect(await (await get("/history", fresh.cookie)).text()).toContain("Archived transactions will appear here after your first budget reset.");
  });
});

/** The list item of a rendered page that holds `text`. */
function rowOf(html: string, text: string): string {
  const at = html.indexOf(text);
  expect(at, `${text} is on the page`).toBeGreaterThan(-1);
  return html.slice(html.lastIndexOf("<li", at), html.indexOf("</li>", at));
}
