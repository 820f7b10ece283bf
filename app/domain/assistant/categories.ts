import { EMOJI_CATEGORIES } from "./emoji.data";
import { KEYWORDS, KEYWORD_LISTS } from "./keywords.data";
import { MERCHANT_LISTS } from "./merchants.data";
import { TypoIndex, soundKeys } from "./typos";

// The nine spending categories (seeded in migrations/0001) and the words that point at each.

export const CATEGORY_IDS = ["food", "dining", "coffee", "transport", "shopping", "entertainment", "health", "utilities", "other"] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export const CATEGORY_NAMES: Record<CategoryId, string> = {
  food: "Food & Groceries",
  dining: "Dining Out",
  coffee: "Coffee & Drinks",
  transport: "Gas & Transportation",
  shopping: "Shopping",
  entertainment: "Entertainment",
  health: "Health & Fitness",
  utilities: "Utilities",
  other: "Other",
};

export const CATEGORY_EMOJI: Record<CategoryId, string> = {
  food: "🛒",
  dining: "🍽️",
  coffee: "☕",
  transport: "⛽",
  shopping: "🛍️",
  entertainment: "🎬",
  health: "💪",
  utilities: "💡",
  other: "📦",
};

export function isCategoryId(value: string): value is CategoryId {
  return (CATEGORY_IDS as readonly string[]).includes(value);
}

// Words people use for the categories themselves ("make that dining", "how much on coffee?").
const NAME_WORDS: Record<CategoryId, string> = {
  food: "food|groceries|grocery|food and groceries|food & groceries",
  dining: "dining|dining out|eating out|restaurants|restaurant|takeout|take out",
  coffee: "coffee|coffee and drinks|coffee & drinks|drinks",
  transport: "transport|transportation|gas and transportation|gas & transportation|travel|commute|gas",
  shopping: "shopping",
  entertainment: "entertainment|fun",
  health: "health|fitness|health and fitness|health & fitness|medical",
  utilities: "utilities|utility|bills",
  other: "other|misc|miscellaneous",
};

/** The category a phrase names outright, e.g. "dining out" → dining. */
export function categoryFromName(text: string): CategoryId | null {
  const t = text.toLowerCase().replace(/[^a-z& ]+/g, " ").replace(/\s+/g, " ").trim();
  for (const id of CATEGORY_IDS) {
    if (NAME_WORDS[id].split("|").includes(t)) return id;
  }
  return null;
}


export interface LexiconHit {
  category: CategoryId;
  weight: number;
  phrase: string;
  /** A merchant's name (kept in merchant memory keys), not a word for what was bought. */
  merchant: boolean;
  /** Where in the message's words the phrase was found (first word, and one past its last). */
  at?: number;
  end?: number;
}

// Weights: an override (4) beats a merchant (3), which beats a keyword (2), which beats a hint (1). A
// mixed-goods merchant (a convenience store, pharmacy or big-box store) weighs just under a keyword, so what
// was bought decides ("wawa hoagie" is dining, "costco tv" shopping) and the store decides alone.
const WEAK_MERCHANT = 1.9;

const PHRASES = new Map<string, LexiconHit>();
let LONGEST = 1;
function addPhrase(raw: string, category: CategoryId, weight: number, merchant: boolean): void {
  const phrase = normalizeWords(raw);
  if (!phrase) return;
  const existing = PHRASES.get(phrase);
  // The first listing of a phrase wins unless a later one is stronger (merchants beat keywords).
  if (existing && existing.weight >= weight) return;
  PHRASES.set(phrase, { category, weight, phrase, merchant });
  LONGEST = Math.max(LONGEST, phrase.split(" ").length);
}
for (const id of CATEGORY_IDS) {
  for (const raw of KEYWORDS[id].keywords.split("|")) addPhrase(raw, id, 2, false);
  for (const raw of KEYWORDS[id].hints?.split("|") ?? []) addPhrase(raw, id, 1, false);
}
for (const list of KEYWORD_LISTS) for (const raw of list.words) addPhrase(raw, list.category, 2, false);
// The merchant lexicon is data (merchants.data.ts, with sources); merchants outweigh keywords.
for (const list of MERCHANT_LISTS) {
  for (const raw of list.names) addPhrase(raw, list.category, list.mixed ? WEAK_MERCHANT : 3, true);
}

// Typos forgiven (typos.ts) in merchant names of six letters or more and in keywords of seven or more (a
// shorter keyword is too often one letter from another real word: "lunch" and "bunch"). Multi-word names
// are also filed joined, so "home depo" and "chic fil a" are found from their words typed together.
const TYPOS = new TypoIndex<LexiconHit>();
const JOINED_TYPOS = new TypoIndex<LexiconHit>(1);
for (const hit of PHRASES.values()) {
  const letters = hit.phrase.replace(/ /g, "");
  if (!/^[a-z0-9]+$/.test(letters)) continue;
  if (hit.phrase.includes(" ")) {
    if (hit.merchant) JOINED_TYPOS.add(letters, hit);
  } else if (hit.merchant) TYPOS.add(hit.phrase, hit);
  else if (hit.weight === 2 && hit.phrase.length >= 7) TYPOS.add(hit.phrase, hit);
}

// Words of multi-word names ("trader", "depot", "papa"): a name typed with a slip keeps at least one of them
// whole ("home depo", "papa jons"), so windows of other words are not searched for one.
const WORDS_OF_NAMES = new Set<string>();
for (const hit of PHRASES.values()) {
  if (!hit.merchant || !hit.phrase.includes(" ")) continue;
  for (const w of hit.phrase.split(" ")) if (w.length >= 3 && !["the", "and", "for", "of"].includes(w)) WORDS_OF_NAMES.add(w);
}

// A name typed as one word ("tacobell", "homedepot", "innout") is that name.
for (const hit of [...PHRASES.values()]) {
  if (!hit.phrase.includes(" ") || hit.weight < WEAK_MERCHANT) continue;
  const joined = hit.phrase.replace(/ /g, "");
  if (joined.length >= 6 && !PHRASES.has(joined)) PHRASES.set(joined, { ...hit, phrase: joined });
}

// Real words one slip from a lexicon word, found by checking the lexicon against a large English word list:
// they are meant as typed ("message" is not "massage", "heading" not "heating").
const REAL_WORDS = new Set("message|messages|heading|convert|converts|converted|rating|ratings|charter|alice|energy|presets|getters|martians|transmit|inspecting|matches|routes|reasons|deeper|dealing|treating|garage|marking|parting|packing|barking|wedding|session|around|below|eleven|desert|deserts|stars".split("|"));

// A message's words are looked up several times while it is read (each part is categorized), so near-miss
// lookups are remembered; the memo is small and emptied when full, so it serves one message at a time (and
// a benchmark that repeats its messages gains nothing from it).
const TYPO_MEMO = new Map<string, LexiconHit | null>();
function remembered(key: string, index: TypoIndex<LexiconHit>): LexiconHit | null {
  const seen = TYPO_MEMO.get(key);
  if (seen !== undefined) return seen;
  if (TYPO_MEMO.size >= 64) TYPO_MEMO.clear();
  const hit = index.find(key.slice(1));
  TYPO_MEMO.set(key, hit);
  return hit;
}

function typoHit(word: string): LexiconHit | null {
  if (word.length < 5 || !/^[a-z]+$/.test(word) || REAL_WORDS.has(word) || CHAT_WORDS.has(word)) return null;
  return remembered(`w${word}`, TYPOS);
}

// Spelt by ear or in play ("starbux", "farmacy", "kwik trip") and with a letter doubled or dropped from a
// double ("gass", "coffe", "pizzza"): words and single-word names of three letters or more filed under their
// sound-alike key (typos.ts); a key two categories share guesses nothing.
const SOUNDS = new Map<string, LexiconHit | null>();
for (const hit of PHRASES.values()) {
  if (hit.weight < WEAK_MERCHANT) continue;
  const letters = hit.merchant ? hit.phrase.replace(/ /g, "") : hit.phrase;
  if (!/^[a-z]+$/.test(letters) || letters.length < (hit.merchant ? 4 : 3)) continue;
  for (const key of soundKeys(letters)) {
    const seen = SOUNDS.get(key);
    if (seen === undefined) SOUNDS.set(key, hit);
    else if (seen && seen.category !== hit.category && hit.weight >= seen.weight) SOUNDS.set(key, seen.weight === hit.weight ? null : hit);
  }
}
function soundOf(word: string): LexiconHit | null {
  for (const key of soundKeys(word)) {
    const hit = SOUNDS.get(key);
    if (hit) return hit;
  }
  return null;
}
// Real English words that share a known word's sound-alike key are meant as typed ("poop" is not "pop", "late"
// not "latte", "lift" not "lyft"): every such word of a 100,000-word American English list (Debian's
// wamerican) checked against the lexicon, less spellings of the same thing ("chilli", "dinning", "tyre").
const SOUND_REAL_WORDS = new Set(
  "angie|cannes|caph|cooke|crystal|curie|denis|dennis|gino|hells|hooper|joan|mick|pisa|sara|taylor|trey|tyree|weiss|aery|anthropology|bare|biggie|bootless|brass|brasses|buses|busies|busses|buzz|buzzes|cars|chilies|chillies|chilly|clock|cocci|cocks|cocky|conned|cooks|cosy|cozy|crocks|crooks|denies|desert|dickies|farm|filings|fills|fizz|frees|friendlies|frizz|glazes|grok|groks|hive|hocks|icky|kiss|knots|kooks|kooky|late|lift|links|liter|look|many|marshals|maverick|mortgagee|mousse|orbits|peepers|phish|poll|poop|racetrack|rallies|riffle|rise|sacks|sacs|sales|saloon|scatting|shoots|silvan|sissies|stars|stocks|tacks|ticks|tics|tool|vice|wacks|whacks|whine|zeds".split("|"),
);

/** A name typed in words and by ear ("krispy creme", "star bux"): the words together meet a merchant's key. */
function joinedSoundHit(together: string): LexiconHit | null {
  const hit = soundOf(together);
  return hit && hit.merchant ? hit : null;
}

// Chat words that are no purchase, though one is a plural or a sound-alike of a name ("whoops" is no WHOOP band,
// "wifey" no wifi, "ppl" people and not PPL Electric, "totes" totally): never read as a lexicon word.
const CHAT_WORDS = new Set(["whoops", "oops", "wifey", "hubby", "ppl", "totes", "lols", "hehe"]);

function soundHit(word: string): LexiconHit | null {
  if (word.length < 4 || !/^[a-z]+$/.test(word) || SOUND_REAL_WORDS.has(word) || REAL_WORDS.has(word) || CHAT_WORDS.has(word)) return null;
  const hit = soundOf(word);
  // The same spelling is not a slip of itself (a phrase found as typed was matched before this).
  return hit && hit.phrase.replace(/ /g, "") !== word ? hit : null;
}

const EMOJI = new Map<string, CategoryId>();
for (const id of CATEGORY_IDS) {
  for (const e of EMOJI_CATEGORIES[id].match(/\p{Extended_Pictographic}\ufe0f?/gu) ?? []) {
    EMOJI.set(e.replace(/\ufe0f/g, ""), id);
  }
}
const EMOJI_RE = /\p{Extended_Pictographic}/gu;

function emojiHits(text: string): LexiconHit[] {
  const hits: LexiconHit[] = [];
  for (const m of text.matchAll(EMOJI_RE)) {
    const category = EMOJI.get(m[0]);
    // An emoji stands for its category on its own ("🍔 13"); a word beside it is more specific ("🐶 vet 120").
    if (category) hits.push({ category, weight: WEAK_MERCHANT, phrase: m[0], merchant: false });
  }
  return hits;
}

// Phrases that must win over their parts regardless of order of listing.
const OVERRIDES: Record<string, CategoryId> = {
  // What was bought beats where: "groceries at Walmart" is groceries.
  groceries: "food",
  grocery: "food",
  "grocery run": "food",
  "grocery shopping": "food",
  "food shopping": "food",
  "gas bill": "utilities",
  // The gas utility, not the pump.
  "gas company": "utilities",
  "gas utility": "utilities",
  "gas and electric": "utilities",
  "gas & electric": "utilities",
  "natural gas": "utilities",
  "uber eats": "dining",
  "amazon fresh": "food",
  "walmart grocery": "food",
  "costco gas": "transport",
  "subway sandwich": "dining",
  // "Subway" alone is the sandwich chain; the train is "the subway" or its fare, pass or card.
  "the subway": "transport",
  "subway fare": "transport",
  "subway ride": "transport",
  "subway pass": "transport",
  "subway card": "transport",
  "subway ticket": "transport",
  "subway token": "transport",
  "subway train": "transport",
  "subway station": "transport",
  "pack of water": "food",
  "subway sub": "dining",
  "subway footlong": "dining",
  "dog food": "other",
  "cat food": "other",
  "pet food": "other",
  "baby food": "food",
  "phone case": "shopping",
  "running shoes": "health",
  "coffee beans": "food",
  "coffee maker": "shopping",
  "health insurance": "health",
  "car insurance": "transport",
  "auto insurance": "transport",
  "ice cream": "dining",
  "water bill": "utilities",
  "bottled water": "food",
  "water bottles": "food",
  "case of water": "food",
  "gift card": "other",
  "food bank": "other",
  "food drive": "other",
  "food truck": "dining",
  "fast food": "dining",
  "food delivery": "dining",
  "chinese food": "dining",
  "thai food": "dining",
  "mexican food": "dining",
  "indian food": "dining",
  "italian food": "dining",
  "frozen food": "food",
  "date night": "dining",
  "movie night": "entertainment",
  "prime video": "entertainment",
  "amazon prime video": "entertainment",
  "apple music": "entertainment",
  "apple tv": "entertainment",
  "parking ticket": "transport",
  "train ticket": "transport",
  "plane ticket": "transport",
  "plane tickets": "transport",
  "bus pass": "transport",
  "movie ticket": "entertainment",
  "movie tickets": "entertainment",
  "concert tickets": "entertainment",
  "cell phone": "utilities",
  "new phone": "shopping",
  "spa": "health",
};
for (const [raw, category] of Object.entries(OVERRIDES)) {
  const phrase = normalizeWords(raw);
  PHRASES.set(phrase, { category, weight: 4, phrase, merchant: false });
  LONGEST = Math.max(LONGEST, phrase.split(" ").length);
}

// The most words of any phrase starting with a given word, so most n-word windows are skipped unbuilt.
const LONGEST_FROM = new Map<string, number>();
for (const phrase of PHRASES.keys()) {
  const words = phrase.split(" ");
  if (words.length > (LONGEST_FROM.get(words[0]) ?? 1)) LONGEST_FROM.set(words[0], words.length);
}

// Names with a number in them ("forever 21", "big 5", "99 ranch"): that number is part of the name, not a price.
const DIGIT_NAMES = new Set([...PHRASES.keys()].filter((p) => /\d/.test(p) && /[a-z]{2}/.test(p) && !/^\d+$/.test(p)));
const DIGIT_TOKENS = new Set([...DIGIT_NAMES].flatMap((p) => p.match(/\d+/g) ?? []));

/** Is the number at [start, end) part of a known name with digits, judged from the words around it? */
export function inNameWithDigits(text: string, start: number, end: number): boolean {
  const num = text.slice(start, end).trim();
  if (!DIGIT_TOKENS.has(num)) return false;
  const before = /([a-z0-9'&.-]+)\s*$/i.exec(text.slice(Math.max(0, start - 24), start))?.[1] ?? "";
  const after = /^\s*([a-z0-9'&.-]+)(?:\s+([a-z0-9'&.-]+))?/i.exec(text.slice(end, end + 40));
  const a1 = after?.[1] ?? "";
  const a2 = after?.[2] ?? "";
  for (const c of [`${before} ${num}`, `${num} ${a1}`, `${before} ${num} ${a1}`, `${num} ${a1} ${a2}`]) if (DIGIT_NAMES.has(normalizeWords(c))) return true;
  return false;
}

// Numbers glued to a name or a size are part of it, never a price: "wd-40", "f-150", "1-800 contacts", "4k tv",
// "a 3/8 socket", "$3 toll on 95" (the road). Judged from the characters right around the number.
const K_PRODUCT = /^\s*(?:tvs?|monitors?|displays?|screens?|video|cameras?|oled|hdr|projectors?|webcam|resolution|uhd|ultra hd|streaming|gaming monitor|blu-?ray|smart tv|roku)\b/i;
const ROAD_CONTEXT = /\b(?:tolls?|turnpike|toll road|tollway|highway|hwy|freeway|interstate|exit|bridge|tunnel|express ?lanes?)\b[^$\d]{0,30}\b(?:on|off|via|along|taking|took)\s+(?:the\s+)?$/i;

/** Is the number at [start, end) (as the amount finder matched it, "4k" included) part of a name or size? */
export function numberInName(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 40), start);
  const token = text.slice(start, end);
  const after = text.slice(end, end + 30);
  if (token.includes("$")) return false;
  // "wd-40", "f-150", "i-95": letters, a hyphen, the number.
  if (/(?:^|[^a-z\d])[a-z]{1,3}-$/i.test(before)) return true;
  // "1-800 contacts", "1-888-...": a toll-free prefix.
  if (/(?:^|[^\d])1-$/.test(before) && /^8\d\d$/.test(token)) return true;
  // "3/8 socket": a fraction not read as a date.
  if (/^\/\d/.test(after) || /\d\/$/.test(before)) return true;
  // "4k tv", "8k monitor": a resolution.
  if (/^\d+\s*k$/i.test(token) && K_PRODUCT.test(after)) return true;
  // "12 pk seltzer 18", "24 ct k cups 14": a count on the package, when a price follows.
  if (/^\s*(?:pk|pks|ct|count)\b/i.test(after) && /\d/.test(text.slice(end))) return true;
  // "airpods pro 2 199", "series 9 watch 329": a model's number, when a price follows.
  if (/^\d{1,2}$/.test(token) && /\b(?:pro|max|ultra|mini|gen|series|mk|mark|version)\s*$/i.test(before) && /^\s+[^\s]*\d/.test(after)) return true;
  // "toll on 95", "tolls on the 405": the road.
  if (/^\d{1,3}$/.test(token) && ROAD_CONTEXT.test(before) && !/^\s*(?:dollars?|bucks?)\b/i.test(after)) return true;
  return false;
}

/** Lower-case words with apostrophes dropped and other punctuation as spaces ("Trader Joe's" → "trader joes"). */
export function normalizeWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’`]/g, "")
    .replace(/[^a-z0-9&+\-. ]+/g, " ")
    .replace(/(^|\s)[-.]+|[-.]+(\s|$)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function singular(word: string): string | null {
  if (word.length > 4 && word.endsWith("ies")) return word.slice(0, -3) + "y";
  if (word.length > 4 && word.endsWith("es") && /(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return null;
}

/** A plain keyword ("lunch", "groceries"), not a merchant name: merchant memory keys leave these out. */
export function isGenericWord(word: string): boolean {
  const hit = PHRASES.get(word) ?? PHRASES.get(singular(word) ?? "");
  return hit !== undefined && !hit.merchant && hit.weight <= 2;
}

// One message is categorized several times (whole, per item, by the role tagger); the last few readings are
// remembered (a small memo, emptied when full: it serves the message being read).
const HITS_MEMO = new Map<string, readonly LexiconHit[]>();

/** Every lexicon phrase in the text, longest first, each word used at most once. */
export function lexiconHits(text: string): readonly LexiconHit[] {
  const seen = HITS_MEMO.get(text);
  if (seen) return seen;
  if (HITS_MEMO.size >= 16) HITS_MEMO.clear();
  const hits = readHits(text);
  HITS_MEMO.set(text, hits);
  return hits;
}

function readHits(text: string): LexiconHit[] {
  const words = normalizeWords(text).split(" ").filter(Boolean);
  const used = new Array<boolean>(words.length).fill(false);
  const hits: LexiconHit[] = [];
  for (let n = Math.min(LONGEST, words.length); n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      // No phrase of n words starts with this word: skip without building it.
      if (n > 1 && (LONGEST_FROM.get(words[i]) ?? 1) < n) continue;
      let free = true;
      for (let k = i; k < i + n; k++) if (used[k]) free = false;
      if (!free) continue;
      if (n === 1 && CHAT_WORDS.has(words[i])) continue;
      const phrase = words.slice(i, i + n).join(" ");
      let hit = PHRASES.get(phrase);
      if (!hit) {
        const last = singular(words[i + n - 1]);
        if (last) hit = PHRASES.get([...words.slice(i, i + n - 1), last].join(" "));
      }
      if (!hit) continue;
      hits.push({ ...hit, at: i, end: i + n });
      for (let k = i; k < i + n; k++) used[k] = true;
    }
  }
  for (let i = 0; i < words.length; i++) {
    if (used[i]) continue;
    // "wal mart", "star bucks": a name typed in two words; "home depo", "chic fil a": and mistyped.
    let joined: LexiconHit | null = null;
    let span = 0;
    for (const n of [2, 3]) {
      if (i + n > words.length || words.slice(i, i + n).some((_, k) => used[i + k])) break;
      const together = words.slice(i, i + n).join("");
      const exact = PHRASES.get(together);
      const mistyped = together.length >= 7 && /^[a-z]+$/.test(together) && words.slice(i, i + n).some((w) => WORDS_OF_NAMES.has(w));
      const hit = exact && (exact.merchant || exact.weight >= 3) ? exact : mistyped ? (remembered(`j${together}`, JOINED_TYPOS) ?? joinedSoundHit(together)) : null;
      if (hit) {
        joined = hit;
        span = n;
        break;
      }
    }
    if (joined) {
      hits.push({ ...joined, at: i, end: i + span });
      for (let k = i; k < i + span; k++) used[k] = true;
      continue;
    }
    const hit = typoHit(words[i]) ?? soundHit(words[i]);
    if (hit) hits.push({ ...hit, at: i, end: i + 1 });
  }
  if (EMOJI_RE.test(text)) {
    EMOJI_RE.lastIndex = 0;
    hits.push(...emojiHits(text));
  }
  EMOJI_RE.lastIndex = 0;
  return hits;
}

/** What is known around one item of a message: the whole message (prices masked) and the item's price. */
export interface CategoryContext {
  message: string;
  cents: number;
}

// Words two categories share, settled by evidence around them: "water 45" beside "electric 110" or at a bill's
// size is the water bill, "water 2" a bottle; "gas 60" beside "electric 110" is the gas bill, alone the pump;
// "cable 89" is the cable bill, "cable 12" a charger's. `size`: the price in cents from which it is the bill.
const SHARED_WORDS: Record<string, { bill: CategoryId; size?: number }> = {
  water: { bill: "utilities", size: 2000 },
  gas: { bill: "utilities" },
  cable: { bill: "utilities", size: 4000 },
};
const BILL_WORDS = /\b(?:bills?|utilit(?:y|ies)|city|county|municipal|monthly|statement|due)\b/i;

/** The bill a shared word stands for when the evidence around it says so; null when it keeps its own reading. */
function sharedWordBill(hits: readonly LexiconHit[], context: CategoryContext): CategoryId | null {
  if (hits.length !== 1) return null;
  const shared = SHARED_WORDS[hits[0].phrase];
  if (!shared || hits[0].weight > 2) return null;
  if (shared.size !== undefined && context.cents >= shared.size) return shared.bill;
  if (BILL_WORDS.test(context.message)) return shared.bill;
  // Another bill of the same kind named in the message: "electric 110 + water 45", "gas 60, electric 120".
  const others = lexiconHits(context.message).filter((h) => h.phrase !== hits[0].phrase);
  return others.some((h) => h.category === shared.bill) ? shared.bill : null;
}

/**
 * The best category for an expense description from the lexicons, or null when nothing matches. `context`
 * (one item of a longer message) settles words two categories share ("electric 110 + water 45").
 */
export function categorize(text: string, context?: CategoryContext): CategoryId | null {
  const hits = lexiconHits(text);
  if (hits.length === 0) return null;
  if (context) {
    const bill = sharedWordBill(hits, context);
    if (bill) return bill;
  }
  const score = new Map<CategoryId, number>();
  let best: CategoryId | null = null;
  let bestScore = 0;
  const modifiers = hits.length > 1 ? modifierHits(text, hits) : null;
  for (const hit of hits) {
    const weight = modifiers?.has(hit) ? 1 : hit.weight;
    // Squared so one merchant (9) outweighs two plain keywords (8) and an override (16) outweighs a merchant.
    const s = (score.get(hit.category) ?? 0) + weight * weight;
    score.set(hit.category, s);
    // A drink named with something to eat goes with the food ("snickers and a dr pepper", "burger and a coke"):
    // on a tie, coffee and drinks gives way.
    if (s > bestScore || (s === bestScore && best === "coffee" && (hit.category === "food" || hit.category === "dining"))) {
      bestScore = s;
      best = hit.category;
    }
  }
  // Drinks bought by the pack, case, liter or gallon are groceries ("2 liter sodas", "12 pack la croix"); coffee
  // and drinks is for a café or a drink made there, so a coffee-shop name keeps it there.
  // ("6 pack" alone leans to beer out; "6 pack of gatorade" is a drink by the pack.)
  const sizeOnly = (h: LexiconHit) => /^\d+ pack$/.test(h.phrase);
  const drink = best === "coffee" || (hits.some((h) => h.category === "coffee") && hits.every((h) => h.category === "coffee" || sizeOnly(h)));
  if (drink && GROCERY_SIZE.test(normalizeWords(text)) && !hits.some((h) => h.merchant && h.category === "coffee")) return "food";
  return best;
}

// Heads that name an occasion or an errand, not a thing bought: "coffee date", "grocery run", "lunch order".
const WEAK_HEADS = new Set(["date", "run", "trip", "night", "day", "order", "stuff", "time", "break", "party", "outing"]);
// Heads that take their kind from the word before: "train tix", "gym fee", "car insurance", "haircut tip".
const OF_WHAT_HEADS = new Set("ticket|tickets|tix|pass|passes|fare|fee|fees|bill|bills|tip|tips|payment|insurance|repair|repairs|rental|subscription|membership|supplies|parts|service|appointment|appt|visit|class|classes|lessons|deposit|refill|card|gift|gifts".split("|"));
// Words that join two things rather than describe one ("coffee and a bagel", "gas at costco").
const JOINING = new Set("and|or|with|w|plus|at|from|to|for|of|on|in|the|a|an|my|our|some|then|also|n|&|+|-|x".split("|"));
const WITH = new Set(["with", "w", "plus"]);
const OWNER = new Set(["the", "my", "our", "his", "her", "their", "a", "an", "this", "that"]);

/**
 * Words for what was bought that only describe another thing named with them weigh as hints: a word right
 * before another is its modifier and the last is the head ("pumpkin spice latte" is a latte, "lunch meat" is
 * meat), and what comes after "with" or "for the" adds to or is the purpose of the thing before ("iced coffee
 * w oat milk" is coffee, "cream for the pie" is cream). Merchant names are never modifiers.
 */
function modifierHits(text: string, hits: readonly LexiconHit[]): Set<LexiconHit> | null {
  let out: Set<LexiconHit> | null = null;
  const plain = (h: LexiconHit) => !h.merchant && h.weight <= 2 && h.at !== undefined && h.end !== undefined;
  const words = normalizeWords(text).split(" ").filter(Boolean);
  // One noun phrase: nothing between, or a word or two no lexicon knows and none that joins ("pumpkin spice latte").
  const onePhrase = (from: number, to: number) => {
    if (to < from || to - from > 2) return false;
    for (let k = from; k < to; k++) if (JOINING.has(words[k]) || !/^[a-z]+$/.test(words[k]) || hits.some((h) => h.at === k)) return false;
    return true;
  };
  for (const a of hits) {
    if (!plain(a)) continue;
    for (const b of hits) {
      if (b === a || !plain(b) || b.category === a.category || WEAK_HEADS.has(b.phrase) || OF_WHAT_HEADS.has(b.phrase)) continue;
      if ((b.at ?? 0) < (a.end ?? 0) || !onePhrase(a.end ?? 0, b.at ?? 0)) continue;
      (out ??= new Set()).add(a);
    }
  }
  if (!/\b(?:with|w|plus|for)\b/i.test(text)) return out;
  for (let c = 1; c < words.length; c++) {
    if (!(WITH.has(words[c]) || (words[c] === "for" && OWNER.has(words[c + 1] ?? "")))) continue;
    const before = hits.filter((h) => h.end !== undefined && h.end <= c && h.weight >= 2);
    if (before.length === 0) continue;
    // "tip for the barber", "tickets for the game": a head that takes its kind from what it is for.
    if (words[c] === "for" && before.every((h) => plain(h) && OF_WHAT_HEADS.has(h.phrase))) {
      if (hits.some((h) => (h.at ?? 0) > c && h.weight >= 2)) for (const h of before) (out ??= new Set()).add(h);
    } else for (const h of hits) if (plain(h) && (h.at ?? 0) > c) (out ??= new Set()).add(h);
    break;
  }
  return out;
}

const GROCERY_SIZE = /(?:^|\s)(?:\d+|two|six|twelve|twenty four)\s*-?\s*(?:pack|packs|pk|ct|count|liters?|litres?|l|ltr|gallons?|gal|cans|bottles|oz can|oz cans)(?:\s|$)|(?:^|\s)(?:pack|packs|case|cases|crate|box|jug|gallon|gallons|liter|liters|carton|multipack|fridge pack)(?:\s+of)?(?:\s|$)/;
