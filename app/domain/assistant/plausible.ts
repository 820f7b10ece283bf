import type { ParsedExpense } from "./expenses";

// Is a figure believable for what was bought? A bare three- or four-digit number for something that costs a few
// dollars ("uber 1450", "latte 575") is more likely cents typed without the point than a real price, so the
// assistant asks (issue 19 §2). Each kind of purchase has the span a household plausibly pays for one: the
// figure is asked about when it is above the span and its cents reading falls inside it. Dollars, per purchase.

const KINDS: Array<{ words: RegExp; floor: number; ceiling: number }> = [
  {
    words: /\b(?:coffee|latte|lattes|tea|espresso|cappuccino|americano|mocha|chai|frappuccino|macchiato|cold brew|boba|starbucks|sbux|dunkin|dutch bros|peets|tim hortons)\b/i,
    floor: 1,
    ceiling: 40,
  },
  {
    words: /\b(?:gum|candy|soda|pop|water|sandwich|bagels?|donuts?|doughnuts?|muffin|croissant|snacks?|chips|cookies?|hot dog|smoothie|juice|ice cream|popsicle|newspaper|banana|burrito|tacos?|slice|fries|beer|lemonade|cupcake|pretzel)\b/i,
    floor: 1,
    ceiling: 40,
  },
  // One fast-food item, snack or drink ("big mac 699", "red bull 399", "doritos 429"): a few dollars, even when the
  // lexicon knows no category for it.
  {
    words:
      /\b(?:big mac|whopper|quarter pounder|mcchicken|mc ?nuggets|nuggets|mc ?flurry|mc ?muffin|happy meal|kids meal|value meal|combo meal|cheeseburgers?|hamburgers?|burgers?|chicken sandwich|breakfast sandwich|hash ?browns?|onion rings|frosty|shakes?|milkshakes?|corn ?dogs?|nachos|quesadilla|chalupa|crunchwrap|gordita|tenders|chicken strips|churros?|cinnamon roll|dumplings|bao|egg rolls?|soft pretzel|coke|diet coke|pepsi|sprite|dr pepper|mountain dew|root beer|bottled water|gatorade|powerade|red bull|monster(?! truck| jam)|celsius|energy drinks?|slurpee|icee|iced tea|kombucha|bubble tea|snapple|candy bars?|chocolate bars?|chocolate|granola bars?|protein bars?|jerky|popcorn|trail mix|doritos|cheetos|pringles|takis|funyuns|snickers|kit ?kat|m&ms|skittles|reese'?s|twix|oreos|gelato|froyo|frozen yogurt|vending(?: machine)?|lottery tickets?|scratch ?offs?|scratchers?|bag of ice|stamps|lighter|laundromat|slush|slushie|slushy|frappe)\b/i,
    floor: 1,
    ceiling: 40,
  },
  // A month of one streaming service or app, an ebook, a song or a game on the phone.
  {
    words: /\b(?:netflix|hulu|spotify|disney\+?|disney plus|hbo(?: max)?|max subscription|apple music|apple tv\+?|youtube premium|youtube tv|paramount\+?|peacock|crunchyroll|audible|kindle (?:book|unlimited)|ebook|app store|in-app|itunes|icloud|google one|patreon|twitch sub|xbox game pass|game pass|ps plus|playstation plus|nintendo online)\b/i,
    floor: 1,
    ceiling: 40,
  },
  // A haircut, a copay, a movie ticket: tens of dollars.
  { words: /\b(?:haircut|hair cut|barber|trim|copay|co-pay|movie tickets?|cinema|matinee|arcade|mini golf|putt putt|laundry|dry cleaning|shoe shine)\b/i, floor: 3, ceiling: 150 },
  { words: /\b(?:parking|meter|toll|bus|fare|metro|transit|train ticket|car wash)\b/i, floor: 1, ceiling: 100 },
  { words: /\b(?:uber|lyft|taxi|cab|rideshare)\b(?!\s*eats)/i, floor: 5, ceiling: 150 },
  {
    words:
      /\b(?:mcdonalds|mcdonald's|mcd'?s|chipotle|subway|taco bell|wendy'?s|burger king|kfc|chick[- ]?fil[- ]?a|popeyes|five guys|panera|sonic|arby'?s|jack in the box|in-n-out|panda express|wingstop|domino'?s|pizza hut|papa john'?s|little caesars|dairy queen|culver'?s|whataburger|shake shack|jersey mike'?s|jimmy john'?s|qdoba)\b/i,
    floor: 3,
    ceiling: 100,
  },
  { words: /\b(?:lunch|breakfast|brunch)\b/i, floor: 5, ceiling: 150 },
  { words: /\b(?:dinner|takeout|take out|pizza|uber eats|doordash|grubhub|delivery)\b/i, floor: 8, ceiling: 400 },
  { words: /\b(?:gas|fuel|fill ?up)\b/i, floor: 5, ceiling: 250 },
];

// By the category the lexicon chose, for the shops and dishes no word list above names ("wingstop 2134", "aldi 4106").
const BY_CATEGORY: Partial<Record<ParsedExpense["categoryId"], { floor: number; ceiling: number }>> = {
  coffee: { floor: 1, ceiling: 40 },
  dining: { floor: 8, ceiling: 400 },
  food: { floor: 5, ceiling: 800 },
};

/** True when the message wrote the figure with no money mark, point or comma ("1450", not "$1,450" or "14.50"). */
function bareFigure(text: string): boolean {
  return !/\$|\b(?:dollars?|bucks?|usd)\b|\d,\d|\d\.\d|\d\s*k\b/i.test(text);
}

/** The kind of purchase with the tightest span the expense's words and message name, if any. */
function kindOf(e: ParsedExpense, text: string): { floor: number; ceiling: number } | null {
  const words = `${e.description} ${text.replace(/\d[\d,.]*/g, " ")}`;
  let best: { floor: number; ceiling: number } | null = (e.categoryKnown && BY_CATEGORY[e.categoryId]) || null;
  for (const k of KINDS) if (k.words.test(words) && (!best || k.ceiling < best.ceiling)) best = k;
  return best;
}

/** A bare figure above what the thing bought costs, whose cents reading is believable: ask which it was. */
export function implausibleAmount(e: ParsedExpense, text: string): boolean {
  if (e.amountCents < 10000 || e.amountCents % 100 !== 0 || !bareFigure(text)) return false;
  const kind = kindOf(e, text);
  if (!kind) return false;
  const dollars = e.amountCents / 100;
  const small = dollars / 100;
  return dollars > kind.ceiling && small >= kind.floor && small <= kind.ceiling;
}

/** "gas 3.19": a fill-up is never a few dollars with cents; that is the price a gallon, seen or paid. Ask. */
export function unitPriceOfFuel(e: ParsedExpense, text: string): boolean {
  return e.categoryId === "transport" && e.amountCents < 600 && e.amountCents % 100 !== 0 && /\b(?:gas|fuel|diesel|unleaded|regular|premium|petrol)\b/i.test(text) && !/\b(?:gallons?|gal|liters?|litres?|fill|tank|topped|top off|filled|jerry|can|station snacks?)\b/i.test(text);
}
