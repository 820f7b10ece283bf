import OpenAI from "openai";
import { zodFunction } from "openai/helpers/zod";
import { z } from "zod";
import { CATEGORY_IDS, CATEGORY_NAMES, interpret, type Intent, type ParsedExpense } from "~/domain/assistant";
import { guardProposal } from "~/domain/assistant/model-guard";
import { toCents } from "~/domain/money";
import { rulesAssistant } from "./rules.server";
import type { Assistant, AssistantInput } from "./types";

// OpenAI proposes a structured intent through one tool call; zod validates it, the server clamps it
// (no future dates, positive amounts) and applies it. Any failure — timeout, HTTP error, no tool call,
// arguments that do not validate — falls back to the rules engine for that message.

export const OPENAI_TIMEOUT_MS = 8_000;

const TOPICS = ["left", "perDay", "spentCategory", "spentMonth", "topCategory", "afford", "recent", "help", "greeting", "thanks", "income"] as const;

export const proposalSchema = z.object({
  kind: z.enum(["expenses", "question", "undo", "correction", "not_spending", "unknown"]),
  expenses: z
    .array(
      z.object({
        amount: z.number().positive().max(1_000_000),
        description: z.string().trim().min(1).max(120),
        categoryId: z.enum(CATEGORY_IDS),
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
      }),
    )
    .max(20)
    .nullable(),
  topic: z.enum(TOPICS).nullable(),
  categoryId: z.enum(CATEGORY_IDS).nullable(),
  amount: z.number().positive().max(1_000_000).nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;

const TOOL = zodFunction({
  name: "propose_intent",
  description: "Say what the user's budgeting chat message means. Questions never log expenses.",
  parameters: proposalSchema,
});

function systemPrompt(today: string): string {
  const categories = CATEGORY_IDS.map((id) => `${id} (${CATEGORY_NAMES[id]})`).join(", ");
  return [
    "You read messages in a household budgeting chat and call propose_intent exactly once.",
    `Today is ${today}. Dates are YYYY-MM-DD and never after today. Amounts are US dollars: the price paid, never a quantity ("2 coffees for 9" is 9).`,
    `kind "expenses": one entry per purchase, categoryId one of: ${categories}.`,
    'kind "question" for anything asked (topic: left, perDay, spentCategory with categoryId, spentMonth, topCategory, afford with amount, recent, help, greeting, thanks, income). Questions never log.',
    'kind "undo" to remove the user\'s last entry; kind "correction" to change its amount or categoryId; otherwise "unknown".',
    'A false log is the worst error. Use kind "not_spending" (never "expenses") for: budget settings and limits ("set the dining budget to 300"), reminders, money received (pay, gifts, sales, refunds, reimbursements, someone paying the user back), transfers (to savings or any of the household’s own accounts and funds such as a college fund, IRA or 529, ATM cash, payments toward a credit card or loan, paying a friend back or lending), plans, wishes and hypotheticals ("going to", "thinking of", "next week", "if I buy", "the tv I want is 799", "eyeing", "saving up for", quotes and estimates), things not bought after all ("almost bought", "did not buy", "skipped", "put it back"), amounts budgeted or set aside ("budgeted 50 for the fundraiser"), money saved, costs paid by work, a client or insurance, facts with numbers but no purchase (counts of people or pets, prices seen, ages, measures, balances and debts, past or typical spending, totals so far), recurring amounts described ("our insurance is 180 a month"), commands to edit or delete an existing expense, greetings, thanks, chatter and "no spend day".',
    'Log only money the user paid out. Numbers that are quantities, counts, sizes, dates, times or parts of names are never amounts. Apply arithmetic the message states: tips ("80 + 15% tip" = 92), splits ("48 split four ways" = 12; "my part was 19" = 19), quantities ("8.50 x 4" = 34), vouchers ("70 but the voucher took off 25" = 45), a correction in the message wins ("tea 3 sorry 3.50" = 3.50), a tip added to one purchase is part of it ("haircut 40 and tipped 8" = one 48), a shared bill logs the share ("600 split between 4" = 150; "split a 50 cab with my friend" = 25); "the lunch yesterday was 18 not 15" changes an earlier expense and is never a new one, a basket split by category is two expenses. Dates: the most recent past day a weekday, "the 9th" or "2/14" can mean.',
    'When unsure (an implausible amount like "latte 575", a range, an amount with nothing bought, someone else paying) use kind "unknown": the app will ask the user.',
  ].join("\n");
}

/** Checks a validated proposal against today and turns it into an Intent; null when it makes no sense. */
export function intentFromProposal(p: Proposal, today: string): Intent | null {
  switch (p.kind) {
    case "expenses": {
      if (!p.expenses || p.expenses.length === 0) return null;
      const expenses = [];
      for (const e of p.expenses) {
        const cents = toCents(e.amount);
        if (!cents || cents <= 0) return null;
        const date = e.date && e.date <= today ? e.date : today;
        expenses.push({ amountCents: cents, description: e.description, categoryId: e.categoryId, date, categoryKnown: e.categoryId !== "other" });
      }
      return { kind: "expenses", expenses };
    }
    case "question":
      if (!p.topic) return null;
      return { kind: "question", topic: p.topic, categoryId: p.categoryId ?? undefined, amountCents: p.amount ? (toCents(p.amount) ?? undefined) : undefined };
    case "undo":
      return { kind: "undo" };
    case "correction": {
      const amountCents = p.amount ? (toCents(p.amount) ?? undefined) : undefined;
      if (!amountCents && !p.categoryId) return null;
      return { kind: "correction", amountCents, categoryId: p.categoryId ?? undefined };
    }
    case "not_spending":
      return { kind: "noLog", reason: "fact" };
    case "unknown":
      return { kind: "unknown" };
  }
}

export function createOpenAIAssistant(options: { apiKey: string; model: string; timeoutMs?: number; baseURL?: string }): Assistant {
  const timeoutMs = options.timeoutMs ?? OPENAI_TIMEOUT_MS;
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: timeoutMs,
    maxRetries: 0,
    // Looked up per call so tests can intercept the global fetch.
    fetch: (input, init) => globalThis.fetch(input, init),
  });

  async function propose(input: AssistantInput): Promise<Intent | null> {
    const signal = AbortSignal.timeout(timeoutMs);
    const completion = await client.chat.completions.create(
      {
        model: options.model,
        temperature: 0,
        messages: [
          { role: "system", content: systemPrompt(input.today) },
          { role: "user", content: input.text },
        ],
        tools: [TOOL],
        tool_choice: { type: "function", function: { name: TOOL.function.name } },
      },
      { signal },
    );
    const call = completion.choices?.[0]?.message?.tool_calls?.find((c) => c.type === "function" && c.function.name === TOOL.function.name);
    if (!call || call.type !== "function") return null;
    let args: unknown;
    try {
      args = JSON.parse(call.function.arguments);
    } catch {
      return null;
    }
    const parsed = proposalSchema.safeParse(args);
    if (!parsed.success) return null;
    return intentFromProposal(parsed.data, input.today);
  }

  return {
    name: "openai",
    async interpret(input) {
      const rules = interpret(input.text, { today: input.today, memory: input.memory });
      try {
        const intent = await propose(input);
        // The same rules bind the model: a proposal that would log what §1 forbids, skip a question §2
        // requires, or log an amount the message does not contain becomes a question instead.
        if (intent) return guardProposal(intent, rules, input.text);
      } catch {
        // Timeouts, HTTP errors and network failures all end here: the rules engine answers instead.
      }
      return rules;
    },
  };
}
