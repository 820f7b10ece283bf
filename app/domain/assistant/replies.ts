import { formatUSD, formatUSDWhole } from "../money";
import { applyWording, type LanguagePreference } from "../wording";
import { CATEGORY_NAMES, type CategoryId } from "./categories";
import { humanDay } from "./human-date";
import type { QuestionTopic } from "./intents";

// What the assistant says. Pure: every figure comes in from the caller (the same numbers GET /api/budget
// shows), and every sentence goes through the spending/saving wording.

export interface BudgetFigures {
  totalIncomeCents: number;
  spendableCents: number;
  spentCents: number;
  leftCents: number;
  perDayCents: number;
  daysLeft: number;
}

export interface CategorySpend {
  categoryId: CategoryId;
  cents: number;
  count: number;
}

/** The chat's money format (spec: US dollars, no decimals) for figures in a sentence. */
export function money(cents: number): string {
  return formatUSDWhole(cents);
}

/** An amount the user logged or typed, as entered: a receipt keeps the cents it logged. */
export function exactMoney(cents: number): string {
  return cents % 100 === 0 ? formatUSDWhole(cents) : formatUSD(cents);
}

function days(n: number): string {
  return n === 1 ? "1 day" : `${n} days`;
}

export function worded(text: string, preference: LanguagePreference): string {
  return applyWording(text, preference);
}

function leftSentence(f: BudgetFigures): string {
  if (f.leftCents < 0) return `You're ${money(-f.leftCents)} over budget for this period, with ${days(f.daysLeft)} until your reset.`;
  return `Left to Spend: ${money(f.leftCents)}. That's ${money(f.perDayCents)}/day for the next ${days(f.daysLeft)}.`;
}

export function loggedReply(amountCents: number, description: string, categoryId: CategoryId, date: string, today: string, f: BudgetFigures): string {
  const human = humanDay(date, today);
  const when = date === today ? "" : human === "yesterday" ? " yesterday" : ` on ${human}`;
  return `Logged ${exactMoney(amountCents)} for ${description} (${CATEGORY_NAMES[categoryId]})${when}. ${leftSentence(f)}`;
}

const DISCRETIONARY = new Set<CategoryId>(["dining", "coffee", "shopping", "entertainment"]);

/**
 * Honest feedback after logging: only when something crossed a line, one short sentence with numbers.
 * `before` and `after` are the figures around this message's expenses.
 */
export function feedbackReply(input: {
  before: BudgetFigures;
  after: BudgetFigures;
  loggedCents: number;
  category: CategorySpend | null;
  categoryBeforeCents: number;
}): string | null {
  const { before, after, loggedCents, category } = input;
  if (after.spendableCents <= 0) return null;
  if (after.leftCents < 0 && before.leftCents >= 0) {
    return `Heads up: that puts you ${money(-after.leftCents)} over your spendable amount, with ${days(after.daysLeft)} to go before the reset.`;
  }
  if (after.leftCents < 0) return `You're now ${money(-after.leftCents)} over for this period, ${days(after.daysLeft)} before the reset.`;
  if (before.perDayCents > 0 && loggedCents >= 2 * before.perDayCents) {
    const n = Math.round(loggedCents / before.perDayCents);
    return `That's about ${days(n)} of your ${money(before.perDayCents)}/day allowance; the rest of the period now gets ${money(after.perDayCents)}/day.`;
  }
  if (category && DISCRETIONARY.has(category.categoryId)) {
    const threshold = Math.round(after.spendableCents * 0.25);
    if (category.cents > threshold && input.categoryBeforeCents <= threshold) {
      const pct = Math.round((category.cents / after.spendableCents) * 100);
      return `${CATEGORY_NAMES[category.categoryId]} is at ${money(category.cents)} this period, ${pct}% of your spendable amount.`;
    }
  }
  return null;
}

export interface AnswerData {
  figures: BudgetFigures;
  byCategory: CategorySpend[];
  recent: Array<{ amountCents: number; description: string; date: string }>;
  firstName: string | null;
}

const NO_INCOME =
  "Your budget has no income yet, so there's nothing to count down from. Add your income on the Budget page or tell me during setup, then ask again.";

export function answerQuestion(topic: QuestionTopic, data: AnswerData, extra: { categoryId?: CategoryId; amountCents?: number; today?: string } = {}): string {
  const f = data.figures;
  const setUp = f.totalIncomeCents > 0 || f.spendableCents !== 0;
  switch (topic) {
    case "greeting": {
      const hi = data.firstName ? `Hi ${data.firstName}!` : "Hi!";
      if (!setUp) return `${hi} Log an expense like "groceries $80", or ask me anything about your budget.`;
      return `${hi} ${leftSentence(f)} Log an expense like "groceries $80", or ask me anything about your budget.`;
    }
    case "thanks":
      return "You're welcome! Log another expense or ask how you're doing anytime.";
    case "help":
      return [
        "I log expenses and answer questions about your budget. Try:",
        '• "groceries $80" or "coffee 4 and bagel 3"',
        '• "lunch yesterday 12"',
        '• "how much is left?" or "what\'s my daily limit?"',
        '• "how much did we spend on dining?"',
        '• "can I afford a $200 dinner?"',
        '• "undo" or "actually it was 15" to fix your last entry',
      ].join("\n");
    case "feature":
      return "Here's how that works.";
    case "income":
      return "I only log expenses in the chat, so nothing was added. To change your income, edit Income Sources on the Budget page.";
    case "left":
      if (!setUp) return NO_INCOME;
      return `${leftSentence(f)} You've spent ${money(f.spentCents)} of your ${money(f.spendableCents)} spendable amount.`;
    case "perDay":
      if (!setUp) return NO_INCOME;
      if (f.perDayCents < 0) return `You're over budget: ${money(-f.leftCents)} over with ${days(f.daysLeft)} to go, so there's no daily allowance left.`;
      return `Your daily limit is ${money(f.perDayCents)}/day for the next ${days(f.daysLeft)} (${money(f.leftCents)} left).`;
    case "spentMonth":
      if (f.spentCents === 0) return "Nothing spent yet this period.";
      return setUp
        ? `You've spent ${money(f.spentCents)} this period, of your ${money(f.spendableCents)} spendable amount. ${leftSentence(f)}`
        : `You've spent ${money(f.spentCents)} this period.`;
    case "spentCategory": {
      const id = extra.categoryId ?? "other";
      const row = data.byCategory.find((c) => c.categoryId === id);
      if (!row || row.cents === 0) return `Nothing spent on ${CATEGORY_NAMES[id]} yet this period.`;
      const share = f.spentCents > 0 ? ` (${Math.round((row.cents / f.spentCents) * 100)}% of your spending)` : "";
      return `You've spent ${money(row.cents)} on ${CATEGORY_NAMES[id]} this period across ${row.count} ${row.count === 1 ? "expense" : "expenses"}${share}.`;
    }
    case "topCategory": {
      const sorted = [...data.byCategory].filter((c) => c.cents > 0).sort((a, b) => b.cents - a.cents);
      if (sorted.length === 0) return "No spending logged yet this period.";
      const [top, next] = sorted;
      const pct = f.spentCents > 0 ? Math.round((top.cents / f.spentCents) * 100) : 100;
      const then = next ? ` Next is ${CATEGORY_NAMES[next.categoryId]} at ${money(next.cents)}.` : "";
      return `Your top category this period is ${CATEGORY_NAMES[top.categoryId]} at ${money(top.cents)} (${pct}% of spending).${then}`;
    }
    case "afford": {
      if (extra.amountCents === undefined) return 'How much does it cost? Ask like "can I afford a $200 dinner?"';
      if (!setUp) return NO_INCOME;
      const after = f.leftCents - extra.amountCents;
      if (after >= 0) {
        const perDay = Math.floor(after / f.daysLeft);
        return `Yes. After ${money(extra.amountCents)} you'd have ${money(after)} left, about ${money(perDay)}/day for the next ${days(f.daysLeft)}.`;
      }
      return `Not this period: you have ${money(Math.max(0, f.leftCents))} left, so ${money(extra.amountCents)} would put you ${money(-after)} over budget.`;
    }
    case "recent": {
      if (data.recent.length === 0) return "No expenses logged yet this period.";
      return ["Your latest expenses:", ...data.recent.map((r) => `• ${extra.today ? humanDay(r.date, extra.today) : r.date}: ${r.description}, ${exactMoney(r.amountCents)}`)].join("\n");
    }
  }
}

export const UNKNOWN_REPLY = 'I couldn\'t find an amount in that. Log an expense like "groceries $80", or ask "how much is left?". Type "help" for more.';

export function needAmountReply(categoryId: CategoryId): string {
  return `How much was it? Send it with the amount, like "${categoryId === "coffee" ? "coffee $4" : "groceries $80"}", and I'll log it under ${CATEGORY_NAMES[categoryId]}.`;
}

/** The first message of a conversation that is still setting up (shown with the setup-method card). */
export function onboardingIntro(firstName: string | null, marker: string, firstQuestion: string): string {
  const hi = firstName ? `Welcome, ${firstName}!` : "Welcome!";
  return `${hi} Let's set up your monthly budget: your income and fixed bills, so I can tell you what's left to spend each day. ${marker}\n\n${firstQuestion}`;
}

/** The fixed fallback when the onboarding message cannot be built (spec §8): continue with utilities. */
export const ONBOARDING_FALLBACK =
  "Let's keep setting up your budget. What do you pay each month for utilities: electricity, water, internet and phone? You can list them, like \"electric 120, internet 60\", or say \"none\".";

export function welcomeMessage(firstName: string | null, f: BudgetFigures): string {
  const hi = firstName ? `Welcome back, ${firstName}!` : "Welcome back!";
  const setUp = f.totalIncomeCents > 0 || f.spendableCents !== 0;
  const status = setUp ? ` ${leftSentence(f)}` : "";
  return `${hi}${status} Log an expense like "groceries $80", or ask me "how much is left?".`;
}
