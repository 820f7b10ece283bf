import { createExecutionContext, env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { budgetAccess } from "~/server/budget.server";
import { createAppContext } from "~/server/context.server";
import { createOpenAIAssistant } from "~/server/assistant/openai.server";
import { requireOwnConversation } from "~/server/chat/conversations.server";
import { sendMessage } from "~/server/chat/send.server";
import { todayIn } from "~/domain/dates";
import type { UserRow } from "~/server/db/schema";
import { apiJson } from "./helpers/http";
import { signUp, type SignedInUser } from "./helpers/users";

// The chat calls of spec part 1 §7 through the real Worker: conversations, messages, the rules engine
// logging through BudgetRoom, questions answered from real figures, onboarding, and OpenAI at the fetch layer.

interface ApiMessage {
  id: string;
  sender: "user" | "bot";
  content: string;
  messageType: string;
  createdAt: string;
  metadata: any;
}

async function startConversation(user: SignedInUser) {
  const res = await apiJson<{ id: string; phase: string }>("/api/conversation", { method: "POST", cookie: user.cookie });
  expect(res.status).toBe(201);
  return res.body;
}

async function send(user: SignedInUser, conversationId: string, content: string) {
  const res = await apiJson<{ messages: ApiMessage[] }>("/api/messages", { cookie: user.cookie, json: { conversationId, content } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.messages;
}

async function addIncome(user: SignedInUser, dollars: number) {
  await env.DB.prepare(
    "INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, position, created_at, updated_at) VALUES (?, ?, 'income', 'Salary', ?, 'income', 0, 0, 0)",
  )
    .bind(crypto.randomUUID(), user.budgetId, dollars * 100)
    .run();
}

async function budget(user: SignedInUser) {
  return (await apiJson("/api/budget", { cookie: user.cookie })).body as { spent: string; left: string; perDay: string; spendableAmount: string; totalIncome: string };
}

async function expensesOf(budgetId: string) {
  const { results } = await env.DB.prepare("SELECT amount_cents, description, category_id, source, original_input, user_id, date FROM expenses WHERE budget_id = ? ORDER BY created_at, rowid").bind(budgetId).all<any>(); // one message's rows share created_at
  return results;
}

describe("conversations", () => {
  it("none at first; POST creates one in onboarding while the budget has no income", async () => {
    const user = await signUp("Conv");
    const before = await apiJson("/api/conversation", { cookie: user.cookie });
    expect(before.status).toBe(200);
    expect(before.body).toBeNull();
    const created = await startConversation(user);
    expect(created.phase).toBe("onboarding");
    const after = await apiJson<{ id: string }>("/api/conversation", { cookie: user.cookie });
    expect(after.body.id).toBe(created.id);
    const messages = await apiJson<ApiMessage[]>(`/api/messages?conversationId=${created.id}`, { cookie: user.cookie });
    expect(messages.status).toBe(200);
    expect(messages.body).toEqual([]);
  });

  it("a budget with income starts its conversation in phase active", async () => {
    const user = await signUp("Active");
    await addIncome(user, 3000);
    expect((await startConversation(user)).phase).toBe("active");
  });

  it("signed out: 401", async () => {
    expect((await apiJson("/api/conversation")).status).toBe(401);
    expect((await apiJson("/api/messages", { json: { conversationId: "x", content: "hi" } })).status).toBe(401);
  });

  it("after DELETE /api/chat-history the conversation has no messages", async () => {
    const user = await signUp("Clear");
    const conv = await startConversation(user);
    await send(user, conv.id, "hello");
    const res = await apiJson("/api/chat-history", { method: "DELETE", cookie: user.cookie });
    expect(res.status).toBe(200);
    expect((await apiJson(`/api/messages?conversationId=${conv.id}`, { cookie: user.cookie })).body).toEqual([]);
  });
});

describe("POST /api/messages validation", () => {
  it("empty, whitespace-only, over 2,000 characters and a missing conversation id are 400s with a clear message", async () => {
    const user = await signUp("Valid");
    const conv = await startConversation(user);
    for (const body of [
      { conversationId: conv.id, content: "" },
      { conversationId: conv.id, content: "   \n\t " },
      { conversationId: conv.id, content: "x".repeat(2001) },
      { content: "coffee 4" },
      { conversationId: "", content: "coffee 4" },
      { conversationId: conv.id },
    ]) {
      const res = await apiJson<{ message: string }>("/api/messages", { cookie: user.cookie, json: body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(/empty|too long|conversationId/i);
    }
    expect((await apiJson("/api/messages", { cookie: user.cookie })).status).toBe(400);
    expect(await expensesOf(user.budgetId)).toEqual([]);
  });

  it("exactly 2,000 characters is accepted", async () => {
    const user = await signUp("Long");
    const conv = await startConversation(user);
    await send(user, conv.id, "y".repeat(2000));
  });

  it("another user's conversation is a 404 for reading and for sending", async () => {
    const alice = await signUp("Alice");
    const mallory = await signUp("Mallory");
    const conv = await startConversation(alice);
    await send(alice, conv.id, "hello");
    expect((await apiJson(`/api/messages?conversationId=${conv.id}`, { cookie: mallory.cookie })).status).toBe(404);
    const res = await apiJson("/api/messages", { cookie: mallory.cookie, json: { conversationId: conv.id, content: "coffee 4" } });
    expect(res.status).toBe(404);
    expect(await expensesOf(alice.budgetId)).toEqual([]);
    expect(await expensesOf(mallory.budgetId)).toEqual([]);
  });
});

// Replies show whole dollars without cents ("$60") and anything else with two decimals ("$367.50"):
// the figure depends on the days left today, so both shapes must be expected.
/** The chat's money format: whole dollars (spec part 1, "Chat currency format"). */
function dollars(amount: string): string {
  return `$${Math.round(Number(amount)).toLocaleString("en-US")}`;
}

describe("logging and questions (rules engine)", () => {
  it('"groceries $80" logs through BudgetRoom: receipt message, budget figures move, source chat with the original input', async () => {
    const user = await signUp("Logger");
    await addIncome(user, 3000);
    const conv = await startConversation(user);
    const messages = await send(user, conv.id, "groceries $80");
    expect(messages.map((m) => [m.sender, m.messageType])).toEqual([
      ["user", "text"],
      ["bot", "expense_logged"],
    ]);
    expect(messages[1].metadata.expense).toMatchObject({ amount: "80.00", description: "Groceries", category: { id: "food", name: "Food & Groceries" } });
    expect((await budget(user)).spent).toBe("80.00");
    const rows = await expensesOf(user.budgetId);
    expect(rows).toEqual([
      expect.objectContaining({ amount_cents: 8000, category_id: "food", source: "chat", original_input: "groceries $80", user_id: user.userId }),
    ]);
    const listed = await apiJson<ApiMessage[]>(`/api/messages?conversationId=${conv.id}`, { cookie: user.cookie });
    expect(listed.body.map((m) => m.id)).toEqual(messages.map((m) => m.id));
  });

  it("several expenses in one message, each with its receipt", async () => {
    const user = await signUp("Multi");
    await addIncome(user, 3000);
    const conv = await startConversation(user);
    const messages = await send(user, conv.id, "gas $45, groceries $120");
    expect(messages.filter((m) => m.messageType === "expense_logged")).toHaveLength(2);
    expect((await expensesOf(user.budgetId)).map((r) => [r.amount_cents, r.category_id])).toEqual([
      [4500, "transport"],
      [12000, "food"],
    ]);
  });

  it("questions are answered with the figures GET /api/budget shows and log nothing", async () => {
    const user = await signUp("Asker");
    await addIncome(user, 3000);
    const conv = await startConversation(user);
    await send(user, conv.id, "dinner 60");
    const b = await budget(user);
    const left = await send(user, conv.id, "how much is left?");
    expect(left[1].content).toContain(dollars(b.left));
    const perDay = await send(user, conv.id, "what's my daily limit?");
    expect(perDay[1].content).toContain(`${dollars(b.perDay)}/day`);
    const afford = await send(user, conv.id, "can I afford a $200 dinner?");
    expect(afford[1].content).toMatch(/^Yes/);
    const category = await send(user, conv.id, "how much did I spend on dining?");
    expect(category[1].content).toContain("$60");
    expect(await expensesOf(user.budgetId)).toHaveLength(1);
  });

  it("honest feedback when an expense pushes the budget over", async () => {
    const user = await signUp("Over");
    await addIncome(user, 100);
    const conv = await startConversation(user);
    const messages = await send(user, conv.id, "new tv $250");
    const feedback = messages.find((m) => m.messageType === "feedback");
    expect(feedback?.content).toMatch(/over your spendable amount/);
    expect(feedback?.content).toContain("$150");
  });

  it("replies follow the saving wording when the user prefers it", async () => {
    const user = await signUp("Saver");
    await addIncome(user, 3000);
    await apiJson("/api/auth/user/preferences", { method: "PATCH", cookie: user.cookie, json: { languagePreference: "saving" } });
    const conv = await startConversation(user);
    const reply = await send(user, conv.id, "how much is left?");
    expect(reply[1].content).toContain("Saved this Month");
    // What is saved is what is left, so "left" never appears; money spent is still spent (issue 22 #10).
    expect(reply[1].content).not.toMatch(/\bleft\b/i);
    expect(reply[1].content).toMatch(/saveable amount/);
  });
});

describe("smart welcome and onboarding messages", () => {
  it("onboarding: the first message carries the setup-card marker; later ones ask the current question", async () => {
    const user = await signUp("Setup");
    const conv = await startConversation(user);
    const first = await apiJson<{ message: string }>("/api/smart-onboarding", { method: "POST", cookie: user.cookie, json: {} });
    expect(first.status).toBe(200);
    expect(first.body.message).toContain("[SHOW_UPLOAD_GUIDE]");
    expect(first.body.message).toMatch(/income/i);
    await send(user, conv.id, "I want to continue with the guided chat approach");
    const later = await apiJson<{ message: string }>("/api/smart-onboarding", { method: "POST", cookie: user.cookie, json: {} });
    expect(later.body.message).not.toContain("[SHOW_UPLOAD_GUIDE]");
  });

  it("welcome states the budget's figures", async () => {
    const user = await signUp("Welcome");
    await addIncome(user, 3000);
    const res = await apiJson<{ message: string }>("/api/smart-welcome", { method: "POST", cookie: user.cookie, json: {} });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain("Welcome back, Welcome!");
    expect(res.body.message).toContain("$3,000");
  });
});

describe("onboarding end to end", () => {
  it("income → housing → utilities → transportation → subscriptions → other builds a budget with lines", async () => {
    const user = await signUp("Onboard");
    const conv = await startConversation(user);
    const guided = await send(user, conv.id, "I want to continue with the guided chat approach");
    expect(guided[1].content).toMatch(/income/i);
    expect((await send(user, conv.id, "I make 4,200 a month"))[1].content).toMatch(/Added .*4,200.*housing/is);
    expect((await send(user, conv.id, "rent is 1,500"))[1].content).toMatch(/utilities/i);
    expect((await send(user, conv.id, "electric 120, internet 60"))[1].content).toMatch(/Transportation/);
    // An expense typed during setup is logged, and the question asked again.
    const coffee = await send(user, conv.id, "coffee $4");
    expect(coffee.map((m) => m.messageType)).toContain("expense_logged");
    expect(coffee[coffee.length - 1].content).toMatch(/Transportation/);
    expect((await send(user, conv.id, "none"))[1].content).toMatch(/Subscriptions/);
    expect((await send(user, conv.id, "netflix 15"))[1].content).toMatch(/Anything else/);
    const done = await send(user, conv.id, "done");
    expect(done[1].content).toMatch(/Your budget is set/);
    const { results: lines } = await env.DB.prepare("SELECT kind, label, amount_cents, category FROM line_items WHERE budget_id = ? ORDER BY kind, position").bind(user.budgetId).all<any>();
    expect(lines).toEqual([
      { kind: "expense", label: "Rent", amount_cents: 150000, category: "housing" },
      { kind: "expense", label: "Electric", amount_cents: 12000, category: "utilities" },
      { kind: "expense", label: "Internet", amount_cents: 6000, category: "utilities" },
      { kind: "expense", label: "Netflix", amount_cents: 1500, category: "subscriptions" },
      { kind: "income", label: "Income", amount_cents: 420000, category: "income" },
    ]);
    const b = await budget(user);
    expect(b.spendableAmount).toBe("2505.00");
    expect(b.spent).toBe("4.00");
    expect((await apiJson<{ phase: string }>("/api/conversation", { cookie: user.cookie })).body.phase).toBe("active");
  });
});

describe("OpenAI (intercepted at fetch)", () => {
  afterEach(() => vi.restoreAllMocks());

  async function setup(name: string) {
    const user = await signUp(name);
    await addIncome(user, 3000);
    const conv = await startConversation(user);
    const app = createAppContext(env as unknown as Env, createExecutionContext());
    const access = (await budgetAccess(app, user.userId, user.budgetId))!;
    const row = (await env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(user.userId).first<any>())!;
    const userRow = { ...row, firstName: row.first_name, languagePreference: row.language_preference } as UserRow;
    const conversation = await requireOwnConversation(app, user.userId, user.budgetId, conv.id);
    const today = todayIn(access.budget.timeZone, app.now);
    return { user, app, access, userRow, conversation, today };
  }

  function completion(args: string) {
    return Response.json({
      id: "chatcmpl-AbC123",
      object: "chat.completion",
      created: 1763800000,
      model: "gpt-4o-mini-2024-07-18",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: null, refusal: null, tool_calls: [{ id: "call_9xY", type: "function", function: { name: "propose_intent", arguments: args } }] },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage: { prompt_tokens: 210, completion_tokens: 40, total_tokens: 250 },
      system_fingerprint: "fp_0ba0d124f1",
    });
  }

  it("a good tool call is validated and applied by the server", async () => {
    const s = await setup("AiGood");
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      expect(String(input instanceof Request ? input.url : input)).toContain("/chat/completions");
      return completion(JSON.stringify({ kind: "expenses", expenses: [{ amount: 12.5, description: "Pho with Sam", categoryId: "dining", date: null }], topic: null, categoryId: null, amount: null }));
    });
    const assistant = createOpenAIAssistant({ apiKey: "sk-test", model: "gpt-4o-mini", timeoutMs: 2000 });
    const messages = await sendMessage(s.app, s.userRow, s.access, s.conversation, "pho with sam twelve fifty", { assistant, today: s.today });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(messages[1].metadata).toMatchObject({ expense: { amount: "12.50", description: "Pho with Sam", category: { id: "dining" } } });
    expect(await expensesOf(s.user.budgetId)).toEqual([expect.objectContaining({ amount_cents: 1250, category_id: "dining", source: "chat" })]);
  });

  it("a malformed tool call falls back to the rules engine", async () => {
    const s = await setup("AiBad");
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => completion('{"kind":"expenses","expenses":[{"amount":"lots","categoryId":"yachts"}]'));
    const assistant = createOpenAIAssistant({ apiKey: "sk-test", model: "gpt-4o-mini", timeoutMs: 2000 });
    await sendMessage(s.app, s.userRow, s.access, s.conversation, "coffee $4", { assistant, today: s.today });
    expect(await expensesOf(s.user.budgetId)).toEqual([expect.objectContaining({ amount_cents: 400, category_id: "coffee" })]);
  });

  it("a timeout falls back to the rules engine", async () => {
    const s = await setup("AiSlow");
    vi.spyOn(globalThis, "fetch").mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          const signal = (init as RequestInit | undefined)?.signal;
          signal?.addEventListener("abort", () => reject(signal.reason ?? new Error("aborted")));
        }),
    );
    const assistant = createOpenAIAssistant({ apiKey: "sk-test", model: "gpt-4o-mini", timeoutMs: 150 });
    const messages = await sendMessage(s.app, s.userRow, s.access, s.conversation, "how much is left?", { assistant, today: s.today });
    expect(messages[1].content).toContain("Left to Spend");
    expect(await expensesOf(s.user.budgetId)).toEqual([]);
  });

  it("an HTTP error (401 bad key) falls back to the rules engine", async () => {
    const s = await setup("AiErr");
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      Response.json({ error: { message: "Incorrect API key provided: sk-test.", type: "invalid_request_error", param: null, code: "invalid_api_key" } }, { status: 401 }),
    );
    const assistant = createOpenAIAssistant({ apiKey: "sk-test", model: "gpt-4o-mini", timeoutMs: 2000 });
    await sendMessage(s.app, s.userRow, s.access, s.conversation, "uber 18", { assistant, today: s.today });
    expect(await expensesOf(s.user.budgetId)).toEqual([expect.objectContaining({ amount_cents: 1800, category_id: "transport" })]);
  });
});
