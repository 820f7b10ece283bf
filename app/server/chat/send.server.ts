import {
  answerQuestion,
  CATEGORY_EMOJI,
  CATEGORY_NAMES,
  feedbackReply,
  loggedReply,
  money,
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
import { centsToDecimal } from "~/domain/money";
import type { LanguagePreference } from "~/domain/wording";
import { getAssistant, type Assistant } from "../assistant/index.server";
import type { BudgetAccess } from "../budget.server";
import { applyBudgetCommand } from "../budget-room/client.server";
import type { AppContext } from "../context.server";
import { conversations, messages, type UserRow } from "../db/schema";
import { and, eq } from "drizzle-orm";
import { jsonError } from "../api.server";
import { loadMerchantMemory, memoryFromRows, merchantMemoryQuery } from "../merchant-memory.server";
import { messageRows, stateOf, toApiMessage, type ApiMessage, type ConversationRow, type ConversationState, type NewMessage } from "./conversations.server";
import { afterLogging, answerDataQueries, loadAnswerData, shapeAnswerData } from "./figures.server";
import { applyCorrection, applyUndo } from "./last-entry.server";
import { commandKeyOf, findMessageAnswer, messageKeyInsert, type MessageIdempotency } from "./message-keys.server";

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

async function logExpenses(turn: Turn, items: ParsedExpense[]): Promise<void> {
  const { app, access, user } = turn;
  const logged: Array<ParsedExpense & { id: string }> = [];
  for (const item of items) {
    const outcome = await applyBudgetCommand(app, access.budget.id, user.id, {
      type: "addExpense",
      amountCents: item.amountCents,
      description: item.description,
      categoryId: item.categoryId,
      date: item.date,
      source: "chat",
      originalInput: turn.text.slice(0, 1000),
      externalId: null,
      // `today` is the day it was typed: typed before this period began, it belongs to the last one's history.
      intoHistory: turn.today < access.budget.periodStart,
    }, nextCommandKey(turn));
    if (!outcome.ok) {
      say(turn, `I couldn't log ${money(item.amountCents)} for ${item.description}: ${outcome.message}`);
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
      const data = turn.before && intent.topic !== "recent" ? turn.before : await loadAnswerData(turn.app, turn.access, turn.user.firstName, intent.topic === "recent");
      say(turn, answerQuestion(intent.topic, data, { categoryId: intent.categoryId, amountCents: intent.amountCents }));
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
  }
}

async function addLines(turn: Turn, step: OnboardingStep, lines: Array<{ label: string; amountCents: number }>): Promise<string[]> {
  const def = STEP_LINE[step];
  const added: string[] = [];
  for (const line of lines) {
    const outcome = await applyBudgetCommand(turn.app, turn.access.budget.id, turn.user.id, {
      type: "addLineItem",
      kind: def.kind,
      label: line.label.slice(0, 120),
      amountCents: line.amountCents,
      category: def.category,
      isSingleMonth: false,
    }, nextCommandKey(turn));
    if (outcome.ok) added.push(`${line.label} ${money(line.amountCents)}/month`);
    else say(turn, `I couldn't add ${line.label}: ${outcome.message}`);
  }
  return added;
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
  options: { assistant?: Assistant; today: string; memory?: MerchantMemory; before?: AnswerData; idempotency?: MessageIdempotency },
): Promise<ApiMessage[]> {
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
  if (turn.conversation.phase === "onboarding") await onboardingTurn(turn, memory);
  else await answer(turn, await turn.assistant.interpret({ text: content, today: options.today, memory }));
  // Replies come after the user's message even when the clock has not moved.
  const botRows = messageRows(conversation.id, turn.replies, Math.max(Date.now(), app.now + 1));
  const reply = [userRow, ...botRows].map(toApiMessage);
  const writes = [
    app.db.insert(messages).values([userRow, ...botRows]),
    app.db
      .update(conversations)
      .set({ phase: turn.conversation.phase, state: turn.state as Record<string, unknown>, updatedAt: app.now })
      .where(eq(conversations.id, conversation.id)),
  ] as const;
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
 * The user's own conversation (another's is a 404), the budget's merchant memory and its figures, in one
 * round trip before anything is written.
 */
export async function openConversation(app: AppContext, user: UserRow, access: BudgetAccess, conversationId: string) {
  const [a, b, c, d, e] = answerDataQueries(app, access);
  const [rows, memoryRows, ...answerRows] = await app.db.batch([
    app.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), eq(conversations.userId, user.id), eq(conversations.budgetId, access.budget.id)))
      .limit(1),
    merchantMemoryQuery(app, access.budget.id),
    a,
    b,
    c,
    d,
    e,
  ]);
  if (!rows[0]) throw jsonError(404, "Conversation not found.");
  return { conversation: rows[0], memory: memoryFromRows(memoryRows), before: shapeAnswerData(app, access, user.firstName, answerRows as never) };
}
