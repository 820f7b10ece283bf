import { parseExpenses } from "./expenses";

// Budget setup in conversation: one question per step, in this order. Answers become budget lines.

export const ONBOARDING_STEPS = ["income", "housing", "utilities", "transportation", "subscriptions", "other"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export type LineCategory = "income" | "housing" | "utilities" | "transportation" | "subscriptions" | "other";

export { GUIDED_CHAT_TEXT, UPLOAD_GUIDE_MARKER } from "./markers";

export const STEP_QUESTIONS: Record<OnboardingStep, string> = {
  income: 'First, your income: how much comes in each month after tax? For example "I make 4,200 a month". Say "skip" to leave it for later.',
  housing: 'Next, housing: how much is your rent or mortgage each month? Say "none" if you don\'t have one.',
  utilities: 'What do you pay each month for utilities: electricity, water, internet and phone? You can list them, like "electric 120, internet 60", or say "none".',
  transportation: 'Transportation: any monthly car payment, car insurance, transit pass or fuel budget? List them, or say "none".',
  subscriptions: 'Subscriptions: streaming, music, apps or a gym membership? For example "Netflix 15, Spotify 11", or "none".',
  other: 'Anything else you pay every month, like childcare, insurance or loan payments? List them, or say "done" to finish.',
};

export const STEP_LINE: Record<OnboardingStep, { kind: "income" | "expense"; category: LineCategory; label: string }> = {
  income: { kind: "income", category: "income", label: "Income" },
  housing: { kind: "expense", category: "housing", label: "Rent" },
  utilities: { kind: "expense", category: "utilities", label: "Utilities" },
  transportation: { kind: "expense", category: "transportation", label: "Transportation" },
  subscriptions: { kind: "expense", category: "subscriptions", label: "Subscriptions" },
  other: { kind: "expense", category: "other", label: "Other" },
};

// Words that show an answer belongs to the step being asked, even if it also reads like an expense.
const STEP_WORDS: Record<OnboardingStep, RegExp> = {
  income: /\b(?:make|made|earn|earns|earning|earnings|income|salary|salaries|wage|wages|get paid|got paid|paycheck|paychecks|take home|bring home|net pay|gross pay|freelance|side gig|side hustle|bonus|pension|social security|disability|benefits|alimony|child support|rental income|per month|a month|monthly|a year|per year|yearly|annually|biweekly|bi-weekly|every two weeks)\b/i,
  housing: /\b(?:rent|mortgage|housing|hoa|lease|apartment|house|home|condo|property|landlord|room)\b/i,
  utilities: /\b(?:electric|electricity|power|water|sewer|trash|garbage|internet|wifi|wi-fi|broadband|cable|phone|cell|mobile|gas|heating|utilities|utility|energy|verizon|comcast|xfinity|spectrum|at&t|t-mobile)\b/i,
  transportation: /\b(?:car|auto|vehicle|insurance|gas|fuel|transit|bus|train|metro|subway|parking|toll|tolls|lease|loan|uber|lyft|commute|registration|maintenance)\b/i,
  subscriptions: /\b(?:subscriptions?|netflix|hulu|spotify|disney|hbo|max|apple|youtube|prime|amazon|audible|xbox|playstation|nintendo|gym|membership|icloud|dropbox|google|microsoft|office|adobe|peacock|paramount|app|apps|news|newspaper|magazine|patreon|streaming|music)\b/i,
  other: /./,
};

const SKIP = /^(?:skip|skip it|skip this|none|no|nope|nah|nothing|n\/a|na|zero|0|\$0|not applicable|not really|i don'?t(?: have(?: (?:one|any))?)?|don'?t have(?: (?:one|any))?|no (?:rent|mortgage|car|subscriptions?|utilities|income|bills)|next|pass|later|not now|no thanks|none of those|nothing else)[.!\s]*$/i;
const DONE = /^(?:done|i'?m done|all done|that'?s it|that'?s all|that is all|finish(?:ed)?|finish setup|no more|nothing else|we'?re done|complete|stop|end setup|skip (?:the )?rest|exit setup)[.!\s]*$/i;
const FREQUENCY: Array<[RegExp, number]> = [
  [/\b(?:a|per|each|every|\/)\s*(?:year|yr)\b|\bannual(?:ly)?\b|\byearly\b/i, 1 / 12],
  [/\bbi-?weekly\b|\bevery (?:two|2|other) weeks?\b|\bfortnight(?:ly)?\b/i, 26 / 12],
  [/\b(?:a|per|each|every|\/)\s*week\b|\bweekly\b/i, 52 / 12],
  [/\btwice a month\b|\bsemi-?monthly\b/i, 2],
];
const LABEL_FILLER =
  /\b(?:i|we|my|our|make|made|earn|earns|get|gets|got|paid|pay|bring|take|home|about|around|roughly|approximately|approx|is|are|it's|its|a|an|the|per|each|every|month|monthly|year|yearly|annually|week|weekly|biweekly|after|before|tax|taxes|net|gross|total|for|of|in|on|at|and|about|usually|typically|like|just|only)\b/gi;

export type OnboardingAnswer =
  | { kind: "lines"; lines: Array<{ label: string; amountCents: number }> }
  | { kind: "skip" }
  | { kind: "done" }
  /** Not an answer to the step: treat the message as an ordinary chat message, then ask again. */
  | { kind: "notAnswer" };

const DAILY = new Set(["food", "dining", "coffee", "shopping", "entertainment", "health"]);
const STRICT_STEPS = new Set<OnboardingStep>(["income", "housing", "utilities", "transportation"]);

// Ways of saying "no, nothing (else)": every word comes from this closing vocabulary and at least one is a
// no/finished cue. "no that is all", "nope, that's everything thanks", "nothing else, we're good".
const CLOSING_WORDS = new Set(
  "no nope nah naw not none nothing else more that thats that's is it all everything i im i'm we were we're are am think so good fine set done finished for now thanks thank you thx ok okay oh um well just really actually anything there theres there's at the moment pretty much this those them only ones one rest and already have had got covered sorted left other bills".split(" "),
);
const CLOSING_CUE = /\b(?:no|nope|nah|naw|none|nothing|done|finished|that'?s (?:it|all|everything)|that is (?:it|all|everything)|all set|all good|no more|we'?re good|i'?m good|not really)\b/i;

function isClosing(text: string): boolean {
  const words = text.toLowerCase().replace(/[’]/g, "'").replace(/[^a-z' ]+/g, " ").split(/\s+/).filter(Boolean);
  return words.length > 0 && words.length <= 14 && CLOSING_CUE.test(text) && words.every((w) => CLOSING_WORDS.has(w));
}

/** Reads an answer to the onboarding question for `step`. */
export function parseOnboardingAnswer(step: OnboardingStep, message: string, today: string): OnboardingAnswer {
  const text = message.trim();
  if (DONE.test(text)) return { kind: "done" };
  if (SKIP.test(text)) return { kind: "skip" };
  // At the last step a natural "no, that's all" finishes setup; earlier it skips the step.
  if (!/\d/.test(text) && isClosing(text)) return step === "other" ? { kind: "done" } : { kind: "skip" };
  if (/\?\s*$/.test(text)) return { kind: "notAnswer" };
  const parsed = parseExpenses(text, { today });
  if (parsed.length === 0) return { kind: "notAnswer" };
  const onTopic = STEP_WORDS[step].test(text);
  // "coffee $4" during setup is an expense to log, not a budget line. For the early steps anything that
  // names a thing off the topic is an expense too; a bare amount ("1,500") is always an answer.
  const bare = parsed.every((p) => !text.toLowerCase().includes(p.description.toLowerCase()) || /^(?:about|around|roughly|approximately|it'?s|its)?$/i.test(p.description.trim()));
  if (!onTopic && !bare) {
    if (STRICT_STEPS.has(step) || parsed.every((p) => p.categoryKnown && DAILY.has(p.categoryId))) return { kind: "notAnswer" };
  }
  let factor = 1;
  for (const [pattern, f] of FREQUENCY) {
    if (pattern.test(text)) {
      factor = f;
      break;
    }
  }
  const lines = parsed.map((p) => {
    const label = p.description.replace(LABEL_FILLER, " ").replace(/[^\p{L}\p{N}&'+ -]/gu, " ").replace(/\s+/g, " ").trim();
    // The parser names an expense with no words after its category ("Expense"): use the step's label then.
    const generic = !label || !text.toLowerCase().includes(label.toLowerCase());
    return {
      label: generic ? STEP_LINE[step].label : label[0].toUpperCase() + label.slice(1),
      amountCents: Math.round(p.amountCents * factor),
    };
  });
  return { kind: "lines", lines };
}

export function nextStep(step: OnboardingStep): OnboardingStep | null {
  const i = ONBOARDING_STEPS.indexOf(step);
  return i >= 0 && i < ONBOARDING_STEPS.length - 1 ? ONBOARDING_STEPS[i + 1] : null;
}

export function isOnboardingStep(value: unknown): value is OnboardingStep {
  return typeof value === "string" && (ONBOARDING_STEPS as readonly string[]).includes(value);
}
