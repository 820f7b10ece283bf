import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { BudgetCommand, CommandOutcome } from "../../app/server/budget-room/commands";
import type { BudgetRoom } from "../../workers/budget-room";
import { signUp, type SignedInUser } from "./helpers/users";

type Ok = Extract<CommandOutcome, { ok: true }>;

function room(budgetId: string) {
  const ns = env.BUDGET_ROOM as unknown as DurableObjectNamespace<BudgetRoom>;
  return ns.get(ns.idFromName(budgetId));
}

// Awaited inside an async function so callers hold a plain Promise, not the RPC stub's thenable (vitest's
// expect() probes properties of what it is given, and on an RPC promise each probe is a remote call).
async function apply(user: SignedInUser, command: BudgetCommand, idempotencyKey?: string): Promise<CommandOutcome> {
  return (await room(user.budgetId).apply({ budgetId: user.budgetId, actorId: user.userId, command, idempotencyKey })) as CommandOutcome;
}

function lineItem(label: string, kind: "income" | "expense" = "expense"): BudgetCommand {
  return { type: "addLineItem", kind, label, amountCents: 1000, category: "housing", isSingleMonth: false };
}

/** The room's committed counter, read from the budget row (not from any outcome). */
async function storedSeq(budgetId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT seq FROM budgets WHERE id = ?").bind(budgetId).first<{ seq: number }>();
  return row?.seq ?? 0;
}

async function lineItems(budgetId: string) {
  const { results } = await env.DB.prepare("SELECT id, label, position FROM line_items WHERE budget_id = ? AND kind = 'expense' ORDER BY position")
    .bind(budgetId)
    .all<{ id: string; label: string; position: number }>();
  return results;
}

async function expenseCount(budgetId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM expenses WHERE budget_id = ?").bind(budgetId).first<{ n: number }>();
  return row?.n ?? 0;
}

function expense(user: SignedInUser, categoryId: string, description = "Groceries"): BudgetCommand {
  return {
    type: "addExpense",
    amountCents: 1250,
    description,
    categoryId,
    date: "2026-01-15",
    source: "form",
    originalInput: null,
    externalId: null,
  };
}

/** Makes D1 itself fail inside the batch for expenses described "Boom" (a constraint the room cannot see). */
async function failInsertsOfBoom(): Promise<void> {
  await env.DB.prepare(
    "CREATE TRIGGER IF NOT EXISTS fail_boom BEFORE INSERT ON expenses WHEN NEW.description = 'Boom' BEGIN SELECT RAISE(ABORT, 'boom'); END",
  ).run();
}

describe("BudgetRoom ordering", () => {
  it("applies 50 concurrent commands one at a time, in one order, none lost", async () => {
    const user = await signUp("Orderly");
    // Sign-up created the budget through the room, so the counter is already past zero.
    const base = await storedSeq(user.budgetId);
    expect(base).toBeGreaterThanOrEqual(1);

    const labels = Array.from({ length: 50 }, (_, i) => `Bill ${i}`);
    const outcomes = await Promise.all(labels.map((label) => apply(user, lineItem(label))));

    expect(outcomes.every((o) => o.ok)).toBe(true);
    const ok = outcomes as Ok[];
    const seqs = ok.map((o) => o.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => base + 1 + i));
    expect(new Set(seqs).size).toBe(50);
    expect(ok.every((o) => o.replayed === false)).toBe(true);
    // Each command saw exactly the writes of the commands ordered before it: the one with the k-th seq
    // got the k-th position. Interleaved read-then-write would repeat positions.
    for (const o of ok) expect(o.result.position).toBe(o.seq - base - 1);

    const rows = await lineItems(user.budgetId);
    expect(rows).toHaveLength(50);
    expect(rows.map((r) => r.position)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(new Set(rows.map((r) => r.label))).toEqual(new Set(labels));
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(ok.map((o) => o.result.id)));
    expect(await storedSeq(user.budgetId)).toBe(base + 50);
  });

  it("keeps positions per kind while both kinds are added concurrently", async () => {
    const user = await signUp("Kinds");
    const commands = Array.from({ length: 20 }, (_, i) => lineItem(`Line ${i}`, i % 2 === 0 ? "income" : "expense"));
    const outcomes = await Promise.all(commands.map((c) => apply(user, c)));
    expect(outcomes.every((o) => o.ok)).toBe(true);

    const { results } = await env.DB.prepare("SELECT kind, position FROM line_items WHERE budget_id = ? ORDER BY kind, position")
      .bind(user.budgetId)
      .all<{ kind: string; position: number }>();
    const range = Array.from({ length: 10 }, (_, i) => i);
    expect(results.filter((r) => r.kind === "income").map((r) => r.position)).toEqual(range);
    expect(results.filter((r) => r.kind === "expense").map((r) => r.position)).toEqual(range);
  });

  it("a rejected command returns its status, writes nothing and does not block the next one", async () => {
    const user = await signUp("Rejected");
    const before = await storedSeq(user.budgetId);
    const [rejected, invalid, next] = await Promise.all([
      apply(user, expense(user, "no-such-category")),
      apply(user, { type: "setResetDay", resetDay: 31 }),
      apply(user, expense(user, "food")),
    ]);
    expect(rejected).toMatchObject({ ok: false, status: 400, message: "Unknown category." });
    expect(invalid).toMatchObject({ ok: false, status: 400 });
    expect(next.ok).toBe(true);
    // Refusals take no sequence number: members never see a gap in the "changed" stream.
    expect(next).toMatchObject({ seq: before + 1 });
    expect(await expenseCount(user.budgetId)).toBe(1);
    const budget = await env.DB.prepare("SELECT reset_day FROM budgets WHERE id = ?").bind(user.budgetId).first<{ reset_day: number }>();
    expect(budget?.reset_day).toBe(1);
  });

  it("a command that fails inside D1 rejects its caller and the queue keeps going", async () => {
    const user = await signUp("Failing");
    // This expense passes every check and then fails inside the D1 batch (a thrown error, not a refusal);
    // a createBudget for an existing id is refused (409).
    await failInsertsOfBoom();
    const failing = apply(user, expense(user, "food", "Boom"));
    const after = apply(user, lineItem("After the failure"));
    const duplicate = apply(user, {
      type: "createBudget",
      ownerId: user.userId,
      name: "Again",
      timeZone: "UTC",
      resetDay: 1,
      periodStart: "2026-01-01",
    });
    await expect(failing).rejects.toThrow();
    expect(await after).toMatchObject({ ok: true, result: { position: 0 } });
    expect(await duplicate).toMatchObject({ ok: false, status: 409 });
    expect(await expenseCount(user.budgetId)).toBe(0);
  });
});

describe("BudgetRoom trusts nobody", () => {
  it("refuses commands from someone who is not a member, and commands for a budget that does not exist", async () => {
    const owner = await signUp("Owner");
    const stranger = await signUp("Stranger");
    const outcome = await room(owner.budgetId).apply({ budgetId: owner.budgetId, actorId: stranger.userId, command: lineItem("Sneaky") });
    expect(outcome).toMatchObject({ ok: false, status: 403 });
    expect(await lineItems(owner.budgetId)).toHaveLength(0);

    const ghost = `ghost-${crypto.randomUUID()}`;
    expect(await room(ghost).apply({ budgetId: ghost, actorId: owner.userId, command: { type: "setResetDay", resetDay: 5 } })).toMatchObject({ ok: false, status: 404 });
  });

  it("records the verified actor as the expense's author, and only the owner changes the reset day", async () => {
    const owner = await signUp("Head");
    const member = await signUp("Kid");
    await env.DB.prepare("INSERT INTO budget_members (id, budget_id, user_id, role, joined_at) VALUES (?, ?, ?, 'member', 0)")
      .bind(crypto.randomUUID(), owner.budgetId, member.userId)
      .run();
    const added = (await room(owner.budgetId).apply({ budgetId: owner.budgetId, actorId: member.userId, command: expense(member, "coffee", "Mocha") })) as unknown as Ok;
    expect(added.ok).toBe(true);
    const row = await env.DB.prepare("SELECT user_id FROM expenses WHERE id = ?").bind(added.result.id).first<{ user_id: string }>();
    expect(row?.user_id).toBe(member.userId);

    const byMember = await room(owner.budgetId).apply({ budgetId: owner.budgetId, actorId: member.userId, command: { type: "setResetDay", resetDay: 9 } });
    expect(byMember).toMatchObject({ ok: false, status: 403 });
    const byOwner = await room(owner.budgetId).apply({ budgetId: owner.budgetId, actorId: owner.userId, command: { type: "setResetDay", resetDay: 9 } });
    expect(byOwner).toMatchObject({ ok: true });
  });

  it("a room serves one budget only", async () => {
    const a = await signUp("RoomA");
    const b = await signUp("RoomB");
    const wrong = await room(a.budgetId).apply({ budgetId: b.budgetId, actorId: b.userId, command: lineItem("Misrouted") });
    expect(wrong).toMatchObject({ ok: false, status: 400 });
    // Even as the very first command a room ever sees: the room is named for its budget.
    const fresh = await room(`never-used-${crypto.randomUUID()}`).apply({ budgetId: b.budgetId, actorId: b.userId, command: lineItem("Misrouted first") });
    expect(fresh).toMatchObject({ ok: false, status: 400, message: "This room belongs to another budget." });
    expect(await lineItems(b.budgetId)).toHaveLength(0);
  });
});

describe("BudgetRoom idempotency", () => {
  it("a repeated key returns the first result, marked replayed, and writes nothing", async () => {
    const user = await signUp("Retry");
    const key = `key-${crypto.randomUUID()}`;
    const first = await apply(user, expense(user, "food", "Milk"), key);
    expect(first).toMatchObject({ ok: true, replayed: false });
    const seqAfterFirst = await storedSeq(user.budgetId);
    expect(await expenseCount(user.budgetId)).toBe(1);

    const second = await apply(user, expense(user, "food", "Milk"), key);
    expect(second).toEqual({ ...(first as Ok), replayed: true });
    expect(await expenseCount(user.budgetId)).toBe(1);
    expect(await storedSeq(user.budgetId)).toBe(seqAfterFirst);

    // The same key with a different request is a client bug: refused, not answered with the first result.
    const third = await apply(user, lineItem("Not written"), key);
    expect(third).toMatchObject({ ok: false, status: 409 });
    expect(await lineItems(user.budgetId)).toHaveLength(0);

    // A different key is a new command.
    const fresh = await apply(user, expense(user, "food", "Milk"), `key-${crypto.randomUUID()}`);
    expect(fresh).toMatchObject({ ok: true, replayed: false, seq: seqAfterFirst + 1 });
    expect(await expenseCount(user.budgetId)).toBe(2);
  });

  it("concurrent duplicates with the same key write once", async () => {
    const user = await signUp("Double");
    const key = `key-${crypto.randomUUID()}`;
    const before = await storedSeq(user.budgetId);
    const outcomes = (await Promise.all(Array.from({ length: 10 }, () => apply(user, expense(user, "coffee", "Latte"), key)))) as Ok[];

    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    expect(outcomes.filter((o) => o.replayed)).toHaveLength(9);
    expect(new Set(outcomes.map((o) => o.result.id)).size).toBe(1);
    expect(new Set(outcomes.map((o) => o.seq))).toEqual(new Set([before + 1]));
    expect(await expenseCount(user.budgetId)).toBe(1);
    expect(await storedSeq(user.budgetId)).toBe(before + 1);
  });

  it("a rejected command does not use up its key", async () => {
    const user = await signUp("Fixup");
    const key = `key-${crypto.randomUUID()}`;
    const refused = await apply(user, expense(user, "no-such-category"), key);
    expect(refused).toMatchObject({ ok: false, status: 400 });
    const retried = await apply(user, expense(user, "food"), key);
    expect(retried).toMatchObject({ ok: true, replayed: false });
    expect(await expenseCount(user.budgetId)).toBe(1);
  });

  it("stores the key in D1 in the same batch as the writes: a batch that fails stores no key", async () => {
    const user = await signUp("Atomic");
    const key = `key-${crypto.randomUUID()}`;
    // Passes every check, then fails inside the batch: nothing, not even the key, is kept.
    await failInsertsOfBoom();
    const failing = apply(user, expense(user, "food", "Boom"), key);
    await expect(failing).rejects.toThrow();
    const none = await env.DB.prepare("SELECT count(*) AS n FROM budget_command_keys WHERE budget_id = ? AND key = ?").bind(user.budgetId, key).first<{ n: number }>();
    expect(none?.n).toBe(0);

    const ok = (await apply(user, expense(user, "food", "Eggs"), key)) as Ok;
    expect(ok).toMatchObject({ ok: true, replayed: false });
    const row = await env.DB.prepare("SELECT outcome FROM budget_command_keys WHERE budget_id = ? AND key = ?").bind(user.budgetId, key).first<{ outcome: string }>();
    expect(JSON.parse(row!.outcome)).toEqual(ok);
    // The same key, even on another budget's room, does not collide: keys are per budget.
    const other = await signUp("OtherBudget");
    expect(await apply(other, expense(other, "food", "Eggs"), key)).toMatchObject({ ok: true, replayed: false });
  });

  it("keys survive the object being evicted from memory", async () => {
    const user = await signUp("Evicted");
    const key = `key-${crypto.randomUUID()}`;
    const first = (await apply(user, expense(user, "food", "Bread"), key)) as Ok;
    const { evictDurableObject } = await import("cloudflare:test");
    await evictDurableObject(room(user.budgetId));
    const again = await apply(user, expense(user, "food", "Bread"), key);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await expenseCount(user.budgetId)).toBe(1);
    const next = (await apply(user, lineItem("After eviction"))) as Ok;
    expect(next.seq).toBe(first.seq + 1);
  });
});
