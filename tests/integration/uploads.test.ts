import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../../workers/app";
import { apiJson } from "./helpers/http";
import { signUp, type SignedInUser } from "./helpers/users";

// Statement upload (issue 10) through the real Worker: R2, the JOBS queue's consumer, BudgetRoom.
// PDF parsing is covered by the unit tests (tests/unit/statements): loading unpdf inside the Workers test
// runtime makes every later test file's worker fail to start ("Message is too large"), so no PDF is read here.

const worker = app as ExportedHandler<Env>;

function today(): string {
  return new Date().toISOString().slice(0, 10);
}
function daysAgo(n: number): string {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}
function us(day: string): string {
  const [y, m, d] = day.split("-");
  return `${m}/${d}/${y}`;
}

async function upload(user: SignedInUser, bytes: Uint8Array | string, name = "statement.csv") {
  const form = new FormData();
  form.set("file", new File([bytes as BlobPart], name, { type: "text/csv" }));
  const res = await exports.default.fetch("http://localhost/api/upload-transactions", { method: "POST", headers: { Cookie: user.cookie }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

/** Runs the queue consumer for an upload the way the runtime would (a batch with its parse message). */
async function consume(uploadId: string) {
  const batch = createMessageBatch("budget-jobs", [{ id: `m-${uploadId}`, timestamp: new Date(), attempts: 1, body: { type: "parseStatement", uploadId } }]);
  const ctx = createExecutionContext();
  await worker.queue!(batch, env, ctx);
  await getQueueResult(batch, ctx);
}

/** The upload's result: answered at once, or after the consumer ran. */
async function ready(user: SignedInUser, uploaded: { status: number; body: any }) {
  if (uploaded.status === 200) return uploaded.body;
  expect(uploaded.status).toBe(202);
  expect(uploaded.body).toMatchObject({ status: "processing" });
  await consume(uploaded.body.uploadId);
  const view = await apiJson(`/api/transaction-uploads/${uploaded.body.uploadId}`, { cookie: user.cookie });
  expect(view.status).toBe(200);
  return view.body;
}

function statement(): string {
  return [
    "Posting Date,Description,Amount,Balance",
    `${us(daysAgo(1))},KROGER #123,-54.20,1000.00`,
    `${us(daysAgo(1))},STARBUCKS STORE 9,-4.75,1054.20`,
    `${us(daysAgo(2))},ACME PAYROLL,2500.00,1058.95`,
    `${us(daysAgo(60))},NETFLIX.COM,-15.49,900.00`,
    `${us(daysAgo(30))},NETFLIX.COM,-15.49,915.49`,
  ].join("\n");
}

describe("POST /api/upload-transactions → queue → result → approve", () => {
  it("parses, flags a duplicate of an existing expense, proposes the monthly repeat, and imports once", async () => {
    const user = await signUp("Uploader");
    // Already logged by hand: the Kroger row is a likely duplicate.
    const logged = await apiJson("/api/expenses", { cookie: user.cookie, json: { amount: "54.20", description: "Kroger groceries", categoryId: "food", date: daysAgo(1) } });
    expect(logged.status).toBe(201);

    const result = await ready(user, await upload(user, statement()));
    expect(result).toMatchObject({ status: "ready", summary: { totalTransactions: 5, totalExpenses: "89.93", totalIncome: "2500.00" } });
    expect(result.processingNotes).toMatch(/CSV/);
    const kroger = result.transactions.find((t: any) => t.description === "KROGER #123");
    expect(kroger).toMatchObject({ amount: "54.20", isIncome: false, category: "food" });
    expect(result.duplicateAnalysis.duplicatesFound).toBe(1);
    expect(result.duplicateAnalysis.potentialDuplicates[0]).toMatchObject({ uploadedTransaction: { id: kroger.id }, existingExpense: { id: logged.body.id }, matchReasons: expect.arrayContaining(["Same amount"]) });
    expect(result.recurring).toEqual([expect.objectContaining({ kind: "expense", monthlyAmount: "15.49", category: "subscriptions" })]);

    const approve = (ids: string[]) =>
      apiJson(`/api/transaction-uploads/${result.uploadId}/approve`, {
        cookie: user.cookie,
        json: { approvedTransactions: ids.map((id) => ({ id })), rejectedTransactions: [{ id: kroger.id }] },
      });
    const expenseIds = result.transactions.filter((t: any) => !t.isIncome && t.id !== kroger.id).map((t: any) => t.id);
    const first = await approve(expenseIds);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.importedCount).toBe(3);
    // Approving again is refused (an upload is approved once); the same statement uploaded again adds nothing.
    const twice = await approve(expenseIds);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: "This statement was already imported." });
    const again = await ready(user, await upload(user, statement()));
    expect(again.duplicateAnalysis.potentialDuplicates.map((d: any) => d.matchReasons[0])).toContain("Imported before from a statement");
    const second = await apiJson(`/api/transaction-uploads/${again.uploadId}/approve`, { cookie: user.cookie, json: { approvedTransactions: expenseIds.map((id: string) => ({ id })), rejectedTransactions: [] } });
    expect(second.body.importedCount).toBe(0);

    // The current period counts what is in it; the older Netflix rows went to history under their months.
    const rows = await env.DB.prepare("SELECT description, date, amount_cents, archived_at, budget_month, source FROM expenses WHERE budget_id = ? AND source = 'upload' ORDER BY date").bind(user.budgetId).all<any>();
    expect(rows.results).toHaveLength(3);
    // Two months back is always before the current period: it is history under its own month.
    const oldest = rows.results.find((r: any) => r.date === daysAgo(60));
    expect(oldest).toMatchObject({ description: "NETFLIX.COM", amount_cents: 1549, budget_month: daysAgo(60).slice(0, 7) });
    expect(oldest.archived_at).not.toBeNull();
    const period = (await env.DB.prepare("SELECT period_start FROM budgets WHERE id = ?").bind(user.budgetId).first<{ period_start: string }>())!.period_start;
    for (const r of rows.results) {
      if (r.description === "STARBUCKS STORE 9" && daysAgo(1) >= period) expect(r.archived_at).toBeNull();
    }
    expect(rows.results.filter((r: any) => r.archived_at !== null).every((r: any) => /^\d{4}-\d{2}$/.test(r.budget_month))).toBe(true);
  });

  it("adds a proposed monthly bill to the budget in the same review", async () => {
    const user = await signUp("Setup");
    const result = await ready(user, await upload(user, statement()));
    const res = await apiJson(`/api/transaction-uploads/${result.uploadId}/approve`, {
      cookie: user.cookie,
      json: { approvedTransactions: [], rejectedTransactions: [], recurring: [{ label: "Netflix", kind: "expense", amount: 15.49, category: "subscriptions" }] },
    });
    expect(res.body).toMatchObject({ importedCount: 0, linesAdded: 1 });
    const budget = await apiJson("/api/budget", { cookie: user.cookie });
    expect(budget.body.fixedExpenses).toBe("15.49");
  });
});

describe("refusals", () => {
  it("413 over 10 MB, 415 by content (garbage named .csv, a spreadsheet), 400 empty or no file, 401 signed out", async () => {
    const user = await signUp("Refused");
    const big = new Uint8Array(10 * 1024 * 1024 + 10).fill(65);
    expect((await upload(user, big)).status).toBe(413);
    const garbage = new Uint8Array(4096).map((_, i) => (i * 151 + 7) % 256);
    const refused = await upload(user, garbage, "statement.csv");
    expect(refused).toEqual({ status: 415, body: { message: "This file type is not supported: upload CSV, TXT, PDF, OFX, QFX or QIF" } });
    expect((await upload(user, new Uint8Array([0x50, 0x4b, 3, 4, 20, 0, 6, 0]), "statement.xlsx")).status).toBe(415);
    expect((await upload(user, new Uint8Array(), "empty.csv")).status).toBe(400);
    const noFile = await exports.default.fetch("http://localhost/api/upload-transactions", { method: "POST", headers: { Cookie: user.cookie }, body: new FormData() });
    expect(noFile.status).toBe(400);
    const anon = await exports.default.fetch("http://localhost/api/upload-transactions", { method: "POST", body: new FormData() });
    expect(anon.status).toBe(401);
  });

  it("another budget's upload is a 404 to read and to approve", async () => {
    const owner = await signUp("Owner");
    const stranger = await signUp("Stranger");
    const result = await ready(owner, await upload(owner, statement()));
    expect((await apiJson(`/api/transaction-uploads/${result.uploadId}`, { cookie: stranger.cookie })).status).toBe(404);
    const res = await apiJson(`/api/transaction-uploads/${result.uploadId}/approve`, { cookie: stranger.cookie, json: { approvedTransactions: [{ id: result.transactions[0].id }], rejectedTransactions: [] } });
    expect(res.status).toBe(404);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM expenses WHERE budget_id = ?").bind(stranger.budgetId).first<{ n: number }>())!.n).toBe(0);
  });
});

describe("30-day clean-up", () => {
  it("the hourly cron deletes uploads older than 30 days with their file and result", async () => {
    const user = await signUp("Tidy");
    const result = await ready(user, await upload(user, statement()));
    const row = (await env.DB.prepare("SELECT r2_key FROM uploads WHERE id = ?").bind(result.uploadId).first<{ r2_key: string }>())!;
    expect(await env.STATEMENTS.head(row.r2_key)).not.toBeNull();
    const now = Date.now() + 31 * 86_400_000;
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: now, cron: "0 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await env.DB.prepare("SELECT id FROM uploads WHERE id = ?").bind(result.uploadId).first()).toBeNull();
    expect(await env.STATEMENTS.head(row.r2_key)).toBeNull();
    expect(await env.STATEMENTS.head(`uploads/results/${result.uploadId}.json`)).toBeNull();
  });
});

