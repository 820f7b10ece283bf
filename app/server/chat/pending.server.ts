import { and, desc, eq, gte } from "drizzle-orm";
import { z } from "zod";
import { CATEGORY_IDS, CATEGORY_NAMES, merchantKey, type ExpenseTarget, type Intent } from "~/domain/assistant";
import { humanDay } from "~/domain/assistant/human-date";
import { formatUSD } from "~/domain/money";
import type { BudgetAccess } from "../budget.server";
import type { AppContext } from "../context.server";
import { expenses } from "../db/schema";

// A question the assistant asked and is waiting on: each option says exactly what answering it does
// (log these expenses, remove or change this expense, add this fixed bill, or nothing). It lives in the
// conversation's state, so the answer is applied by the server from what it stored, never from the form.

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const actionSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("log"),
    expenses: z
      .array(z.object({ amountCents: z.number().int().positive(), description: z.string().min(1).max(200), categoryId: z.enum(CATEGORY_IDS), date: day }))
      .min(1)
      .max(20),
  }),
  z.object({ type: z.literal("remove"), expenseId: z.string().min(1).max(100), what: z.string().max(300) }),
  z.object({ type: z.literal("edit"), expenseId: z.string().min(1).max(100), what: z.string().max(300), amountCents: z.number().int().positive().optional(), categoryId: z.enum(CATEGORY_IDS).optional() }),
  z.object({ type: z.literal("fixed"), label: z.string().min(1).max(120), amountCents: z.number().int().positive(), category: z.enum(["housing", "utilities", "transportation", "subscriptions", "other"]) }),
  z.object({ type: z.literal("none"), reply: z.string().max(300) }),
]);
export const pendingSchema = z.object({
  id: z.string().min(1).max(100),
  /** The message that asked, kept as the logged expense's original input. */
  input: z.string().max(1000),
  options: z.array(z.object({ label: z.string().min(1).max(80), action: actionSchema })).min(1).max(8),
});
export type PendingQuestion = z.infer<typeof pendingSchema>;
export type PendingAction = PendingQuestion["options"][number]["action"];

export function pendingOf(raw: unknown): PendingQuestion | undefined {
  const parsed = pendingSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** The pending question for an ask intent: each quick reply logs its expenses or nothing. */
export function pendingForAsk(id: string, input: string, intent: Extract<Intent, { kind: "ask" }>): PendingQuestion {
  return {
    id,
    input: input.slice(0, 1000),
    options: intent.options.map((o) => ({
      label: o.label.slice(0, 80),
      action: o.expenses.length
        ? { type: "log" as const, expenses: o.expenses.map((e) => ({ amountCents: e.amountCents, description: e.description.slice(0, 200), categoryId: e.categoryId, date: e.date })) }
        : { type: "none" as const, reply: "OK, nothing logged." },
    })),
  };
}

const FIXED_CATEGORY: Array<[RegExp, "housing" | "utilities" | "transportation" | "subscriptions"]> = [
  [/\b(?:rent|mortgage|hoa|lease)\b/i, "housing"],
  [/\b(?:electric|water|internet|phone|cell|gas bill|utilities|power|trash|cable|wifi)\b/i, "utilities"],
  [/\b(?:car|auto|insurance|transit|parking|fuel)\b/i, "transportation"],
  [/\b(?:netflix|hulu|spotify|disney|hbo|max|prime|youtube|apple|gym|subscription|sub|membership|streaming|icloud)\b/i, "subscriptions"],
];

export function pendingForFixed(id: string, input: string, intent: Extract<Intent, { kind: "offerFixed" }>): PendingQuestion {
  const category = FIXED_CATEGORY.find(([re]) => re.test(intent.label))?.[1] ?? "other";
  return {
    id,
    input: input.slice(0, 1000),
    options: [
      { label: "Add to fixed expenses", action: { type: "fixed", label: intent.label.slice(0, 120), amountCents: intent.amountCents, category } },
      { label: "No thanks", action: { type: "none", reply: "OK, nothing added or logged." } },
    ],
  };
}

export interface ExpenseCandidate {
  id: string;
  amountCents: number;
  description: string;
  categoryId: string;
  date: string;
}

function describe(e: ExpenseCandidate, today: string): string {
  const name = CATEGORY_NAMES[e.categoryId as keyof typeof CATEGORY_NAMES] ?? e.categoryId;
  return `${formatUSD(e.amountCents)} for ${e.description} (${name}), ${humanDay(e.date, today)}`;
}

/** How well an expense fits what the message named; null when it contradicts it. */
export function matchScore(e: ExpenseCandidate, target: ExpenseTarget): number | null {
  let score = 0;
  if (target.amountCents !== undefined) {
    if (e.amountCents !== target.amountCents && Math.round(e.amountCents / 100) !== target.amountCents / 100) return null;
    score += 3;
  }
  if (target.date) {
    if (e.date !== target.date) return null;
    score += 2;
  }
  const key = ` ${merchantKey(e.description)} ${e.description.toLowerCase()} `;
  const wordHits = target.words.filter((w) => key.includes(` ${w}`) || key.includes(w)).length;
  const categoryHit = target.categoryId !== undefined && e.categoryId === target.categoryId;
  if (target.words.length > 0 && wordHits === 0 && !categoryHit) return null;
  return score + wordHits * 2 + (categoryHit ? 1 : 0);
}

/** Recent expenses of the budget that fit the target, best first (at most three). */
export async function findExpenses(app: AppContext, access: BudgetAccess, target: ExpenseTarget, today: string): Promise<ExpenseCandidate[]> {
  // Bounded: the newest 300 expenses of the last 120 days are the ones people name in chat.
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - 120 * 86_400_000).toISOString().slice(0, 10);
  const rows = await app.db
    .select({ id: expenses.id, amountCents: expenses.amountCents, description: expenses.description, categoryId: expenses.categoryId, date: expenses.date })
    .from(expenses)
    .where(and(eq(expenses.budgetId, access.budget.id), gte(expenses.date, since)))
    .orderBy(desc(expenses.date), desc(expenses.createdAt))
    .limit(300);
  const scored = rows
    .map((r) => ({ row: r as ExpenseCandidate, score: matchScore(r as ExpenseCandidate, target) }))
    .filter((s): s is { row: ExpenseCandidate; score: number } => s.score !== null);
  if (scored.length === 0) return [];
  const best = Math.max(...scored.map((s) => s.score));
  return scored.filter((s) => s.score === best).slice(0, 3).map((s) => s.row);
}

/** The confirmation for an edit/remove command: one option per matching expense, then "no". */
export function pendingForAmend(
  id: string,
  input: string,
  intent: Extract<Intent, { kind: "amend" }>,
  found: ExpenseCandidate[],
  today: string,
): { question: PendingQuestion; prompt: string } {
  const verb = intent.action === "remove" ? "Remove" : "Change";
  const change = [intent.amountCents !== undefined ? `to ${formatUSD(intent.amountCents)}` : null, intent.categoryId ? `to ${CATEGORY_NAMES[intent.categoryId]}` : null]
    .filter(Boolean)
    .join(" and ");
  const options = found.map((e) => ({
    label: (found.length === 1 ? `Yes, ${verb.toLowerCase()} it` : `${verb} ${formatUSD(e.amountCents)} ${e.description}`).slice(0, 80),
    action:
      intent.action === "remove"
        ? { type: "remove" as const, expenseId: e.id, what: describe(e, today) }
        : { type: "edit" as const, expenseId: e.id, what: describe(e, today), amountCents: intent.amountCents, categoryId: intent.categoryId },
  }));
  const prompt =
    found.length === 1
      ? `${verb} ${describe(found[0], today)}${intent.action === "edit" && change ? ` ${change}` : ""}?`
      : `Which one should I ${verb.toLowerCase()}${intent.action === "edit" && change ? ` ${change}` : ""}?\n${found.map((e) => `• ${describe(e, today)}`).join("\n")}`;
  return { question: { id, input: input.slice(0, 1000), options: [...options, { label: found.length === 1 ? "No, keep it" : "None of these", action: { type: "none", reply: "OK, nothing changed." } }] }, prompt };
}

/**
 * Money back for something logged (issue 19 §1): offered as a credit on that expense, one option per match.
 * The credit lowers the expense by the refund (a full refund removes it); nothing is logged as spending.
 */
export function pendingForCredit(
  id: string,
  input: string,
  intent: Extract<Intent, { kind: "offerCredit" }>,
  found: ExpenseCandidate[],
  today: string,
): { question: PendingQuestion; prompt: string } {
  const credit = intent.creditCents;
  const options = found.map((e) => ({
    label: (found.length === 1 ? `Yes, take ${formatUSD(credit)} off` : `Take it off ${formatUSD(e.amountCents)} ${e.description}`).slice(0, 80),
    action:
      e.amountCents === credit
        ? { type: "remove" as const, expenseId: e.id, what: describe(e, today) }
        : { type: "edit" as const, expenseId: e.id, what: describe(e, today), amountCents: e.amountCents - credit },
  }));
  const lead = `Money back isn't spending, so nothing was logged.`;
  const prompt =
    found.length === 1
      ? `${lead} Take the ${formatUSD(credit)} refund off ${describe(found[0], today)}?`
      : `${lead} Which expense was the ${formatUSD(credit)} refund for?\n${found.map((e) => `• ${describe(e, today)}`).join("\n")}`;
  return { question: { id, input: input.slice(0, 1000), options: [...options, { label: found.length === 1 ? "No, leave it" : "None of these", action: { type: "none", reply: "OK, nothing changed." } }] }, prompt };
}

/** Which option a typed answer picks: its label, its number, or yes/no for a confirmation. */
export function choiceFromText(pending: PendingQuestion, text: string): number | null {
  const t = text.trim().toLowerCase().replace(/[.!]+$/, "");
  const byLabel = pending.options.findIndex((o) => o.label.toLowerCase() === t);
  if (byLabel >= 0) return byLabel;
  if (/^[1-8]$/.test(t) && Number(t) <= pending.options.length) return Number(t) - 1;
  if (pending.options.length === 2 && /^(?:y|yes|yep|yeah|yup|sure|ok|okay|please do|do it|confirm)$/.test(t)) return 0;
  const none = pending.options.findIndex((o) => o.action.type === "none");
  if (none >= 0 && /^(?:n|no|nope|nah|cancel|never ?mind|don'?t|neither|none)$/.test(t)) return none;
  return null;
}
