import { findAmounts } from "./amounts";
import { undividedSplit } from "./arithmetic";
import { askAmount, askConfirm, askTotal, askPaidBy, askRange, askSplit, askWhat, readAmend, readNotPair, readRefund, type AskOption, type AskReason, type ExpenseTarget } from "./clarify";
import { DECLINING, WISH, amendCommand, maskShopNames, tagNumbers, tagSpans } from "./roles";
import { implausibleAmount, unitPriceOfFuel } from "./plausible";
import { featureTopic, type FeatureTopic } from "./feature-help";
import { categorize, categoryFromName, type CategoryId } from "./categories";
import { parseExpenses, type ParsedExpense } from "./expenses";
import type { MerchantMemory } from "./merchant";
import { digitizeNumberWords } from "./number-words";

// What a chat message asks for. The rules engine decides this without any network; the OpenAI path
// proposes the same shape and the server validates it. Questions never log anything.

export type QuestionTopic =
  | "left"
  | "perDay"
  | "spentCategory"
  | "spentMonth"
  | "topCategory"
  | "afford"
  | "recent"
  | "help"
  | "greeting"
  | "thanks"
  | "income"
  | "feature";

export type Intent =
  | { kind: "expenses"; expenses: ParsedExpense[] }
  | { kind: "question"; topic: QuestionTopic; categoryId?: CategoryId; amountCents?: number; feature?: FeatureTopic }
  | { kind: "undo" }
  | { kind: "correction"; amountCents?: number; categoryId?: CategoryId }
  | { kind: "guided" }
  | { kind: "needAmount"; categoryId: CategoryId }
  /** Numbers that are not spending (§1 of issue 19): answered, never logged. */
  | { kind: "noLog"; reason: NoLogReason; amountCents?: number }
  /** Unsure: a question back whose answers are real forms; each option says exactly what it logs. */
  | { kind: "ask"; reason: AskReason; prompt: string; options: AskOption[] }
  /** An existing expense named in words: find it, confirm, then edit or remove it. */
  | { kind: "amend"; action: "remove" | "edit"; target: ExpenseTarget; amountCents?: number; categoryId?: CategoryId }
  /** Money back for something logged ("refund from amazon 15"): offer it as a credit on that expense, never spending. */
  | { kind: "offerCredit"; target: ExpenseTarget; creditCents: number }
  /** A recurring amount described ("our insurance is 180 a month"): offer a fixed expense. */
  | { kind: "offerFixed"; label: string; amountCents: number }
  | { kind: "unknown" };

export type NoLogReason = "budgetSetting" | "reminder" | "received" | "transfer" | "plan" | "fact" | "chatter" | "noSpend" | "declined" | "saved" | "covered";

export interface InterpretOptions {
  /** Today in the budget's time zone, YYYY-MM-DD. */
  today: string;
  memory?: MerchantMemory;
}

function normalize(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, " ")
    // 7-Eleven is a shop, never a range or two prices.
    .replace(/\b7[- ]?(?:11|eleven)\b/gi, "7-Eleven")
    // "costco 180 (60 of that was a sweater)": an aside in brackets reads like one after a comma.
    .replace(/\s*\((\$?\d[^()]*?\bof (?:that|it|those|them|the total)\b[^()]*)\)/gi, ", $1")
    .trim();
}

const UNDO =
  /^(?:(?:oops|whoops|sorry|no|nope|nah|wait|nvm|nevermind|never mind|ugh|argh|dang|darn|shoot|crap|oh no|uh oh|my bad|actually|hmm+|ah|oh|ok|okay|yeah|lol|ugh)[,.!]*\s+){0,3}(?:(?:can|could|would) (?:you|u|ya)\s+)?(?:please\s+|pls\s+|plz\s+)?(?:undo\b.*|(?:delete|remove|cancel|erase|scratch|forget|drop|void|reverse)\s+(?:(?:that|this)(?:\s+(?:entry|expense|one|charge|transaction|purchase|item|log|last one))?|it|the last\b.*|my last\b.*|last\b.*|the previous\b.*|that last\b.*|the one i just\b.*|what i just\b.*)|take (?:that|it) back|(?:never ?mind|nvm)(?: (?:that|this))?(?: last)?(?: one| entry| expense)?|that was a mistake|i didn'?t mean (?:that|to log that|to add that))[.!\s]*(?:please|pls|plz|thx|thanks|ty)?[.!\s]*$/i;

const CORRECTION_PATTERNS: RegExp[] = [
  /^(?:(?:no|nope|oops|whoops|sorry|wait|correction|my bad|typo|wrong amount|wrong price|wrong number|wrong total|wrong)[,.:!]?\s+)*(?:actually[,]?\s+)?(?:it|that|this|the last one|the last expense|the last entry|the last|that last one|that one)\s+(?:was|is|should be|should have been|should've been|cost|was actually|is actually|was really)\s+(.+)$/i,
  /^(?:(?:no|nope|oops|whoops|sorry|wait|correction|my bad)[,.:!]?\s+)*(?:actually[,]?\s+)?(?:please\s+)?(?:make|change|set|switch|update|correct|fix|put|move|mark|recategori[sz]e|edit)\s+(?:that|it|this|the last one|the last expense|the last entry|the last|that last one|last one|the amount|the category)\s*(?:to|as|into|under|in|=)?\s+(.+)$/i,
  /^(?:(?:no|nope|oops|whoops|sorry|wait)[,.:!]?\s+)*(?:please\s+)?(?:change|set|switch|make|update)\s+(?:the\s+)?(?:category|amount|price)\s+(?:to|as|=)\s+(.+)$/i,
  /^(?:(?:no|nope|oops|whoops|sorry|wait|correction)[,.:!]?\s+)*actually[,]?\s+(.+)$/i,
  /^(?:(?:no(?!\s+(?:regrets?|worries|problem|shame|joke|way|idea|clue|lie|cap|judgment|judgement)\b)|nope|oops|whoops|sorry|wait|correction)[,.:!]?\s+)+(.+)$/i,
  /^(?:(?:no|nope|oops|whoops|sorry|wait|correction|my bad|typo|wrong category|wrong one|wrong)[,.:!]?\s+)*(?:(?:it|that|this|the category|category)\s+)?(?:should (?:be|have been)|should'?ve been|make it|change it to|i meant|meant|meant to put|goes (?:in|under|into|to)|belongs (?:in|under|to)|put it (?:in|under|into)|file (?:it|that) under|(?<=(?:it|that|this|category) )(?:is|was))\s+(.+)$/i,
];

function readCorrection(text: string): Intent | null {
  const t = text.replace(/\b(it|that|this)'s\b/gi, "$1 is");
  for (const pattern of CORRECTION_PATTERNS) {
    const m = pattern.exec(t);
    if (!m) continue;
    // "15 not 12": what follows "not" is the old value.
    const rest = m[1].replace(/\b(?:not|instead of|rather than)\b.*$/i, "").replace(/[.!]+$/, "").trim();
    const digits = digitizeNumberWords(rest);
    const amounts = findAmounts(digits);
    const words = digits
      .replace(/\$?\d[\d,.]*\s*(?:dollars?|bucks?|cents?|k)?/gi, " ")
      .replace(/\b(?:the|a|an|category|instead|actually|please|dollars?|bucks?|total|really|just|under|in|as|to|for|it|was)\b/gi, " ")
      .replace(/[^a-z& ]/gi, " ")
      .replace(/\s+/g, " ")
      .trim();
    const category = words ? (categoryFromName(words) ?? (words.split(" ").length <= 2 ? categorize(words) : null)) : null;
    // Anything longer is a new message that happens to start with "actually", not a correction.
    if (words && !category) continue;
    if (amounts.length > 1) continue;
    if (amounts.length === 0 && !category) continue;
    return { kind: "correction", amountCents: amounts[0]?.cents, categoryId: category ?? undefined };
  }
  return null;
}

const QUESTION_START =
  /^(?:how|how's|hows|what|what's|whats|when|where|why|which|who|can|could|should|would|will|am i|are we|are i|is (?:my|it|there|that|this|the|our|\$?\d+)|do (?:i|we|you)|does|did (?:i|we)|have (?:i|we)|has|tell me|show me|show (?:my|our|the|all)|give me|list|view|see my|display|remind me|explain|any (?:idea|tips))\b/i;
const INFO_ONLY =
  /^(?:(?:my|our|the)\s+)?(?:budget|balance|status|summary|left to spend|money left|remaining|left|spending|total spent|daily limit|per day|daily allowance|allowance|top category|stats|report|overview|update|budget status|budget update|how am i doing|how are we doing)\s*[?.!]*$/i;
const GREETING = /^(?:hi|hello|hey|hiya|heya|yo|howdy|greetings|sup|good (?:morning|afternoon|evening|day)|what'?s up|hola)\b[\s!,.a-z]{0,20}$/i;
const THANKS = /^(?:thanks?|thank you|thx|ty|tysm|cheers|appreciate(?: it)?|great|awesome|cool|nice|perfect|ok|okay|k|kk|got it|sounds good|sweet|excellent|wonderful|lovely|good|alright|all right|yes|yep|yeah|no|nope|👍|🙏)\b[\s!.,a-z]{0,30}$/i;
const HELP = /^(?:help|\?|menu|commands|options|what can you do|(?:can|could) you help(?: me)?|i need help|what do you do|how does (?:this|it) work|how do i (?:use|log|add|record|track)\b.*|what can i (?:ask|say|do)\b.*|what should i (?:say|type)\b.*|instructions|guide)\W*$/i;
const AFFORD = /\bafford\b|\b(?:can|could|should) (?:i|we) (?:buy|get|spend|splurge|order|book|do)\b|\b(?:is it|would it be|will it be|is it still) (?:ok|okay|fine|alright|safe|smart|wise) (?:to|if)\b|\b(?:do|would) (?:i|we) have (?:enough|room|money)\b|\bdo i have room\b|\bwithin (?:my|our|the) budget\b/i;
// Wondering about a purchase is asking, not logging: "if I spend $50…", "I'm thinking of buying a $500 phone".
const HYPOTHETICAL =
  /^(?:if|what if|suppose|supposing|say|imagine|hypothetically)\b|\b(?:thinking (?:of|about)|considering|planning (?:to|on)|(?:want|wanna|would like|hoping) to (?:buy|get|spend|order|book)|too (?:much|expensive)|(?:is it|would it be|will it be|be) worth it|a good idea|can i still|will i (?:be|go|still)|would i (?:be|go|still|have))\b/i;
const SPEND_VERB = /\b(?:spen[dt]|spending|expenses?|cost|paid|pay|blew|blown|dropped|put into|used)\b/i;
const INCOME = /\b(?:(?:i|we) (?:make|earn|get paid|bring home|take home|got paid|received|got a raise)|my (?:salary|income|paycheck|pay)|(?:got|received) (?:paid|a paycheck|my paycheck|a refund|refund|reimbursed)|paycheck|payday|salary|refund)\b/i;

function stripCommand(text: string): string {
  return text.replace(/^(?:show me|tell me|give me|list)\b/i, " ").replace(/\b(?:how much|this month|so far|left|today|did|have|has|i|we|on|for|in|the|my|our|total)\b/gi, " ");
}

function questionTopic(text: string, lower: string, options: InterpretOptions): Intent {
  if (HELP.test(lower)) return { kind: "question", topic: "help" };
  if (AFFORD.test(lower) && !/\bhow much\b/i.test(lower)) {
    const amounts = findAmounts(digitizeNumberWords(text));
    return { kind: "question", topic: "afford", amountCents: amounts[0]?.cents };
  }
  if (/\b(?:top|biggest|largest|highest|main|most expensive)\b.*\b(?:categor|spend|expense|cost|purchase)|\bwhere\b.*\b(?:money|spending|it|cash)\b.*\bgo|\bspend(?:ing)? (?:the )?most\b|\bmost (?:money|spending)\b|\bbreakdown\b|\bby category\b/i.test(lower)) {
    return { kind: "question", topic: "topCategory" };
  }
  if (/\b(?:recent|latest|last (?:few|\d+|five|ten|three) (?:expenses|transactions|purchases|entries))\b|\b(?:show|list|see)\b.*\b(?:expenses|transactions|purchases|entries)\b|\bwhat (?:did|have) (?:i|we) (?:log|logged|add|added|record)/i.test(lower)) {
    return { kind: "question", topic: "recent" };
  }
  const canSpend = /\bhow much (?:more )?(?:can|should|could|may) (?:i|we)\b|\b(?:can|could) (?:i|we) (?:still )?spend\b|\bhow much (?:do|have) (?:i|we) (?:got|have)\b/i.test(lower);
  const perDayWords = /\b(?:per day|a day|each day|daily|per-day|day limit|a-day|today|day budget|for the day)\b/i.test(lower);
  if (!canSpend && (SPEND_VERB.test(lower) || /\bhow much\b.*\b(?:on|for|at)\b/i.test(lower))) {
    const category = categoryFromName(stripCommand(lower).trim()) ?? categorize(stripCommand(lower));
    if (category) return { kind: "question", topic: "spentCategory", categoryId: category };
    if (!/\b(?:left|remaining|remain)\b/i.test(lower)) return { kind: "question", topic: "spentMonth" };
  }
  if (perDayWords) return { kind: "question", topic: "perDay" };
  const category = /\bhow much\b|\btotal\b/i.test(lower) ? categoryFromName(stripCommand(lower).trim()) : null;
  if (category) return { kind: "question", topic: "spentCategory", categoryId: category };
  return { kind: "question", topic: "left" };
}

// Items that cost a few dollars: a three- or four-digit figure for one is far more likely cents typed
// without the point ("latte 575") than a real price, so the assistant asks.
const PRESENT_PRICE =
  /^(?:the\s+|a\s+|an\s+|my\s+|our\s+)?(?!(?:bill|total|tab|check|damage|receipt|it|that|this|lunch bill|dinner bill)\s+(?:is|are)\b)(?:[a-z'&-]+\s+){1,3}(?:is|are)\s+(?:like\s+|about\s+|only\s+|just\s+|almost\s+|over\s+|around\s+)?\$?\d[\d,]*(?:\.\d+)?\s*(?:dollars?|bucks?)?\s*[.!]*$/i;
const STRICT_PAYING = /\b(?:spent|spend|paid|pay|bought|buy|purchased|ordered|grabbed|picked up|dropped|blew|charged|renewed|treated (?:myself|us|me)|(?:my|our) (?:share|part|portion|cut))\b/i;
// Words that say how the member feels or when, not what was bought: "dropped 135 today oof" names nothing.
const FILLER_WORDS = new Set(
  "oof ugh lol lmao smh rip yikes ouch welp idk ffs omg sigh wow haha gone just now right this morning afternoon evening weekend week tonight today earlier yesterday last night on what through someone somebody again already somehow noon midday midnight around about at ish am pm o'clock oclock dawn sunrise sunset dusk early late before after noonish morningish sometime somewhere some point lunchtime dinnertime suppertime way home work the to from my out during while commute".split(" "),
);

function onlyFiller(description: string): boolean {
  const words = description.toLowerCase().replace(/[^a-z' ]+/g, " ").split(/\s+/).filter(Boolean);
  return words.length > 0 && words.every((w) => FILLER_WORDS.has(w));
}
// Seeing or browsing, then a rejection closing the message: nothing was bought.
const SEEN_REJECTED =
  /\b(?:saw|seen|spotted|came across|looked at|was looking at|were looking at|browsing|browsed|window shopping|eyed|eyeing|noticed|checked out (?:a|an|the|some|these|those|this|that)|tried on|test drove|test-drove)\b.*?(?:[,.!;:-]\s*|\s)(?:(?:lol|lmao|haha+|but|and|so|yeah|uh|um|like|just|ha|omg|um+|welp|then|ultimately|in the end|eventually)[,.!]*\s+)*(?:(?:i\s+|we\s+)?passed(?:\s+on\s+(?:it|them|that|those))?|(?:i\s+|we\s+)?(?:didn'?t|did not|never)\s+(?:get|buy|grab|order|pick up)\s+(?:it|them|one|that|those|any)|too (?:pricey|expensive|much|rich for (?:me|us)|steep)|(?:way\s+)?over ?priced|(?:i\s+|we\s+)?walked out(?:\s+without\s+(?:it|them|one))?|(?:i\s+|we\s+)?left (?:it|them|without (?:it|them|one))|(?:i'?ll|we'?ll|gonna|going to|decided to) wait|not worth it|no+|nope|nah+|hard pass|i'?ll pass|gonna pass|no way|not today|not happening|absolutely not|no thanks|no thank you|hell no|heck no|i think not|lol no|nope nope|not a chance|as if|yeah right|put it back|walked away|left it|not yet|not now|maybe later|maybe someday|someday|one day|next time|maybe next time)\s*[.!?\p{Extended_Pictographic}\u200d\ufe0f\s]*$/iu;
const REJECTED_END =
  /(?:^|[,.!?;:-]\s*|\s)(?:(?:lol|lmao|haha+|but|so|yeah|um+|welp|ha)[,.!]*\s+)*(?:nope|no thanks|no thank you|hard pass|i'?ll pass|gonna pass|not today|absolutely not|hell no|heck no|no way|not happening|nah+|not a chance|not yet|not now|maybe later|maybe next time)\s*[.!\p{Extended_Pictographic}\u200d\ufe0f\s]*$|[,.!?]\s*pass\s*[.!]*$|(?:^|[,.!;:-]\s*|\s)(?:but|so|and|then)?\s*(?:i|we)\s+(?:ultimately\s+|eventually\s+|just\s+)?passed(?:\s+on\s+(?:it|them|that|those))?\s*[.!\p{Extended_Pictographic}\u200d\ufe0f\s]*$|(?:\?\s*|\b(?:lol|lmao|haha+)\s+)no+\s*[.!\p{Extended_Pictographic}\u200d\ufe0f\s]*$/iu;
// Seeing a price first ("saw a 25 candle"): maybe bought, maybe only seen; ask.
const SEEN_PRICE = /^(?:i\s+|we\s+)?(?:saw|spotted|came across|noticed|found|looked at|was looking at|were looking at|checked out|tried on)\s+(?:(?:a|an|the|some|these|those|this|that)?\s*\$?\d[\d,.]*\s+[a-z]|(?:(?:a|an|the|some)\s+)?[a-z'-]+(?:\s+[a-z'-]+){0,2}\s+(?:for|at)\s+(?:only\s+|just\s+)?\$?\d)/i;
// A description that names only how it was paid ("used the card for 55", "charged 120 on the visa"): nothing bought named.
const PAYMENT_ONLY = /^(?:(?:used|with|on|the|my|our|a|an|card|cards|credit|debit|visa|amex|mastercard|master card|discover|apple pay|google pay|tap|tapped|swiped|swipe|chip|charged|charge)\b[\s,]*)+$/i;
// Browsing, and the words that say something was bought all the same.
const BROWSING = /\b(?:browsing|browsed|window[- ]shopping|window[- ]shopped|just looking|only looking|looking around|looked around|just looked|(?:checked|checking|compared|comparing) (?:the\s+)?prices|price[- ]?(?:checking|checked)|pricing out|priced out|shopping around|shopped around|price[- ]?check(?:ing|ed)?)\b/i;
const BOUGHT = /\b(?:spen[dt]|paid|bought|purchased|ordered|grabbed|picked up|got|ended up (?:with|buying|getting|grabbing)|caved|splurged|snagged|scored|came (?:home|out|away) with|walked out with|left with|treated (?:myself|us|me))\b/i;
// A price of a thing seen: "that lamp was 120", "the boots are 140", "saw boots for 200".
const SEEN_THING = /^(?:(?:and|but|so)\s+)?(?:the|that|this|those|these|their|its|his|her|a|an)\b|\b(?:was|were|is|are|costs?|priced at|going for|marked (?:at|down to)|listed at|saw|seen|spotted|noticed|found)\b/i;
// A shop whose name holds a paying verb.
const BEST_BUY = /\bbest ?buy\b/gi;
const CHATTER = /^(?:lol|lmao|haha+|hehe|ha|omg|wow|ugh|yay|woo+|nice one|oh well|hmm+|meh|good night|night|gn|bye|see you|later|brb|yup|nah)\b[\s!.,a-z]*(?:\d+\s*%[\s!.,a-z]*)?$/i;
const EMOJI_ONLY = /^[\p{Extended_Pictographic}\p{Emoji_Modifier}\u200d\ufe0f\s!?.]+$/u;

function monthly(cents: number, text: string): number {
  if (/\b(?:a|per|each|every|\/)\s*(?:year|yr)\b|\byearly\b|\bannual/i.test(text)) return Math.round(cents / 12);
  if (/\b(?:a|per|each|every|\/)\s*week\b|\bweekly\b/i.test(text)) return Math.round((cents * 52) / 12);
  const every = /\bevery\s+(\d+|two|three|six)\s+months\b/i.exec(text);
  if (every) return Math.round(cents / ({ two: 2, three: 3, six: 6 }[every[1].toLowerCase()] ?? Number(every[1])));
  return cents;
}

function fixedLabel(text: string): string {
  const words = text
    .replace(/\$?\d[\d,]*(?:\.\d+)?\s*(?:dollars?|bucks?)?/g, " ")
    .replace(/\b(?:my|our|the|is|are|runs?|costs?|comes to|we|i|pay|paying|spend|us|a|an|per|each|every|month|monthly|mo|year|yearly|week|weekly|usually|about|around|roughly|for|on|in|it|its|it's)\b/gi, " ")
    .replace(/[^a-z&+' ]/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
  const label = words || "Fixed expense";
  return label[0].toUpperCase() + label.slice(1);
}

/** What the message is about when it is not spending, from the roles of its spans; null when it may be. */
function notSpending(roles: Set<string>): NoLogReason | null {
  if (roles.has("noSpend")) return "noSpend";
  if (roles.has("reminding")) return "reminder";
  if (roles.has("setting")) return "budgetSetting";
  if (roles.has("covered")) return "covered";
  if (roles.has("moving")) return "transfer";
  if (roles.has("receiving")) return "received";
  if (roles.has("planning")) return "plan";
  if (roles.has("remarking")) return "fact";
  return null;
}

const RANGE = /(?<!\bus\s)(?:\$\s*)?(\d[\d,]*(?:\.\d+)?)(?:ish)?\s*(?:(?:i think|i guess|i believe|idk|or so|probably)\s*)?(?:-|–|,?\s*(?:to|or maybe|or possibly|or perhaps|(?:might|could|may) (?:have )?been|or was it(?: like)?|or like|or|maybe|possibly|perhaps))\s*\$?\s*(\d[\d,]*(?:\.\d+)?)(?!\s*(?:%|minutes?|mins?|hours?|hrs?|days?|weeks?|people|kids|years?|pm|am|ways|of\b|times|x\b))|\bbetween\s+\$?(\d[\d,]*(?:\.\d+)?)\s+and\s+\$?(\d[\d,]*(?:\.\d+)?)/i;

// Clauses of one message: "skipped starbucks but bought gas 40", "cash from atm 100, spent 20 of it on tacos".
const CLAUSE_SPLIT = /\s*(?:(?:,(?!\d{3}\b)|[;!])+|\.(?!\d)|\s-\s)\s*|\s+(?:but|and then|and|so|then|instead|because|cause|cuz)\s+/i;
// A clause that takes back the one before it: "almost bought a 40 candle but didn't".
const NEGATES_PREVIOUS = /^(?:but\s+)?(?:(?:i|we)\s+)?(?:didn'?t|did not|never did|put (?:it|them) back|changed (?:my|our) mind|decided not to|decided against it|returned (?:it|them)|passed(?:\s+on\s+(?:it|them|that))?\s*[.!]*$|walked (?:out|away)|left (?:it|them|without)|too (?:pricey|expensive|much|steep))\b/i;

/**
 * The message without its clauses that are not spending (per `aside`), when what is left still reads as a
 * purchase of its own (a paying verb, or only things the lexicon knows): "skipped starbucks but bought gas 40"
 * → "bought gas 40". "nothing" when no such purchase is left, "whole" when the clauses cannot be told apart.
 */
function spendingClauses(text: string, options: InterpretOptions, aside: (clause: string) => boolean): string | "nothing" | "whole" {
  const parts = text.split(CLAUSE_SPLIT).filter((p) => p && p.trim());
  const set = parts.map((p) => aside(p));
  for (let i = 1; i < parts.length; i++) if (NEGATES_PREVIOUS.test(parts[i])) set[i - 1] = set[i] = true;
  if (!set.some(Boolean)) return "whole";
  const kept = parts.filter((_, i) => !set[i]).join(", ");
  if (!/\d/.test(kept)) return "nothing";
  if (STRICT_PAYING.test(kept)) return kept;
  const expenses = parseExpenses(kept, { today: options.today, memory: options.memory });
  return expenses.length > 0 && expenses.every((e) => e.categoryKnown) ? kept : "nothing";
}

const CATEGORY_NOT = /^(?:the|that|this|my|our)\s+(.+?)\s+(?:was|is|were|should be|should have been|should've been)\s+(?:actually\s+|really\s+)?([a-z& ]{2,25}?)\s*,?\s+not\s+(?:the\s+)?([a-z& ]{2,25}?)\s*[.!]*$/i;

/** "somewhere around 30 to 40", "lunch 12, maybe 14": which figure to log, when the figures are prices the parser read. */
function askRangeOf(text: string, expenses: ParsedExpense[]): Intent | null {
  if (expenses.length === 0 || expenses.length > 2) return null;
  const m = RANGE.exec(digitizeNumberWords(text));
  if (!m) return null;
  const low = Math.round(Number((m[1] ?? m[3]).replace(/,/g, "")) * 100);
  const high = Math.round(Number((m[2] ?? m[4]).replace(/,/g, "")) * 100);
  // A range is of prices the parser read, not of digits elsewhere in the message.
  const priced = expenses.some((e) => e.amountCents === low || e.amountCents === high);
  if (high > low && low > 0 && priced) return { kind: "ask", reason: "range", ...askRange({ ...expenses[0], amountCents: low }, low, high) };
  return null;
}

/** Reads one chat message. Pure: `today` and the budget's merchant memory come from the caller. */
export function interpret(message: string, options: InterpretOptions): Intent {
  return interpretText(message, options, 0);
}

function interpretText(message: string, options: InterpretOptions, depth: number): Intent {
  // "can you log 25 for groceries?" is a command, not a question.
  const text = normalize(message)
    .replace(/^(?:(?:can|could|would|will) you\s+(?:please\s+|pls\s+)?|please\s+|pls\s+)(?=(?:log|add|record|enter|track|put in)\b)/i, "")
    .replace(/^((?:log|add|record|enter|track|put in)\b.*\d.*?)\s*\?+$/i, "$1");
  if (!text) return { kind: "unknown" };
  const lower = text.toLowerCase();
  if (/continue with (?:the )?guided chat|guided chat approach|chat entry|set ?up (?:my|the) budget|start (?:the )?(?:setup|onboarding)/i.test(lower)) {
    return { kind: "guided" };
  }
  // Before chatter: "nah undo", "ugh undo that pls" start like chatter and are commands.
  if (UNDO.test(lower)) return { kind: "undo" };
  if (EMOJI_ONLY.test(text) || CHATTER.test(lower)) return { kind: "noLog", reason: "chatter" };
  // A price remarked on and turned down, nothing paid: "the 35 candle at anthropologie? no thanks".
  if (/\d/.test(text) && REJECTED_END.test(lower) && !STRICT_PAYING.test(text.replace(BEST_BUY, " "))) return { kind: "noLog", reason: "declined", amountCents: findAmounts(digitizeNumberWords(text))[0]?.cents };
  // A price seen and turned down: "saw a 35 candle at anthropologie lol no", "spotted 80 boots, hard pass".
  if (SEEN_REJECTED.test(lower)) return { kind: "noLog", reason: "declined", amountCents: findAmounts(digitizeNumberWords(text))[0]?.cents };
  const correction = readCorrection(text);
  if (correction) return correction;
  // "X not Y" fixes something already logged: never a new expense.
  if (!/\?\s*$/.test(text)) {
    const pair = readNotPair(text, options.today);
    if (pair && "correction" in pair) return { kind: "correction", amountCents: pair.correction };
    if (pair) return { kind: "amend", action: "edit", target: pair.target, amountCents: pair.amountCents };
    // "the 30 at shell was gas not snacks": a logged expense named, put in another category.
    const recat = CATEGORY_NOT.exec(text);
    const newCategory = recat ? (categoryFromName(recat[2]) ?? categorize(recat[2])) : null;
    const oldCategory = recat ? (categoryFromName(recat[3]) ?? categorize(recat[3])) : null;
    if (recat && newCategory && oldCategory) {
      // The expense is found in the category it was logged under (the one after "not").
      const amend = readAmend(`the ${recat[1]} should be ${recat[2]}`, options.today);
      return { kind: "amend", action: "edit", target: { ...amend.target, categoryId: oldCategory }, categoryId: newCategory };
    }
  }
  const feature = featureTopic(text);
  if (feature) return { kind: "question", topic: "feature", feature };
  // Roles are read with shop names blanked: "whole paycheck 96.20" is groceries, not pay.
  const roleLower = maskShopNames(text).toLowerCase();
  const roles = tagSpans(roleLower === lower ? text : roleLower);
  // "wasn't planning to but got a 25 plant": the plan was not to, and the purchase happened.
  const unplanned = /\b(?:wasn'?t|weren'?t|didn'?t|did not|was not|never)\s+(?:even\s+)?(?:planning|plan|going|meaning|trying|supposed|intending)\s+(?:to|on)\b/i.test(text) && /\b(?:spent|paid|bought|got|grabbed|ordered|picked up|purchased|dropped|blew|splurged)\b/i.test(text);
  if (unplanned) roles.delete("planning");
  // Browsing with nothing bought: the prices in it were seen ("just browsing, that lamp was 120"); a bare item and
  // price beside it may have been bought, so ask.
  if (depth === 0 && BROWSING.test(text) && !BOUGHT.test(text.replace(BEST_BUY, " ")) && !/\?\s*$/.test(text)) {
    const rest = text.split(CLAUSE_SPLIT).filter((c) => c && c.trim() && !BROWSING.test(c)).join(", ");
    const amountCents = findAmounts(digitizeNumberWords(text))[0]?.cents;
    if (!/\d/.test(rest) || SEEN_THING.test(rest)) return { kind: "noLog", reason: "declined", amountCents };
    const seen = parseExpenses(rest, { today: options.today, memory: options.memory });
    if (seen.length === 1) return { kind: "ask", reason: "confirm", ...askConfirm(seen[0]) };
    return { kind: "noLog", reason: "declined", amountCents };
  }
  // Something not bought after all, or only wanted: those clauses are set aside; a purchase beside them is read alone.
  if ((roles.has("declining") || (roles.has("wishing") && !roles.has("amending"))) && depth === 0 && !/\?\s*$/.test(text)) {
    const rest = spendingClauses(text, options, (c) => DECLINING.test(c) || WISH.test(c));
    const reason: NoLogReason = roles.has("declining") ? "declined" : "plan";
    if (rest === "nothing" || rest === "whole") return { kind: "noLog", reason, amountCents: findAmounts(digitizeNumberWords(text))[0]?.cents };
    return interpretText(rest, options, depth + 1);
  }
  if (roles.has("amending") && !roles.has("setting")) {
    const amend = readAmend(amendCommand(text), options.today);
    if (amend.target.amountCents !== undefined || amend.target.words.length > 0 || amend.target.date || amend.target.categoryId) return { kind: "amend", ...amend };
  }
  if (roles.has("noSpend")) return { kind: "noLog", reason: "noSpend" };
  if (roles.has("reminding")) return { kind: "noLog", reason: "reminder" };
  if (!unplanned && HYPOTHETICAL.test(lower) && !/^(?:if|say)\b.*\b(?:then )?(?:log|add|record)\b/i.test(lower)) {
    const amounts = findAmounts(digitizeNumberWords(text));
    if (amounts.length > 0 || /\?\s*$/.test(text)) return { kind: "question", topic: "afford", amountCents: amounts[0]?.cents };
  }
  const isQuestion = /\?\s*$/.test(text) || QUESTION_START.test(lower);
  // "lunch maybe 12 or 14?": unsure of the figure, not asking the assistant anything; ask which to log.
  if (isQuestion && roles.has("range") && !QUESTION_START.test(lower) && !AFFORD.test(lower) && !roles.has("planning") && notSpending(roles) === null) {
    const range = askRangeOf(text.replace(/\?+\s*$/, ""), parseExpenses(text.replace(/\?+/g, " "), { today: options.today, memory: options.memory }));
    if (range) return range;
  }
  // "lunch maybe 12?": unsure of one figure, not a question to answer; confirm it before logging.
  if (/\?\s*$/.test(text) && !QUESTION_START.test(lower) && !AFFORD.test(lower) && /\b(?:maybe|i think|probably|prob|like|around|about|roughly|or so|give or take)\b|\d\s*ish\b/i.test(lower) && notSpending(roles) === null && !roles.has("history")) {
    const unsure = parseExpenses(text.replace(/\?+/g, " "), { today: options.today, memory: options.memory });
    if (unsure.length === 1 && unsure[0].categoryKnown) return { kind: "ask", reason: "confirm", ...askConfirm(unsure[0]) };
  }
  if (isQuestion || (AFFORD.test(lower) && !/\bhow much\b/i.test(lower))) {
    if (GREETING.test(lower) && !/\b(?:how much|left|budget|spen[dt])\b/i.test(lower)) return { kind: "question", topic: "greeting" };
    return questionTopic(text, lower, options);
  }
  // Someone outside the household paid and the member owes them: ask before any other reading of the words
  // ("i'll pay him back" is not a plan, nor settling up, while the share is not logged yet).
  if (roles.has("otherPaid") && !roles.has("receiving") && !roles.has("setting") && !roles.has("covered")) {
    const owed = parseExpenses(text, { today: options.today, memory: options.memory });
    if (owed.length > 0) return { kind: "ask", reason: "paidBy", ...askPaidBy(owed, text) };
  }
  let reason = notSpending(roles);
  // Cash out or money in, then a purchase out of it: "cash from atm 100, spent 20 of it on tacos" logs the tacos.
  if ((reason === "transfer" || reason === "received") && depth === 0 && STRICT_PAYING.test(text)) {
    const rest = spendingClauses(text, options, (c) => {
      const r = tagSpans(c);
      return r.has("moving") || r.has("receiving");
    });
    if (rest !== "nothing" && rest !== "whole") return interpretText(rest, options, depth + 1);
  }
  // "groceries 110, coupons saved 15": a saving off a purchase named beside it comes off that purchase (arithmetic.ts).
  const savedOff = /\b(?:coupons?|vouchers?|discounts?|promo(?: code)?s?|gift ?cards?|points|rewards?|store credit|miles)\b/i.test(text) && findAmounts(digitizeNumberWords(text)).length >= 2;
  if (!reason && roles.has("saving") && !savedOff && (!STRICT_PAYING.test(text) || /\bsaved\s+\$?\d|\d\s*(?:dollars?|bucks?)?\s+saved\b/i.test(text))) reason = "saved";
  // A figure about past or typical spending, or a balance: a fact, unless it describes a bill to offer as fixed.
  if (!reason && roles.has("history") && !roles.has("recurring")) reason = "fact";
  // Due or requested, not paid yet: "rent due 1850 on the 1st", "electric bill came in, 132, pay by the 30th".
  if (!reason && roles.has("due") && !/\b(?:paid|spent|bought|charged)\b/i.test(text)) reason = "plan";
  if (!reason && roles.has("balance") && /\d/.test(text) && !STRICT_PAYING.test(text.replace(/\b(?:left )?to spend\b/gi, " "))) reason = "fact";
  if (reason === "received" && INCOME.test(roleLower) && !/\b(?:sold|back|refund|reimburs|gave|won|found)\b/i.test(lower)) return { kind: "question", topic: "income" };
  if (reason === "received") {
    const refund = readRefund(text, options.today);
    if (refund) return { kind: "offerCredit", ...refund };
  }
  if (reason) return { kind: "noLog", reason, amountCents: findAmounts(digitizeNumberWords(text))[0]?.cents };
  const expenses = parseExpenses(text, { today: options.today, memory: options.memory });
  if (expenses.length === 0) {
    if (HELP.test(lower) || /\bhelp\b/i.test(lower)) return { kind: "question", topic: "help" };
    if (/\b(?:spent|spending|spend|total|so far)\b/i.test(lower)) return questionTopic(text, lower, options);
    if (GREETING.test(lower)) return { kind: "question", topic: "greeting" };
    if (THANKS.test(lower)) return { kind: "question", topic: "thanks" };
    if (INFO_ONLY.test(lower)) return questionTopic(text, lower, options);
    if (INCOME.test(lower)) return { kind: "question", topic: "income" };
    if (/\d/.test(text)) return { kind: "noLog", reason: "fact" };
    const category = categorize(text);
    if (category) return { kind: "needAmount", categoryId: category };
    if (/\b(?:left|remaining|budget|balance|spent|spending|afford|allowance)\b/i.test(lower)) return questionTopic(text, lower, options);
    return { kind: "unknown" };
  }
  // Money coming in is not an expense: "got paid 2,000", "I make 4,200 a month", "refund of 20".
  if (INCOME.test(roleLower) && !expenses.some((e) => e.categoryKnown)) return { kind: "question", topic: "income" };
  if (/\b(?:refund|refunded|reimburse|reimbursed|got paid|paycheck|salary|deposit)\b/i.test(roleLower)) return { kind: "question", topic: "income" };
  // A recurring amount described in the present tense is a fixed bill to offer, not a purchase today.
  if (roles.has("recurring") && expenses.length === 1 && !/\b(?:paid|spent|bought|charged|renewed|came out)\b/i.test(lower)) {
    return { kind: "offerFixed", label: fixedLabel(text), amountCents: monthly(expenses[0].amountCents, lower) };
  }
  // Numbers that count, measure or name things are never amounts: with no price left, it is a fact.
  const numbers = tagNumbers(digitizeNumberWords(text));
  const prices = numbers.filter((n) => n.role === "price");
  if (prices.length === 0 && numbers.length > 0 && !numbers.some((n) => n.role === "quantity")) return { kind: "noLog", reason: "fact" };
  if (roles.has("otherPaid")) {
    const ask = askPaidBy(expenses, text);
    return { kind: "ask", reason: "paidBy", ...ask };
  }
  if (roles.has("range")) {
    const range = askRangeOf(text, expenses);
    if (range) return range;
  }
  // "spent 400 on food this month": one purchase, or the month's total so far? Ask rather than log a total.
  const period = /\b(this|for the|all|so far this|in the last|over the|last|the whole|the entire|all of) (month|week|year)\b|\b(?:in|for|during|all of|all)\s+(january|february|march|april|may|june|july|august|september|october|november|december)\b(?=.*\b(?:total|altogether|overall|all together|in all)\b)/i.exec(text);
  if (period && expenses.length === 1 && /\b(?:spent|spend|blew|dropped)\b/i.test(text) && !/\b(?:today|yesterday|tonight|this morning|this afternoon|last night)\b/i.test(text)) {
    const when = period[3] ? period[3].toLowerCase() : period[1].toLowerCase() === "last" ? `last ${period[2].toLowerCase()}` : `so far this ${period[2].toLowerCase()}`;
    return { kind: "ask", reason: "confirm", ...askTotal(expenses[0], when) };
  }
  if (expenses.length === 1) {
    const [e] = expenses;
    const bare = /^(?:something|some stuff|stuff|things?|a thing|an item|items?|it|that|this|money|cash|\d+)$/i.test(e.description) || PAYMENT_ONLY.test(e.description) || (onlyFiller(e.description) && !e.categoryKnown) || (!e.categoryKnown && (e.description === "Expense" || /^(?:this|today|earlier)\b/i.test(e.description)));
    if (bare) return { kind: "ask", reason: "what", ...askWhat({ ...e, description: "Expense" }) };
    // A fact sentence with a number and nothing bought: "flight 1234 got delayed", "my credit score is 720".
    if (!e.categoryKnown && !roles.has("paying") && !/\$|\b(?:dollars?|bucks?)\b/i.test(text) && /\b(?:is|are|am|was|were|got|have|has|live|lives|eat|eats|weigh|weighs|turned|delayed|lost|gained)\b/i.test(lower)) {
      return { kind: "noLog", reason: "fact" };
    }
    if (implausibleAmount(e, text)) return { kind: "ask", reason: "amount", ...askAmount(e) };
    if (unitPriceOfFuel(e, text) && !STRICT_PAYING.test(text)) return { kind: "ask", reason: "confirm", ...askConfirm(e) };
  }
  if (expenses.length === 1 && SEEN_PRICE.test(text) && !STRICT_PAYING.test(text.replace(BEST_BUY, " "))) return { kind: "ask", reason: "confirm", ...askConfirm(expenses[0]) };
  // "coffee is 5": present tense and no paying verb; a purchase or a price seen, so ask.
  if (expenses.length === 1 && PRESENT_PRICE.test(text) && !STRICT_PAYING.test(text)) return { kind: "ask", reason: "confirm", ...askConfirm(expenses[0]) };
  if (expenses.length === 1 && undividedSplit(text)) return { kind: "ask", reason: "split", ...askSplit(expenses[0]) };
  // Confidence: a figure whose thing bought no lexicon knows, in a message with no paying verb, may well not
  // be spending at all ("grandma sent 50", "interest payment 4.12"), so the assistant asks what it was for.
  const unknown = expenses.find((e) => !e.categoryKnown);
  if (unknown && !STRICT_PAYING.test(text)) return { kind: "ask", reason: "what", ...askWhat(unknown, expenses) };
  return { kind: "expenses", expenses };
}
