import { MEASURE_UNIT } from "./amounts";
import { categorize, categoryFromName, lexiconHits } from "./categories";
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
  | "remarking" // a price seen or changed: "milk went up to 4.29", "eggs are 6 now"
  | "correcting" // sorry, oops, I meant
  | "wishing" // the tv i want, eyeing, saving up for, needs replacing (a price of something not bought)
  | "declining" // almost bought, didn't buy, skipped, put it back, talked myself out of
  | "saving" // saved 45 with coupons, put away 50: money kept, not spent
  | "history" // last year, usually, on average, back in 2024: a figure about past or typical spending
  | "due" // a bill due or requested, not paid yet: "rent due 1850 on the 1st", "venmo request from jake 15"
  | "covered" // paid by work, a client or insurance: "expensed the 85 dinner", "insurance covered the er visit"
  | "balance"; // a balance, a debt, what is left in an account: "credit card balance is 4,300"

export type NumberRole = "price" | "quantity" | "count" | "percent" | "date" | "time" | "measure" | "name";

export interface TaggedNumber {
  text: string;
  start: number;
  role: NumberRole;
}

// People money comes from, the verbs it comes with, and the household's own accounts, funds and debts.
const KIN = String.raw`(?:mom|mum|mommy|mother|dad|daddy|father|parents|folks|grandma|grandpa|granny|gran|nana|nanna|papa|grandmother|grandfather|grandparents|aunt(?:ie)?|uncle|cousin|sister|brother|sis|bro|son|daughter|wife|husband|hubby|partner|boss|employer|work|job|company|friend|buddy|roommate|neighbou?r|landlord|tenant|client|customer|coworker|colleague|in-?laws|mother-in-law|father-in-law|irs|government|the state|insurance(?: company)?|bank|[a-z]+'s (?:mom|dad|parents))`;
const SENT = String.raw`(?:sent|gave|venmo'?e?d|zelle'?d|cash ?app'?d|paypal'?e?d|e-?transferred|wired|mailed|reimbursed|refunded|repaid|paid (?:me|us)|paid back|chipped in|slipped (?:me|us))\b`;
const MONEY = String.raw`\$?\d[\d,]*(?:\.\d+)?\s*(?:dollars?|bucks?)?`;
const FUND = String.raw`(?:fund|savings?|account|acct|ira|roth|401k|401\(k\)|403b|529|hsa|fsa|brokerage|investments?|investing|checking|piggy ?bank|nest egg|retirement|stocks?|index funds?|etfs?|crypto|bitcoin|btc|cd|money market|robinhood|vanguard|fidelity|schwab|acorns|betterment|wealthfront|emergency|rainy day|christmas club|holiday club|sinking|envelope|jar)`;
const CARD = String.raw`(?:credit card|card|cc|visa|amex|american express|master ?card|discover|capital one|cap one|chase|citi|apple card|sapphire|credit line|line of credit|heloc)`;
const SENT_QUICK = /sent|gave|venm|zell|cash ?app|paypal|transfer|wired|mailed|reimburs|refund|repaid|paid|chipped|slipped/i;
const FUND_QUICK = /club|sinking|envelope|jar|fund|saving|acc(?:oun)?t|ira\b|roth|401|403|529|hsa|fsa|brokerage|invest|checking|piggy|nest egg|retire|stock|etf|crypto|bitcoin|btc|\bcd\b|money market|robinhood|vanguard|fidelity|schwab|acorns|betterment|wealthfront|emergency|rainy/i;
const CARD_QUICK = /card|\bcc\b|visa|amex|american express|master ?card|discover|capital one|cap one|chase|citi|sapphire|credit line|line of credit|heloc/i;
const DEBT = String.raw`(?:${CARD}|loans?|principal|balance|debt|mortgage principal)`;

// A price of something wanted, not bought: "the tv i want is 799", "eyeing a 60 jacket", "the dishwasher needs
// replacing, like 700". Present tense only: "wanted coffee so grabbed one" was bought.
export const WISH =
  /\b(?:(?:i|we|he|she|they|kids|[a-z]+)\s+(?:really\s+|still\s+|kinda\s+|so\s+|just\s+)?(?:want|wants|need|needs)\b(?!\s+to\s+(?:log|add|record|track|enter|remove|delete|change|fix)\b)|(?:i|we|he|she|they)\s+(?:really\s+)?(?:like|love|likes|loves)\s+(?:is|are|costs?|was|runs?)\b|(?:the|that|this|a|those)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:i|we|he|she|they)\s+(?:like|love|liked|loved|saw|found)\b|eyeing|eying|calling (?:my|our) name|(?:(?:a|the)\s+)?new (?:one|ones|set)\s+(?:is|are|costs?|runs?|would|will|'ll|goes for)|(?:have|got|had)\s+(?:my|our|an|his|her)\s+eyes?\s+on|dream\s+(?:car|house|home|vacation|trip|bike|kitchen|wedding|couch|laptop|camera|phone)|wish\s?list|needs?\s+(?:replacing|replaced|to be replaced|fixing|repairs?)|would love|i'?d love|we'?d love|on my list|looking at|shopping (?:around )?for|browsing|window shopping|comparing|checking (?:out )?prices|price ?checking)/i;
const WISH_QUICK = /want|need|like|love|eye|eying|dream|wish|on my list|looking|shopping|brows|compar|pric|calling|new one/i;
// Not bought after all. Read per clause in intents.ts, so "skipped starbucks but bought gas 40" still logs the gas.
export const DECLINING =
  /\b(?:(?:almost|nearly|was (?:going to|gonna|about to)|were (?:going to|gonna|about to)|thought about|tempted to|wanted to)\s+(?:buy|bought|buying|get|got|getting|spend|spent|spending|order|ordered|grab|grabbed|purchase|purchased|splurge|splurged)|(?:didn'?t|did not|don'?t|do not|won'?t|will not|wouldn'?t|would not|never|not|not going to|decided not to|chose not to|refuse to|refusing to|no way i'?m|not about to)\s+(?:end up\s+|actually\s+|even\s+|ever\s+)?(?:buy|buying|get|getting|order|ordering|spend|spending|purchase|grab|pay|paying|pay for|go for|go with|splurge)|decided against|said no to|saying no to|skipped|skipping|passed on|pass on|resisted|walked away from|talked (?:myself|ourselves|him|her|them) out of|put (?:it|them|(?:the|that|those|a)\s+[^,.;]{1,30}?)\s+back\b|cancell?ed (?:the|my|an?|that)\s+(?:[^,.;\d]{0,20}?\d[\d,.]*\s+)?(?:order|purchase|booking|reservation|preorder|pre-order)|but didn'?t|but did not|but decided not to|changed (?:my|our) mind)\b/i;
const DECLINING_QUICK = /almost|nearly|going to|gonna|about to|thought|tempted|wanted|n'?t|not|never|decided|skipp|pass|resist|walked|talked|back|cancel|changed|refus|no way|said no|saying no/i;

const OTHER_PERSON = String.raw`(?:my\s+|our\s+)?(?:friend|buddy|pal|boss|roommate|roomie|flatmate|housemate|bf|gf|boyfriend|girlfriend|coworker|co-worker|colleague|cousin|aunt|auntie|uncle|grandma|grandpa|granny|nana|neighbou?r|sister|sis|brother|bro|mom|mum|dad|mother|father|parents|in-laws|mother-in-law|father-in-law|sil|bil|mil|fil|bestie|date|he|she|they|someone|somebody)`;
const OTHER_PAID = new RegExp(
  String.raw`(?:^|[,;.!]\s*|\b(?:and|but|so)\s+)${OTHER_PERSON}\s+(?:just\s+|already\s+)?(?:covered|paid(?!\s+(?:me|us|back|off|down)\b)(?:\s+for)?|picked up|got|grabbed|bought(?!\s+(?:me|us)\s+a\s+gift)|fronted|treated|took care of|handled|put (?:it|the [a-z]+) on (?:his|her|their) card)\b`,
  "i",
);
const OTHER_PAID_QUICK = /covered|paid|picked up|got|grabbed|bought|fronted|treated|took care|handled|on (?:his|her|their) card/i;
// "i owe her half", "i'll pay him back 15", "need to venmo jake 20": the member owes someone for a purchase.
const OWE_BACK =
  /(?:\b(?:i|we)\s+|^\s*)(?:owe(?!\s+(?:the|on|my|our|a|an)\b)|(?:need to|have to|gotta|'ll|will|should|must)\s+(?:pay|venmo|zelle)\s+(?!the\b|my\b|our\b|rent\b|bills?\b|for\b|off\b|down\b)[a-z]+(?:\s+back|\s+\$?\d[\d,.]*\s+(?:back|for)))\b|\b(?:pay|paying)\s+(?:him|her|them)\s+back\b/i;

// An edit or delete command naming an expense by amount, merchant, category or day.
const AMENDING =
  /^wrong (?:amount|price|total|number|figure|category|date|day)\s+(?:on|for)\s+(?:the|my|that|our|yesterday'?s|today'?s)\s+(?=[^.]*\d)|^(?:(?:hey|ok|okay|so|um|oh|oops|hmm)[,]?\s+)?(?:(?:can|could|would|will) (?:you|u|ya)\s+(?:please\s+|pls\s+|plz\s+)?|please\s+|pls\s+|plz\s+)?(?:remove|delete|cancel|erase|drop|void|take off|get rid of|undo|edit|change|update|fix|correct|recategori[sz]e|move|make|set|switch|put|mark|file)\s+(?:the|my|that|this|our|both|all(?: the| my| of the| of my)?|the two|those|these|yesterday'?s|today'?s|tonight'?s|last night'?s|this morning'?s|(?:mon|tues|wednes|thurs|fri|satur|sun)day'?s)\s+(?!last\b|previous\b)(?=[^.]*?(?:\d|\bone\b|\bexpense\b|\bcharge\b|\bentry\b|\bpurchase\b|\btransaction\b|\bpayment\b|[a-z]{3,}))|^(?:the|that|this)\s+(?!last\b|one\b|previous\b)[^.]{1,40}?\b(?:should (?:be|have been)|should'?ve been|shoulda been|was supposed to be|was (?:actually|really|only)|is (?:actually|wrong|a duplicate)|was a duplicate|is a duplicate|was double|got logged twice)\b|\b(?:remove|delete|cancel)\s+(?:it|that|this)\b.*$|^(?:please\s+)?(?:remove|delete|erase)\s+(?!(?:that|it|this|last|my last|the last|everything|all|me|my account)\b)[a-z][a-z']*(?:\s+[a-z']+)?\s+(?:from|on|at)\s+[a-z]/i;
// "oops wrong one, delete the 14 chipotle": a word of dismay before the command.
const INTERJECTION = /^(?:(?:oops|whoops|sorry|wait|ugh|oh no|uh oh|oh|my bad|no|nope|nah|hmm+|actually|argh|shoot|crap|dang|wrong one|wrong entry|wrong|mistake|ok|okay)[,!.:;]*\s+){1,3}/i;

/** The message without a leading word of dismay, when what follows is an edit or delete command. */
export function amendCommand(text: string): string {
  const rest = text.replace(INTERJECTION, "");
  return rest !== text && AMENDING.test(rest) ? rest : text;
}

const NOT_A_PRICE_SEEN = String.raw`(?!(?:the|a|an|my|our|your|his|her|their|this|that|it|bill|total|tab|check|share|part|lunch|dinner|breakfast|brunch|meal|order|damage|mine|ours|rent|payment|ticket|tickets|fare|parking|cover|entry|admission)\b)`;
const PRICE_AT_PLACE = new RegExp(
  String.raw`(?:^|[,;.!:]\s+|\b(?:and|but|so|apparently|btw)\s+)(?:the\s+|a\s+|an\s+)?${NOT_A_PRICE_SEEN}(?:[a-z'&-]+\s+){0,3}?[a-z'&-]+?(?:\s+(?:is|are)|'s|'re)\s+(?:only\s+|just\s+|like\s+|about\s+|still\s+|now\s+|down to\s+|up to\s+|back (?:up |down )?to\s+)?\$?\d[\d,]*(?:\.\d+)?\s*(?:cents?|dollars?|bucks?)?\s*(?:(?:a|per|\/|for a|for)\s*(?:\d+\s*)?[a-z]+\s+|each\s+|apiece\s+)?(?:(?:right now|today|this week|again|now)\s+)?(?:over\s+|down\s+|up\s+|out\s+)?(?:at|@)\s+(?:the\s+)?[a-z]` +
    String.raw`|^(?:the\s+|a\s+|an\s+)?${NOT_A_PRICE_SEEN}(?:[a-z'&-]+\s+){1,3}(?:at|@)\s+(?:the\s+)?[a-z'&-]+(?:\s+[a-z'&-]+)?\s+(?:is|are)\s+(?:only\s+|just\s+|like\s+|about\s+|still\s+|now\s+)?\$?\d[\d,]*(?:\.\d+)?\s*(?:cents?|dollars?|bucks?)?\s*(?:(?:a|per|\/)\s*[a-z]+\s*|each\s*)?(?:now|today|right now|this week|again)?\s*[.!]*$`,
  "i",
);

// Each cue may carry a cheap word test run first: most messages have none of its words (throughput).
const SPAN_CUES: Array<[SpanRole, RegExp, RegExp?]> = [
  ["paying", /\b(?:spen[dt]|spending|paid|pay(?:ed)?|bought|buy|purchased|grabbed|ordered|picked up|dropped|blew|charged|cost|costs|got|treated myself|(?:my|our) (?:share|part|portion|cut))\b/i],
  [
    "receiving",
    /\b(?:got paid|get paid|getting paid|paycheck|pay ?day|salary|wages?|(?:gave|paid|sent|venmo'?d|zelled|owes?|owed|repaid|reimbursed|refunded|tipped)\s+(?:me|us)\b|paid (?:me|us) back|pay(?:ing)? (?:me|us) back|sold|refund(?:ed)?|reimburse(?:d|ment)?|received|receive|earned|earn|made \$?\d|brought in|income|deposit(?:ed)?|cash ?back|rebate|won|winnings|found (?:a |an )?\$?\d|got (?:\$?\d[\d.,]*|it|them|some|my money) back|(?:venmo|zelle|cash ?app|paypal)\s+(?:from|in)\b|\bfrom (?:mom|dad|grandma|grandpa|my (?:mom|dad|boss|parents?))\b.*\b(?:for my|gift)\b|bonus|tax return|allowance from|birthday money|side (?:gig|hustle) (?:brought|made|paid)|cashed (?:a |my |the |his |her )?(?:check|cheque|paycheck)|(?:check|cheque|gift card|gift) (?:\$?\d[\d,.]*\s*)?from\b|from (?:returning|selling|a return|the return|reselling)|(?:tutoring|babysitting|dog ?sitting|pet ?sitting|house ?sitting|mowing|lawn|cleaning|side ?gig|side hustle|tip|gig|overtime) money\b|(?:etsy|ebay|poshmark|mercari|marketplace|depop) sales?\b(?! tax)|tips from (?:work|my shift|the shift|tables|serving|bartending)|(?:earned|brought in|cleared|netted)\s+\$?\d)/i,
  ],
  [
    "moving",
    /\b(?:(?:moved|move|transferred|transfer|sent|send|put|deposited|stashed|saved|added|contributed)\b[^.]*\b(?:to|into|in)\s+(?:my\s+|our\s+|the\s+)?(?:savings?|emergency fund|rainy day fund|ira|roth(?: ira)?|401k|401\(k\)|hsa|brokerage|investments?|checking|vacation fund|sinking fund|index fund|hysa|hys|high[- ]yield|e-?fund|efund|tfsa|rrsp|529|sep ira|ally|marcus|acorns|robinhood|vanguard|fidelity|schwab|wealthfront|betterment|stash|cd|money market|kids'? (?:savings|college fund|fund)|college fund|house fund|down ?payment fund|christmas fund|travel fund|wedding fund)\b|(?:hysa|high[- ]yield(?: savings)?|savings|ira|roth(?: ira)?|401\(?k\)?|403\(?b\)?|529|hsa|brokerage|tfsa|rrsp|e-?fund|emergency fund|sinking fund|college fund|investment|retirement)\s+(?:contribution|contrib|deposit|transfer|top[- ]?up|funding|auto[- ]?transfer)\b|(?:contributed|contribution|contributing|invested|investing|topped up|maxed(?: out)?|funded)\b[^.]*?\b(?:hysa|ira|roth|401\(?k\)?|403\(?b\)?|529|hsa|brokerage|tfsa|rrsp|e-?fund|emergency fund|index funds?|etfs?|vti|voo|spy|stocks?|crypto|bitcoin|btc|eth|savings|retirement)\b|^(?:my\s+|our\s+|the\s+)?(?:hysa|roth(?: ira)?|ira|401\(?k\)?|403\(?b\)?|hsa|529|brokerage|tfsa|rrsp|e-?fund|emergency fund|savings|sinking fund|college fund)\s+\$?\d[\d,.]*k?\s*(?:dollars?|bucks?)?\s*(?:this (?:week|month)|today|again)?\s*[.!]*$|\$?\d[\d,.]*k?\s*(?:dollars?|bucks?)?\s+(?:(?:over|more|extra)\s+)?(?:to|into)\s+(?:my\s+|our\s+|the\s+)?(?:hysa|high[- ]yield|roth(?: ira)?|ira|401\(?k\)?|403\(?b\)?|hsa|529|brokerage|tfsa|rrsp|e-?fund|emergency fund|savings|sinking fund|college fund|investments?|retirement)\b|(?:bought|buy|purchased)\s+\$?\d[\d,.]*k?\s*(?:dollars?|bucks?)?\s+(?:worth\s+)?(?:of|in)\s+(?:bitcoin|btc|eth|ethereum|crypto|stocks?|shares|vti|voo|spy|qqq|index funds?|etfs?|bonds|i ?bonds|treasur(?:y|ies)|t-?bills)\b|atm\b(?!\s*(?:fees?|charges?|surcharges?))|(?:pulled|pulled out|took out|got)\s+\$?\d[\d,.]*\s*(?:dollars?|bucks?)?\s+(?:in\s+)?cash\b(?!\s+(?:for|to pay|from the register))|borrowed\s+\$?\d|withdrew|withdrawal|took out \$?\d[\d,.]*\s*(?:in cash|cash|from the atm)?|took \$?\d[\d,.]*\s+(?:in\s+)?(?:cash\s+)?out\b|cash withdrawal|(?:paid off|pay off|paying off|payoff|paid down)\b[^.]*\b(?:credit card|card|visa|amex|mastercard|discover|balance)|credit card (?:payment|bill|payoff)|(?:visa|amex|mastercard|discover) (?:payment|bill)|transfer(?:red)? \$?\d)/i,
  ],
  [
    "planning",
    /\b(?:going to|gonna|will (?:spend|buy|need|pay|get|order)|i'll|we'll|need to (?:buy|pay|get|spend)|have to (?:buy|pay|get)|might|may (?:buy|spend|get|need)|plan(?:ning)? (?:to|on|a|for)|thinking (?:of|about)|considering|want(?:s)? to (?:buy|get|spend|order|book)|wanna|would like to|hoping to|saving (?:up )?for|next (?:week|month|year|weekend|time)|tomorrow|later (?:today|tonight|this week)?$|if (?:i|we) (?:buy|get|spend|order|book)|should (?:i|we) (?:buy|get|spend|order|book)|budgeting for|about to|wish(?:ing)? (?:i|we) (?:could|had)|i wish|(?:i'?d|we'?d|would) love|dreaming (?:of|about)|eyeing|eying|in the market for|on my wish ?list|wish ?list|someday|one day i|want (?:a|an|the|new|some|that|those)|need (?:a|an|new|some) (?!more\b)|saving up)\b/i,
  ],
  // A cost still to come: "the bill will be about 120", "the plumber quoted 300", "we're going out friday, probably 80".
  [
    "planning",
    /\b(?:(?:will|would|'ll|gonna|going to)\s+(?:probably\s+|likely\s+|only\s+|still\s+)?(?:be|cost|run|come to|set (?:us|me) back)|quoted?|quote for|estimate[sd]?|ballpark|(?:we'?re|i'?m|we are|i am) going (?:out|to)(?!\s+(?:log|add|record))|is going to cost|then it'?s|after (?:the|that|my) (?:free )?trial|trial ends|renews (?:at|for|on|next)|goe?s? on sale|presale|(?:we|i) (?:could|might|should|would) (?:get|buy|order|do|spend|go|grab|book)|thinking(?!\s+(?:back|out loud)))\b/i,
    /will|would|'ll|gonna|going to|quot|estimat|ballpark|going|then it|trial|renews|on sale|presale|could|might|should|thinking/i,
  ],
  [
    "setting",
    /\b(?:(?:set|make|change|raise|lower|increase|decrease|bump|update|adjust|cap|limit)\b[^.]*\b(?:budget|limit|cap|allowance|max(?:imum)?)\b|(?:budget(?:ed|ing)?|allow(?:ed|ing)?|allot(?:ted|ting)?|allocat(?:e|ed|ing)|earmark(?:ed|ing)?|reserv(?:e|ed|ing)|(?:set|setting|put|putting) aside|giv(?:e|ing) (?:myself|ourselves|me|us)|plan is|max(?:imum)?|up to)\s+\$?\d[\d,.]*\s*(?:dollars?|bucks?)?\s+(?:a (?:week|month|day)\s+)?(?:for|to|on)\b|\$?\d[\d,.]*\s*(?:dollars?|bucks?)?\s+(?:set aside|put aside|earmarked|budgeted|allotted|allocated|reserved)\b|\b(?:set|put|putting|setting)\s+\$?\d[\d,.]*\s*(?:dollars?|bucks?)?\s+aside\b|\bcap\b[^.]*\bat\s+\$?\d|\$?\d[\d,.]*\s+(?:limit|cap|budget)\s+(?:on|for)\b|\blimit\b[^.]*\b(?:on|for|to)\b|keep\b[^.]*\b(?:under|below|within)\s+\$?\d|(?:budget|limit) (?:is|should be|to)\s+\$?\d)/i,
  ],
  ["setting", /\b(?:budget|limit|cap|allowance|max)\b[^.\d:=]{0,25}[:=]\s*\$?\d|\b(?:new|monthly|weekly|daily|yearly|annual)\s+(?:[a-z]+\s+)?(?:budget|limit|cap|allowance|spending limit|spending cap)\b[^.\d]{0,12}\$?\d|\$?\d[\d,.]*k?\s+(?:is (?:the|my|our) )?(?:new\s+)?(?:a |per )?(?:month|week|monthly|weekly)?\s*(?:budget|limit|cap)\s*(?:now|from now on|going forward|starting)?\s*[.!]*$/i],
  // A heading that says what follows is a budget: "december budget: gas 200, groceries 700", "the plan is 500 groceries".
  ["setting", /^(?:(?:my|our|the|new|next month'?s?|this month'?s?|[a-z]+'?s?)\s+){0,2}(?:budgets?|limits?|caps?|allowances?|targets?)\s*[:=–—-]\s*[a-z$\d]|\b(?:the\s+)?plan is\s+(?:to do\s+|to spend\s+)?\$?\d/i, /budget|limit|cap|allowance|target|plan is/i],
  ["setting", /\b(?:goal|(?<!\b(?:at|from|to|in)\s)target (?:for|of|is))\b[^.\d]{0,25}\$?\d|\b(?:budget|limit|cap|allowance)\b[^.\d]{0,30}\b(?:is|are|should be|to|at|=|of)\s+\$?\d|\b(?:budget|limit|cap|allowance)\s+\$?\d/i],
  ["reminding", /^(?:please\s+)?(?:remind|reminder|ping|alert|notify)\b/i],
  ["amending", AMENDING],
  [
    "recurring",
    /\b(?:we|i|they|he|she)\s+(?:usually\s+|always\s+|still\s+|currently\s+|now\s+)?(?:pay|spend|give|send|put|shell out|fork over)\b[^.?]*?\b(?:every|each|a|per)\s+(?:month|week|year|mo|yr)\b|\b(?:we|i|they|he|she)\s+(?:usually\s+|always\s+|still\s+|currently\s+|now\s+)?(?:pay|spend)\b[^.?]*\b(?:monthly|weekly|yearly|annually)\b|\b(?:is|are|runs?|costs?|comes to|pay|paying|we pay|i pay|spend|gets?|give|gives)\b[^.]*?\$?\d[\d,.]*\s*(?:dollars?|bucks?)?\s*(?:a|per|each|every|\/)\s*(?:month|mo|year|yr|week)\b|\b(?:is|are|costs?|runs?)\b[^.]*\b(?:monthly|every month|each month|a month)\b|\$?\d[\d,.]*\s*(?:monthly|every month|each month)\b|^[a-z][a-z' &+.-]{1,30}\s+\$?\d[\d,]*(?:\.\d+)?\s*(?:dollars?|bucks?)?\s*(?:a|per|\/)\s*(?:month|mo|week|wk)\s*[.!]*$|\$?\d[\d,.]*\s*(?:dollars?|bucks?)?\s*(?:every|each)\s+(?:\d+|two|three|six|other)\s+(?:months|weeks)\b|\$?\d[\d,.]*\s*(?:dollars?|bucks?)?\s*every\s+(?:week|month|year)\b|^(?:my|our|the)\s+(?:rent|mortgage|insurance|car payment|car note|phone bill|internet|daycare|tuition|hoa|gym|subscription|[a-z+]+ (?:sub|subscription|plan|bill|payment))\s+(?:is|are|runs|costs)\s+(?:usually\s+|about\s+|around\s+)?\$?\d/i,
  ],
  // Someone outside the household paid and the member owes them: a person named or a friend, a roommate, a
  // coworker (never a spouse or a child, whose spending is the household's), then a paying verb; or "i owe her".
  ["otherPaid", OTHER_PAID, OTHER_PAID_QUICK],
  ["otherPaid", OWE_BACK, /owe|pay|venmo|zelle/i],
  [
    "otherPaid",
    /^(?!(?:i|we|just|also|then|and|so|today|yesterday|me|wife|husband|hubby|partner|spouse|son|daughter|kid|kids|baby|finally|store|shop)\b)[a-z]+\s+(?:covered|paid for|picked up the (?:tab|bill|check)|got the|grabbed the (?:tab|bill|check)|paid the|bought the|treated (?:me|us)|bought (?:me|us)|fronted)\b|\b(?:i|we) owe (?:him|her|them|[A-Za-z]+)\s+(?:half|\$?\d|for\b)|\b(?:[A-Z][a-z]+|my (?:sister|brother|mom|dad|mother|father|friend|boss|partner|wife|husband|roommate|bf|gf|boyfriend|girlfriend|parents|in-laws|coworker|colleague)|mom|dad|he|she|they|someone)\s+(?:covered|paid for|picked up|treated (?:me|us)|got (?:the|this|it|dinner|lunch)|grabbed the (?:tab|bill|check)|bought (?:me|us)|paid the|fronted)\b/,
  ],
  [
    "noSpend",
    /\b(?:no[- ]spend(?:ing)?|zero[- ]spend(?:ing)?|didn'?t spend|did not spend|spent nothing|spent \$?0\b|nothing spent|no spending|nothing today|nothing yet|no purchases|bought nothing|nothing (?:bought|purchased)|didn'?t buy anything)\b/i,
  ],
  ["range", /(?<!\bus\s)\b\d[\d,]*(?:\.\d+)?(?:ish)?\s*(?:(?:i think|i guess|i believe|idk|or so|probably)\s*)?(?:-|–|,?\s*(?:to|or|maybe|or maybe|possibly|perhaps|or possibly|or perhaps|(?:might|could|may) (?:have )?been|or was it(?: like)?|or like))\s*\$?\d[\d,]*(?:\.\d+)?(?:ish)?\b(?!\s*(?:%|minutes?|mins?|hours?|hrs?|days?|weeks?|people|kids|years?|pm|am|ways|of\b|times|x\b))|\bbetween\s+\$?\d[\d,.]*\s+and\s+\$?\d/i],
  ["correcting", /\b(?:sorry|oops|whoops|i meant|i mean|correction|typo|my bad|no wait|wait no)\b/i],
  ["wishing", WISH, WISH_QUICK],
  [
    "history",
    /\b(?:(?:stayed|stay|staying|kept (?:it|us|me|spending|things|groceries|dining)|came in|coming in|finished|ended|ending|was|were|am|are|i'?m|we'?re|still|got|came out)\s+(?:(?:the|this|that) (?:week|month|day|year|weekend|trip)\s+)?(?:well\s+|way\s+|just\s+|barely\s+|right\s+|comfortably\s+|safely\s+|juu+st\s+)?(?:under|below|within|over|above)\s+(?:(?:the|my|our|budget)\s+)?(?:budget|\$?\d[\d,.]*k?)|(?:last|this past|previous) year|(?:\d+|a few|two|three|several) (?:years|months) ago|(?:back )?in (?:19|20)\d\d|usually|normally|typically|generally|on average|averag(?:e|ed|es|ing)|so far|total for (?:the|this) (?:week|month|day|year|trip)|(?:under|over) budget|\$?\d[\d,.]*\s+(?:under|over)(?:\s+(?:on|for|in)\b|\s*[.!]*$)|spending is at|(?:week|month)'?s? (?:total|spending))\b/i,
    /year|ago|in (?:19|20)|usual|normal|typical|general|averag|so far|total|budget|under|over|spending|within|below|above/i,
  ],
  ["due", /\b(?:due(?!\s+to\b)|pay by|(?:venmo|zelle|cash ?app|paypal|payment) request|requested \$?\d|requesting|(?:bill|renewal|invoice|statement|premium|quote)\s+(?:came in|arrived|is in|just came|showed up))\b/i, /due|pay by|request|came in|arrived|is in|just came|showed up/i],
  [
    "covered",
    /\b(?:(?:company|work|corporate|business|office)\s+(?:card|amex|visa|mastercard|account|credit card|expense)|expensed|(?:billed|charged|expensed|put)\s+(?:it\s+)?to\s+(?:work|the company|my company|the office|the client|my job|my employer)|(?:work|my job|the company|my company|my employer|employer|insurance|my insurance|the insurance|medicaid|medicare|the client|my fsa|fsa|hsa|my hsa)\s+(?:is\s+|will\s+|'ll\s+)?(?:paying|pay|paid|covered|covers|covering|cover|reimburses?|picking up|picked up)|(?:paid|covered)\s+(?:for\s+)?by\s+(?:work|the company|my company|insurance|my insurance|my employer|the client)|reimbursable|on the company|on (?:work|the company)'?s dime)\b/i,
    /company|work|corporate|business|office|expensed|billed|charged|job|employer|insurance|medica|client|fsa|hsa|reimbursable/i,
  ],
  [
    "balance",
    /\b(?:balance|loans? (?:is|are|at|of)|loans are|debt|owe (?:the (?:irs|bank|state|hospital|dentist|doctor))|still owe|net worth|savings (?:hit|is|are|at|reached|now)|(?:left|remaining) in (?:my |our |the )?(?:checking|savings|account|bank|wallet)|(?:have|got|has) \$?\d[\d,.]*\s*(?:dollars?|bucks?)? (?:in|left in) (?:cash|my wallet|checking|savings|the bank|my account|the account)|(?:checking|savings|account|wallet) (?:is |was )?(?:at|has|is down to|down to)|down to \$?\d)/i,
    /balance|loan|debt|owe|worth|saving|left in|remaining in|in cash|wallet|checking|account|down to/i,
  ],
  // What is left of a budget: "i have 200 left for groceries", "180 left in dining", "only 30 to spend this week".
  ["balance", /\$?\d[\d,.]*k?\s*(?:dollars?|bucks?)?\s+(?:left|remaining|to spend|left to spend|still available|available)\b(?!\s+(?:a\s+)?tip)(?!\s+on\s+(?:the\s+|my\s+|a\s+|our\s+|that\s+)?(?:gift\s*)?(?:card|cards|balance|it|coupon|voucher)\b)|\b(?:have|got|has|had)\s+(?:only\s+|just\s+)?\$?\d[\d,.]*\s*(?:dollars?|bucks?)?\s+(?:left|remaining)\b/i, /left|remaining|to spend|available/i],
  ["declining", DECLINING, DECLINING_QUICK],
  ["saving", /\b(?:saved|saving|put away|putting away|socked away|tucked away)\b(?!\s+(?:up\s+)?for\b)(?!\s+(?:me|us)\b)/i, /sav|away/i],
  // Money in from a person: "grandma sent 50", "alex venmoed me 30", "50 from my parents", "20 back from sam".
  ["receiving", new RegExp(String.raw`(?:^|[,;.!]\s*|\b(?:and|so)\s+)(?:my\s+|our\s+|the\s+)?${KIN}(?:\s+[a-z]+)?\s+(?:just\s+|finally\s+|also\s+)?${SENT}`, "i"), SENT_QUICK],
  ["receiving", new RegExp(String.raw`^(?!(?:i|we|you|just|also|finally|then|and|so|today|yesterday|already|me|they)\b)[a-z]+\s+(?:just\s+|finally\s+)?${SENT}`, "i"), SENT_QUICK],
  ["receiving", new RegExp(String.raw`${MONEY}\s+(?:back\s+)?from\s+(?:my\s+|our\s+|the\s+)?${KIN}\b|(?<!\bthere\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)\$?|[\d.,$])${MONEY}\s+back\b(?!\s+(?:home|to\b|again))|\b(?:venmo|zelle|cash ?app|paypal|e-?transfer|check|cheque|gift|transfer)\s+(?:of\s+)?${MONEY}?\s*from\s+(?:my\s+|our\s+|the\s+)?${KIN}\b`, "i"), /from|back/i],
  // Money in from an institution: interest earned, dividends, payouts, credits and reversals.
  [
    "receiving",
    /^(?!.*\b(?:paid|pay|paying|charged?|fees?|card|loan|apr|mortgage|owe|owed)\b).*\binterest\b|\b(?:dividends?|payout|paid out|stimulus|tax credit|pension|social security|unemployment (?:check|benefits?)|inheritance|settlement check|commission check|royalt(?:y|ies)|direct deposit|credited|credit back|charge ?back|money back|reversed|reversal|(?:rewards?|points) (?:redeemed|payout|credit|deposit)|redeemed (?:my |our )?(?:points|rewards)|returned (?!from\b|home\b)|invoice (?:paid|came in)|client paid|(?:came|come|comes) in\b(?!\s+(?:at|under|over|to|around|about)\b))/i,
    /interest|dividend|payout|paid out|stimulus|credit|pension|security|unemploy|inherit|settlement|commission|royalt|deposit|charge ?back|money back|revers|redeem|points|returned|invoice|client|c[oa]mes? in/i,
  ],
  // Payments toward a card or a loan, and money put into the household's own accounts and funds.
  ["moving", new RegExp(String.raw`\b(?:moved|move|moving|transferred|transfer|transferring|sent|send|put|putting|deposited|stashed|saved|added|adding|contributed|contributing|socked|tucked|threw|invested|paid|pay)\b[^.]{0,40}?\b(?:to|into|in|toward|towards)\s+(?:(?:my|our|the|his|her|their|kids'?|the kids'?|[a-z]+'s)\s+)*(?:[a-z'-]+\s+){0,2}${FUND}\b|${MONEY}\s*(?:to|into|in|->|→)\s+(?:(?:my|our|the)\s+)?(?:[a-z'-]+\s+){0,2}${FUND}\b`, "i"), FUND_QUICK],
  ["moving", new RegExp(String.raw`\b(?:paid|pay|paying|payment|put|putting|sent|made|threw|applied|extra)\b[^.]{0,40}?\b(?:toward|towards|against)\s+(?:(?:my|our|the|his|her|their)\s+)?(?:[a-z'-]+\s+){0,2}${DEBT}\b|\b(?:paid|paying|pay)\s+(?:off|down)\b|\b(?:paid|pay|paying)\s+(?:off|down)\s+(?:(?:my|our|the)\s+)?${CARD}\b`, "i"), /toward|against|off\b|down\b/i],
  // Settling up with a person or lending to one: money between people, not new spending.
  ["moving", /\b(?:paid|pay|paying|venmo'?e?d|zelle'?d|sent)\s+(?:(?:my|our|the)\s+)?(?!me\b|us\b)[a-z]+\s+back\b|\b(?:paid|paying|pay)\s+back\s+(?!for\b|me\b|us\b)[a-z]+|\bsettled up\b|\b(?:lent|loaned|lend|loan(?:ing)?)\s+(?:my\s+|our\s+)?[a-z]+\s+\$?\d/i, /back|settled|lent|loan|lend/i],
  // A price seen at a shop, in the present: "gas is 3.19 at the costco", "eggs are 5.49 a dozen at aldi", "milk at
  // target is 3.99". Never a bill, a meal or my share ("lunch is 14 at chipotle" is read as a purchase).
  ["remarking", PRICE_AT_PLACE, /\bat\b|@/i],
  // A shop selling something at a price: "costco has eggs for 4.99", "walmart has the tv for 298", "target is selling
  // the lego set for 80". Present tense, the shop as the subject.
  ["remarking", /^(?!(?:i|we|he|she|they|you|my|our|wife|husband|hubby|kids?|son|daughter|mom|dad)\b)(?:[a-z'&-]+\s+){0,2}[a-z'&-]+\s+(?:has|have|is selling|are selling|sells|is having|carries|is doing|is running)\s+(?:the\s+|a\s+|an\s+|their\s+|its\s+|some\s+|them\s+|it\s+)?(?:[a-z'&-]+\s+){0,4}?(?:for|at|on sale for|marked down to|down to)\s+(?:only\s+|just\s+)?\$?\d/i, /\bhas\b|\bhave\b|sell|having|carries|doing|running/i],
  // A unit price remarked on with no verb: "eggs 7 bucks a dozen now", "milk 4.29 a gallon these days".
  ["remarking", /\$?\d[\d,.]*\s*(?:dollars?|bucks?|cents?)?\s*(?:a|per|\/)\s*(?:dozen|gallon|gal|lb|pound|pack|box|bag|bottle|liter|litre|kg|oz|carton|loaf|head|bunch)\s+(?:now|these days|nowadays|lately|already|again|everywhere|wtf|smh|ugh|lol|omg|!)/i, /dozen|gallon|gal|lb|pound|pack|box|bag|bottle|liter|litre|kg|oz|carton|loaf|head|bunch/i],
  // A price asked or quoted by someone else: "uber wanted 60 to the airport", "the dentist charges 150 for a cleaning".
  ["planning", /^(?!(?:i|we|me|my|our)\b)(?:the\s+)?[a-z'-]+(?:\s+[a-z'-]+)?\s+(?:wanted|wants|is asking|was asking|asks|is asking for|asked for|charges|is charging|quoted me|quoted us)\s+\$?\d/i, /want|asking|asks|asked|charges|charging|quoted/i],
  // A price seen or changed is a fact, not a purchase.
  [
    "remarking",
    /\b(?:(?:higher|lower|more|less|cheaper|pricier|dearer)\s+than|(?:went|gone|goes|jumped|rose) from \$?\d+|(?:rais|hik|upp|lower|increas)(?:ed|ing|es|e)?\s+(?:the |their |its |our )?(?:prices?|rates?|fees?|rent|premiums?)|doubled|tripled|halved|(?:went|gone|jumped|rose|climbed|shot up|dropped|fell) to \$?\d|went up|gone up|go(?:es|ing)? up|went down|gone down|go(?:es|ing)? down|rose|risen|jumped|spiked|climbed|skyrocketed|dropped to|fell to|increased|decreased|(?:raised|hiked|upped|lowered|cut) (?:the |their |its )?prices?|price (?:increase|hike|went|is|of|for)|prices (?:are|went|at|of|for|have)|used to (?:be|cost)|(?:is|are) up to|now (?:costs?|is|are)|costs? now)\b|\b(?:is|are|'s|'re|costs?)\s+(?:like\s+|about\s+|almost\s+|over\s+|nearly\s+|already\s+|now\s+)?\$?\d[\d,.]*\s*(?:dollars?|bucks?)?\s*(?:(?:a|per|\/)\s*[a-z]+\s*|each\s+|apiece\s+)?(?:now|these days|nowadays|already|again|everywhere|anymore|here|there)\b|\b(?:here|there|now|lately|these days|nowadays)\s+(?:is|are|costs?|runs?)\s+\$?\d/i,
  ],
];

const SET_CATEGORY = /^(?:please\s+|can you\s+)?(?:set|raise|lower|increase|decrease|bump(?: up)?|up|reduce|cut|adjust|change|update|make)\s+(?:my\s+|our\s+|the\s+)?([a-z& ]{3,40}?)\s+(?:to|at|by|=)\s+\$?\d/i;
// A budget given to a category for a period, as people say it: "give gas 200 for december", "let's do 150 for eating
// out next month", "put dining at 250 for january", "allot 80 to coffee each week". Group 1 or 2 is the category.
const PERIOD = String.raw`(?:(?:for|in|during|through|thru|over)\s+(?:the\s+)?(?:(?:this|next|the|whole|rest of the)\s+)?(?:month|week|year|holidays?|christmas|summer|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)|(?:this|next|each|every|a|per)\s+(?:month|week|year|paycheck|pay period)|every\s+(?:\d+|two|three|four|six|other|couple(?: of)?)\s+(?:weeks?|months?)|biweekly|monthly|weekly|going forward|from now on|(?:for\s+)?now\s*[.!]*$|starting (?:next|this|in|on)\b)`;
const MONTHS = String.raw`(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)`;
const GIVE_LEAD = String.raw`^(?:(?:for|in)\s+(?:the\s+)?(?:(?:next|this)\s+)?(?:month|week|${MONTHS})[,:]?\s+)?(?:(?:ok(?:ay)?|so|and|then|hmm+|maybe|alright)[,]?\s+)?(?:let'?s\s+|lets\s+|we'?ll\s+|i'?ll\s+|we should\s+|i want to\s+|can we\s+|how about\s+|maybe\s+|just\s+|please\s+|(?:we'?re|i'?m|we are|i am)\s+(?:going to\s+|gonna\s+)?)?`;
const PROPOSAL = String.raw`^(?:(?:for|in)\s+(?:the\s+)?(?:(?:next|this)\s+)?(?:month|week|${MONTHS})[,:]?\s+)?(?:(?:ok(?:ay)?|so|and|then|hmm+|maybe|alright)[,]?\s+)?(?:let'?s|lets|we should|i want to|can we|how about we|maybe we should|we could)\s+`;
const FIGURE = String.raw`\$?\d[\d,.]*k?\s*(?:dollars?|bucks?)?`;
// "groceries: 600 for december", "we agreed 300 for christmas gifts", "settled on 80 a week for coffee".
const CATEGORY_FOR_PERIOD = new RegExp(String.raw`^(?:(?:the|my|our)\s+)?([a-z&' ]{2,30}?)\s*:\s*${"\\$"}?\d[\d,.]*k?\s*(?:dollars?|bucks?)?\s+(?:for|in)\s+(?:the\s+)?(?:(?:next|this)\s+)?(?:month|week|year|holidays|${MONTHS})\s*[.!]*$`, "i");
const AGREED = new RegExp(String.raw`\b(?:agreed(?:\s+(?:on|to))?|decided on|settled on|we said|capping|limiting (?:ourselves|myself|us|me) to)\s+${"\\$"}?\d[\d,.]*k?\s*(?:dollars?|bucks?)?\s+(?:a (?:week|month)\s+)?(?:for|on|to|toward|towards)\s+(?:the\s+|my\s+|our\s+)?([a-z&' ]{2,30}?)\s*(?:[.!]|$|${PERIOD})`, "i");
const GIVE_BUDGET = new RegExp(
  String.raw`${GIVE_LEAD}(?:give|allow|allot|earmark|do|doing|try|trying|make it|go with|going with|say|keep|put|set aside)\s+(?:(?:the|my|our)\s+)?([a-z&' ]{2,30}?)\s+(?:budget\s+)?(?:at\s+|to\s+)?${FIGURE}\s*${PERIOD}` +
    String.raw`|${GIVE_LEAD}(?:give|allow|allot|earmark|do|doing|try|trying|make it|go with|going with|say|set aside|put)\s+${FIGURE}\s+(?:a (?:week|month)\s+)?(?:aside\s+)?(?:for|to|toward|towards)\s+(?:the\s+|my\s+|our\s+)?([a-z&' ]{2,30}?)\s+(?:budget\s+)?${PERIOD}` +
    String.raw`|${GIVE_LEAD}(?:give|allot|earmark)\s+(?:(?:the|my|our)\s+)?([a-z&' ]{2,30}?)\s+${FIGURE}\s*[.!]*$` +
    String.raw`|${GIVE_LEAD}(?:keep|hold|cap)\s+(?:(?:the|my|our)\s+)?([a-z&' ]{2,30}?)\s+(?:budget\s+)?(?:at|to|under|below)\s+${FIGURE}` +
    String.raw`|^(?:(?:the|my|our)\s+)?([a-z&' ]{2,30}?)\s+(?:budget\s+)?(?:gets|should get|will get|can have|can get|get)\s+${FIGURE}\s*${PERIOD}` +
    // A proposal ("let's do 500 for groceries", "how about 80 for coffee") sets a budget with or without a period.
    String.raw`|${PROPOSAL}(?:give|allow|allot|do|try|make it|go with|say|set aside|put|keep)\s+${FIGURE}\s+(?:aside\s+)?(?:for|to|on|toward|towards)\s+(?:the\s+|my\s+|our\s+)?([a-z&' ]{2,30}?)\s*(?:budget\s*)?(?:[.!]|$|${PERIOD})` +
    String.raw`|${PROPOSAL}(?:give|allow|allot|do|make|keep|put)\s+(?:(?:the|my|our)\s+)?([a-z&' ]{2,30}?)\s+(?:budget\s+)?(?:at\s+|to\s+)?${FIGURE}\s*(?:[.!]|$|${PERIOD})`,
  "i",
);
// A paying verb in the strict sense: "eggs cost 6 now" remarks on a price, "paid 6 for eggs" spent it.
const STRICT_PAYING = /\b(?:spent|paid|bought|purchased|ordered|grabbed|picked up|dropped \$?\d|blew|treated myself)\b/i;
// "got 20 from sam", "received 60 from mike": money in, unless "from" names a shop ("got 12 from chipotle").
const GOT_FROM = /\b(?:got|received|recieved|collected|venmo'?e?d|zelle'?d|cash ?app'?d|paypal'?e?d|e-?transferred)\s+(?:me\s+|us\s+)?\$?\d[\d,.]*\s*(?:dollars?|bucks?)?\s+(?:back\s+)?from\s+(?:my\s+|our\s+|the\s+)?([a-z][a-z'&-]*(?:\s+(?!for\b|to\b|because\b|as\b|in\b|on\b)[a-z][a-z'&-]*){0,2})/i;
// A card payment only when nothing bought is named: "paid 200 on the visa" moves money, "paid 50 for dinner on my visa" spent it.
const CARD_ON = new RegExp(String.raw`\b(?:paid|pay|paying|put|sent|made|autopay|auto-pay|auto pay|payment)\b[^.]{0,30}?\b(?:on|to|for)\s+(?:(?:my|our|the)\s+)?(?:[a-z'-]+\s+)?${CARD}\b|\b(?:paid|pay|paying)\s+(?:(?:my|our|the)\s+)?${CARD}\b`, "i");
const CARD_WORDS = new RegExp(String.raw`${CARD}|\b(?:paid|pay|paying|put|sent|made|on|to|the|my|our)\b`, "gi");

/** The roles of the word spans in a message (each role at most once). */
export function tagSpans(text: string): Set<SpanRole> {
  const roles = new Set<SpanRole>();
  for (const [role, re, quick] of SPAN_CUES) if (!roles.has(role) && (!quick || quick.test(text)) && re.test(text)) roles.add(role);
  if (/\?\s*$/.test(text)) roles.add("asking");
  if (!roles.has("amending") && INTERJECTION.test(text) && amendCommand(text) !== text) roles.add("amending");
  if (!roles.has("setting")) {
    const set = SET_CATEGORY.exec(text);
    // "change the gas to 41" edits an expense; "set groceries to 600", "change dining to 300" set a limit.
    if (set && !/^(?:please\s+|can you\s+)?(?:change|update|make|fix|correct|edit)\s+the\s/i.test(text) && categoryFromName(set[1].replace(/\b(?:budget|spending|limit|category|monthly|weekly)\b/gi, " ").trim())) roles.add("setting");
  }
  if (!roles.has("setting")) {
    const give = GIVE_BUDGET.exec(text) ?? CATEGORY_FOR_PERIOD.exec(text) ?? AGREED.exec(text);
    const words = give ? (give[1] ?? give[2] ?? give[3] ?? give[4] ?? give[5] ?? give[6] ?? give[7]).replace(/\b(?:budget|spending|category|the|my|our)\b/gi, " ").trim() : "";
    if (words && (categoryFromName(words) || categorize(words))) roles.add("setting");
  }
  if (!roles.has("receiving")) {
    const from = /\bfrom\b/i.test(text) ? GOT_FROM.exec(text) : null;
    if (from && !categorize(from[1])) roles.add("receiving");
  }
  if (!roles.has("moving") && CARD_QUICK.test(text) && CARD_ON.test(text) && !categorize(text.replace(/\$?\d[\d,.]*/g, " ").replace(CARD_WORDS, " "))) roles.add("moving");
  // A child's allowance handed over is money out of the household, not a budget's allowance.
  if (roles.has("setting") && /\b(?:kid|kids|son|daughter|child|children|boy|girl|teen)(?:'s|s'|s)?\s+allowance\b/i.test(text) && !/\b(?:budget|limit|cap|set|raise|lower)\b/i.test(text)) roles.delete("setting");
  // Money given for a birthday or a holiday: "got 200 for my birthday from grandma".
  if (!roles.has("receiving") && /\b(?:got|received|recieved|was given)\s+\$?\d[\d,.]*\s*(?:dollars?|bucks?)?\s+(?:for|as)\s+(?:my\s+|a\s+)?(?:birthday|bday|b-day|christmas|xmas|graduation|hanukkah|eid|diwali|anniversary|gift|present)\b/i.test(text)) roles.add("receiving");
  // A remark needs no purchase in it: "paid 4.29 for milk, it went up" was still spent.
  if (roles.has("remarking") && (STRICT_PAYING.test(text) || roles.has("recurring"))) roles.delete("remarking");
  return roles;
}

const NUMBER_RE = /\$?\s*(?<![\w.,/:])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\d/])/g;
const MEASURE_AFTER = /^\s*(?:a dozen|per (?:dozen|gallon|pound|lb)|(?:a|per|\/)\s*(?:gallon|gal|lb|pound|dozen|kg|liter|litre|oz|each))\b/i;
const COUNT_AFTER = /^\s*(?:of us|of them|of you|kids?|children|child|sons?|daughters?|dogs?|cats?|pets?|hamsters?|gerbils?|guinea pigs?|rabbits?|bunn(?:y|ies)|birds?|parrots?|fish|goldfish|turtles?|lizards?|snakes?|chickens?|hens?|goats?|horses?|ferrets?|puppies|puppy|kittens?|grandkids?|nephews?|nieces?|siblings?|teens?|teenagers?|toddlers?|boys|girls|twins|guests|stepkids|foster kids|people|persons?|adults|members|roommates|cars|bedrooms?|bathrooms?|rooms|grandkids|babies|times|books|pages|episodes|chapters|loads|calls|emails|texts|(?:-|\s)?days?\s+(?:streak|in a row|challenge|straight|without|of no|no\b)|-?day (?:streak|challenge)|(?:more\s+)?(?:days?|weeks?|months?|years?|nights?|hours?)\s+(?:left|to go|until|till|more)\b|more (?:days?|weeks?|months?|years?|nights?|hours?|times?)\b)/i;
// "1 husband", "1 very tired mom": people and pets counted, a few words of feeling between.
const PEOPLE_AFTER = /^\s*(?:(?:very|super|so|tired|exhausted|crazy|happy|little|big|old|grumpy|sleepy|lazy|spoiled|tiny|stressed|overwhelmed|sweet|wild|hungry|loud|needy)\s+){0,3}(?:husbands?|wives|wife|spouses?|moms?|mums?|dads?|humans?|adults?|babies|baby|toddlers?|kids?|dogs?|cats?)\b/i;
// "a family of 4", "party of 6", "table for 2": a head count.
const COUNT_BEFORE = /\b(?:family|party|group|household|team|crew|table|litter|class|gang|bunch|squad|house|home|couple|total) (?:of|for)\s*$/i;
const NAME_BEFORE = /\b(?:floor|level|aisle|pump|terminal|locker|stop|exit|flight|room|apt|apartment|suite|unit|gate|route|highway|hwy|interstate|i-|bus|line|seat|row|table|platform|track|account|acct|zip|code|pin|version|v|model|number|no\.|#)\s*$/i;
const NAME_AFTER = /^\s*(?:st|street|ave|avenue|rd|road|blvd|dr|drive(?![- ]?(?:thru|through|in)\b)|ln|lane|way|ct|court|pl|place)\b/i;
// An age: "i'm 34", "she's 9 now", "my son turns 12 on friday", "dad turned 70" (never with money words after).
const AGE_BEFORE = /\b(?:i'?m|i am|she'?s|he'?s|they'?re|we'?re|turns?|turned|turning|aged?)\s*$/i;
const NOT_AGE_AFTER = /^\s*(?:dollars?|bucks?|k\b|over|under|short|behind|down|up|in debt|for\b|on (?:the|a|my|our)\b|at\b)/i;

/** Every number in the message with its role from the words around it. */
export function tagNumbers(text: string): TaggedNumber[] {
  const dates = findDateSpans(text);
  const out: TaggedNumber[] = [];
  let prevEnd = 0;
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
    // "dinner at 7 tonight", "the game starts at 7": a clock time, not a price.
    else if (!raw.includes("$") && /\bat\s*$/i.test(before) && /^\s*(?:1[0-2]|[1-9])\s*$/.test(raw) && /^\s*(?:[.!?]|$|tonight|tomorrow|today|this (?:morning|afternoon|evening)|with|on|sharp|and)/i.test(after))
      role = "time";
    else if (!raw.includes("$") && (MEASURE_AFTER.test(after) || MEASURE_UNIT.test(after))) role = "measure";
    // "flight 1234 got delayed", "room 204 at the hotel": part of a name; but a price closing the message
    // after something bought ("storage unit 110", "hotel room 189") is still a price.
    else if (!raw.includes("$") && !raw.includes(".") && AGE_BEFORE.test(before) && Number(raw) >= 1 && Number(raw) <= 110 && !NOT_AGE_AFTER.test(after)) role = "count";
    else if (!raw.includes("$") && !raw.includes(".") && (NAME_AFTER.test(after) || /#\s*$/.test(before) || (NAME_BEFORE.test(before) && !(/^\s*[.!]*\s*$/.test(after) && categorize(text.slice(0, start))))))
      role = "name";
    else if (!raw.includes("$") && (COUNT_AFTER.test(after) || PEOPLE_AFTER.test(after) || COUNT_BEFORE.test(before) || /\b(?:we have|i have|there are|have got|we're|we are|i'm|i am|are|is|turned|turning)\s*$/i.test(before) && !/\b(?:it|that|this|which|bill|total|price|cost)\s+(?:is|are)\s*$/i.test(before) && /^(?:\s*(?:,|and|&|,\s*and)\s*\d+)*\s*(?:years? old|yrs? old|yo)?\s*(?:[.!?]|$)/.test(after) && /\b(?:kids|children|they|we|i|she|he|sons?|daughters?)\b/i.test(before)))
      role = "count";
    else if (/^\s*(?:x\b|×)/i.test(after) && !raw.includes(".") && !raw.includes("$")) role = "quantity";
    // "day 3 of no takeout": a day of a streak or challenge.
    else if (!raw.includes("$") && !raw.includes(".") && /\bday\s*$/i.test(before) && /^\s*(?:of|done|down|complete|in a row|[!])/i.test(after)) role = "count";
    // "2 for 1 deal", "buy 1 get 1": the name of an offer, not a price.
    else if (!raw.includes("$") && !raw.includes(".") && Number(raw) <= 5 && (/^\s*for\s+[1-5]\b(?!\s*(?:dollars?|bucks?))/i.test(after) || /\b[1-5]\s+for\s*$/i.test(before) || /\b(?:buy|get)\s*$/i.test(before) && /\b(?:buy|get)\s+\d\s+(?:get|free)\b/i.test(text)) && /\b(?:deal|special|offer|sale|promo|happy hour|bogo|free)\b/i.test(text)) role = "name";
    // A list continues its first number's role: "the kids are 5, 7 and 9", "ages 3 and 6".
    const prev = out[out.length - 1];
    if (role === "price" && !raw.includes("$") && !raw.includes(".") && Number(raw.replace(/[^\d]/g, "")) <= 30 && prev && (prev.role === "count" || prev.role === "measure") && !COUNT_BEFORE.test(text.slice(Math.max(0, prev.start - 24), prev.start)) && /^\s*(?:,|and|&|or|,\s*and)\s*$/i.test(text.slice(prevEnd, start))) role = prev.role;
    prevEnd = end;
    out.push({ text: raw.trim(), start, role });
  }
  return out;
}

// A shop whose name holds a word of money in, out or moved ("whole paycheck", "cash and carry", "dollar tree",
// "buy buy baby", "payless"): the name is a shop, never a role.
const SHOP_ROLE_WORDS = /\b(?:paycheck|payless|dollar|cash|save|saver|savings|bank|credit|deposit|money)\b/i;

/** The message with such shop names blanked, for reading roles; the text itself is read unchanged for expenses. */
export function maskShopNames(text: string): string {
  if (!SHOP_ROLE_WORDS.test(text)) return text;
  let out = text;
  for (const hit of lexiconHits(text)) {
    if (!hit.merchant || !SHOP_ROLE_WORDS.test(hit.phrase)) continue;
    const words = hit.phrase.split(" ").map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    out = out.replace(new RegExp(String.raw`\b${words.join(String.raw`[^a-z0-9]+`)}\b`, "i"), "the shop");
  }
  return out;
}
