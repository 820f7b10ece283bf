import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../../workers/app";
import { apiJson, signUpComplete, type SignedIn } from "./helpers/http";

// Statement approve (issue 18 #15, #16, #11): the recurring lines it adds are budget lines, which only the
// owner changes; its edited dates follow the date rule of POST /api/expenses (at most a day ahead); its
// amounts go through the one money parser (0.004 is refused, not a 0.00 line).

const worker = app as ExportedHandler<Env>;
const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const us = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

async function uploaded(user: SignedIn): Promise<{ uploadId: string; transactions: Array<{ id: string }> }> {
  const text = ["Date,Description,Amount", `${us(daysFromNow(-2))},GYM,-25.00`, `${us(daysFromNow(-3))},BAKERY,-4.00`].join("\n");
  const form = new FormData();
  form.set("file", new File([text], "statement.csv", { type: "text/csv" }));
  const res = await exports.default.fetch("http://localhost/api/upload-transactions", { method: "POST", headers: { Cookie: user.cookie }, body: form });
  const first = (await res.json()) as any;
  if (res.status !== 202) return first;
  const batch = createMessageBatch("budget-jobs", [{ id: `m-${first.uploadId}`, timestamp: new Date(), attempts: 1, body: { type: "parseStatement", uploadId: first.uploadId } }]);
  const ctx = createExecutionContext();
  await worker.queue!(batch, env, ctx);
  await getQueueResult(batch, ctx);
  return (await apiJson(`/api/transaction-uploads/${first.uploadId}`, { cookie: user.cookie })).body;
}

/** The owner's budget, shared with a member whose active budget it is. */
async function shared() {
  const owner = await signUpComplete();
  const member = await signUpComplete();
  const budgetId = (await env.DB.prepare("SELECT active_budget_id AS id FROM users WHERE id = ?").bind(owner.user.id).first<{ id: string }>())!.id;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO budget_members (id, budget_id, user_id, role, joined_at) VALUES (?, ?, ?, 'member', 0)").bind(crypto.randomUUID(), budgetId, member.user.id),
    env.DB.prepare("UPDATE users SET active_budget_id = ? WHERE id = ?").bind(budgetId, member.user.id),
  ]);
  return { owner, member, budgetId };
}

const counts = (budgetId: string) =>
  env.DB.prepare("SELECT (SELECT count(*) FROM expenses WHERE budget_id = ?1) AS expenses, (SELECT count(*) FROM line_items WHERE budget_id = ?1) AS lines").bind(budgetId).first<{ expenses: number; lines: number }>();

const approve = (user: SignedIn, uploadId: string, json: unknown) => apiJson(`/api/transaction-uploads/${uploadId}/approve`, { cookie: user.cookie, json });
const gym = { label: "Gym", kind: "expense", amount: "25.00", category: "other" };

describe("approve's recurring lines are the owner's", () => {
  it("a member approving with a recurring line is refused (403) and nothing is added", async () => {
    const { member, budgetId } = await shared();
    const result = await uploaded(member);
    const res = await approve(member, result.uploadId, { approvedTransactions: result.transactions.map((t) => ({ id: t.id })), rejectedTransactions: [], recurring: [gym] });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Only the budget owner can change income and fixed expenses.");
    expect(await counts(budgetId)).toEqual({ expenses: 0, lines: 0 });
    // Without lines, the member imports their expenses (members add expenses).
    const rows = await approve(member, result.uploadId, { approvedTransactions: result.transactions.map((t) => ({ id: t.id })), rejectedTransactions: [] });
    expect(rows.status).toBe(200);
    expect(await counts(budgetId)).toEqual({ expenses: 2, lines: 0 });
  });

  it("the owner adds them", async () => {
    const { owner, budgetId } = await shared();
    const result = await uploaded(owner);
    expect((await approve(owner, result.uploadId, { approvedTransactions: [], rejectedTransactions: [], recurring: [gym] })).status).toBe(200);
    expect(await counts(budgetId)).toEqual({ expenses: 0, lines: 1 });
  });

  it("a recurring amount of 0.004 is refused on its field (was a 0.00 line)", async () => {
    const { owner, budgetId } = await shared();
    const result = await uploaded(owner);
    const res = await approve(owner, result.uploadId, { approvedTransactions: [], rejectedTransactions: [], recurring: [{ ...gym, amount: "0.004" }] });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ "recurring.0.amount": ["The amount can have at most 2 decimal places."] });
    expect(await counts(budgetId)).toEqual({ expenses: 0, lines: 0 });
  });
});

describe("approve's edited dates follow the expense date rule", () => {
  it("tomorrow is taken; two days ahead is refused on the row's date field, nothing stored", async () => {
    const me = await signUpComplete();
    const budgetId = (await env.DB.prepare("SELECT active_budget_id AS id FROM users WHERE id = ?").bind(me.user.id).first<{ id: string }>())!.id;
    const result = await uploaded(me);
    const [a, b] = result.transactions;
    const far = await approve(me, result.uploadId, { approvedTransactions: [{ id: a.id, date: daysFromNow(1) }, { id: b.id, date: daysFromNow(3) }], rejectedTransactions: [] });
    expect(far.status).toBe(400);
    expect(far.body.fieldErrors).toEqual({ "approvedTransactions.1.date": ["The date can be at most one day in the future."] });
    expect((await counts(budgetId))!.expenses).toBe(0);
    expect((await approve(me, result.uploadId, { approvedTransactions: [{ id: a.id, date: daysFromNow(1) }, { id: b.id }], rejectedTransactions: [] })).status).toBe(200);
    expect((await counts(budgetId))!.expenses).toBe(2);
  });
});
