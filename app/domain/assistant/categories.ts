import { EMOJI_CATEGORIES } from "./emoji.data";
import { MERCHANT_LISTS } from "./merchants.data";

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

// Merchants (weight 3) beat plain keywords (weight 2) and hints (weight 1). Multi-word phrases are matched
// before their words, so "uber eats" is dining and never also "uber".
const LEXICON: Record<CategoryId, { merchants: string; keywords: string; hints?: string }> = {
  food: {
    merchants: "",
    keywords:
      "groceries|grocery|supermarket|food shopping|grocery store|produce|vegetables|veggies|fruit|fruits|milk|eggs|bread|meat|chicken|beef|pork|fish|salmon|cheese|butter|groc|grocs|grocery run|cereal|rice|pasta|chocolate|chocolates|ice|bag of ice|wipes|baby wipes|flour|sugar|snacks|snack|chips|popcorn|candy|gum|bag of chips|bags of chips|yogurt|bananas|apples|eggs and milk|butcher|deli|farmers market|farmer's market|food|baby food|formula|diapers|household supplies|paper towels|toilet paper|canned goods|frozen food|ingredients|potatoes|onions|tomatoes|avocados|berries|juice box|water bottles|bottled water|case of water|spices|condiments|cooking oil|olive oil",
    hints: "market|bakery|pantry",
  },
  dining: {
    merchants: "",
    keywords:
      "restaurant|restaurants|lunch|dinner|breakfast|brunch|takeout|take-out|take out|delivery|food delivery|pizza|burger|burgers|sushi|tacos|taco|burrito|burritos|ramen|pho|noodles|sandwich|sandwiches|sub|subs|hoagie|wings|bbq|barbecue|steak|steakhouse|diner|bistro|eatery|fast food|drive thru|drive-thru|drive through|eating out|ate out|dining|dining out|dine out|meal|dinner date|date night|fries|hot dog|hot dogs|gyro|kebab|falafel|curry|thai food|chinese food|mexican food|indian food|italian food|chinese takeout|buffet|food truck|poke|dim sum|bagel|bagels|donut|donuts|doughnut|doughnuts|croissant|muffin|pastry|ice cream|froyo|frozen yogurt|dessert|cupcake|tip|tips|brewpub|pub|bar tab|happy hour|six pack|6 pack|beer run|liquor|booze|alcohol|beer|beers|wine|glass of wine|bottle of wine|cocktail|cocktails|margarita|margaritas|shots|pints|night drinks|drinks with|drinks at|drinks after work|round of drinks|bar|bars|tavern|brewery|winery|taproom|lunch break|team lunch|work lunch|late night food|snack bar|cafeteria|canteen|school lunch|salad|wrap|quesadilla|nachos|pancakes|waffles|omelette|bowl",
    hints: "ate|eat|eating|order|ordered",
  },
  coffee: {
    merchants: "",
    keywords:
      "coffee|coffees|latte|lattes|cappuccino|espresso|mocha|frappuccino|frappe|americano|cold brew|iced coffee|macchiato|flat white|cortado|chai|chai latte|tea|iced tea|bubble tea|boba|milk tea|matcha|smoothie|smoothies|juice|soda|sodas|pop|energy drink|red bull|monster|coke|diet coke|pepsi|sprite|dr pepper|mountain dew|la croix|seltzer|kombucha|lemonade|drink|drinks|beverage|beverages|cafe|café|coffee shop|coffeeshop|coffee beans|hot chocolate|cocoa|water|gatorade|slurpee|shake|milkshake|frap",
  },
  transport: {
    merchants: "",
    keywords:
      "gas|gasoline|fuel|petrol|diesel|gas station|fill up|filled up|fill-up|tank of gas|fueled up|uber ride|ride|rideshare|ride share|taxi|cab|parking|parking meter|parking garage|parking ticket|valet|toll|tolls|toll road|bus|bus fare|bus pass|train|train ticket|train fare|subway|subway fare|metro|transit|transit pass|fare|commute|car wash|oil change|tires|tire|new tires|mechanic|car repair|auto repair|car maintenance|brakes|car payment|car insurance|auto insurance|registration|car registration|dmv|license renewal|smog check|inspection|flight|flights|airfare|plane ticket|plane tickets|airline|baggage fee|bag fee|rental car|car rental|scooter|bike share|ev charging|charging|tram|ferry|light rail|streetcar|airport shuttle|shuttle|wiper blades|windshield|tow|towing|roadside|antifreeze|motor oil|car parts|in the car|in the tank|the tank|gas tank|fill the tank|topped up the tank|jump start|car seat cover",
    hints: "car|truck|tank|van|suv|minivan|motorcycle",
  },
  shopping: {
    merchants: "",
    keywords:
      "shopping|clothes|clothing|shoes|sneakers|boots|jeans|pants|shirt|shirts|t-shirt|tshirt|dress|dresses|skirt|jacket|coat|hoodie|sweater|socks|underwear|hat|gloves|scarf|belt|purse|handbag|bag|backpack|wallet|jewelry|necklace|ring|earrings|watch|sunglasses|electronics|laptop|computer|phone case|headphones|earbuds|airpods|charger|cable|tv|television|monitor|keyboard|mouse|tablet|ipad|iphone|new phone|camera|speaker|furniture|couch|sofa|chair|table|desk|lamp|rug|mattress|bedding|sheets|towels|pillow|curtains|decor|home decor|kitchenware|pots and pans|appliance|appliances|vacuum|blender|microwave|toaster|tools|hardware|paint|garden|plants|gift|gifts|present|presents|birthday gift|birthday present|christmas gifts|wrapping paper|card|greeting card|toys|toy|lego|books|book|office supplies|school supplies|stationery|makeup|cosmetics|skincare|lotion|perfume|cologne|shampoo|soap|toothpaste|deodorant|razor|haircare|mall|online order|online shopping|household items|cleaning supplies|detergent|laundry detergent|batteries|light bulbs|pet supplies|dog toys|cat litter|kitty litter|home improvement|outfit|swimsuit|uniform|costume|accessories|stuff|app|apps|app purchase|flowers|bouquet|roses|florist|christmas tree|tree|wreath|firewood|snow shovel|shovel|ice melt|rock salt|christmas lights|decorations|halloween costume|pumpkins|pumpkin|candles|picture frame|frame|umbrella|luggage|suitcase|hangers|storage bins|bins|rug|blinds|shower curtain|bath mat|cookware|knives|dishes|plates|mugs|glasses set|vase|printer|ink|printer ink|video doorbell|smart speaker|router|hard drive|usb|sd card|phone charger|game console|console|controller|bike|bicycle|helmet|skateboard|tent|sleeping bag|cooler|grill|lawn mower|leaf blower|drill|hammer|screws|nails and screws|lumber|mulch|soil|seeds|fertilizer|hose|patio furniture|crib|stroller|car seat|baby clothes|kids clothes|school clothes|backpacks|lunchbox|crayons|markers|notebooks|binder|calculator|art supplies|craft supplies|yarn|fabric|sewing|party supplies|balloons|birthday cake|gift bag|gift wrap|ornaments|stocking stuffers|souvenir|souvenirs|keychain|tablet case|screen protector|eyeliner|mascara|lipstick|nail polish|hair dye|hair dryer|straightener|curling iron|sunscreen|bug spray|trash bags|dish soap|sponges|bleach|lightbulbs|air filter|furnace filter|water filter|smoke detector|fan|space heater|heater|air conditioner|humidifier|dehumidifier|iron|ironing board|sewing machine|watch band",
    hints: "bought|store|order|online",
  },
  entertainment: {
    merchants: "",
    keywords:
      "movie|movies|movie ticket|movie tickets|cinema|film|theater|theatre|concert|concerts|concert tickets|show|shows|broadway|musical|play|opera|ballet|comedy|comedy show|standup|stand-up|festival|fair|carnival|tickets|ticket|game|games|video game|video games|gaming|arcade|bowling|mini golf|minigolf|golf|karaoke|museum|zoo|aquarium|amusement park|theme park|water park|escape room|laser tag|paintball|trampoline park|skating|ice skating|roller skating|ski pass|lift ticket|sports game|ball game|baseball game|football game|basketball game|hockey game|match|streaming|subscription|netflix subscription|music|album|songs|itunes|app store|in-app purchase|hobby|hobbies|board game|board games|puzzle|party|club|nightclub|cover charge|bar crawl|casino|lottery|lotto|scratch off|night out|fun|outing|date|entertainment|magazine|newspaper|kindle book|ebook|audiobook|vacation|trip|hotel|airbnb|resort|cruise|tour|sightseeing|camping|campground|park pass|national park",
  },
  health: {
    merchants: "",
    keywords:
      "gym|gym membership|fitness|workout|personal trainer|trainer|yoga|yoga class|pilates|spin class|cycling class|martial arts|karate|boxing|climbing gym|swim|swimming|pool|pharmacy|prescription|prescriptions|rx|meds|medicine|medication|medications|pills|antibiotics|ibuprofen|tylenol|advil|allergy medicine|cold medicine|vitamins|supplements|protein powder|protein|first aid|bandaids|band-aids|doctor|doctors|doctor visit|doctor's visit|physician|appointment|checkup|check-up|physical|dentist|dental|teeth cleaning|orthodontist|braces|copay|co-pay|deductible|hospital|er visit|emergency room|urgent care|clinic|lab work|blood test|x-ray|xray|mri|surgery|therapy|therapist|counseling|counselor|psychiatrist|psychologist|physical therapy|physio|chiropractor|massage|acupuncture|optometrist|eye doctor|eye exam|glasses|contacts|contact lenses|dermatologist|specialist|health insurance|medical|medical bill|hearing aid|inhaler|insulin|flu shot|vaccine|covid test|running shoes|sports drink|health|wellness|sauna|spa|massage therapy|midwife|ob-gyn|pediatrician",
  },
  utilities: {
    merchants: "",
    keywords:
      "electric|electricity|electric bill|electricity bill|power|power bill|power company|energy bill|water|water bill|sewer|sewage|trash|garbage|trash pickup|garbage pickup|recycling|internet|internet bill|wifi|wi-fi|broadband|cable|cable bill|phone bill|cell phone bill|cellphone bill|mobile bill|phone plan|cell phone|cell bill|wireless bill|gas bill|gas company|gas utility|gas and electric|gas & electric|electric company|water company|natural gas|heating|heating oil|propane|utility|utilities|utility bill|utilities bill|bills|light bill|hydro|hydro bill|home phone|landline|satellite tv",
  },
  other: {
    merchants: "",
    keywords:
      "rent|mortgage|hoa|hoa fees|property tax|taxes|tax|insurance|renters insurance|home insurance|life insurance|pet|pets|vet|veterinarian|dog food|cat food|pet food|grooming|dog walker|childcare|daycare|babysitter|nanny|tuition|school|school fees|field trip|lessons|piano lessons|donation|donations|charity|church|tithe|offering|gift card|laundry|laundromat|dry cleaning|haircut|hair cut|barber|salon|nails|manicure|pedicure|wax|bank fee|atm fee|overdraft|late fee|fee|fees|fine|postage|stamps|shipping|storage unit|moving|movers|legal|lawyer|accountant|loan payment|credit card payment|student loan|repair|plumber|electrician|handyman|locksmith|cleaning service|house cleaning|maid|lawn care|landscaping|pest control|misc|miscellaneous|stuff|other|car wash tip|tuition payment|school lunch account|field trip fee|registration fee|soccer registration|dance class|swim lessons|music lessons|tutor|tutoring|summer camp|camp|after school|aftercare|preschool|diaper service|pet sitter|dog sitter|dog daycare|boarding|kennel|pet insurance|dog license|vet visit|groomer|cleaner|cleaners|house cleaner|window cleaning|gutter cleaning|carpet cleaning|snow removal|plowing|trash service|junk removal|alarm system|security system|home warranty|hoa dues|property taxes|allowance for the kids|kids allowance|kid allowance|allowance|food bank|donated|cat treats|pet treats|treats for the dog|chew toys|cigarettes|cigs|cigars|tobacco|vape|vape pods|juul|weed|cannabis|dispensary|edibles|cleaning lady|housekeeper|house keeper|maid service|car tax|dmv fees|passport|passport fee|visa fee|notary|parking permit|church donation|tithing|fundraiser|girl scout cookies|school fundraiser|wedding gift|baby shower gift|funeral|flowers for the funeral|sympathy card|bail|court fee|ticket fine|speeding ticket|library fine|late fees|interest charge|finance charge|annual fee|credit card interest|card interest|interest on my credit card|interest on the card|membership fee|costco membership|amazon prime membership|prime membership|storage|safe deposit box|shipping fee|moving truck|uhaul|u-haul|pods|self storage|key copy|keys|shoe repair|tailor|alterations|dry cleaner|laundry service|wash and fold|massage tip|salon tip",
  },
};

export interface LexiconHit {
  category: CategoryId;
  weight: number;
  phrase: string;
}

const PHRASES = new Map<string, LexiconHit>();
let LONGEST = 1;
for (const id of CATEGORY_IDS) {
  const entry = LEXICON[id];
  const add = (list: string | undefined, weight: number) => {
    if (!list) return;
    for (const raw of list.split("|")) {
      const phrase = normalizeWords(raw);
      if (!phrase) continue;
      const existing = PHRASES.get(phrase);
      // The first listing of a phrase wins unless a later one is stronger (merchants beat keywords).
      if (existing && existing.weight >= weight) continue;
      PHRASES.set(phrase, { category: id, weight, phrase });
      LONGEST = Math.max(LONGEST, phrase.split(" ").length);
    }
  };
  add(entry.merchants, 3);
  add(entry.keywords, 2);
  add(entry.hints, 1);
}
// The merchant lexicon is data (merchants.data.ts, with sources); merchants outweigh keywords.
for (const list of MERCHANT_LISTS) {
  for (const raw of list.names) {
    const phrase = normalizeWords(raw);
    if (!phrase) continue;
    const existing = PHRASES.get(phrase);
    if (existing && existing.weight >= 3) continue;
    PHRASES.set(phrase, { category: list.category, weight: 3, phrase });
    LONGEST = Math.max(LONGEST, phrase.split(" ").length);
  }
}

// One typo forgiven in a merchant name of six letters or more ("chipolte", "starbuks", "walmrt"): every
// name is filed under each of its one-letter deletions, and so is the word typed (a symmetric delete
// search: substitutions, insertions, deletions and swapped neighbours all meet at a shared deletion).
const TYPO_MIN = 6;
const DELETIONS = new Map<string, LexiconHit | null>();
function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}
for (const hit of PHRASES.values()) {
  if (hit.weight !== 3 || hit.phrase.includes(" ") || hit.phrase.length < TYPO_MIN) continue;
  for (const key of [hit.phrase, ...deletions(hit.phrase)]) {
    const seen = DELETIONS.get(key);
    // Two names one typo apart from the same text: ambiguous, so neither is guessed.
    DELETIONS.set(key, seen === undefined || seen?.category === hit.category ? hit : null);
  }
}

function typoHit(word: string): LexiconHit | null {
  if (word.length < TYPO_MIN - 1 || !/^[a-z]+$/.test(word)) return null;
  for (const key of [word, ...deletions(word)]) {
    const hit = DELETIONS.get(key);
    if (hit) return hit;
  }
  return null;
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
    if (category) hits.push({ category, weight: 3, phrase: m[0] });
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
  PHRASES.set(phrase, { category, weight: 4, phrase });
  LONGEST = Math.max(LONGEST, phrase.split(" ").length);
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
  return hit !== undefined && hit.weight <= 2;
}

/** Every lexicon phrase in the text, longest first, each word used at most once. */
export function lexiconHits(text: string): LexiconHit[] {
  const words = normalizeWords(text).split(" ").filter(Boolean);
  const used = new Array<boolean>(words.length).fill(false);
  const hits: LexiconHit[] = [];
  for (let n = Math.min(LONGEST, words.length); n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      let free = true;
      for (let k = i; k < i + n; k++) if (used[k]) free = false;
      if (!free) continue;
      const phrase = words.slice(i, i + n).join(" ");
      let hit = PHRASES.get(phrase);
      if (!hit) {
        const last = singular(words[i + n - 1]);
        if (last) hit = PHRASES.get([...words.slice(i, i + n - 1), last].join(" "));
      }
      if (!hit) continue;
      hits.push(hit);
      for (let k = i; k < i + n; k++) used[k] = true;
    }
  }
  for (let i = 0; i < words.length; i++) {
    if (used[i]) continue;
    // "wal mart", "star bucks": a name typed in two words.
    if (i + 1 < words.length && !used[i + 1]) {
      const joined = PHRASES.get(words[i] + words[i + 1]);
      if (joined && joined.weight >= 3) {
        hits.push(joined);
        used[i] = used[i + 1] = true;
        continue;
      }
    }
    const hit = typoHit(words[i]);
    if (hit) hits.push(hit);
  }
  if (EMOJI_RE.test(text)) {
    EMOJI_RE.lastIndex = 0;
    hits.push(...emojiHits(text));
  }
  EMOJI_RE.lastIndex = 0;
  return hits;
}

/** The best category for an expense description from the lexicons, or null when nothing matches. */
export function categorize(text: string): CategoryId | null {
  const hits = lexiconHits(text);
  if (hits.length === 0) return null;
  const score = new Map<CategoryId, number>();
  let best: CategoryId | null = null;
  let bestScore = 0;
  for (const hit of hits) {
    // Squared so one merchant (9) outweighs two plain keywords (8) and an override (16) outweighs a merchant.
    const s = (score.get(hit.category) ?? 0) + hit.weight * hit.weight;
    score.set(hit.category, s);
    if (s > bestScore) {
      bestScore = s;
      best = hit.category;
    }
  }
  return best;
}
