import { findAmounts } from "./amounts";
import { categorize, categoryFromName, CATEGORY_NAMES, type CategoryId } from "./categories";
import { findDates } from "./dates";
import { parseExpenses, type ParsedExpense } from "./expenses";
import { digitizeNumberWords } from "./number-words";

// The shapes of "ask instead of guessing" and of amending an expense named in words, and the readers that
// build them. Nothing here logs: an ask carries the expenses each answer would log, and the server logs
// exactly the chosen one once.

export interface AskOption {
  label: string;
  /** What this answer logs; empty for "don't log it". */
  expenses: ParsedExpense[];
}

export type AskReason = "amount" | "range" | "what" | "paidBy" | "split" | "confirm";

export interface ExpenseTarget {
  amountCents?: number;
  /** Words that should appear in the expense's description (merchant or item). */
  words: string[];
  categoryId?: CategoryId;
  date?: string;
}

const DONT_LOG: AskOption = { label: "Don't log it", expenses: [] };

// Built once: toLocaleString builds a formatter on every call, the slowest step of reading a message that asks.
const WHOLE_DOLLARS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const DOLLARS_AND_CENTS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function dollars(cents: number): string {
  return `$${(cents % 100 === 0 ? WHOLE_DOLLARS : DOLLARS_AND_CENTS).format(cents / 100)}`;
}

function expense(base: ParsedExpense, amountCents: number): ParsedExpense {
  return { ...base, amountCents };
}

/** "latte 575": $5.75 or $575? */
export function askAmount(base: ParsedExpense): { prompt: string; options: AskOption[] } {
  const small = base.amountCents / 100;
  const options = [
    { label: dollars(small), expenses: [expense(base, Math.round(small))] },
    { label: dollars(base.amountCents), expenses: [expense(base, base.amountCents)] },
    DONT_LOG,
  ];
  return { prompt: `Was ${base.description} ${options[0].label} or ${options[1].label}?`, options };
}

/** "somewhere around 30 to 40": which figure to log. */
export function askRange(base: ParsedExpense, low: number, high: number): { prompt: string; options: AskOption[] } {
  const mid = Math.round((low + high) / 2);
  const figures = [...new Set([low, mid, high])];
  return {
    prompt: `How much should I log for ${base.description}: ${dollars(low)}, ${dollars(high)} or in between?`,
    options: [...figures.map((c) => ({ label: dollars(c), expenses: [expense(base, c)] })), DONT_LOG],
  };
}

/** "coffee is 5": a price described in the present tense may be a purchase or a price seen. */
export function askConfirm(base: ParsedExpense): { prompt: string; options: AskOption[] } {
  return {
    prompt: `Did you spend ${dollars(base.amountCents)} on ${base.description}, or is that just the price?`,
    options: [{ label: `Log ${dollars(base.amountCents)}`, expenses: [base] }, { label: "Just the price", expenses: [] }],
  };
}

/** "spent 400 on food this month": one purchase to log, or the period's total? `when`: "so far this month", "last week", "october". */
export function askTotal(base: ParsedExpense, when: string): { prompt: string; options: AskOption[] } {
  return {
    prompt: `Should I log ${dollars(base.amountCents)} for ${base.description} as one expense, or is that what you spent ${/^(?:so far|last|this)\b/.test(when) ? when : `in ${when}`}?`,
    options: [{ label: `Log ${dollars(base.amountCents)}`, expenses: [base] }, { label: "It's a total, don't log", expenses: [] }],
  };
}

/** "we split a 60 pizza": your half, the whole bill, or nothing. */
export function askSplit(base: ParsedExpense): { prompt: string; options: AskOption[] } {
  const half = Math.round(base.amountCents / 2);
  return {
    prompt: `You split the ${dollars(base.amountCents)} for ${base.description}. How much was yours?`,
    options: [
      { label: `Half (${dollars(half)})`, expenses: [expense(base, half)] },
      { label: `All ${dollars(base.amountCents)}`, expenses: [base] },
      DONT_LOG,
    ],
  };
}

const WHAT_CHOICES: Array<[CategoryId, string]> = [
  ["food", "Groceries"],
  ["dining", "Dining out"],
  ["coffee", "Coffee"],
  ["transport", "Gas & transport"],
  ["shopping", "Shopping"],
  ["other", "Something else"],
];

/** "spent 65 this morning": what was it for? Each answer logs it under that category. */
export function askWhat(base: ParsedExpense, all: ParsedExpense[] = [base]): { prompt: string; options: AskOption[] } {
  // The other items of the message are logged with the answer, each once; only this one's category is asked.
  const named = base.description !== "Expense" && !/^(?:something|some stuff|stuff|things?|a thing|an item|items?|it|that|this|money|cash|\d+)$/i.test(base.description);
  const with_ = (chosen: ParsedExpense) => all.map((e) => (e === base ? chosen : e));
  return {
    prompt: named
      ? `Was "${base.description}" (${dollars(base.amountCents)}) spending? Pick what it was, or "Don't log it" if no money went out.`
      : `What was the ${dollars(base.amountCents)} for? Pick one, or send it again with a description, like "groceries ${dollars(base.amountCents)}".`,
    options: [
      ...WHAT_CHOICES.map(([categoryId, label]) => ({
        label,
        expenses: with_({ ...base, categoryId, description: named ? base.description : label === "Something else" ? "Expense" : label, categoryKnown: true }),
      })),
      DONT_LOG,
    ],
  };
}

const COUNT_WORDS: Record<string, number> = { two: 2, both: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const HEADS = String.raw`(\d+|two|three|four|five|six|seven|eight|nine|ten)`;
// Who paid: "Priya covered…", "my sister paid…", "i owe mike 25".
const PAYER = /\b(?:i|we)\s+owe\s+(my\s+[a-z-]+|[a-z]+)\b|^(?:so\s+|and\s+)?(my\s+[a-z-]+|[a-z]+)\s+(?:covered|paid|picked up|got|fronted|bought|treated|grabbed)\b|\b(my\s+(?:sister|brother|mom|dad|mother|father|friend|boss|partner|wife|husband|roommate|bf|gf|boyfriend|girlfriend|parents|coworker|colleague)|[A-Z][a-z]+)\s+(?:covered|paid|picked up|got|fronted|bought|treated)\b/i;

function payerOf(text: string): string | null {
  const m = PAYER.exec(text);
  const raw = (m?.[1] ?? m?.[2] ?? m?.[3] ?? "").trim();
  if (!raw || /^(?:him|her|them|he|she|they|someone|it|i|we)$/i.test(raw)) {
    // "I owe her half": the payer was named earlier in the message.
    const earlier = m && m.index > 0 ? payerOf(text.slice(0, m.index)) : null;
    return earlier;
  }
  if (/^(?:friend|buddy|pal|boss|roommate|roomie|flatmate|housemate|bf|gf|boyfriend|girlfriend|coworker|co-worker|colleague|cousin|aunt|auntie|uncle|neighbou?r|sister|brother|mom|dad|parents|bestie|date)$/i.test(raw)) return `your ${raw.toLowerCase()}`;
  return /^my\s/i.test(raw) ? raw.replace(/^my\s+/i, "your ").toLowerCase() : raw[0].toUpperCase() + raw.slice(1);
}

/**
 * "Priya covered the 72 brunch for four of us", "my sister paid for dinner 60, I owe her half": someone else
 * paid, so the member owes their share. One answer logs that share as an IOU (the description says to whom);
 * the other logs nothing.
 */
export function askPaidBy(expenses: ParsedExpense[], text: string): { prompt: string; options: AskOption[] } {
  const bill = expenses.reduce((a, b) => (b.amountCents > a.amountCents ? b : a));
  const owe =
    /\b(?:i|we)\s+owe\s+(?:(?:my\s+)?[a-z]+\s+)?(half|a third|a quarter|\$?\d[\d,]*(?:\.\d+)?)|\b(?:pay|venmo|zelle)\s+(?:him|her|them|[a-z]+)\s+(?:back\s+)?(half|\$?\d[\d,]*(?:\.\d+)?)/i.exec(text);
  const oweWhat = owe ? (owe[1] ?? owe[2]) : "";
  const heads = new RegExp(String.raw`\bfor\s+(?:the\s+|all\s+)?${HEADS}\s+(?:of us|people|of them)\b|\b${HEADS}\s+of us\b|\bfor\s+(both)(?:\s+of us)?\b`, "i").exec(text);
  let share: number;
  // "Kate covered my lunch 18", "dad bought me dinner": all of it was mine.
  const mine = /\b(?:covered|paid for|bought|got|picked up|treated me to|grabbed)\s+(?:me\b|my\b)|\b(?:bought|got|grabbed|picked up|paid for|covered)\s+(?:the\s+|a\s+|an\s+)?[a-z]+(?:\s+[a-z]+)?\s+for\s+me\b(?!\s+and\b)/i.test(text);
  if (owe && /half/i.test(oweWhat)) share = Math.round(bill.amountCents / 2);
  else if (owe && /third/i.test(oweWhat)) share = Math.round(bill.amountCents / 3);
  else if (owe && /quarter/i.test(oweWhat)) share = Math.round(bill.amountCents / 4);
  else if (mine && !owe && !heads) share = bill.amountCents;
  else if (owe) share = Math.round(Number(oweWhat.replace(/[$,]/g, "")) * 100);
  else {
    const raw = heads ? (heads[1] ?? heads[2] ?? heads[3]).toLowerCase() : "";
    const people = raw ? (COUNT_WORDS[raw] ?? Number(raw)) : 2;
    share = Math.round(bill.amountCents / Math.max(2, people));
  }
  if (!(share > 0) || share > bill.amountCents) share = bill.amountCents;
  const payer = payerOf(text);
  const to = payer ? ` to ${payer}` : "";
  // What was bought, without who paid or for how many: "Priya covered the 72 brunch for four of us" → "Brunch".
  const bare = text
    .replace(/\b(?:i|we)\s*(?:owe|'ll|will|need to|have to|gotta|should)\b[^,;.]*/gi, " ")
    .replace(/\b(?:my\s+|our\s+)?(?:friend|roommate|coworker|colleague|sister|brother|mom|dad|he|she|they)\s+(?:paid|covered|got)\b/gi, " ")
    .replace(PAYER, " ")
    .replace(heads?.[0] ?? "\u0000", " ")
    .replace(/\b(?:for|the tab|the bill|the check|tab|bill|check|of us|us|me)\b/gi, " ");
  const named = parseExpenses(/\d/.test(bare) ? bare : `${bare} 1`, { today: bill.date }).reduce<ParsedExpense | null>((a, b) => (!a || b.amountCents > a.amountCents ? b : a), null);
  if (named) named.description = named.description.replace(/(?:\s*,)+\s*$/, "").replace(/\s+(?:was|is|were)$/i, "").replace(/\s*,\s*,/g, ",");
  const what = named && named.description !== "Expense" ? named.description : bill.description === "Expense" ? "Your share" : bill.description;
  const iou: ParsedExpense = { ...bill, amountCents: share, description: `${what} (IOU${to})`.slice(0, 200) };
  return {
    prompt: `${payer ? `${payer[0].toUpperCase()}${payer.slice(1)} paid` : "Someone else paid"} the ${dollars(bill.amountCents)}. Should I log your share (${dollars(share)}) as money you owe${to}, or nothing?`,
    options: [
      { label: `Log my share (${dollars(share)})`, expenses: [iou] },
      { label: "Nothing", expenses: [] },
    ],
  };
}

const TARGET_NOISE = new Set(
  "remove delete cancel erase drop void take off get rid of undo edit change update fix correct recategorize recategorise move make set switch put mark file instead now please can could you the a an my our that this one ones expense expenses charge charges entry entries purchase purchases transaction transactions payment it was is should be have been actually really only wrong duplicate double logged twice dollar dollars bucks from on for at in of to and not instead yesterday today".split(
    " ",
  ),
);

function targetOf(part: string, today: string): ExpenseTarget {
  // "the walmart one": a pronoun, not a dollar.
  const digits = digitizeNumberWords(part.replace(/\bone\b(?!\s*(?:dollars?|bucks?|hundred|thousand|fifty|\d))/gi, " "));
  const dates = findDates(digits, today);
  let masked = digits;
  for (const d of dates) masked = masked.slice(0, d.start) + " ".repeat(d.end - d.start) + masked.slice(d.end);
  const amounts = findAmounts(masked);
  const words = masked
    .toLowerCase()
    .replace(/\$?\d[\d,]*(?:\.\d+)?/g, " ")
    .replace(/['’]/g, "")
    .replace(/[^a-z& ]+/g, " ")
    .split(/\s+/)
    .filter((w) => w.length > 1 && !TARGET_NOISE.has(w));
  const phrase = words.join(" ");
  const categoryId = phrase ? (categoryFromName(phrase) ?? categorize(phrase) ?? undefined) : undefined;
  return { amountCents: amounts[0]?.cents, words, categoryId, date: dates[0]?.day };
}

/** "remove the 23 dollar pharmacy one", "the 60 at costco was actually 66", "change the target one to groceries". */
export function readAmend(text: string, today: string): { action: "remove" | "edit"; target: ExpenseTarget; amountCents?: number; categoryId?: CategoryId } {
  // "wrong amount on the kroger 96.40, should be 69.40": the complaint names no expense, only what follows it.
  text = text.replace(/^wrong (?:amount|price|total|number|figure|category|date|day)\s+(?:on|for)\s+/i, "");
  const remove = /\b(?:remove|delete|cancel|erase|drop|void|take (?:it |that )?off|get rid of|duplicate|twice|double)\b/i.test(text);
  if (remove) return { action: "remove", target: targetOf(text, today) };
  const split = /\s(?:should (?:be|have been)|should'?ve been|shoulda been|was supposed to be|was (?:actually|really|only)|is (?:actually|really)|to|->|=)\s/i.exec(text);
  // "make the target one 45 instead": the figure at the end is the new amount.
  const tail = split ? null : /^(.*\D)\s(\$?\d[\d,]*(?:\.\d+)?\s*(?:dollars?|bucks?)?)\s*(?:instead|now|please)?[.!]*$/i.exec(text);
  if (tail && /^(?:please\s+)?(?:make|set|change|edit|update|fix|correct)\b/i.test(text)) {
    const target = targetOf(tail[1], today);
    return { action: "edit", target, amountCents: findAmounts(tail[2])[0]?.cents };
  }
  const left = split ? text.slice(0, split.index) : text;
  let right = split ? text.slice(split.index + split[0].length) : "";
  // "19 not 17": the figure after "not" names the expense, the one before is the new amount.
  const not = /\b(?:not|instead of|rather than)\s+(.+)$/i.exec(right);
  const target = targetOf(left + (not ? ` ${not[1]}` : ""), today);
  if (not) right = right.slice(0, not.index);
  const newer = targetOf(right, today);
  const newCategory = right.trim() ? (categoryFromName(newer.words.join(" ")) ?? newer.categoryId) : undefined;
  return { action: "edit", target, amountCents: newer.amountCents, categoryId: newCategory ?? undefined };
}

const NOT_PAIR = /(\$?\s*\d[\d,]*(?:\.\d+)?)\s*(?:dollars?|bucks?)?\s*,?\s*(?:and\s+)?(?:not|instead of|rather than|not the)\s+(\$?\s*\d[\d,]*(?:\.\d+)?)/i;

/**
 * "the lunch yesterday was 18 not 15": an earlier expense named by what, when and its old figure, to be
 * changed to the new one (null when the message holds no "X not Y" pair). With nothing to name it by
 * ("18 not 15"), it is a correction of the last expense.
 */
export function readNotPair(text: string, today: string): { target: ExpenseTarget; amountCents: number } | { correction: number } | null {
  const digits = digitizeNumberWords(text);
  const m = NOT_PAIR.exec(digits);
  if (!m) return null;
  const newer = findAmounts(m[1])[0];
  if (!newer) return null;
  const rest = `${digits.slice(0, m.index)} ${digits.slice(m.index + m[0].length)}`.replace(/\b(?:was|were|is|are|cost|costs|should (?:be|have been)|should'?ve been|actually|really|only|came to|it|that|this|total|spent|paid)\b/gi, " ");
  const target = targetOf(`${rest} ${m[2]}`, today);
  if (target.words.length === 0 && !target.date && !target.categoryId) return { correction: newer.cents };
  return { target, amountCents: newer.cents };
}

const REFUND = /\b(?:refund(?:ed)?|returned|return(?:ing)?|credit(?:ed)? back|money back|store credit|got \$?\d[\d,.]* back|\$?\d[\d,.]* back from)\b/i;
const REFUND_NOISE = /\b(?:refund(?:ed)?|returned|return(?:ing)?|credit(?:ed)?|back|money|store|got|gave|me|us|came|in|for|from|on|the|my|our|of|a|an|full|partial|finally|just|today|i|we|it|them|they)\b/gi;

/**
 * "refund from amazon 15", "returned the shoes, 60 back": money back for something bought. It is offered as a
 * credit on that expense (found by merchant, item or category), never logged as spending; null when no
 * merchant or item is named (a person paying back, a tax refund) or the figure is unclear.
 */
export function readRefund(text: string, today: string): { target: ExpenseTarget; creditCents: number } | null {
  if (!REFUND.test(text) || /\b(?:tax|irs|reimburs\w*|paycheck|deposit)\b/i.test(text)) return null;
  const digits = digitizeNumberWords(text);
  const amounts = findAmounts(digits);
  if (amounts.length !== 1) return null;
  const rest = (digits.slice(0, amounts[0].start) + " " + digits.slice(amounts[0].end)).replace(REFUND_NOISE, " ");
  const target = targetOf(rest, today);
  if (!target.categoryId) return null;
  return { target: { ...target, amountCents: undefined }, creditCents: amounts[0].cents };
}

export function categoryLabel(id: CategoryId): string {
  return CATEGORY_NAMES[id];
}
