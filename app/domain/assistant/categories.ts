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
    merchants:
      "7eleven|wawa market|kroger|trader joe's|trader joes|trader joe|whole foods|safeway|aldi|publix|wegmans|heb|h-e-b|food lion|meijer|sprouts|costco|sam's club|sams club|albertsons|giant eagle|stop and shop|stop & shop|winco|hy-vee|hyvee|piggly wiggly|ralphs|vons|fred meyer|harris teeter|shoprite|save a lot|lidl|instacart|fresh market|the fresh market|market basket|smart and final|food 4 less|grocery outlet|amazon fresh|walmart grocery|99 ranch|h mart|hmart|winn dixie|ingles|raley's|jewel osco|jewel-osco|acme|tops|weis|food city|natural grocers|erewhon",
    keywords:
      "groceries|grocery|supermarket|food shopping|grocery store|produce|vegetables|veggies|fruit|fruits|milk|eggs|bread|meat|chicken|beef|pork|fish|salmon|cheese|butter|cereal|rice|pasta|flour|sugar|snacks|chips|popcorn|candy|gum|bag of chips|bags of chips|yogurt|bananas|apples|eggs and milk|butcher|deli|farmers market|farmer's market|food|baby food|formula|diapers|household supplies|paper towels|toilet paper|canned goods|frozen food|ingredients|potatoes|onions|tomatoes|avocados|berries|juice box|water bottles|bottled water|case of water|spices|condiments|cooking oil|olive oil",
    hints: "market|bakery|pantry",
  },
  dining: {
    merchants:
      "chipotle|mcdonald's|mcdonalds|mcdonald|burger king|wendy's|wendys|taco bell|chick-fil-a|chick fil a|chickfila|panera|panera bread|five guys|5 guys|in-n-out|in n out|kfc|popeyes|domino's|dominos|pizza hut|papa john's|papa johns|little caesars|olive garden|applebee's|applebees|chili's|chilis|red lobster|outback|texas roadhouse|ihop|denny's|dennys|waffle house|cracker barrel|panda express|jimmy john's|jimmy johns|jersey mike's|jersey mikes|firehouse subs|wingstop|buffalo wild wings|bww|shake shack|sonic|arby's|arbys|jack in the box|carl's jr|hardee's|culver's|culvers|qdoba|moe's|noodles and company|sweetgreen|cava|raising cane's|raising canes|whataburger|white castle|zaxby's|bojangles|p.f. chang's|pf changs|cheesecake factory|red robin|tgi fridays|benihana|doordash|door dash|uber eats|ubereats|grubhub|postmates|seamless|caviar|chuck e cheese|del taco|el pollo loco|habit burger|smashburger|portillo's|potbelly|qdoba|blaze pizza|mod pizza|marco's pizza|sbarro|nando's|pollo tropical",
    keywords:
      "restaurant|restaurants|lunch|dinner|breakfast|brunch|takeout|take-out|take out|delivery|food delivery|pizza|burger|burgers|sushi|tacos|taco|burrito|burritos|ramen|pho|noodles|sandwich|sandwiches|sub|subs|hoagie|wings|bbq|barbecue|steak|steakhouse|diner|bistro|eatery|fast food|drive thru|drive-thru|drive through|eating out|ate out|dining|dining out|dine out|meal|dinner date|date night|fries|hot dog|hot dogs|gyro|kebab|falafel|curry|thai food|chinese food|mexican food|indian food|italian food|chinese takeout|buffet|food truck|poke|dim sum|bagel|bagels|donut|donuts|doughnut|doughnuts|croissant|muffin|pastry|ice cream|froyo|frozen yogurt|dessert|cupcake|tip|tips|brewpub|pub|bar tab|happy hour|lunch break|team lunch|work lunch|late night food|snack bar|cafeteria|canteen|school lunch|salad|wrap|quesadilla|nachos|pancakes|waffles|omelette|bowl",
    hints: "ate|eat|eating|order|ordered|bar",
  },
  coffee: {
    merchants:
      "starbucks|dunkin|dunkin donuts|dunkin' donuts|peet's|peets|dutch bros|tim hortons|caribou|caribou coffee|blue bottle|philz|costa|coffee bean|scooter's coffee|biggby|gregorys|la colombe|intelligentsia|stumptown|kung fu tea|gong cha|tiger sugar|jamba|jamba juice|tropical smoothie|smoothie king|teavana|sharetea|chatime|7 brew|black rifle",
    keywords:
      "coffee|coffees|latte|lattes|cappuccino|espresso|mocha|frappuccino|frappe|americano|cold brew|iced coffee|macchiato|flat white|cortado|chai|chai latte|tea|iced tea|bubble tea|boba|milk tea|matcha|smoothie|smoothies|juice|soda|sodas|pop|energy drink|red bull|monster|kombucha|lemonade|drink|drinks|beverage|beverages|beer|beers|wine|cocktail|cocktails|margarita|margaritas|cafe|café|coffee shop|coffeeshop|coffee beans|hot chocolate|cocoa|water|gatorade|slurpee|shake|milkshake|frap",
  },
  transport: {
    merchants:
      "shell|chevron|exxon|exxonmobil|mobil|bp|arco|valero|sunoco|citgo|marathon|speedway|wawa|sheetz|quiktrip|qt|racetrac|circle k|7-eleven gas|76|phillips 66|conoco|texaco|gulf|costco gas|sam's gas|murphy usa|pilot|flying j|love's|loves|casey's|uber|lyft|amtrak|greyhound|megabus|delta|united airlines|american airlines|southwest|jetblue|spirit airlines|frontier|alaska airlines|lime|bird|citi bike|metrocard|clipper|ventra|ez pass|ezpass|e-zpass|fastrak|sunpass|jiffy lube|valvoline|midas|pep boys|autozone|advance auto|o'reilly|firestone|discount tire|goodyear|enterprise|hertz|avis|budget rental|zipcar|turo|chargepoint|tesla supercharger|bart|mta|septa|wmata|caltrain|njtransit|nj transit|path train|lirr|metro north",
    keywords:
      "gas|gasoline|fuel|petrol|diesel|gas station|fill up|filled up|fill-up|tank of gas|fueled up|uber ride|ride|rideshare|ride share|taxi|cab|parking|parking meter|parking garage|parking ticket|valet|toll|tolls|toll road|bus|bus fare|bus pass|train|train ticket|train fare|subway|subway fare|metro|transit|transit pass|fare|commute|car wash|oil change|tires|tire|new tires|mechanic|car repair|auto repair|car maintenance|brakes|car payment|car insurance|auto insurance|registration|car registration|dmv|license renewal|smog check|inspection|flight|flights|airfare|plane ticket|plane tickets|airline|baggage fee|bag fee|rental car|car rental|scooter|bike share|ev charging|charging|tram|ferry|light rail|streetcar|airport shuttle|shuttle|wiper blades|windshield|tow|towing|roadside|antifreeze|motor oil|car parts",
  },
  shopping: {
    merchants:
      "amazon|amazon.com|target|walmart|best buy|ikea|home depot|lowe's|lowes|macy's|macys|nordstrom|kohl's|kohls|tj maxx|tjmaxx|t.j. maxx|marshalls|ross|old navy|gap|h&m|zara|uniqlo|nike|adidas|apple store|etsy|ebay|wayfair|bed bath|bed bath and beyond|jcpenney|jc penney|dillard's|sephora|ulta|bath and body works|bath & body works|victoria's secret|american eagle|abercrombie|hollister|forever 21|shein|temu|aliexpress|wish|dollar tree|dollar general|family dollar|five below|big lots|michaels|hobby lobby|joann|staples|office depot|barnes and noble|barnes & noble|gamestop|petco|petsmart|chewy|tractor supply|ace hardware|menards|costco online|walgreens photo|cvs photo|lululemon|foot locker|dsw|famous footwear|rei|dick's sporting goods|dicks sporting goods|academy sports|bass pro|cabela's|burlington|homegoods|home goods|pottery barn|crate and barrel|west elm|williams sonoma|container store|the container store|poshmark|depop|mercari|overstock|newegg|b&h|micro center|apple|samsung|best buy online|kmart|sears|big 5",
    keywords:
      "shopping|clothes|clothing|shoes|sneakers|boots|jeans|pants|shirt|shirts|t-shirt|tshirt|dress|dresses|skirt|jacket|coat|hoodie|sweater|socks|underwear|hat|gloves|scarf|belt|purse|handbag|bag|backpack|wallet|jewelry|necklace|ring|earrings|watch|sunglasses|electronics|laptop|computer|phone case|headphones|earbuds|airpods|charger|cable|tv|television|monitor|keyboard|mouse|tablet|ipad|iphone|new phone|camera|speaker|furniture|couch|sofa|chair|table|desk|lamp|rug|mattress|bedding|sheets|towels|pillow|curtains|decor|home decor|kitchenware|pots and pans|appliance|appliances|vacuum|blender|microwave|toaster|tools|hardware|paint|garden|plants|gift|gifts|present|presents|birthday gift|birthday present|christmas gifts|wrapping paper|card|greeting card|toys|toy|lego|books|book|office supplies|school supplies|stationery|makeup|cosmetics|skincare|lotion|perfume|cologne|shampoo|soap|toothpaste|deodorant|razor|haircare|mall|online order|online shopping|household items|cleaning supplies|detergent|laundry detergent|batteries|light bulbs|pet supplies|dog toys|cat litter|kitty litter|home improvement|outfit|swimsuit|uniform|costume|accessories|stuff",
    hints: "bought|store|order|online",
  },
  entertainment: {
    merchants:
      "netflix|hulu|spotify|disney+|disney plus|disneyplus|hbo|hbo max|max|paramount+|paramount plus|peacock|apple tv|apple tv+|apple music|youtube premium|youtube tv|amazon prime video|prime video|sling|fubo|crunchyroll|audible|kindle unlimited|pandora|sirius|siriusxm|tidal|twitch|patreon|steam|playstation|ps plus|playstation plus|xbox|xbox game pass|game pass|nintendo|nintendo switch|epic games|roblox|fortnite|ticketmaster|stubhub|seatgeek|eventbrite|fandango|amc|regal|cinemark|alamo drafthouse|dave and busters|dave & buster's|topgolf|top golf|six flags|disneyland|disney world|universal studios|cedar point|main event|round one|chuck e cheese games",
    keywords:
      "movie|movies|movie ticket|movie tickets|cinema|film|theater|theatre|concert|concerts|concert tickets|show|shows|broadway|musical|play|opera|ballet|comedy|comedy show|standup|stand-up|festival|fair|carnival|tickets|ticket|game|games|video game|video games|gaming|arcade|bowling|mini golf|minigolf|golf|karaoke|museum|zoo|aquarium|amusement park|theme park|water park|escape room|laser tag|paintball|trampoline park|skating|ice skating|roller skating|ski pass|lift ticket|sports game|ball game|baseball game|football game|basketball game|hockey game|match|streaming|subscription|netflix subscription|music|album|songs|itunes|app store|in-app purchase|hobby|hobbies|board game|board games|puzzle|party|club|nightclub|cover charge|bar crawl|casino|lottery|lotto|scratch off|night out|fun|outing|date|entertainment|magazine|newspaper|kindle book|ebook|audiobook|vacation|trip|hotel|airbnb|resort|cruise|tour|sightseeing|camping|campground|park pass|national park",
  },
  health: {
    merchants:
      "cvs|walgreens|rite aid|riteaid|planet fitness|la fitness|24 hour fitness|anytime fitness|equinox|orangetheory|orange theory|crossfit|soulcycle|peloton|gold's gym|golds gym|ymca|lifetime fitness|life time|crunch fitness|snap fitness|blink fitness|f45|pure barre|classpass|gnc|vitamin shoppe|one medical|kaiser|minuteclinic|goodrx|hims|hers|noom|weight watchers|ww|myfitnesspal|strava|fitbit|whoop|calm|headspace|betterhelp|talkspace|lenscrafters|warby parker|1-800 contacts|quest diagnostics|labcorp",
    keywords:
      "gym|gym membership|fitness|workout|personal trainer|trainer|yoga|yoga class|pilates|spin class|cycling class|martial arts|karate|boxing|climbing gym|swim|swimming|pool|pharmacy|prescription|prescriptions|meds|medicine|medication|medications|pills|antibiotics|ibuprofen|tylenol|advil|allergy medicine|cold medicine|vitamins|supplements|protein powder|protein|first aid|bandaids|band-aids|doctor|doctors|doctor visit|doctor's visit|physician|appointment|checkup|check-up|physical|dentist|dental|teeth cleaning|orthodontist|braces|copay|co-pay|deductible|hospital|er visit|emergency room|urgent care|clinic|lab work|blood test|x-ray|xray|mri|surgery|therapy|therapist|counseling|counselor|psychiatrist|psychologist|physical therapy|physio|chiropractor|massage|acupuncture|optometrist|eye doctor|eye exam|glasses|contacts|contact lenses|dermatologist|specialist|health insurance|medical|medical bill|hearing aid|inhaler|insulin|flu shot|vaccine|covid test|running shoes|sports drink|health|wellness|sauna|spa|massage therapy|midwife|ob-gyn|pediatrician",
  },
  utilities: {
    merchants:
      "comcast|xfinity|spectrum|verizon|verizon wireless|at&t|att|t-mobile|tmobile|sprint|cox|optimum|frontier internet|centurylink|google fi|mint mobile|cricket|metro pcs|metropcs|boost mobile|visible|starlink|pg&e|pge|con edison|coned|con ed|duke energy|dominion energy|southern california edison|sce|socal gas|national grid|xcel|xcel energy|georgia power|florida power|fpl|entergy|ameren|consumers energy|dte|eversource|pepco|puget sound energy|rocky mountain power|waste management|republic services|directv|dish|dish network",
    keywords:
      "electric|electricity|electric bill|electricity bill|power|power bill|power company|energy bill|water|water bill|sewer|sewage|trash|garbage|trash pickup|garbage pickup|recycling|internet|internet bill|wifi|wi-fi|broadband|cable|cable bill|phone bill|cell phone bill|cellphone bill|mobile bill|phone plan|cell phone|cell bill|wireless bill|gas bill|gas company|gas utility|gas and electric|gas & electric|electric company|water company|natural gas|heating|heating oil|propane|utility|utilities|utility bill|utilities bill|bills|light bill|hydro|hydro bill|home phone|landline|satellite tv",
  },
  other: {
    merchants: "icloud|google one|dropbox|chatgpt|openai|adobe|microsoft 365|office 365|venmo|zelle|paypal|cash app|usps|ups|fedex|dhl|h&r block|turbotax",
    keywords:
      "rent|mortgage|hoa|hoa fees|property tax|taxes|tax|insurance|renters insurance|home insurance|life insurance|pet|pets|vet|veterinarian|dog food|cat food|pet food|grooming|dog walker|childcare|daycare|babysitter|nanny|tuition|school|school fees|field trip|lessons|piano lessons|donation|donations|charity|church|tithe|offering|gift card|laundry|laundromat|dry cleaning|haircut|hair cut|barber|salon|nails|manicure|pedicure|wax|bank fee|atm fee|overdraft|late fee|fee|fees|fine|postage|stamps|shipping|storage unit|moving|movers|legal|lawyer|accountant|loan payment|credit card payment|student loan|repair|plumber|electrician|handyman|locksmith|cleaning service|house cleaning|maid|lawn care|landscaping|pest control|misc|miscellaneous|stuff|other",
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
