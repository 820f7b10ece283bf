import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../../workers/app";
import { api, apiJson } from "./helpers/http";
import { signUp, type SignedInUser } from "./helpers/users";

// The upload review's server rules (issues 18, 21, 22) through the real Worker: approve validation with the
// expense schema and approve-once, the review in pages, the row cap as a failed job, fixed bills flagged,
// the one-click direction swap, and the no-JavaScript import of nothing. No PDF is read here (see uploads.test.ts).

const worker = app as ExportedHandler<Env>;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const us = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

async function upload(user: SignedInUser, text: string, name = "statement.csv") {
  const form = new FormData();
  form.set("file", new File([text], name, { type: "text/csv" }));
  const res = await exports.default.fetch("http://localhost/api/upload-transactions", { method: "POST", headers: { Cookie: user.cookie }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

async function consume(uploadId: string, extra: { flip?: boolean } = {}) {
  const batch = createMessageBatch("budget-jobs", [{ id: `m-${uploadId}-${Math.random()}`, timestamp: new Date(), attempts: 1, body: { type: "parseStatement", uploadId, ...extra } }]);
  const ctx = createExecutionContext();
  await worker.queue!(batch, env, ctx);
  await getQueueResult(batch, ctx);
}

async function settled(user: SignedInUser, uploadId: string, extra: { flip?: boolean } = {}) {
  await consume(uploadId, extra);
  const view = await apiJson(`/api/transaction-uploads/${uploadId}`, { cookie: user.cookie });
  expect(view.status).toBe(200);
  return view.body;
}

async function uploaded(user: SignedInUser, text: string) {
  const first = await upload(user, text);
  expect([200, 202, 422]).toContain(first.status);
  return first.status === 202 ? settled(user, first.body.uploadId) : first.body;
}

function rows(n: number, make: (i: number) => string): string {
  return ["Date,Description,Amount", ...Array.from({ length: n }, (_, i) => make(i))].join("\n");
}

/** Pages need a complete profile (else they redirect to it). */
async function withProfile(user: SignedInUser): Promise<SignedInUser> {
  const res = await apiJson("/api/auth/complete-profile", { cookie: user.cookie, json: { firstName: "Test", lastName: "User", phoneNumber: "+15551234567" } });
  expect(res.status).toBe(200);
  return user;
}

const approve = (user: SignedInUser, uploadId: string, json: unknown) => apiJson(`/api/transaction-uploads/${uploadId}/approve`, { cookie: user.cookie, json });

describe("approve: every edited field by the expense schema, and once", () => {
  it.each([
    ["an impossible day", { date: "9999-99-99" }, "date"],
    ["February 30th", { date: "2026-02-30" }, "date"],
    ["three decimals", { amount: "0.005" }, "amount"],
    ["a negative amount", { amount: -5 }, "amount"],
    ["an empty description", { description: "   " }, "description"],
  ])("refuses %s with 400 and the field, storing nothing", async (_, edit, field) => {
    const user = await signUp("Edits");
    const result = await uploaded(user, rows(2, (i) => `${us(daysAgo(1 + i))},SHOP ${i},-${10 + i}.00`));
    const res = await approve(user, result.uploadId, { approvedTransactions: [{ id: result.transactions[0].id, ...edit }], rejectedTransactions: [] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual([`approvedTransactions.0.${field}`]);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM expenses WHERE budget_id = ?").bind(user.budgetId).first<{ n: number }>())!.n).toBe(0);
    // Not imported: a valid approve still works afterwards.
    expect((await approve(user, result.uploadId, { approvedTransactions: [{ id: result.transactions[0].id }], rejectedTransactions: [] })).status).toBe(200);
  });

  it("an unknown category is refused; valid edits are stored as edited", async () => {
    const user = await signUp("Editsok");
    const result = await uploaded(user, rows(2, (i) => `${us(daysAgo(1 + i))},SHOP ${i},-${10 + i}.00`));
    expect((await approve(user, result.uploadId, { approvedTransactions: [{ id: result.transactions[0].id, category: "no-such" }], rejectedTransactions: [] })).status).toBe(400);
    const ok = await approve(user, result.uploadId, { approvedTransactions: [{ id: result.transactions[0].id, amount: "12.34", description: "Groceries", category: "food", date: daysAgo(3) }], rejectedTransactions: [] });
    expect(ok.status).toBe(200);
    const row = await env.DB.prepare("SELECT amount_cents, description, category_id, date FROM expenses WHERE budget_id = ?").bind(user.budgetId).first<any>();
    expect(row).toEqual({ amount_cents: 1234, description: "Groceries", category_id: "food", date: daysAgo(3) });
  });

  it("8 parallel approves: one imports, seven are 409, the recurring line is added once", async () => {
    const user = await signUp("Parallel");
    const result = await uploaded(user, rows(3, (i) => `${us(daysAgo(1 + i))},GYM ${i},-25.00`));
    const body = { approvedTransactions: result.transactions.map((t: any) => ({ id: t.id })), rejectedTransactions: [], recurring: [{ label: "Gym", kind: "expense", amount: "25.00", category: "subscriptions" }] };
    const answers = await Promise.all(Array.from({ length: 8 }, () => approve(user, result.uploadId, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const counts = await env.DB.prepare("SELECT (SELECT count(*) FROM expenses WHERE budget_id = ?1) AS expenses, (SELECT count(*) FROM line_items WHERE budget_id = ?1 AND label = 'Gym') AS lines").bind(user.budgetId).first<any>();
    expect(counts).toEqual({ expenses: 3, lines: 1 });
  });
});

describe("bounded: the review in pages, the row cap as a failed job", () => {
  it("250 rows: the upload and status answers carry the summary and 100 rows; ?page=3 the last 50", async () => {
    const user = await withProfile(await signUp("Pages"));
    // Distinct merchants (letters: digits are not part of a merchant's name), so no row is a duplicate of another.
    const name = (i: number) => `STORE ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`;
    const result = await uploaded(user, rows(250, (i) => `${us(daysAgo(1 + (i % 20)))},${name(i)},-${1 + (i % 9)}.00`));
    expect(result.summary.totalTransactions).toBe(250);
    expect(result.transactions).toHaveLength(100);
    expect(result.pagination).toMatchObject({ page: 1, pageSize: 100, totalPages: 3, totalTransactions: 250, suggestedElsewhere: 150 });
    const last = await apiJson(`/api/transaction-uploads/${result.uploadId}?page=3`, { cookie: user.cookie });
    expect(last.body.transactions).toHaveLength(50);
    expect(last.body.transactions[49].description).toBe(name(249));
    // The page form imports what it showed as ticked plus the suggested rows elsewhere.
    const form = new URLSearchParams({ intent: "import", uploadId: result.uploadId, suggestedElsewhere: "150" });
    for (const t of result.transactions) form.append("rowId", t.id);
    form.append("approve", result.transactions[0].id);
    const res = await api("/transaction-upload", { cookie: user.cookie, form, headers: { Origin: "http://localhost", Host: "localhost" } });
    expect(res.status).toBe(303);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM expenses WHERE budget_id = ?").bind(user.budgetId).first<{ n: number }>())!.n).toBe(151);
  });

  it.each([
    ["5,001 rows", 5_001],
    ["217k short rows", 217_000],
  ])("%s: a failed job with the clear message", async (_, n) => {
    const user = await signUp("Toomany");
    const text = "Date,Description,Amount\n" + `${us(daysAgo(1))},A,-1.00\n`.repeat(n);
    const first = await upload(user, text);
    const view = first.status === 202 ? await settled(user, first.body.uploadId) : first.body;
    expect(view).toMatchObject({ status: "failed", error: "This statement has more than 5,000 transactions: split it by date" });
  });
});

describe("review flags and actions", () => {
  it("a row that is a fixed bill already in the budget is flagged with the bill's name (unselected)", async () => {
    const user = await signUp("Bills");
    const first = await uploaded(user, rows(1, () => `${us(daysAgo(40))},SHOP,-1.00`));
    await approve(user, first.uploadId, { approvedTransactions: [], rejectedTransactions: [], recurring: [{ label: "Netflix", kind: "expense", amount: "15.49", category: "subscriptions" }] });
    const result = await uploaded(user, rows(2, (i) => (i === 0 ? `${us(daysAgo(2))},NETFLIX.COM 866-579-7172,-15.49` : `${us(daysAgo(2))},BAKERY,-15.49`)));
    const netflix = result.transactions.find((t: any) => t.description.startsWith("NETFLIX"));
    expect(result.duplicateAnalysis.potentialDuplicates).toEqual([expect.objectContaining({ uploadedTransaction: expect.objectContaining({ id: netflix.id }), existingExpense: null, matchReasons: ["Already in your fixed expenses as Netflix"] })]);
    expect(result.pagination.suggestedElsewhere).toBe(0);
  });

  it("one click swaps every row's direction (and back), with the reason in processingNotes", async () => {
    const user = await withProfile(await signUp("Swap"));
    const result = await uploaded(user, rows(2, (i) => (i === 0 ? `${us(daysAgo(1))},GROCER,25.00` : `${us(daysAgo(2))},PAYROLL ACME,-900.00`)));
    expect(result.transactions.map((t: any) => t.isIncome)).toEqual([false, true]);
    const form = { intent: "flip", uploadId: result.uploadId };
    const res = await api("/transaction-upload", { cookie: user.cookie, form, headers: { Origin: "http://localhost", Host: "localhost" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/transaction-upload?upload=${result.uploadId}`);
    const flipped = await settled(user, result.uploadId, { flip: true });
    expect(flipped).toMatchObject({ status: "ready", directionFlipped: true });
    expect(flipped.transactions.map((t: any) => t.isIncome)).toEqual([true, false]);
    expect(flipped.processingNotes).toMatch(/^Directions swapped by you/);
    expect(flipped.summary).toMatchObject({ totalExpenses: "900.00", totalIncome: "25.00" });
    // Imported uploads cannot be swapped.
    await approve(user, result.uploadId, { approvedTransactions: [{ id: flipped.transactions[1].id }], rejectedTransactions: [] });
    expect((await api("/transaction-upload", { cookie: user.cookie, form, headers: { Origin: "http://localhost", Host: "localhost" } })).status).toBe(409);
  });

  it("without JavaScript, importing nothing answers the review again with a clear message (not a 400)", async () => {
    const user = await withProfile(await signUp("Nothing"));
    const result = await uploaded(user, rows(2, (i) => `${us(daysAgo(1 + i))},SHOP ${i},-${10 + i}.00`));
    const form = new URLSearchParams({ intent: "import", uploadId: result.uploadId, suggestedElsewhere: "0" });
    for (const t of result.transactions) form.append("rowId", t.id);
    const res = await api(`/transaction-upload?upload=${result.uploadId}`, { cookie: user.cookie, form, headers: { Origin: "http://localhost", Host: "localhost" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Nothing is selected: tick the transactions to import, then press Import.");
    expect(html).toContain("SHOP 0");
  });
});
