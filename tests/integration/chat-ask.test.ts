import { createExecutionContext, env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { budgetAccess } from "~/server/budget.server";
import { createAppContext } from "~/server/context.server";
import { createOpenAIAssistant } from "~/server/assistant/openai.server";
import { requireOwnConversation } from "~/server/chat/conversations.server";
import { sendMessage } from "~/server/chat/send.server";
import { todayIn } from "~/domain/dates";
import type { UserRow } from "~/server/db/schema";
import { api, apiJson } from "./helpers/http";
import { signUp, type SignedInUser } from "./helpers/users";

// Issue 19 §1–§2 through the real Worker: a message that is not spending logs nothing; an ambiguous one
// is answered with a question whose quick replies are real forms, and the chosen answer logs exactly
// once — posted without JavaScript (a plain form post and a redirect), with it (Remix's data request),
// typed, twice, or twice at the same time. Edit/delete commands that name an expense act only after a yes.

interface ApiMessage {
  id: string;
  sender: "user" | "bot";
  content: string;
  messageType: string;
  metadata: any;
}

async function setUp(name: string) {
  const user = await signUp(name);
  await env.DB.prepare(
    "INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, position, created_at, updated_at) VALUES (?, ?, 'income', 'Salary', 300000, 'income', 0, 0, 0)",
  )
    .bind(crypto.randomUUID(), user.budgetId)
    .run();
  const conv = await apiJson<{ id: string }>("/api/conversation", { method: "POST", cookie: user.cookie });
  return { user, conversationId: conv.body.id };
}

async function send(user: SignedInUser, conversationId: string, content: string): Promise<ApiMessage[]> {
  const res = await apiJson<{ messages: ApiMessage[] }>("/api/messages", { cookie: user.cookie, json: { conversationId, content } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.messages;
}

async function expensesOf(budgetId: string) {
  const { results } = await env.DB.prepare("SELECT id, amount_cents, description, category_id, original_input FROM expenses WHERE budget_id = ? ORDER BY created_at, rowid").bind(budgetId).all<any>();
  return results;
}

function question(messages: ApiMessage[]): { id: string; options: string[] } {
  const q = messages[messages.length - 1].metadata?.quickReplies;
  expect(q, JSON.stringify(messages)).toBeTruthy();
  return q;
}

/** The quick-reply form as the browser posts it: without JavaScript, or as Remix's single-fetch request with it. */
function answer(user: SignedInUser, conversationId: string, questionId: string, choice: number, js: boolean) {
  const path = js ? "/_root.data?index" : "/?index";
  return api(path, { cookie: user.cookie, form: { intent: "answer-question", conversationId, questionId, choice: String(choice) } });
}

describe("asking instead of guessing (quick replies)", () => {
  for (const js of [false, true]) {
    it(`"latte 575" asks $5.75 or $575; the answer ${js ? "with" : "without"} JavaScript logs exactly once`, async () => {
      const { user, conversationId } = await setUp(js ? "AskJs" : "AskNoJs");
      const asked = await send(user, conversationId, "latte 575");
      const q = question(asked);
      expect(q.options.slice(0, 2)).toEqual(["$5.75", "$575"]);
      expect(await expensesOf(user.budgetId)).toEqual([]);

      const res = await answer(user, conversationId, q.id, 0, js);
      if (js) {
        // Single fetch answers a redirecting action with the redirect encoded in the body.
        expect(res.status).toBeLessThan(400);
        expect(await res.text()).toMatch(/\/#m-/);
      } else {
        expect(res.status).toBe(303);
        expect(res.headers.get("Location")).toMatch(/^\/#m-/);
      }
      const once = await expensesOf(user.budgetId);
      expect(once.map((r) => [r.amount_cents, r.category_id, r.original_input])).toEqual([[575, "coffee", "latte 575"]]);

      // The same answer again (a second tap, a resubmitted form): nothing more is logged.
      const again = await answer(user, conversationId, q.id, 0, js);
      expect(again.status).toBeLessThan(400);
      expect(await expensesOf(user.budgetId)).toHaveLength(1);
      const list = await apiJson<ApiMessage[]>(`/api/messages?conversationId=${conversationId}`, { cookie: user.cookie });
      expect(list.body[list.body.length - 1].content).toMatch(/already answered/);
    });
  }

  for (const js of [false, true]) {
    it(`someone else paid: "Priya covered…" logs my share as an IOU to Priya once, answered ${js ? "with" : "without"} JavaScript`, async () => {
      const { user, conversationId } = await setUp(js ? "IouJs" : "IouNoJs");
      const asked = await send(user, conversationId, "Priya covered the 72 brunch for four of us");
      const q = question(asked);
      expect(asked[asked.length - 1].content).toMatch(/Priya paid the \$72\. Should I log your share \(\$18\) as money you owe to Priya/);
      expect(q.options).toEqual(["Log my share ($18)", "Nothing"]);
      expect(await expensesOf(user.budgetId)).toEqual([]);

      const res = await answer(user, conversationId, q.id, 0, js);
      expect(res.status).toBeLessThan(400);
      await answer(user, conversationId, q.id, 0, js);
      const rows = await expensesOf(user.budgetId);
      expect(rows.map((r) => [r.amount_cents, r.category_id, r.description])).toEqual([[1800, "dining", "Brunch (IOU to Priya)"]]);

      // "Nothing" logs nothing.
      const other = question(await send(user, conversationId, "my sister paid for dinner 60, I owe her half"));
      expect(other.options).toEqual(["Log my share ($30)", "Nothing"]);
      await answer(user, conversationId, other.id, 1, js);
      expect(await expensesOf(user.budgetId)).toHaveLength(1);
    });
  }

  it("two answers posted at the same time log once", async () => {
    const { user, conversationId } = await setUp("AskRace");
    const q = question(await send(user, conversationId, "spent 65 this morning"));
    await Promise.all([answer(user, conversationId, q.id, 0, false), answer(user, conversationId, q.id, 0, true)]);
    expect((await expensesOf(user.budgetId)).map((r) => [r.amount_cents, r.category_id])).toEqual([[6500, "food"]]);
  });

  it("a typed answer (the option's words) logs once; a new message instead lets the question lapse", async () => {
    const { user, conversationId } = await setUp("AskTyped");
    question(await send(user, conversationId, "somewhere around 30 to 40 at the bar"));
    const replies = await send(user, conversationId, "$35");
    expect(replies.some((m) => m.messageType === "expense_logged")).toBe(true);
    expect((await expensesOf(user.budgetId)).map((r) => r.amount_cents)).toEqual([3500]);

    question(await send(user, conversationId, "Priya covered the 72 brunch for four of us"));
    await send(user, conversationId, "how much is left?");
    expect((await expensesOf(user.budgetId)).map((r) => r.amount_cents)).toEqual([3500]);
  });

  it("an answer to another user's or an older question logs nothing", async () => {
    const { user, conversationId } = await setUp("AskOwner");
    const other = await setUp("AskOther");
    const q = question(await send(user, conversationId, "latte 575"));
    const res = await answer(other.user, conversationId, q.id, 1, false);
    expect(res.status).toBe(404);
    const stale = await answer(user, conversationId, "not-the-open-question", 1, false);
    expect(stale.status).toBe(303);
    expect(await expensesOf(user.budgetId)).toEqual([]);
    expect(await expensesOf(other.user.budgetId)).toEqual([]);
  });

  it("a malformed answer form is a 400, not a 500", async () => {
    const { user, conversationId } = await setUp("AskBad");
    for (const form of [
      { intent: "answer-question", conversationId, questionId: "", choice: "0" },
      { intent: "answer-question", conversationId, questionId: "x", choice: "nine" },
      { intent: "answer-question", conversationId, questionId: "x", choice: "99" },
    ]) {
      expect((await api("/?index", { cookie: user.cookie, form })).status).toBe(400);
    }
  });
});

describe("numbers that are not spending log nothing", () => {
  it("budget settings, money received, transfers, plans, facts and chatter get an answer and no expense", async () => {
    const { user, conversationId } = await setUp("NoLog");
    for (const text of [
      "set the dining budget to 300",
      "got paid 2400 today",
      "jake paid me back 25 for pizza",
      "moved 500 to savings",
      "took out 60 from the atm",
      "going to spend about 200 on christmas presents",
      "we have 3 kids",
      "no spend day today!",
    ]) {
      const replies = await send(user, conversationId, text);
      expect(replies.length, text).toBeGreaterThanOrEqual(2);
      expect(replies.some((m) => m.messageType === "expense_logged"), text).toBe(false);
    }
    expect(await expensesOf(user.budgetId)).toEqual([]);
  });

  it("a recurring amount described is offered as a fixed expense, added only after yes", async () => {
    const { user, conversationId } = await setUp("Fixed");
    const q = question(await send(user, conversationId, "our insurance is 180 a month"));
    const lines = () => env.DB.prepare("SELECT label, amount_cents, category FROM line_items WHERE budget_id = ? AND kind = 'expense'").bind(user.budgetId).all<any>();
    expect((await lines()).results).toEqual([]);
    expect((await answer(user, conversationId, q.id, 0, false)).status).toBe(303);
    expect((await lines()).results).toEqual([{ label: "Insurance", amount_cents: 18000, category: "transportation" }]);
    expect(await expensesOf(user.budgetId)).toEqual([]);
  });
});

describe("edit and delete commands that name an expense", () => {
  it('"remove the 23 dollar pharmacy one" removes that expense after confirmation, and only it', async () => {
    const { user, conversationId } = await setUp("Remove");
    await send(user, conversationId, "pharmacy 23");
    await send(user, conversationId, "pharmacy 12.40");
    await send(user, conversationId, "groceries 23");
    const asked = await send(user, conversationId, "remove the 23 dollar pharmacy one");
    const q = question(asked);
    expect(asked[asked.length - 1].content).toMatch(/^Remove \$23\.00 for Pharmacy/);
    expect(await expensesOf(user.budgetId)).toHaveLength(3);
    expect((await answer(user, conversationId, q.id, 0, false)).status).toBe(303);
    expect((await expensesOf(user.budgetId)).map((r) => [r.amount_cents, r.description])).toEqual([
      [1240, "Pharmacy"],
      [2300, "Groceries"],
    ]);
  });

  it('"the 60 at costco was actually 66" changes that expense after yes; "no" keeps it', async () => {
    const { user, conversationId } = await setUp("Edit");
    await send(user, conversationId, "costco 60");
    question(await send(user, conversationId, "the 60 at costco was actually 66"));
    await send(user, conversationId, "no");
    expect((await expensesOf(user.budgetId)).map((r) => r.amount_cents)).toEqual([6000]);
    question(await send(user, conversationId, "the 60 at costco was actually 66"));
    await send(user, conversationId, "yes");
    expect((await expensesOf(user.budgetId)).map((r) => r.amount_cents)).toEqual([6600]);
  });
});

describe("a place no lexicon knows (issue 19 §2–§3)", () => {
  it('"Zorbic Hall $18" asks what it was; the pick logs it once and teaches the merchant, so the next one logs without asking', async () => {
    const { user, conversationId } = await setUp("Teach");
    const asked = await send(user, conversationId, "Zorbic Hall $18");
    const q = question(asked);
    expect(q.options[1]).toBe("Dining out");
    expect(await expensesOf(user.budgetId)).toEqual([]);
    expect((await answer(user, conversationId, q.id, 1, false)).status).toBe(303);
    expect((await expensesOf(user.budgetId)).map((r) => [r.amount_cents, r.description, r.category_id])).toEqual([[1800, "Zorbic Hall", "dining"]]);
    const next = await send(user, conversationId, "zorbic hall 22");
    expect(next[next.length - 1].metadata?.quickReplies).toBeFalsy();
    expect((await expensesOf(user.budgetId)).map((r) => [r.amount_cents, r.category_id])).toEqual([
      [1800, "dining"],
      [2200, "dining"],
    ]);
  });
});

describe("money back for something logged (issue 19 §1: a refund is offered as a credit, never spending)", () => {
  it('"refund from amazon 15" offers to take 15 off the amazon expense; yes lowers it, nothing new is logged', async () => {
    const { user, conversationId } = await setUp("Refund");
    await send(user, conversationId, "amazon 40");
    await send(user, conversationId, "groceries 40");
    const asked = await send(user, conversationId, "refund from amazon 15");
    const q = question(asked);
    expect(asked[asked.length - 1].content).toMatch(/nothing was logged.*\$15\.00 refund off \$40\.00 for Amazon/s);
    expect((await expensesOf(user.budgetId)).map((r) => r.amount_cents)).toEqual([4000, 4000]);
    expect((await answer(user, conversationId, q.id, 0, false)).status).toBe(303);
    expect((await expensesOf(user.budgetId)).map((r) => [r.amount_cents, r.description])).toEqual([
      [2500, "Amazon"],
      [4000, "Groceries"],
    ]);
  });

  it("a refund for nothing logged, or one answered no, changes nothing and logs nothing", async () => {
    const { user, conversationId } = await setUp("RefundNone");
    await send(user, conversationId, "target 30");
    const none = await send(user, conversationId, "refund from amazon 15");
    expect(none[none.length - 1].metadata?.quickReplies).toBeFalsy();
    expect(none[none.length - 1].content).toMatch(/isn't spending/);
    question(await send(user, conversationId, "target refunded 10"));
    await send(user, conversationId, "no");
    expect((await expensesOf(user.budgetId)).map((r) => r.amount_cents)).toEqual([3000]);
  });
});

describe("New Features hand-offs", () => {
  it("each feature's chat trigger gets an answer about that feature with a link to its screen", async () => {
    const { user, conversationId } = await setUp("Features");
    const { results } = await env.DB.prepare("SELECT id, chat_trigger FROM features WHERE chat_trigger IS NOT NULL").all<{ id: string; chat_trigger: string }>();
    expect(results.length).toBeGreaterThanOrEqual(4);
    const screens: Record<string, string> = {
      "statement-upload": "/transaction-upload",
      "chat-questions": "/",
      "shared-budgets": "/settings",
      "debt-strategies": "/debt-management",
    };
    for (const f of results) {
      const replies = await send(user, conversationId, f.chat_trigger);
      const reply = replies[replies.length - 1];
      expect(reply.metadata?.link?.href, f.id).toBe(screens[f.id]);
      expect(reply.content, f.id).not.toMatch(/^I log expenses and answer questions/);
    }
    expect(await expensesOf(user.budgetId)).toEqual([]);
  });
});

describe("the OpenAI path obeys the same rules (recorded responses at the fetch layer)", () => {
  afterEach(() => vi.restoreAllMocks());

  async function context(name: string) {
    const { user, conversationId } = await setUp(name);
    const app = createAppContext(env as unknown as Env, createExecutionContext());
    const access = (await budgetAccess(app, user.userId, user.budgetId))!;
    const row = (await env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(user.userId).first<any>())!;
    const userRow = { ...row, firstName: row.first_name, languagePreference: row.language_preference } as UserRow;
    const conversation = await requireOwnConversation(app, user.userId, user.budgetId, conversationId);
    return { user, app, access, userRow, conversation, today: todayIn(access.budget.timeZone, app.now) };
  }

  function completion(args: object) {
    return Response.json({
      id: "chatcmpl-Gd7Q2",
      object: "chat.completion",
      created: 1763900000,
      model: "gpt-4o-mini-2024-07-18",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: null, refusal: null, tool_calls: [{ id: "call_Q1w", type: "function", function: { name: "propose_intent", arguments: JSON.stringify(args) } }] },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage: { prompt_tokens: 480, completion_tokens: 42, total_tokens: 522 },
      system_fingerprint: "fp_0ba0d124f1",
    });
  }
  const proposal = (expenses: Array<{ amount: number; description: string; categoryId: string }>) => ({
    kind: "expenses",
    expenses: expenses.map((e) => ({ ...e, date: null })),
    topic: null,
    categoryId: null,
    amount: null,
  });

  it("a proposal to log a transfer to savings becomes a question; nothing is logged", async () => {
    const s = await context("AiTransfer");
    let prompt = "";
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      prompt = String(init?.body ?? "");
      return completion(proposal([{ amount: 500, description: "Savings", categoryId: "other" }]));
    });
    const assistant = createOpenAIAssistant({ apiKey: "sk-test", model: "gpt-4o-mini" });
    const replies = await sendMessage(s.app, s.userRow, s.access, s.conversation, "moved 500 to savings", { assistant, today: s.today });
    expect(prompt).toContain("not_spending");
    expect((replies[replies.length - 1].metadata as any)?.quickReplies?.options).toEqual(["Yes, log it", "Don't log it"]);
    expect(await expensesOf(s.user.budgetId)).toEqual([]);
  });

  it("a refund the model would log is offered as a credit on the original expense, never as new spending", async () => {
    const s = await context("AiRefund");
    await sendMessage(s.app, s.userRow, s.access, s.conversation, "amazon 40", { today: s.today });
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => completion(proposal([{ amount: 15, description: "Amazon refund", categoryId: "shopping" }])));
    const assistant = createOpenAIAssistant({ apiKey: "sk-test", model: "gpt-4o-mini" });
    const replies = await sendMessage(s.app, s.userRow, s.access, s.conversation, "refund from amazon 15", { assistant, today: s.today });
    const last = replies[replies.length - 1];
    expect(last.content).toMatch(/\$15\.00 refund off \$40\.00 for Amazon/);
    expect((last.metadata as any)?.quickReplies?.options).not.toContain("Yes, log it");
    expect((await expensesOf(s.user.budgetId)).map((r) => r.amount_cents)).toEqual([4000]);
  });

  it("an amount the message does not contain is asked about, not logged", async () => {
    const s = await context("AiInvented");
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => completion(proposal([{ amount: 14, description: "Lunch", categoryId: "dining" }])));
    const assistant = createOpenAIAssistant({ apiKey: "sk-test", model: "gpt-4o-mini" });
    await sendMessage(s.app, s.userRow, s.access, s.conversation, "lunch 41", { assistant, today: s.today });
    expect(await expensesOf(s.user.budgetId)).toEqual([]);
  });

  it("a question the rules require (latte 575) is asked even when the model would log", async () => {
    const s = await context("AiAsk");
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => completion(proposal([{ amount: 575, description: "Latte", categoryId: "coffee" }])));
    const assistant = createOpenAIAssistant({ apiKey: "sk-test", model: "gpt-4o-mini" });
    const replies = await sendMessage(s.app, s.userRow, s.access, s.conversation, "latte 575", { assistant, today: s.today });
    expect((replies[replies.length - 1].metadata as any)?.quickReplies?.options.slice(0, 2)).toEqual(["$5.75", "$575"]);
    expect(await expensesOf(s.user.budgetId)).toEqual([]);
  });

  it("a proposal that agrees with the evidence (tip arithmetic included) is logged once", async () => {
    const s = await context("AiTip");
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => completion(proposal([{ amount: 92, description: "Massage", categoryId: "health" }])));
    const assistant = createOpenAIAssistant({ apiKey: "sk-test", model: "gpt-4o-mini" });
    await sendMessage(s.app, s.userRow, s.access, s.conversation, "massage 80 + 15% tip", { assistant, today: s.today });
    expect((await expensesOf(s.user.budgetId)).map((r) => [r.amount_cents, r.category_id])).toEqual([[9200, "health"]]);
  });
});
