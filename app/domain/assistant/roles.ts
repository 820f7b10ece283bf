import { findDateSpans } from "./dates";

// Role tagging: every number and every telling word span in a message gets a role from its context, and
// the intent is decided from that evidence (intents.ts), not from one pattern per phrasing. Spending is
// only one of the things a message with a number can mean; the others must never reach the ledger.

export type SpanRole =
  | "paying" // spent, paid, bought, grabbed, ordered…
  | "receiving" // got paid, refund, paid me back, sold, gave me…
  | "moving" // to savings, ATM, credit-card payoff…
  | "planning" // going to, thinking of, next week, if I buy…
  | "setting" // set the dining budget to 300, limit, allow 150 for fuel
  | "reminding" // remind me…
  | "amending" // delete/remove/change/edit an expense named by amount, merchant, category or day
  | "recurring" // is 180 a month, every month, monthly (present tense: a description, not a payment)
  | "otherPaid" // Priya covered…, my sister paid for…
  | "noSpend" // no spend day, didn't spend anything
  | "asking" // a question
  | "range" // 30 to 40, 50-60, 40 or 50
  | "correcting"; // sorry, oops, I meant

export type NumberRole = "price" | "quantity" | "count" | "percent" | "date" | "time" | "measure" | "name";

export interface TaggedNumber {
  text: string;
  start: number;
  role: NumberRole;
}

const SPAN_CUES: Array<[SpanRole, RegExp]> = [
  ["paying", /\b(?:spen[dt]|spending|paid|pay(?:ed)?|bought|buy|purchased|grabbed|ordered|picked up|dropped|blew|charged|cost|costs|got|treated myself)\b/i],
  [
    "receiving",
    /\b(?:got paid|get paid|getting paid|paycheck|pay ?day|salary|wages?|(?:gave|paid|sent|venmo'?d|zelled|owes?|owed|repaid|reimbursed|refunded|tipped)\s+(?:me|us)\b|paid (?:me|us) back|pay(?:ing)? (?:me|us) back|sold|refund(?:ed)?|reimburse(?:d|ment)?|received|receive|earned|earn|made \$?\d|brought in|income|deposit(?:ed)?|cash ?back|rebate|won|winnings|found \$?\d|got (?:\$?\d[\d.,]*|it|them|some|my money) back|(?:venmo|zelle|cash ?app|paypal)\s+(?:from|in)\b|\bfrom (?:mom|dad|grandma|grandpa|my (?:mom|dad|boss|parents?))\b.*\b(?:for my|gift)\b|bonus|tax return|allowance from|birthday money|side (?:gig|hustle) (?:brought|made|paid))/i,
  ],
  [
    "moving",
    /\b(?:(?:moved|move|transferred|transfer|sent|send|put|deposited|stashed|saved|added|contributed)\b[^.]*\b(?:to|into|in)\s+(?:my\s+|our\s+|the\s+)?(?:savings?|emergency fund|rainy day fund|ira|roth(?: ira)?|401k|401\(k\)|hsa|brokerage|investments?|checking|vacation fund|sinking fund|index fund)|atm|withdrew|withdrawal|took out \$?\d[\d,.]*\s*(?:in cash|cash|from the atm)?|cash withdrawal|(?:paid off|pay off|paying off|payoff|paid down)\b[^.]*\b(?:credit card|card|visa|amex|mastercard|discover|balance)|credit card (?:payment|bill|payoff)|(?:visa|amex|mastercard|discover) (?:payment|bill)|transfer(?:red)? \$?\d)/i,
  ],
  [
    "planning",
    /\b(?:going to|gonna|will (?:spend|buy|need|pay|get|order)|i'll|we'll|need to (?:buy|pay|get|spend)|have to (?:buy|pay|get)|might|may (?:buy|spend|get|need)|plan(?:ning)? (?:to|on|a|for)|thinking (?:of|about)|considering|want(?:s)? to (?:buy|get|spend|order|book)|wanna|would like to|hoping to|saving (?:up )?for|next (?:week|month|year|weekend|time)|tomorrow|later (?:today|tonight|this week)?$|if (?:i|we) (?:buy|get|spend|order|book)|should (?:i|we) (?:buy|get|spend|order|book)|budgeting for|about to)\b/i,
  ],
  [
    "setting",
    /\b(?:(?:set|make|change|raise|lower|increase|decrease|bump|update|adjust|cap|limit)\b[^.]*\b(?:budget|limit|cap|allowance|max(?:imum)?)\b|(?:budget|allow|allot|allocate|earmark|set aside)\s+\$?\d[\d,.]*\s*(?:dollars?|bucks?)?\s+(?:for|to|on)\b|\bcap\b[^.]*\bat\s+\$?\d|\$?\d[\d,.]*\s+(?:limit|cap|budget)\s+(?:on|for)\b|\blimit\b[^.]*\b(?:on|for|to)\b|keep\b[^.]*\b(?:under|below|within)\s+\$?\d|(?:budget|limit) (?:is|should be|to)\s+\$?\d)/i,
  ],
  ["reminding", /^(?:please\s+)?(?:remind|reminder|ping|alert|notify)\b/i],
  [
    "amending",
    /^(?:please\s+|can you\s+|could you\s+)?(?:remove|delete|cancel|erase|drop|void|take off|get rid of|undo|edit|change|update|fix|correct|recategori[sz]e|move)\s+(?:the|my|that|this|our)\s+(?!last\b|previous\b)(?=[^.]*?(?:\d|\bone\b|\bexpense\b|\bcharge\b|\bentry\b|\bpurchase\b|\btransaction\b|\bpayment\b|[a-z]{3,}))|^(?:the|that|this)\s+(?!last\b|one\b|previous\b)[^.]{1,40}?\b(?:should (?:be|have been)|was (?:actually|really|only)|is (?:actually|wrong|a duplicate)|was a duplicate|is a duplicate|was double|got logged twice)\b|\b(?:remove|delete|cancel)\s+(?:it|that|this)\b.*$/i,
  ],
  [
    "recurring",
    /\b(?:is|are|runs?|costs?|comes to|pay|paying|we pay|i pay|spend)\b[^.]*?\$?\d[\d,.]*\s*(?:dollars?|bucks?)?\s*(?:a|per|each|every|\/)\s*(?:month|mo|year|yr|week)\b|\b(?:is|are|costs?|runs?)\b[^.]*\b(?:monthly|every month|each month|a month)\b|\$?\d[\d,.]*\s*(?:monthly|every month|each month)\b|^(?:my|our|the)\s+(?:rent|mortgage|insurance|car payment|car note|phone bill|internet|daycare|tuition|hoa|gym|subscription|[a-z+]+ (?:sub|subscription|plan|bill|payment))\s+(?:is|are|runs|costs)\s+(?:usually\s+|about\s+|around\s+)?\$?\d/i,
  ],
  [
    "otherPaid",
    /\b(?:[A-Z][a-z]+|my (?:sister|brother|mom|dad|mother|father|friend|boss|partner|wife|husband|roommate|bf|gf|boyfriend|girlfriend|parents|in-laws|coworker|colleague)|mom|dad|he|she|they|someone)\s+(?:covered|paid for|picked up|treated (?:me|us)|got (?:the|this|it|dinner|lunch)|bought (?:me|us)|paid the|fronted)\b/,
  ],
  [
    "noSpend",
    /\b(?:no[- ]spend(?:ing)?|zero[- ]spend(?:ing)?|didn'?t spend|did not spend|spent nothing|spent \$?0\b|nothing spent|no spending|nothing today|nothing yet|no purchases|bought nothing|didn'?t buy anything)\b/i,
  ],
  ["range", /\b\d[\d,]*(?:\.\d+)?\s*(?:-|–|to|or)\s*\$?\d[\d,]*(?:\.\d+)?\b(?!\s*(?:%|minutes?|mins?|hours?|hrs?|days?|weeks?|people|kids|years?|pm|am|ways|of\b|times|x\b))|\bbetween\s+\$?\d[\d,.]*\s+and\s+\$?\d/i],
  ["correcting", /\b(?:sorry|oops|whoops|i meant|i mean|correction|typo|my bad|no wait|wait no)\b/i],
];

/** The roles of the word spans in a message (each role at most once). */
export function tagSpans(text: string): Set<SpanRole> {
  const roles = new Set<SpanRole>();
  for (const [role, re] of SPAN_CUES) if (re.test(text)) roles.add(role);
  if (/\?\s*$/.test(text)) roles.add("asking");
  return roles;
}

const NUMBER_RE = /\$?\s*(?<![\w.,/:])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\d/])/g;
const MEASURE_AFTER =
  /^\s*(?:lbs?|pounds?|kg|kilos?|oz|ounces?|degrees?|°|years?|yrs?|yo\b|months? old|miles?|mi\b|km|mph|gb|mb|tb|inch(?:es)?|feet|minutes?|mins?|hours?|hrs?|seconds?|secs?|steps|calories|cals?|points?|followers|likes|a dozen|per (?:dozen|gallon|pound|lb)|(?:a|per|\/)\s*(?:gallon|gal|lb|pound|dozen|kg|liter|litre|oz|each))\b/i;
const COUNT_AFTER = /^\s*(?:kids?|children|child|sons?|daughters?|dogs?|cats?|pets?|people|persons?|adults|members|roommates|cars|bedrooms?|bathrooms?|rooms|grandkids|babies)\b/i;
const NAME_BEFORE = /\b(?:flight|room|apt|apartment|suite|unit|gate|route|highway|hwy|interstate|i-|bus|line|seat|row|table|platform|track|account|acct|zip|code|pin|version|v|model|number|no\.|#)\s*$/i;
const NAME_AFTER = /^\s*(?:st|street|ave|avenue|rd|road|blvd|dr|drive|ln|lane|way|ct|court|pl|place)\b/i;

/** Every number in the message with its role from the words around it. */
export function tagNumbers(text: string): TaggedNumber[] {
  const dates = findDateSpans(text);
  const out: TaggedNumber[] = [];
  for (const m of text.matchAll(NUMBER_RE)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    const raw = m[0];
    const after = text.slice(end);
    const before = text.slice(Math.max(0, start - 24), start);
    let role: NumberRole = "price";
    if (dates.some((d) => start >= d.start && start < d.end)) role = "date";
    else if (/^\s*(?:%|percent)/i.test(after)) role = "percent";
    else if (/^(?::\d|\s*(?:am|pm|a\.m|p\.m|o'?clock)\b)/i.test(after)) role = "time";
    else if (!raw.includes("$") && MEASURE_AFTER.test(after)) role = "measure";
    else if (!raw.includes("$") && (NAME_BEFORE.test(before) || NAME_AFTER.test(after))) role = "name";
    else if (!raw.includes("$") && (COUNT_AFTER.test(after) || /\b(?:we have|i have|there are|have got|we're|we are|i'm|i am|are|is|turned|turning)\s*$/i.test(before) && !/\b(?:it|that|this|which|bill|total|price|cost)\s+(?:is|are)\s*$/i.test(before) && /^\s*(?:and\s+\d+\s*)?(?:[.!?]|$)/.test(after) && /\b(?:kids|children|they|we|i|she|he|sons?|daughters?)\b/i.test(before)))
      role = "count";
    else if (/^\s*(?:x\b|×)/i.test(after) && !raw.includes(".") && !raw.includes("$")) role = "quantity";
    out.push({ text: raw.trim(), start, role });
  }
  return out;
}
