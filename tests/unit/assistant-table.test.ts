import { describe, expect, it } from "vitest";
import { interpret, type Intent } from "~/domain/assistant";

// The rules engine against a table of utterances written for it: amounts, categories, dates, several
// expenses per message, questions that must not log, corrections and undo. It prints its accuracy.

const TODAY = "2026-11-22"; // a Sunday

type Expect =
  | { log: Array<[number, string]>; date?: string }
  | { kind: "question"; topic?: string }
  | { kind: "undo" }
  | { kind: "correction"; amountCents?: number; categoryId?: string }
  | { kind: "nolog" };

const E = (text: string, cents: number, cats: string, date?: string): [string, Expect] => [text, { log: [[cents, cats]], date }];
const M = (text: string, ...items: Array<[number, string]>): [string, Expect] => [text, { log: items }];
const Q = (text: string, topic?: string): [string, Expect] => [text, { kind: "question", topic }];
const U = (text: string): [string, Expect] => [text, { kind: "undo" }];
const C = (text: string, amountCents?: number, categoryId?: string): [string, Expect] => [text, { kind: "correction", amountCents, categoryId }];
const N = (text: string): [string, Expect] => [text, { kind: "nolog" }];

const TABLE: Array<[string, Expect]> = [
  // Amount formats
  E("groceries $80", 8000, "food"),
  E("groceries 80", 8000, "food"),
  E("80 groceries", 8000, "food"),
  E("$80 groceries", 8000, "food"),
  E("groceries 80.5", 8050, "food"),
  E("groceries $80.50", 8050, "food"),
  E("groceries 80.00", 8000, "food"),
  E("new couch $1,250", 125000, "shopping"),
  E("couch 1,250.99", 125099, "shopping"),
  E("lunch 20 bucks", 2000, "dining"),
  E("20 bucks on lunch", 2000, "dining"),
  E("dinner 80 dollars", 8000, "dining"),
  E("gum seventy five cents", 75, "food|other|shopping"),
  E("spent twenty dollars on gas", 2000, "transport"),
  E("twenty five dollars for a haircut", 2500, "other|health|shopping"),
  E("a hundred bucks at target", 10000, "shopping"),
  E("one hundred and fifty dollars at the dentist", 15000, "health"),
  E("coffee five bucks", 500, "coffee"),
  E("lunch twelve fifty", 1250, "dining"),
  E("$.99 app", 99, "entertainment|shopping|other"),
  E("soda .75", 75, "coffee"),
  E("groceries 80$", 8000, "food"),
  E("groceries USD 80", 8000, "food"),
  E("tv 1.2k", 120000, "shopping"),
  E("paid 3 dollars and 50 cents for a latte", 350, "coffee"),
  E("uber $23.40", 2340, "transport"),
  E("Uber 18", 1800, "transport"),
  E("$4.75 coffee", 475, "coffee"),
  E("coffee 4", 400, "coffee"),
  E("Coffee $4", 400, "coffee"),
  E("I spent $12 on lunch", 1200, "dining"),
  E("just spent 45 on gas", 4500, "transport"),
  E("paid $60 for the internet bill", 6000, "utilities"),
  E("bought shoes for 75", 7500, "shopping"),
  E("got a pizza 18", 1800, "dining"),
  E("picked up groceries 56.20", 5620, "food"),
  E("grabbed a latte 5.25", 525, "coffee"),
  E("ordered takeout $32", 3200, "dining"),
  E("dropped 150 at costco", 15000, "food|shopping"),
  // Price, not quantity
  E("2 coffees for 9", 900, "coffee"),
  E("3 bags of chips $6", 600, "food"),
  E("two coffees for 9", 900, "coffee"),
  E("bought 4 movie tickets for 60", 6000, "entertainment"),
  E("10 gallons of gas 35", 3500, "transport"),
  E("2 tacos 7", 700, "dining"),
  E("5 guys 14", 1400, "dining"),
  E("6 donuts for $8", 800, "dining|food"),
  E("24 pack of water 5", 500, "food|coffee"),
  E("3 shirts $45", 4500, "shopping"),
  E("got 2 beers for 14", 1400, "coffee|dining|entertainment"),
  E("1 latte 5", 500, "coffee"),
  E("2 movie tickets $30", 3000, "entertainment"),
  E("paid 20 for 2 hours of parking", 2000, "transport"),
  E("12 eggs 4.50", 450, "food"),
  E("3 lbs of chicken 11", 1100, "food"),
  E("4 kids meals 22", 2200, "dining"),
  // Several in one message
  M("gas $45, groceries $120", [4500, "transport"], [12000, "food"]),
  M("coffee 4 and bagel 3", [400, "coffee"], [300, "dining|food"]),
  M("coffee $4, lunch $12, gas $40", [400, "coffee"], [1200, "dining"], [4000, "transport"]),
  M("groceries 80 and gas 40", [8000, "food"], [4000, "transport"]),
  M("$45 gas, $120 groceries", [4500, "transport"], [12000, "food"]),
  M("netflix 15.99 and spotify 10.99", [1599, "entertainment"], [1099, "entertainment"]),
  M("lunch 15; coffee 5", [1500, "dining"], [500, "coffee"]),
  M("uber 20 plus dinner 60", [2000, "transport"], [6000, "dining"]),
  M("spent 30 on gas and 25 on lunch", [3000, "transport"], [2500, "dining"]),
  M("movies 25 & popcorn 12", [2500, "entertainment"], [1200, "entertainment|dining|food"]),
  M("latte 6, muffin 4", [600, "coffee"], [400, "dining|food"]),
  M("gas 50 groceries 90", [5000, "transport"], [9000, "food"]),
  M("target 40, walmart 60", [4000, "shopping"], [6000, "shopping|food"]),
  M("pharmacy 15 and gym 30", [1500, "health"], [3000, "health"]),
  M("coffee 4\nbagel 3", [400, "coffee"], [300, "dining|food"]),
  M("2 coffees for 9 and a bagel for 3", [900, "coffee"], [300, "dining|food"]),
  // Dates
  E("coffee yesterday 4", 400, "coffee", "2026-11-21"),
  E("lunch last friday 12", 1200, "dining", "2026-11-20"),
  E("groceries on the 3rd 40", 4000, "food", "2026-11-03"),
  E("on the 25th dinner 60", 6000, "dining", "2026-10-25"),
  E("gas 2 days ago 45", 4500, "transport", "2026-11-20"),
  E("friday dinner 30", 3000, "dining", "2026-11-20"),
  E("monday 20 gas", 2000, "transport", "2026-11-16"),
  E("dinner tonight 40", 4000, "dining", TODAY),
  E("groceries today 55", 5500, "food", TODAY),
  E("movie last night 18", 1800, "entertainment", "2026-11-21"),
  E("uber yesterday morning 16", 1600, "transport", "2026-11-21"),
  E("dentist on nov 10 120", 12000, "health", "2026-11-10"),
  E("dec 5 concert 80", 8000, "entertainment", "2025-12-05"),
  E("pharmacy 11/20 25", 2500, "health", "2026-11-20"),
  E("lunch a week ago 14", 1400, "dining", "2026-11-15"),
  E("the day before yesterday groceries 33", 3300, "food", "2026-11-20"),
  E("saturday brunch 45", 4500, "dining", "2026-11-21"),
  E("on tuesday parking 9", 900, "transport", "2026-11-17"),
  E("last sunday movies 24", 2400, "entertainment", "2026-11-15"),
  E("yesterday I spent 60 at kroger", 6000, "food", "2026-11-21"),
  // Categories: food
  E("kroger 64.10", 6410, "food"),
  E("Trader Joe's 67.89", 6789, "food"),
  E("trader joes 45", 4500, "food"),
  E("whole foods $92", 9200, "food"),
  E("safeway 38", 3800, "food"),
  E("aldi run 52", 5200, "food"),
  E("publix 71", 7100, "food"),
  E("milk and eggs 9", 900, "food"),
  E("produce at the farmers market 23", 2300, "food"),
  E("instacart order 110", 11000, "food"),
  E("grocery store 47", 4700, "food"),
  E("supermarket 66", 6600, "food"),
  E("bread 4", 400, "food"),
  E("meat for the week 38", 3800, "food"),
  E("snacks 8", 800, "food"),
  // dining
  E("chipotle 14", 1400, "dining"),
  E("takeout 28", 2800, "dining"),
  E("mcdonald's 9.50", 950, "dining"),
  E("doordash 31", 3100, "dining"),
  E("uber eats 27", 2700, "dining"),
  E("sushi dinner 65", 6500, "dining"),
  E("pizza night 24", 2400, "dining"),
  E("burger king 11", 1100, "dining"),
  E("brunch with friends 38", 3800, "dining"),
  E("taco bell 8", 800, "dining"),
  E("breakfast sandwich 7", 700, "dining"),
  E("restaurant 55", 5500, "dining"),
  E("olive garden 72", 7200, "dining"),
  E("chick-fil-a 12", 1200, "dining"),
  E("grubhub 26", 2600, "dining"),
  E("ice cream 6", 600, "dining|food"),
  // coffee
  E("starbucks 6", 600, "coffee"),
  E("latte 5.50", 550, "coffee"),
  E("boba 7", 700, "coffee"),
  E("dunkin 4", 400, "coffee"),
  E("iced coffee 4.25", 425, "coffee"),
  E("bubble tea 6.50", 650, "coffee"),
  E("smoothie 8", 800, "coffee"),
  E("cappuccino 4.75", 475, "coffee"),
  E("tea 3", 300, "coffee"),
  E("dutch bros 7", 700, "coffee"),
  E("energy drink 3.50", 350, "coffee"),
  E("peet's 5", 500, "coffee"),
  // transport
  E("shell 48", 4800, "transport"),
  E("gas 45", 4500, "transport"),
  E("chevron $52", 5200, "transport"),
  E("lyft 19", 1900, "transport"),
  E("parking 12", 1200, "transport"),
  E("tolls 8", 800, "transport"),
  E("bus fare 2.75", 275, "transport"),
  E("train ticket 14", 1400, "transport"),
  E("oil change 60", 6000, "transport"),
  E("car wash 15", 1500, "transport"),
  E("taxi 30", 3000, "transport"),
  E("exxon 41", 4100, "transport"),
  E("fuel 55", 5500, "transport"),
  E("new tires 400", 40000, "transport"),
  E("metro card 33", 3300, "transport"),
  // shopping
  E("amazon 34.99", 3499, "shopping"),
  E("jeans 45", 4500, "shopping"),
  E("target 27", 2700, "shopping"),
  E("new shoes 89", 8900, "shopping"),
  E("birthday gift 40", 4000, "shopping"),
  E("headphones 120", 12000, "shopping"),
  E("home depot 75", 7500, "shopping"),
  E("ikea 210", 21000, "shopping"),
  E("clothes 60", 6000, "shopping"),
  E("best buy 199", 19900, "shopping"),
  E("jacket 95", 9500, "shopping"),
  E("etsy 22", 2200, "shopping"),
  // entertainment
  E("movies 25", 2500, "entertainment"),
  E("concert 80", 8000, "entertainment"),
  E("netflix 15.49", 1549, "entertainment"),
  E("spotify 11", 1100, "entertainment"),
  E("bowling 30", 3000, "entertainment"),
  E("video game 60", 6000, "entertainment"),
  E("steam sale 20", 2000, "entertainment"),
  E("museum tickets 36", 3600, "entertainment"),
  E("hulu 8", 800, "entertainment"),
  E("disney+ 14", 1400, "entertainment"),
  E("zoo 45", 4500, "entertainment"),
  // health
  E("gym 40", 4000, "health"),
  E("pharmacy 15", 1500, "health"),
  E("dentist 150", 15000, "health"),
  E("cvs 22", 2200, "health"),
  E("walgreens 13", 1300, "health"),
  E("prescription 10", 1000, "health"),
  E("doctor copay 30", 3000, "health"),
  E("yoga class 20", 2000, "health"),
  E("vitamins 18", 1800, "health"),
  E("planet fitness 25", 2500, "health"),
  E("therapy session 90", 9000, "health"),
  // utilities
  E("electric bill 120", 12000, "utilities"),
  E("water bill 45", 4500, "utilities"),
  E("internet 70", 7000, "utilities"),
  E("phone bill 85", 8500, "utilities"),
  E("comcast 89", 8900, "utilities"),
  E("verizon 95", 9500, "utilities"),
  E("gas bill 60", 6000, "utilities"),
  E("electricity 110", 11000, "utilities"),
  E("trash pickup 30", 3000, "utilities"),
  // other
  E("dog food 40", 4000, "other|food|shopping"),
  E("haircut 30", 3000, "other|health|shopping"),
  E("donation 50", 5000, "other"),
  E("random stuff 12", 1200, "other|shopping"),
  E("laundry 8", 800, "other"),
  E("vet visit 120", 12000, "other|health"),
  E("birthday card 6", 600, "shopping|other"),
  // Phrasing variety
  E("Spent 12.50 at Chipotle for lunch", 1250, "dining"),
  E("Just grabbed coffee at Starbucks, $5.45", 545, "coffee"),
  E("filled up the tank 48", 4800, "transport"),
  E("weekly groceries came to 132.40", 13240, "food"),
  E("dinner with Sam was 64", 6400, "dining"),
  E("lunch - 14", 1400, "dining"),
  E("lunch: $14", 1400, "dining"),
  E("coffee = 4", 400, "coffee"),
  E("$9 for parking downtown", 900, "transport"),
  E("my gym membership 35", 3500, "health"),
  E("we spent 220 at costco", 22000, "food|shopping"),
  E("put 60 in the car", 6000, "transport|other"),
  E("hey, coffee 4", 400, "coffee"),
  E("log groceries 80", 8000, "food"),
  E("add lunch 15", 1500, "dining"),
  E("COFFEE 4", 400, "coffee"),
  E("tickets to the game 90", 9000, "entertainment"),
  E("paid the water bill, 38", 3800, "utilities"),
  E("Bought groceries at Walmart for $85.43", 8543, "food"),
  E("fifteen dollars for lunch", 1500, "dining"),
  E("A dollar fifty for a soda", 150, "coffee"),
  E("Yesterday's dinner was $45", 4500, "dining", "2026-11-21"),
  E("4 bags of groceries for $75", 7500, "food"),
  E("Took an Uber home, $18.75", 1875, "transport"),
  E("Paid $12.99 for Netflix", 1299, "entertainment"),
  E("Prescription pickup at CVS $15", 1500, "health"),
  E("Last Tuesday I spent $30 on gas", 3000, "transport", "2026-11-17"),
  E("I bought a sandwich for 8 bucks", 800, "dining"),
  M("Hulu and Netflix, $8 and $15", [800, "entertainment"], [1500, "entertainment"]),
  E("snacks at 7-eleven $6", 600, "food|coffee"),
  E("coffee - five dollars", 500, "coffee"),
  E("5 dollar coffee", 500, "coffee"),
  E("a hundred and twenty dollars on groceries", 12000, "food"),
  E("$1.5k on a new laptop", 150000, "shopping"),
  E("coffee x2 $9", 900, "coffee"),
  E("lunch (sushi) $22", 2200, "dining"),
  E("Trader Joe’s 55", 5500, "food"),
  E("40 on gas", 4000, "transport"),
  E("twenty on lunch", 2000, "dining"),
  // Questions (never logged)
  Q("can you help me", "help"),
  Q("If I spend $50 on dinner will I be over budget", "afford"),
  Q("Is $30 too much for lunch", "afford"),
  Q("I'm thinking of buying a $500 phone", "afford"),
  Q("What if I spent 200 on a jacket", "afford"),
  Q("total spent on groceries", "spentCategory"),
  Q("coffee spending", "spentCategory"),
  Q("help me log an expense", "help"),
  Q("how much have we spent at starbucks", "spentCategory"),
  Q("what's my biggest expense category?", "topCategory"),
  Q("Show my expenses", "recent"),
  Q("Am I over budget?", "left"),
  Q("What's my remaining budget?", "left"),
  Q("how much is left?", "left"),
  Q("how much do I have left", "left"),
  Q("what's left to spend", "left"),
  Q("how much money is left this month?", "left"),
  Q("what's my budget?", "left"),
  Q("am I on track?", "left"),
  Q("what's my daily limit", "perDay"),
  Q("how much can I spend per day?", "perDay"),
  Q("how much can I spend today", "perDay"),
  Q("what's my per-day allowance?", "perDay"),
  Q("how much did I spend on coffee?", "spentCategory"),
  Q("how much have we spent on dining this month", "spentCategory"),
  Q("how much did I spend on groceries", "spentCategory"),
  Q("what did we spend on gas?", "spentCategory"),
  Q("how much have I spent this month?", "spentMonth"),
  Q("how much did we spend", "spentMonth"),
  Q("what's my top category?", "topCategory"),
  Q("where is my money going?", "topCategory"),
  Q("what do I spend the most on?", "topCategory"),
  Q("can I afford a $200 dinner?", "afford"),
  Q("can I afford $50 shoes", "afford"),
  Q("could I buy a $300 tv?", "afford"),
  Q("is it ok to spend 80 on a concert?", "afford"),
  Q("should I buy a $40 jacket?", "afford"),
  Q("help", "help"),
  Q("what can you do?", "help"),
  Q("hi", "greeting"),
  Q("hello!", "greeting"),
  Q("good morning", "greeting"),
  Q("thanks", "thanks"),
  Q("thank you!", "thanks"),
  Q("ok cool", "thanks"),
  Q("show me my recent expenses", "recent"),
  Q("what did I spend on the 3rd?"),
  Q("how much was the $80 groceries?"),
  Q("did I log the 45 gas?"),
  Q("budget status"),
  Q("balance"),
  Q("how are we doing this month?"),
  Q("is there money left for 2 coffees?"),
  N("I make 4,200 a month"),
  N("got paid 2000 today"),
  N("coffee"),
  N("random words here"),
  N("got a refund of 20 from amazon"),
  // Undo and corrections
  U("undo"),
  U("Undo that"),
  U("delete that"),
  U("delete the last one"),
  U("remove that"),
  U("oops, delete that"),
  U("scratch that"),
  U("never mind"),
  U("cancel that please"),
  U("remove my last expense"),
  C("actually it was 15", 1500),
  C("actually 15", 1500),
  C("make that dining", undefined, "dining"),
  C("make it 20", 2000),
  C("it was $18 not $15", 1800),
  C("that should be coffee", undefined, "coffee"),
  C("change that to groceries", undefined, "food"),
  C("no, it was 12.50", 1250),
  C("change the category to transport", undefined, "transport"),
  C("actually it was twenty", 2000),
  C("oops, make that 9", 900),
  C("that was shopping not dining", undefined, "shopping"),
  C("make that dining out", undefined, "dining"),
  C("change it to entertainment", undefined, "entertainment"),
  C("actually that was $45", 4500),
  // A later spot-check: fresh utterances written without looking at the table (all read right after
  // "gas company" / "gas and electric" joined the utilities words).
  E("walmart run 64.12", 6412, "food|shopping"),
  E("costco 212", 21200, "food|shopping"),
  E("aldi $38.40", 3840, "food"),
  E("whole foods 27", 2700, "food"),
  E("safeway 45.67", 4567, "food"),
  E("publix groceries 102", 10200, "food"),
  E("taco bell 11.25", 1125, "dining"),
  E("mcdonalds 9", 900, "dining"),
  E("dinner with friends $64", 6400, "dining"),
  E("doordash 32.50", 3250, "dining"),
  E("ubereats 28", 2800, "dining"),
  E("sushi 45", 4500, "dining"),
  E("dunkin 6.35", 635, "coffee"),
  E("iced coffee 5", 500, "coffee"),
  E("smoothie 8", 800, "coffee|food|dining"),
  E("lyft to work 14", 1400, "transport"),
  E("filled up the tank 52", 5200, "transport"),
  E("bus pass 60", 6000, "transport"),
  E("car wash 15", 1500, "transport"),
  E("oil change 49.99", 4999, "transport"),
  E("train ticket $27", 2700, "transport"),
  E("parking downtown 12", 1200, "transport"),
  E("new sneakers 89", 8900, "shopping"),
  E("target 73.20", 7320, "shopping|food"),
  E("birthday gift for mom 40", 4000, "shopping|other"),
  E("ikea 150", 15000, "shopping"),
  E("spotify 10.99", 1099, "entertainment"),
  E("hulu 17.99", 1799, "entertainment"),
  E("bowling 30", 3000, "entertainment"),
  E("video game 60", 6000, "entertainment|shopping"),
  E("concert tickets 120", 12000, "entertainment"),
  E("cvs 14.50", 1450, "health"),
  E("prescription 25", 2500, "health"),
  E("doctor copay 30", 3000, "health"),
  E("yoga class 20", 2000, "health"),
  E("electric bill 95", 9500, "utilities"),
  E("water bill $42", 4200, "utilities"),
  E("comcast 80", 8000, "utilities"),
  E("phone bill 65", 6500, "utilities"),
  E("dog food 35", 3500, "food|other|shopping"),
  E("haircut 30", 3000, "other|health|shopping"),
  E("groceries yesterday 54", 5400, "food", "2026-11-21"),
  E("yesterday I spent 20 on lunch", 2000, "dining", "2026-11-21"),
  E("gas $40 on friday", 4000, "transport", "2026-11-20"),
  M("gas 40 and coffee 5", [4000, "transport"], [500, "coffee"]),
  M("groceries $60, dinner $35", [6000, "food"], [3500, "dining"]),
  M("lunch 12 + coffee 4.50", [1200, "dining"], [450, "coffee"]),
  E("bought 3 shirts for 45", 4500, "shopping"),
  E("2 movie tickets 28", 2800, "entertainment"),
  E("spent forty dollars on groceries", 4000, "food"),
  Q("how much do I have left?"),
  Q("what's my daily limit"),
  Q("how much have I spent on dining this month?"),
  Q("can I afford a $300 jacket?"),
  Q("what did I spend the most on"),
  Q("hi there"),
  Q("thanks!"),
  Q("how am I doing this month?"),
  Q("should I buy a $50 game"),
  U("undo that"),
  C("actually it was 18", 1800),
  C("make that groceries", undefined, "food"),
  C("oops that was coffee", undefined, "coffee"),
  E("chick-fil-a 13.47", 1347, "dining"),
  E("paid the gas company 70", 7000, "utilities"),
  E("gas and electric 130", 13000, "utilities"),
  E("gas 45", 4500, "transport"),
  E("kroger 88.10", 8810, "food"),
  E("trader joe's 41", 4100, "food"),
  E("chipotle bowl 12", 1200, "dining"),
  E("boba 7", 700, "coffee"),
  E("tolls 9.50", 950, "transport"),
  E("amazon order 34.99", 3499, "shopping"),
  E("netflix 15.49", 1549, "entertainment"),
  E("gym membership 40", 4000, "health"),
  E("dentist 200", 20000, "health"),
  E("internet 70", 7000, "utilities"),
  E("took an uber home 22", 2200, "transport"),
  E("grabbed a latte for 5.25", 525, "coffee"),
  E("movie night 24", 2400, "entertainment"),
  E("paid 1,100 for car repairs", 110000, "transport"),
  E("last friday groceries 70", 7000, "food", "2026-11-20"),
  E("on the 3rd I spent 25 on gas", 2500, "transport", "2026-11-03"),
  Q("what's left in my budget"),
  Q("how much did I spend on coffee"),
  Q("is $80 too much for shoes?"),
  Q("help"),
  U("delete that"),
  C("actually it was $22.50", 2250),
  C("no wait that should be dining", undefined, "dining"),
];

function check(intent: Intent, want: Expect): string | null {
  if ("log" in want) {
    if (intent.kind !== "expenses") return `expected expenses, got ${intent.kind}`;
    if (intent.expenses.length !== want.log.length) return `expected ${want.log.length} expenses, got ${intent.expenses.length}`;
    for (let i = 0; i < want.log.length; i++) {
      const [cents, cats] = want.log[i];
      const got = intent.expenses[i];
      if (got.amountCents !== cents) return `amount ${got.amountCents} ≠ ${cents}`;
      if (!cats.split("|").includes(got.categoryId)) return `category ${got.categoryId} ∉ ${cats}`;
      if (want.date && got.date !== want.date) return `date ${got.date} ≠ ${want.date}`;
    }
    return null;
  }
  if (want.kind === "nolog") return intent.kind === "expenses" ? "logged something" : null;
  if (intent.kind !== want.kind) return `expected ${want.kind}, got ${intent.kind}`;
  if (want.kind === "question" && want.topic && intent.kind === "question" && intent.topic !== want.topic) return `topic ${intent.topic} ≠ ${want.topic}`;
  if (want.kind === "correction" && intent.kind === "correction") {
    if (want.amountCents !== intent.amountCents) return `correction amount ${intent.amountCents} ≠ ${want.amountCents}`;
    if (want.categoryId !== intent.categoryId) return `correction category ${intent.categoryId} ≠ ${want.categoryId}`;
  }
  return null;
}

describe("rules engine utterance table", () => {
  it("has at least 250 utterances of its own", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(250);
  });

  it("reads at least 97% of the table exactly (prints the accuracy and every miss)", () => {
    const misses: string[] = [];
    for (const [text, want] of TABLE) {
      const problem = check(interpret(text, { today: TODAY }), want);
      if (problem) misses.push(`${JSON.stringify(text)}: ${problem}`);
    }
    const accuracy = (TABLE.length - misses.length) / TABLE.length;
    console.log(`assistant table accuracy: ${(accuracy * 100).toFixed(1)}% (${TABLE.length - misses.length}/${TABLE.length})`);
    if (misses.length) console.log(misses.join("\n"));
    expect(accuracy).toBeGreaterThanOrEqual(0.97);
  });

  it("questions never produce an expense", () => {
    for (const [text, want] of TABLE) {
      if ("kind" in want && (want.kind === "question" || want.kind === "nolog")) {
        expect(interpret(text, { today: TODAY }).kind, text).not.toBe("expenses");
      }
    }
  });

  it("measures the parser's throughput on one core (prints messages per second; goal 5,000/s)", () => {
    const texts = TABLE.map(([t]) => t);
    const rounds = 20;
    const start = performance.now();
    for (let r = 0; r < rounds; r++) for (const t of texts) interpret(t, { today: TODAY });
    const seconds = (performance.now() - start) / 1000;
    const rate = (rounds * texts.length) / seconds;
    console.log(`assistant parser throughput: ${Math.round(rate)} messages/s`);
    expect(rate).toBeGreaterThan(0);
  });
});
