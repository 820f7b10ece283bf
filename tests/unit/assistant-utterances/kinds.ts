import { A, C, D, E, F, M, N, U, type Expect } from "./expect";

// DEVELOPMENT (kinds): the kinds of message held-out 3 read wrong when it was scored blind (issue 19), each
// written out in many phrasings of the team's own, none of them a held-out line, so the rule learnt is about
// the kind and not the sentence. Each kind has controls beside it: look-alikes that are spending and must
// stay logged. Today is 2026-11-24, a Tuesday.

export const KINDS_TODAY = "2026-11-24";

export const KINDS: Array<[string, Expect]> = [
  // An implausible figure for what was bought: cents typed without the point, or a real price? Ask.
  A("lyft 1825", 1825, 182500),
  A("taxi 2250", 2250, 225000),
  A("cab home 1575", 1575, 157500),
  A("starbucks 685", 685, 68500),
  A("chipotle 1295", 1295, 129500),
  A("mcdonalds 899", 899, 89900),
  A("parking 850", 850, 85000),
  A("bus ticket 275", 275, 27500),
  A("dunkin 489", 489, 48900),
  A("bagel 350", 350, 35000),
  A("subway 1099", 1099, 109900),
  A("uber ride 2340", 2340, 234000),
  A("cappuccino 525", 525, 52500),
  A("taco bell 1143", 1143, 114300),
  A("dinner 1450", 1450, 145000),
  A("lunch 1275", 1275, 127500),
  A("gas 4520", 4520, 452000),
  // controls: a plausible figure, or one written as money, is logged as typed
  E("uber 45", 4500, "transport"),
  E("uber 145 to the airport", 14500, "transport"),
  E("flight 450", 45000, "transport"),
  E("dinner 180", 18000, "dining"),
  E("dinner 450 for the whole family", 45000, "dining"),
  E("lyft $1,450", 145000, "transport"),
  E("uber 14.50", 1450, "transport"),
  E("iced coffee 4", 400, "coffee"),
  E("lunch 22", 2200, "dining"),
  E("gas 52", 5200, "transport"),

  // A figure with nothing bought named, only feelings and times around it: ask what it was for.
  A("spent 60 ugh"),
  A("blew 200 today lol"),
  A("paid 85 this afternoon smh"),
  A("dropped 40 earlier yikes"),
  A("spent 22 just now"),
  A("ouch, 150 gone today"),
  A("just spent 55, rip"),
  A("dropped 300 this weekend"),
  A("spent 12 bucks idk on what"),
  A("paid 33 tonight"),
  A("blew through 120 today"),
  A("spent 40 just now ugh"),
  A("welp, spent 90"),
  // controls
  E("spent 60 on gas ugh", 6000, "transport"),
  E("paid the plumber 175", 17500, "utilities|other|shopping"),
  E("dropped 45 at target today oof", 4500, "shopping|food"),

  // A range or "X maybe Y": ask which figure.
  A("gas 40-45ish", 4000, 4500),
  A("lunch like 12 to 15", 1200, 1500),
  A("dinner somewhere between 80 and 90", 8000, 9000),
  A("groceries 100 or 110 i forget", 10000, 11000),
  A("coffee 4 or 5 bucks", 400, 500),
  A("uber 20ish-25", 2000, 2500),
  A("target run 50 to 60 maybe", 5000, 6000),
  A("spent 70-80 at costco", 7000, 8000),
  A("paid roughly 30–35 for parking", 3000, 3500),
  A("dinner was between 45 and 55", 4500, 5500),
  A("groceries 60ish or 70ish", 6000, 7000),
  A("takeout 25 maybe 30", 2500, 3000),
  A("haircut 30 or 35 can't remember", 3000, 3500),
  // controls: one figure, "or so", two items
  E("gas 45 or so", 4500, "transport"),
  M("lunch 12 and coffee 4", [1200, "dining"], [400, "coffee"]),
  E("pizza 18ish", 1800, "dining"),

  // Wishes: a price for something wanted, not bought.
  N("the shoes i want are 120"),
  N("i want the 250 stand mixer so bad"),
  N("we want a new couch, about 900"),
  N("eyeing a 60 jacket at old navy"),
  N("saving up for a 1200 laptop"),
  N("the bike i've been eyeing is 450"),
  N("dream car is 45000 lol"),
  N("would love that 80 candle set"),
  N("need new tires soon, maybe 600"),
  N("have my eye on a 300 camera"),
  N("adding a 45 blender to my wishlist"),
  N("kids want the 70 lego set for xmas"),
  N("i really want those 150 boots"),
  N("the couch we like is 1,100 at ikea"),
  N("the laptop he wants costs 1300"),
  N("the dishwasher probably needs replacing, like 700"),
  // controls: a want that was then bought
  E("wanted coffee so grabbed a latte 4.50", 450, "coffee"),
  E("kids wanted pizza, dominos 25", 2500, "dining"),
  E("didn't want to cook, takeout 32", 3200, "dining"),

  // Not bought after all: almost, nearly, didn't, skipped, put back, talked out of.
  N("nearly bought 60 sneakers but put them back"),
  N("didn't buy the 30 shirt"),
  N("skipped the 12 lunch special and brought food from home"),
  N("talked myself out of a 200 jacket"),
  N("decided not to get the 90 boots"),
  N("put the 45 blender back on the shelf"),
  N("passed on the 25 movie"),
  N("resisted a 15 impulse buy at target!"),
  N("was going to spend 80 on shoes but didn't"),
  N("cancelled the 35 order before it shipped"),
  N("walked away from a 500 tv deal"),
  N("thought about getting a 20 pizza but cooked instead"),
  N("almost spent 100 at the mall, proud of myself"),
  N("did not buy the 65 perfume"),
  // controls: spending beside a negation, and negations that are not about buying
  E("skipped starbucks but bought gas 40", 4000, "transport"),
  E("almost forgot, lunch 14", 1400, "dining"),
  E("couldn't resist, donuts 6", 600, "food|dining|coffee"),
  E("didn't have cash, parking 8", 800, "transport"),
  E("no regrets, concert 90", 9000, "entertainment"),

  // A budget or an amount set aside for something: a plan, never spending.
  N("budgeting 200 for christmas gifts"),
  N("set aside 100 for car repairs"),
  N("earmarked 300 for the trip"),
  N("allotted 40 a week for gas"),
  N("putting aside 75 for the dentist"),
  N("our grocery budget is 600 this month"),
  N("i'm giving myself 100 for fun money"),
  N("plan is 150 for thanksgiving food"),
  N("allocated 250 to clothes"),
  N("reserved 80 for date night"),
  N("we've got 400 set aside for the holidays"),
  N("max 60 on eating out this week"),
  N("budgeted 120 for the kids' party"),
  // control
  E("spent 50 on the school fundraiser", 5000, "other|entertainment|shopping"),

  // Money saved or put away is not spending; ages and years are not amounts.
  N("saved 45 with coupons today"),
  N("saved 20 by cooking at home"),
  N("i've saved 1,200 so far this year"),
  N("put away 50 this week"),
  N("we saved 150 last month!"),
  N("she's 9 now"),
  N("my daughter turns 7 next week"),
  N("dad turned 70 yesterday"),
  N("we've been married 12 years"),
  N("i'm 28 and broke lol"),
  N("i'm 41 and just started budgeting"),

  // Someone else paid: ask whether to log my share as money I owe.
  A("Nina covered the 72 brunch for four of us", 1800),
  A("my sister paid for dinner 60, I owe her half", 3000),
  A("jen got the check, 84 for 3 of us", 2800),
  A("dad paid for the 40 movie tickets, i owe him 20", 2000),
  A("my roommate bought groceries 90, i owe her 45", 4500),
  A("alex fronted the 30 for concert tickets", 1500),
  A("Sam picked up the 56 dinner tab for the two of us", 2800),
  A("i owe mike 25 for lunch", 2500),
  // control: I paid for others
  E("I paid for dinner for my sister, 60", 6000, "dining"),

  // Fees are spending even beside the words of a transfer; a transfer with a purchase out of it logs the purchase.
  E("bank fee 12", 1200, "other|utilities"),
  E("atm fee 2.50 at the casino", 250, "other"),
  E("foreign transaction fee 4.20", 420, "other"),
  E("took out 100 cash, spent 30 of it on the farmers market", 3000, "food"),

  // Undo the last entry in other words.
  U("cancel that expense"),
  U("delete that entry"),
  U("scratch that entry"),
  U("undo that expense please"),
  U("remove that entry"),

  // A correction inside the message without "I".
  E("coffee 6 oops meant 4", 400, "coffee"),
  E("gas 50 sorry meant 35", 3500, "transport"),
  D("remove the 40 uber from friday", "remove"),

  // A second round of kinds, written after probing the engine with fresh messages of each §1 kind.
  // Future costs, quotes and estimates: not paid yet.
  N("we're going out to dinner friday, probably 80"),
  N("christmas gifts will be around 500"),
  N("the plumber quoted 300"),
  N("the bill will be about 120"),
  N("the repair estimate came back at 650"),
  N("daycare is going to cost 1400 next month"),
  N("thinking the new tires will run 700"),
  N("got a quote for 2,500 to fix the fence"),
  N("the vet said surgery would be 900"),
  N("braces are gonna be 5000"),
  N("electrician's estimate: 450"),
  N("the tow will probably cost 150"),
  // Looking, browsing, shopping around: nothing bought.
  N("looking at a 2000 sofa"),
  N("shopping around for a 500 mattress"),
  N("browsing 300 rugs online"),
  N("window shopping for a 90 coat"),
  N("comparing two strollers, 250 and 310"),
  N("checking prices on a 60 air fryer"),
  // Past periods, habits and averages: a figure about spending, not a new expense.
  N("last year we spent 3000 on christmas"),
  N("we spent 9000 on the wedding last year"),
  N("we usually spend about 150 a week on food"),
  N("on average we spend 80 on gas"),
  N("groceries averaged 650 in october"),
  N("typically i blow 200 on amazon every month"),
  N("back in 2024 we spent 400 on halloween"),
  N("two years ago the trip cost 3500"),
  // Balances, debts and account figures.
  N("i owe the irs 1200"),
  N("student loans are 32000"),
  N("credit card balance is 4,300"),
  N("my savings hit 10,000!"),
  N("only 43 left in checking"),
  N("have 200 in cash"),
  N("bank account at 523 until payday"),
  N("our debt is down to 8,200"),
  N("mortgage balance 212,000"),
  N("my checking is at 1,140"),
  N("still owe 3,400 on the car loan"),
  // Money in, in more words.
  N("got 75 from returning the boots"),
  N("gift card from grandma 50"),
  N("cashed a check for 120"),
  N("cashed my paycheck, 1,600"),
  N("a check from my aunt for 100"),
  N("birthday gift card 25 from my boss"),
  // Numbers that name or count things.
  N("2 for 1 deal at the bar tonight"),
  N("we're on floor 12"),
  N("called 3 times about the bill"),
  N("waited 40 min at the dmv"),
  N("read 3 books this month"),
  // A budget goal is a setting.
  N("spending goal: 2000 this month"),
  N("goal is 300 on dining this month"),
  N("target for groceries is 500"),
  // A price seen that changed.
  N("movie tickets are like 18 each now"),
  N("a dozen eggs is 5 bucks now"),
  N("rent's going up 150 next year"),
  // Recurring amounts written without a verb, or every few months.
  F("hulu 7.99 a month", 799),
  F("car insurance 900 every 6 months", 15000),
  F("netflix 15.49 per month", 1549),
  F("water bill runs 150 every 3 months", 5000),
  F("lawn guy 40 every week", 17333),
  // Someone else paid, in more words; a payment to nobody named asks what it was.
  A("my brother grabbed the check, 120 for 4 of us", 3000),
  A("kate covered my lunch 18", 1800),
  A("paid 20 to someone"),
  // Edit, remove and undo in more words.
  D("remove both uber charges", "remove"),
  D("delete all the starbucks from today", "remove"),
  U("never mind that last one"),
  U("nvm that one"),
  C("wrong amount, it was 42", 4200),
];
