import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { apiJson } from "./helpers/http";
import { signUp, type SignedInUser } from "./helpers/users";

// Undo and corrections from chat act on the sender's own last entry through BudgetRoom, and a category
// correction ("make that dining") teaches the budget's merchant memory for every member.

interface ApiMessage {
  sender: "user" | "bot";
  content: string;
  messageType: string;
  metadata: { expense?: { id: string; amount: string; category: { id: string } } };
}

async function joinBudget(budgetId: string, member: SignedInUser) {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO budget_members (id, budget_id, user_id, role, joined_at) VALUES (?, ?, ?, 'member', ?)").bind(crypto.randomUUID(), budgetId, member.userId, Date.now()),
    env.DB.prepare("UPDATE users SET active_budget_id = ? WHERE id = ?").bind(budgetId, member.userId),
  ]);
}

async function withIncome(user: SignedInUser) {
  // An income line keeps the conversation out of onboarding.
  await env.DB.prepare(
    "INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, position, created_at, updated_at) VALUES (?, ?, 'income', 'Salary', 300000, 'income', 0, 0, 0)",
  )
    .bind(crypto.randomUUID(), user.budgetId)
    .run();
}

async function chat(user: SignedInUser) {
  const res = await apiJson<{ id: string }>("/api/conversation", { method: "POST", cookie: user.cookie });
  expect(res.status).toBe(201);
  const id = res.body.id;
  return async (content: string) => {
    const sent = await apiJson<{ messages: ApiMessage[] }>("/api/messages", { cookie: user.cookie, json: { conversationId: id, content } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    return sent.body.messages;
  };
}

async function rows(budgetId: string) {
  const { results } = await env.DB.prepare("SELECT description, amount_cents, category_id, user_id FROM expenses WHERE budget_id = ? ORDER BY created_at, rowid").bind(budgetId).all<any>();
  return results;
}

const receipt = (messages: ApiMessage[]) => messages.find((m) => m.messageType === "expense_logged")?.metadata.expense;

describe("chat undo and corrections", () => {
  it('"actually it was 15" changes the amount, "make that groceries" the category, "undo" removes it; nothing is logged by them', async () => {
    const me = await signUp("Fixer");
    await withIncome(me);
    const say = await chat(me);
    expect(receipt(await say("lunch $12"))?.amount).toBe("12.00");
    const amount = await say("actually it was 15");
    expect(receipt(amount)).toBeUndefined();
    expect(amount.at(-1)?.content).toContain("$15");
    expect(await rows(me.budgetId)).toMatchObject([{ description: "Lunch", amount_cents: 1500, category_id: "dining" }]);

    await say("sandwich 9");
    await say("make that groceries");
    expect((await rows(me.budgetId))[1]).toMatchObject({ amount_cents: 900, category_id: "food" });

    const undone = await say("undo");
    expect(receipt(undone)).toBeUndefined();
    expect(await rows(me.budgetId)).toMatchObject([{ description: "Lunch", amount_cents: 1500 }]);
    await say("delete that");
    expect(await rows(me.budgetId)).toEqual([]);
    const nothing = await say("undo");
    expect(nothing.at(-1)?.sender).toBe("bot");
    expect(await rows(me.budgetId)).toEqual([]);
  });

  it("undo and corrections never touch another member's entry", async () => {
    const owner = await signUp("Owner");
    const member = await signUp("Member");
    await withIncome(owner);
    await joinBudget(owner.budgetId, member);
    const ownerSays = await chat(owner);
    const memberSays = await chat(member);
    await ownerSays("groceries $80");
    await memberSays("actually it was 5");
    await memberSays("undo");
    expect(await rows(owner.budgetId)).toMatchObject([{ amount_cents: 8000, category_id: "food", user_id: owner.userId }]);
  });

  it('"make that dining" in one member\'s chat files that merchant under Dining Out for every member', async () => {
    const owner = await signUp("Teacher");
    const member = await signUp("Learner");
    await withIncome(owner);
    await joinBudget(owner.budgetId, member);
    const ownerSays = await chat(owner);
    // A place no lexicon knows is logged when the message says it was paid for (bare "Zorbic Hall $18" asks what it was).
    const first = receipt(await ownerSays("paid $18 at Zorbic Hall"));
    expect(first?.category.id).not.toBe("dining");
    const corrected = await ownerSays("make that dining");
    expect(corrected.at(-1)?.content).toContain("Dining Out");
    const memory = await env.DB.prepare("SELECT category_id FROM merchant_categories WHERE budget_id = ?").bind(owner.budgetId).all<any>();
    expect(memory.results.map((r) => r.category_id)).toContain("dining");

    const memberSays = await chat(member);
    expect(receipt(await memberSays("zorbic hall 22"))?.category.id).toBe("dining");
    expect(receipt(await ownerSays("zorbic hall $30"))?.category.id).toBe("dining");
  });
});
