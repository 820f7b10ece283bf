import { A, C, D, E, F, M, N, Q, U, type Expect } from "./expect";

// HELD-OUT 2: written after held-out 1 had been tuned on (its misses were read, so it became development
// data). Written from general knowledge of how people text expense bots, without reading the engine or
// its misses. Scored blind at 90.8% with 9 false logs; its misses were then read and their kinds fixed
// (money received, card/fund transfers, number facts, "X not Y", tips, splits, category corrections), so it
// is development data now. Today is 2026-11-22, a Sunday.

export const HELD_OUT_2_TODAY = "2026-11-22";

export const HELD_OUT_2: Array<[string, Expect]> = [
  // Merchants as people type them
  E("peets 5.75", 575, "coffee"),
  E("dutch bros 7.20", 720, "coffee"),
  E("tim hortons 3.85", 385, "coffee"),
  E("iced coffee 4.95", 495, "coffee"),
  E("cold brew 5", 500, "coffee"),
  E("burger king 9.49", 949, "dining"),
  E("five guys 24.60", 2460, "dining"),
  E("subway footlong 11.29", 1129, "dining"),
  E("popeyes 13.70", 1370, "dining"),
  E("panda express 12.15", 1215, "dining"),
  E("sushi dinner 58", 5800, "dining"),
  E("thai takeout 31.40", 3140, "dining"),
  E("brunch 44", 4400, "dining"),
  E("pho 16.50", 1650, "dining"),
  E("safeway 67.89", 6789, "food"),
  E("food lion 38", 3800, "food"),
  E("sprouts 49.20", 4920, "food"),
  E("grocery outlet 27.45", 2745, "food"),
  E("farmers market 22", 2200, "food"),
  E("groceries at meijer 102.33", 10233, "food"),
  E("shell 48.75", 4875, "transport"),
  E("filled up the tank 61", 6100, "transport"),
  E("wawa gas 39.50", 3950, "transport"),
  E("parking garage 17", 1700, "transport"),
  E("bus pass 64", 6400, "transport"),
  E("toll 4.50", 450, "transport"),
  E("uber home 23.80", 2380, "transport"),
  E("train ticket 18", 1800, "transport"),
  E("oil change 79.99", 7999, "transport|other"),
  E("best buy 89.99", 8999, "shopping"),
  E("old navy 46", 4600, "shopping"),
  E("home depot 57.12", 5712, "shopping|other"),
  E("new sneakers 120", 12000, "shopping"),
  E("etsy order 34", 3400, "shopping"),
  E("walgreens 18.60", 1860, "health"),
  E("ibuprofen 8.99", 899, "health"),
  E("urgent care copay 75", 7500, "health"),
  E("eye exam 110", 11000, "health"),
  E("hbo max 16.99", 1699, "entertainment"),
  E("movie tickets 28", 2800, "entertainment"),
  E("concert tix 145", 14500, "entertainment"),
  E("bowling 36", 3600, "entertainment"),
  E("disney plus 13.99", 1399, "entertainment"),
  E("electric bill 112.40", 11240, "utilities"),
  E("paid internet 65", 6500, "utilities"),
  E("gas bill 54.30", 5430, "utilities"),
  E("xfinity bill 94.50", 9450, "utilities"),
  E("Lunch at Chipotle $13.25", 1325, "dining"),
  E("STARBUCKS 6.45", 645, "coffee"),
  E("Spent $27 on groceries", 2700, "food"),
  E("$15.50 pizza", 1550, "dining"),
  E("gas $44", 4400, "transport"),
  E("dinner was 62 bucks", 6200, "dining"),
  E("just paid 9.99 for spotify", 999, "entertainment"),
  E("bought a coffee for 3.50", 350, "coffee"),
  E("grabbed lunch, 14", 1400, "dining"),
  E("groceries 1,024.50 (big costco haul)", 102450, "food|shopping"),

  // Emoji
  E("⛽ 47.30", 4730, "transport"),
  E("🍔 11.50", 1150, "dining"),
  E("🛒 84", 8400, "food"),
  E("🎬 15", 1500, "entertainment"),

  // Tips, splits, quantities
  E("dinner 80 + 18% tip", 9440, "dining"),
  E("uber 20 plus 4 tip", 2400, "transport"),
  E("haircut 40 and tipped 8", 4800, "other|health|shopping"),
  E("delivery 30 + 5 tip", 3500, "dining"),
  E("bar tab 90 split 3 ways", 3000, "dining|entertainment"),
  E("split a 50 cab with my friend", 2500, "transport"),
  E("rent for the airbnb 600 split between 4", 15000, "other|entertainment|shopping|utilities"),
  E("4 coffees at 3.25 each", 1300, "coffee"),
  E("2 movie tickets 14 each", 2800, "entertainment"),

  // Several items in one message
  M("gas 40 and snacks 6", [4000, "transport"], [600, "food|dining"]),
  M("lunch 12.50, coffee 4.25", [1250, "dining"], [425, "coffee"]),
  M("groceries 58 then target 23", [5800, "food"], [2300, "shopping"]),
  M("parking 10, dinner 45, uber 18", [1000, "transport"], [4500, "dining"], [1800, "transport"]),

  // Dates
  E("yesterday lunch 15", 1500, "dining", "2026-11-21"),
  E("gas 42 yesterday", 4200, "transport", "2026-11-21"),
  E("friday dinner 64", 6400, "dining", "2026-11-20"),
  E("groceries thursday 88", 8800, "food", "2026-11-19"),
  E("coffee this morning 4.75", 475, "coffee", "2026-11-22"),
  E("nov 3 dentist 120", 12000, "health", "2026-11-03"),
  E("movie on the 15th, 22", 2200, "entertainment", "2026-11-15"),
  E("2 days ago uber 16", 1600, "transport", "2026-11-20"),
  E("last night pizza 27", 2700, "dining", "2026-11-21"),

  // Corrections and undo
  C("actually it was 22", 2200),
  C("sorry, 14.50 not 14", 1450),
  C("make it groceries pls", undefined, "food"),
  C("oops should be transport", undefined, "transport"),
  C("no it was 8", 800),
  U("undo that last one"),
  U("undo the last thing"),

  // Edit and delete commands that name an expense
  D("delete the pizza from friday", "remove"),
  D("remove the 15 dollar uber", "remove"),
  D("change the grocery one to 62", "edit"),
  D("the lunch yesterday was 18 not 15", "edit"),

  // Recurring amounts described
  F("our mortgage is 2100 a month", 210000),
  F("spotify is 11.99 every month", 1199),
  F("we pay 60 a month for internet", 6000),
  F("my car insurance is 140 monthly", 14000),

  // Budget settings
  N("set my grocery budget to 450"),
  N("limit coffee to 40 a month"),
  N("set the monthly budget at 2500"),
  N("raise the gas budget to 250"),
  N("i want to spend no more than 100 on takeout"),

  // Money received
  N("got my paycheck, 2150"),
  N("tax refund came in 840"),
  N("venmo'd 30 from alex for concert tickets"),
  N("refund 19.99 from target"),
  N("sold my old phone for 200"),
  N("interest payment 4.12"),
  N("bonus 1000 this month!"),
  N("grandma sent 50"),

  // Transfers
  N("moved 200 to savings"),
  N("transferred 1000 to checking"),
  N("paid 600 toward the visa"),
  N("put 50 in the kids' college fund"),
  N("atm withdrawal 80"),

  // Plans and wishes
  N("planning to spend 400 on christmas"),
  N("i'll probably get a 250 coat next month"),
  N("thinking about a 30 haircut tomorrow"),
  N("need to buy a 70 gift for mom's birthday"),
  N("can I afford a 500 tv?"),

  // Facts with numbers
  N("my car gets 30 mpg"),
  N("the baby is 6 months old"),
  N("we're a family of 4"),
  N("milk went up to 4.29"),
  N("i worked 40 hours this week"),
  N("room 204 at the hotel"),

  // Questions, chatter
  Q("how much have I spent this week"),
  Q("what's left in groceries"),
  Q("how much did we spend on dining in october"),
  N("thank u!!"),
  N("heyyy"),
  N("morning ☀️"),
  N("nothing spent today"),
  N("ok"),
  N("🙏"),
  N("what else can you do"),

  // Ask instead of guessing
  A("spent 30"),
  A("$22.40"),
  A("latte 650", 650, 65000),
  A("dinner around 40 or 50"),
  A("my brother paid for lunch, 60 total"),
];
