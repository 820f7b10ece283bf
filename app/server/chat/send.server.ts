import {
  answerQuestion,
  FEATURE_ANSWERS,
  CATEGORY_EMOJI,
  CATEGORY_NAMES,
  feedbackReply,
  loggedReply,
  money,
  exactMoney,
  needAmountReply,
  nextStep,
  ONBOARDING_STEPS,
  parseOnboardingAnswer,
  STEP_LINE,
  STEP_QUESTIONS,
  UNKNOWN_REPLY,
  worded,
  type BudgetFigures,
  type AnswerData,
  type Intent,
  type MerchantMemory,
  type OnboardingStep,
  type ParsedExpense,
} from "~/domain/assistant";
import { centsToDecimal, formatUSD } from "~/domain/money";
import { MAX_LINES } from "~/domain/budget-details";
import type { LanguagePreference } from "~/domain/wording";
import { getAssistant, type Assistant } from "../assistant/index.server";
import type { BudgetAccess } from "../budget.server";
import { applyBudgetCommand } from "../budget-room/client.server";
import type { AppContext } from "../context.server";
import { conversations, messages, type UserRow } from "../db/schema";
import { chunked, rowsPerInsert } from "../db/bind-limit.server";
import { and, eq, type SQL } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { jsonError } from "../api.server";
import { loadMerchantMemory, memoryFromRows, merchantMemoryQuery } from "../merchant-memory.server";
import { messageRows, stateOf, toApiMessage, type ApiMessage, type ConversationRow, type ConversationState, type NewMessage } from "./conversations.server";
import { afterLogging, answerDataQueries, loadAnswerData, shapeAnswerData } from "./figures.server";
import { applyCorrection, applyUndo } from "./last-entry.server";
import { commandKeyOf, findMessageAnswer, messageKeyInsert, type MessageIdempotency } from "./message-keys.server";
import { noLogReply } from "~/domain/assistant/no-log-replies";
import { humanDay } from "~/domain/assistant/human-date";
import { choiceFromText, findExpenses, pendingForAmend, pendingForAsk, pendingForCredit, pendingForFixed, type PendingQuestion } from "./pending.server";

// One user message in, the bot's replies out. The assistant only proposes what the message means; this
// module validates and applies it, every budget write through BudgetRoom.

interface Turn {
  app: AppContext;
  user: UserRow;
  access: BudgetAccess;
  conversation: ConversationRow;
  state: ConversationState;
  text: string;
  today: string;
  wording: LanguagePreference;
  assistant: Assistant;
  replies: NewMessage[];
  /** The budget's figures read with the conversation, before this message changed anything. */
  before: AnswerData | null;
  /** A keyed send: each budget command it makes carries a key derived from it (numbered in order). */
  idempotency: MessageIdempotency | null;
  commands: number;
}

/** The idempotency key of the turn's next budget command (none for an unkeyed send). */
function nextCommandKey(turn: Turn): string | undefined {
  const n = turn.commands++;
  return turn.idempotency ? commandKeyOf(turn.user.id, turn.idempotency, n) : undefined;
}

function say(turn: Turn, content: string, messageType: NewMessage["messageType"] = "text", metadata: Record<string, unknown> | null = null) {
  turn.replies.push({ sender: "bot", content: worded(content, turn.wording), messageType, metadata });
}

/** Asks a question whose quick replies are real forms; nothing is done until one is chosen. */
function ask(turn: Turn, prompt: string, question: PendingQuestion) {
  turn.state.pending = question;
  say(turn, prompt, "text", { quickReplies: { id: question.id, options: question.options.map((o) => o.label) } });
}

/**
 * Logs expenses. `answerKey` (a pending question's id) makes each write idempotent, so a question answered
 * twice (two taps, a retry, two tabs) logs exactly once.
 */
async function logExpenses(turn: Turn, items: ParsedExpense[], answerKey?: string, rememberCategory = false): Promise<void> {
  const { app, access, user } = turn;
  const logged: Array<ParsedExpense & { id: string }> = [];
  for (const [index, item] of items.entries()) {
    const outcome = await applyBudgetCommand(app, access.budget.id, user.id, {
      type: "addExpense",
      amountCents: item.amountCents,
      description: item.description,
      categoryId: item.categoryId,
      date: item.date,
      source: "chat",
      rememberCategory,
      originalInput: turn.text.slice(0, 1000),
      externalId: null,
      // `today` is the day it was typed: typed before this period began, it belongs to the last one's history.
      intoHistory: turn.today < access.budget.periodStart,
    }, answerKey ? `chat-answer:${answerKey}:${index}` : nextCommandKey(turn));
    if (!outcome.ok) {
      say(turn, `I couldn't log ${exactMoney(item.amountCents)} for ${item.description}: ${outcome.message}`);
      continue;
    }
    logged.push({ ...item, id: String(outcome.result.id) });
  }
  if (logged.length === 0) return;
  turn.state.lastExpenseIds = logged.map((l) => l.id);
  // Only this period's expenses move the figures (an entry dated before the period start does not).
  const counted = logged.filter((l) => l.date >= access.budget.periodStart);
  const data = turn.before ? afterLogging(turn.before, counted) : await loadAnswerData(app, access, user.firstName);
  const after = data.figures;
  for (const item of logged) {
    say(turn, loggedReply(item.amountCents, item.description, item.categoryId, item.date, turn.today, after), "expense_logged", {
      expense: {
        id: item.id,
        amount: centsToDecimal(item.amountCents),
        description: item.description,
        category: { id: item.categoryId, name: CATEGORY_NAMES[item.categoryId], emoji: CATEGORY_EMOJI[item.categoryId] },
        date: item.date,
      },
    });
  }
  // Before this message: the same figures without what it logged.
  const loggedCents = counted.reduce((s, l) => s + l.amountCents, 0);
  const leftBefore = after.leftCents + loggedCents;
  const before: BudgetFigures = { ...after, spentCents: after.spentCents - loggedCents, leftCents: leftBefore, perDayCents: Math.floor(leftBefore / after.daysLeft) };
  const biggest = [...counted].sort((a, b) => b.amountCents - a.amountCents)[0];
  const category = biggest ? (data.byCategory.find((c) => c.categoryId === biggest.categoryId) ?? null) : null;
  const categoryLogged = counted.filter((l) => l.categoryId === category?.categoryId).reduce((s, l) => s + l.amountCents, 0);
  const feedback = feedbackReply({ before, after, loggedCents: biggest?.amountCents ?? 0, category, categoryBeforeCents: (category?.cents ?? 0) - categoryLogged });
  if (feedback) say(turn, feedback, "feedback");
}

async function answer(turn: Turn, intent: Intent): Promise<void> {
  switch (intent.kind) {
    case "expenses":
      return logExpenses(turn, intent.expenses);
    case "question": {
      if (intent.topic === "feature" && intent.feature) {
        const help = FEATURE_ANSWERS[intent.feature];
        say(turn, help.text, "text", { link: help.link });
        return;
      }
      const data = turn.before && intent.topic !== "recent" ? turn.before : await loadAnswerData(turn.app, turn.access, turn.user.firstName, intent.topic === "recent");
      say(turn, answerQuestion(intent.topic, data, { categoryId: intent.categoryId, amountCents: intent.amountCents, today: turn.today }));
      return;
    }
    case "undo":
      say(turn, await applyUndo(turn.app, turn.access, turn.user, turn.state));
      return;
    case "correction":
      say(turn, await applyCorrection(turn.app, turn.access, turn.user, turn.state, intent));
      return;
    case "guided":
      say(turn, turn.conversation.phase === "onboarding" ? STEP_QUESTIONS[turn.state.step ?? "income"] : "Your budget is already set up. Edit income and fixed bills on the Budget page anytime.");
      return;
    case "needAmount":
      say(turn, needAmountReply(intent.categoryId));
      return;
    case "unknown":
      say(turn, UNKNOWN_REPLY);
      return;
    case "noLog": {
      const data = intent.reason === "noSpend" || intent.reason === "plan" ? (turn.before ?? (await loadAnswerData(turn.app, turn.access, turn.user.firstName))) : null;
      say(turn, noLogReply(intent.reason, data?.figures ?? null, intent.amountCents));
      return;
    }
    case "ask":
      ask(turn, intent.prompt, pendingForAsk(crypto.randomUUID(), turn.text, intent));
      return;
    case "offerFixed": {
      const question = pendingForFixed(crypto.randomUUID(), turn.text, intent);
      ask(turn, `That sounds like a monthly bill, so I didn't log it as spending. Add ${intent.label} at ${exactMoney(intent.amountCents)}/month to your fixed expenses?`, question);
      return;
    }
    case "offerCredit": {
      // Only an expense at least as large as the refund, and named by the refund's own words (another shop in
      // the same category is not the one refunded), can take it.
      const words = intent.target.words;
      const found = (await findExpenses(turn.app, turn.access, intent.target, turn.today)).filter(
        (e) => e.amountCents >= intent.creditCents && (words.length === 0 || words.some((w) => e.description.toLowerCase().replace(/['’]/g, "").includes(w))),
      );
      if (found.length === 0) {
        say(turn, noLogReply("received", null));
        return;
      }
      const { question, prompt } = pendingForCredit(crypto.randomUUID(), turn.text, intent, found, turn.today);
      ask(turn, prompt, question);
      return;
    }
    case "amend": {
      const found = await findExpenses(turn.app, turn.access, intent.target, turn.today);
      if (found.length === 0) {
        say(turn, "I couldn't find an expense like that in the last few months, so nothing changed. You can edit any expense on the Budget page.");
        return;
      }
      if (intent.action === "edit" && intent.amountCents === undefined && !intent.categoryId) {
        say(turn, 'What should it change to? Say it like "the 60 at costco should be 66" or "change the target one to groceries".');
        return;
      }
      const { question, prompt } = pendingForAmend(crypto.randomUUID(), turn.text, intent, found, turn.today);
      ask(turn, prompt, question);
      return;
    }
  }
}

/** Does what the chosen quick reply of the pending question says, once. */
async function applyChoice(turn: Turn, pending: PendingQuestion, choice: number): Promise<void> {
  const option = pending.options[choice];
  delete turn.state.pending;
  if (!option) {
    say(turn, "That isn't one of the answers. Nothing was logged.");
    return;
  }
  const action = option.action;
  const { app, access, user } = turn;
  switch (action.type) {
    case "none":
      say(turn, action.reply);
      return;
    case "log":
      turn.text = pending.input;
      // The member's own pick of a category teaches the merchant (issue 19 §3), so it is not asked again.
      return logExpenses(turn, action.expenses.map((e) => ({ ...e, categoryKnown: true })), pending.id, true);
    case "remove": {
      const outcome = await applyBudgetCommand(app, access.budget.id, user.id, { type: "deleteExpense", expenseId: action.expenseId } as never, `chat-answer:${pending.id}:remove`);
      say(turn, outcome.ok ? `Removed ${action.what}.` : `I couldn't remove it: ${outcome.message}`);
      return;
    }
    case "edit": {
      const outcome = await applyBudgetCommand(
        app,
        access.budget.id,
        user.id,
        { type: "updateExpense", expenseId: action.expenseId, ...(action.amountCents ? { amountCents: action.amountCents } : {}), ...(action.categoryId ? { categoryId: action.categoryId } : {}) } as never,
        `chat-answer:${pending.id}:edit`,
      );
      say(turn, outcome.ok ? `Updated ${action.what}${action.amountCents ? ` to ${formatUSD(action.amountCents)}` : ""}${action.categoryId ? ` under ${CATEGORY_NAMES[action.categoryId]}` : ""}.` : `I couldn't change it: ${outcome.message}`);
      return;
    }
    case "fixed": {
      const outcome = await applyBudgetCommand(
        app,
        access.budget.id,
        user.id,
        { type: "addLineItem", kind: "expense", label: action.label, amountCents: action.amountCents, category: action.category, isSingleMonth: false },
        `chat-answer:${pending.id}:fixed`,
      );
      say(turn, outcome.ok ? `Added ${action.label} (${exactMoney(action.amountCents)}/month) to your fixed expenses. Nothing was logged as spending.` : `I couldn't add it: ${outcome.message}`);
      return;
    }
  }
}

async function addLines(turn: Turn, step: OnboardingStep, lines: Array<{ label: string; amountCents: number }>): Promise<string[]> {
  const def = STEP_LINE[step];
  // One answer adds at most a budget's worth of lines (issue 18 #5), all or none, in one batch.
  if (lines.length > MAX_LINES) {
    say(turn, `That's more than ${MAX_LINES} items in one message, the most a budget can hold. Send fewer, or add them on the Budget page.`);
    return [];
  }
  const outcome = await applyBudgetCommand(
    turn.app,
    turn.access.budget.id,
    turn.user.id,
    {
      type: "addLineItems",
      kind: def.kind,
      category: def.category,
      lines: lines.map((line) => ({ label: line.label.slice(0, 120), amountCents: line.amountCents })),
    },
    nextCommandKey(turn),
  );
  if (!outcome.ok) {
    say(turn, `I couldn't add ${lines.length === 1 ? lines[0].label : "those"}: ${outcome.message}`);
    return [];
  }
  return lines.map((line) => `${line.label} ${exactMoney(line.amountCents)}/month`);
}

async function finishOnboarding(turn: Turn, prefix: string): Promise<void> {
  turn.conversation.phase = "active";
  delete turn.state.step;
  const data = await loadAnswerData(turn.app, turn.access, turn.user.firstName);
  const f = data.figures;
  say(
    turn,
    `${prefix}Your budget is set: ${money(f.totalIncomeCents)} income, ${money(f.spendableCents)} spendable each month. Left to Spend: ${money(f.leftCents)}, ${money(f.perDayCents)}/day for the next ${f.daysLeft === 1 ? "1 day" : `${f.daysLeft} days`}. Log expenses like "groceries $80", and change lines anytime on the Budget page.`,
  );
}

async function onboardingTurn(turn: Turn, memory: MerchantMemory): Promise<void> {
  const step = turn.state.step ?? ONBOARDING_STEPS[0];
  const reply = parseOnboardingAnswer(step, turn.text, turn.today);
  // The setup answer is read by the rules alone; the assistant is asked only when it is not one.
  const intent = reply.kind === "notAnswer" || /^(?:undo|actually|oops|delete|remove|scratch)\b/i.test(turn.text) ? await turn.assistant.interpret({ text: turn.text, today: turn.today, memory }) : null;
  if (intent?.kind === "guided") return answer(turn, intent);
  if (intent && (reply.kind === "notAnswer" || intent.kind === "undo" || intent.kind === "correction")) {
    // Not an answer: log or answer it as any message, then ask the setup question again.
    await answer(turn, intent);
    say(turn, STEP_QUESTIONS[step]);
    return;
  }
  if (reply.kind === "done") return finishOnboarding(turn, "");
  let prefix = "";
  if (reply.kind === "lines") {
    const added = await addLines(turn, step, reply.lines);
    if (added.length) prefix = `Added ${added.join(", ")}. `;
  } else prefix = "Skipped. ";
  const next = nextStep(step);
  if (!next) return finishOnboarding(turn, prefix);
  turn.state.step = next;
  say(turn, `${prefix}${STEP_QUESTIONS[next]}`);
}

/** Handles one message: stores it, acts on it, stores and returns the user's message and every reply. */
export async function sendMessage(
  app: AppContext,
  user: UserRow,
  access: BudgetAccess,
  conversation: ConversationRow,
  content: string,
  options: { assistant?: Assistant; today: string; memory?: MerchantMemory; before?: AnswerData; idempotency?: MessageIdempotency; choice?: { questionId: string; index: number } },
): Promise<ApiMessage[]> {
  // A quick reply shows as the user's message in the words of the option chosen.
  const chosen = options.choice ? stateOf(conversation).pending?.options[options.choice.index]?.label : undefined;
  if (options.choice) content = chosen ?? "(an earlier answer)";
  const userRow = messageRows(conversation.id, [{ sender: "user", content }], app.now)[0];
  const turn: Turn = {
    app,
    user,
    access,
    conversation: { ...conversation },
    state: stateOf(conversation),
    text: content,
    today: options.today,
    wording: user.languagePreference,
    assistant: options.assistant ?? getAssistant(app),
    replies: [],
    before: options.before ?? null,
    idempotency: options.idempotency ?? null,
    commands: 0,
  };
  const memory = options.memory ?? (await loadMerchantMemory(app, access.budget.id));
  const pending = turn.state.pending;
  const typedChoice = pending && options.choice === undefined ? choiceFromText(pending, content) : null;
  if (pending && options.choice !== undefined) {
    // A quick reply: only the question still open can be answered (an older one logs nothing).
    if (options.choice.questionId === pending.id) await applyChoice(turn, pending, options.choice.index);
    else say(turn, "That question was already answered, so nothing more was logged.");
  } else if (options.choice !== undefined) {
    say(turn, "That question was already answered, so nothing more was logged.");
  } else if (pending && typedChoice !== null) {
    await applyChoice(turn, pending, typedChoice);
  } else {
    // Anything else moves on: the open question lapses (nothing was logged for it).
    delete turn.state.pending;
    if (turn.conversation.phase === "onboarding") await onboardingTurn(turn, memory);
    else await answer(turn, await turn.assistant.interpret({ text: content, today: options.today, memory }));
  }
  // Replies come after the user's message even when the clock has not moved.
  const botRows = messageRows(conversation.id, turn.replies, Math.max(Date.now(), app.now + 1));
  const reply = [userRow, ...botRows].map(toApiMessage);
  // A message that logs many expenses gets a receipt each: insert them in chunks (D1 binds 100 values).
  const writes: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    app.db
      .update(conversations)
      .set({ phase: turn.conversation.phase, state: turn.state as Record<string, unknown>, updatedAt: app.now })
      .where(eq(conversations.id, conversation.id)),
    ...chunked([userRow, ...botRows], rowsPerInsert(Object.keys(userRow).length)).map((rows) => app.db.insert(messages).values(rows)),
  ];
  const idem = options.idempotency;
  if (!idem) {
    await app.db.batch(writes);
    return reply;
  }
  try {
    await app.db.batch([messageKeyInsert(app, user.id, idem, reply), ...writes]);
  } catch (error) {
    // The same key sent twice at once: the other request stored its answer first (this batch wrote nothing).
    const stored = await findMessageAnswer(app, user.id, idem);
    if (stored.found && stored.sameRequest) return stored.messages;
    if (stored.found) throw jsonError(409, "This idempotency key was already used for a different message.");
    throw error;
  }
  return reply;
}

/**
 * The reads opening a conversation needs before anything is written: the user's own conversation, the
 * budget's merchant memory and its figures. Ids, or SQL (`sessionUserIdOf`, `memberBudgetIdOf`) so they
 * ride in the session lookup's batch.
 */
export function openConversationQueries(app: AppContext, userId: string | SQL, budgetId: string | SQL, conversationId: string) {
  const [a, b, c, d, e] = answerDataQueries(app, budgetId);
  return [
    app.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId), eq(conversations.budgetId, budgetId)))
      .limit(1),
    merchantMemoryQuery(app, budgetId),
    a,
    b,
    c,
    d,
    e,
  ] as const;
}

export type OpenConversationRows = BatchResponse<ReturnType<typeof openConversationQueries>>;

/**
 * The user's own conversation (another's is a 404), the budget's merchant memory and its figures: the rows
 * that rode with the session lookup (`ridden`, for this budget), else one round trip of their own.
 */
export async function openConversation(app: AppContext, user: UserRow, access: BudgetAccess, conversationId: string, ridden?: OpenConversationRows | null) {
  const [rows, memoryRows, ...answerRows] = ridden ?? (await app.db.batch(openConversationQueries(app, user.id, access.budget.id, conversationId)));
  if (!rows[0]) throw jsonError(404, "Conversation not found.");
  return { conversation: rows[0], memory: memoryFromRows(memoryRows), before: shapeAnswerData(app, access, user.firstName, answerRows as never) };
}
