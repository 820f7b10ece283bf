import { describe, expect, it } from "vitest";
import { interpret, parseOnboardingAnswer, tagNumbers, tagSpans, humanDay, featureTopic, type Intent } from "~/domain/assistant";
import { resolveArithmetic } from "~/domain/assistant/arithmetic";
import { noLogReply } from "~/domain/assistant/no-log-replies";
import { answerQuestion, loggedReply, type BudgetFigures } from "~/domain/assistant/replies";

// Issue 19: the role tagging, the intent decision and each rule, each with several phrasings (none of
// them lines of the held-out table). Today is Sunday 2026-11-22.

const TODAY = "2026-11-22";
const read = (t: string): Intent => interpret(t, { today: TODAY });
const logged = (t: string) => {
  const i = read(t);
  return i.kind === "expenses" ? i.expenses.map((e) => [e.amountCents, e.categoryId]) : i.kind;
};

describe("role tagging", () => {
  it("tags word spans: paying, receiving, moving, planning, setting, amending, recurring, someone else paying, ranges", () => {
    expect(tagSpans("bought a lamp for 40")).toContain("paying");
    expect(tagSpans("my brother paid me back 30")).toContain("receiving");
    expect(tagSpans("stashed 100 into the vacation fund")).toContain("moving");
    expect(tagSpans("we'll probably spend 90 on the tree")).toContain("planning");
    expect(tagSpans("raise the coffee limit to 60")).toContain("setting");
    expect(tagSpans("delete the 9 dollar parking one")).toContain("amending");
    expect(tagSpans("the gym is 40 every month")).toContain("recurring");
    expect(tagSpans("Marco picked up the 50 check")).toContain("otherPaid");
    expect(tagSpans("lunch was 10 to 14")).toContain("range");
    expect(tagSpans("tacos 9")).toEqual(new Set());
  });

  it("tags numbers: price, quantity, count, percent, date, time, measure, part of a name", () => {
    const roles = (t: string) => tagNumbers(t).map((n) => `${n.text}:${n.role}`);
    expect(roles("3 x 4.50 for beers")).toEqual(["3:quantity", "4.50:price"]);
    expect(roles("we have 2 cats")).toEqual(["2:count"]);
    expect(roles("tip was 18% on 40")).toEqual(["18:percent", "40:price"]);
    expect(roles("dinner at 7pm 55")).toEqual(["7:time", "55:price"]);
    expect(roles("ran 5 miles")).toEqual(["5:measure"]);
    expect(roles("gate 22 snack 6")).toEqual(["22:name", "6:price"]);
    expect(roles("the 14th pizza 20")).toEqual(["14:date", "20:price"]);
  });
});

describe("never log money that was not spent", () => {
  it.each([
    ["raise the coffee limit to 60", "budgetSetting"],
    ["budget 90 for gifts", "budgetSetting"],
    ["remind me to pay the 40 water bill", "reminder"],
    ["my brother paid me back 30", "received"],
    ["sold my old phone for 120", "received"],
    ["stashed 100 into the vacation fund", "transfer"],
    ["pulled 40 out of the atm", "transfer"],
    ["we'll probably spend 90 on the tree", "plan"],
    ["thinking about a 70 dollar rug", "question"],
    ["we have 2 cats", "fact"],
    ["ran 5 miles", "fact"],
    ["no spend saturday!!", "noSpend"],
    ["🙌🙌", "chatter"],
  ])("%s → %s", (text, reason) => {
    const i = read(text);
    expect(i.kind).not.toBe("expenses");
    expect(i.kind === "noLog" ? i.reason : i.kind).toBe(reason);
  });

  it("offers a fixed expense for a recurring amount described, never logs it", () => {
    expect(read("the gym is 40 every month")).toMatchObject({ kind: "offerFixed", amountCents: 4000 });
    expect(read("car insurance runs 1200 a year")).toMatchObject({ kind: "offerFixed", amountCents: 10000 });
  });

  it("edit and delete commands that name an expense find it instead of logging", () => {
    expect(read("delete the 9 dollar parking one")).toMatchObject({ kind: "amend", action: "remove", target: { amountCents: 900, words: ["parking"] } });
    expect(read("the walmart one from yesterday should be 31")).toMatchObject({ kind: "amend", action: "edit", amountCents: 3100, target: { words: ["walmart"], date: "2026-11-21" } });
    expect(read("change the 14 lunch to coffee")).toMatchObject({ kind: "amend", action: "edit", categoryId: "coffee", target: { amountCents: 1400 } });
  });
});

describe("ask instead of guessing", () => {
  it("an implausible amount for a small purchase asks which it was", () => {
    const i = read("espresso 395");
    expect(i.kind).toBe("ask");
    if (i.kind === "ask") expect(i.options.map((o) => o.expenses.map((e) => e.amountCents))).toEqual([[395], [39500], []]);
    expect(read("espresso $3.95").kind).toBe("expenses");
  });
  it("a range, an amount with nothing bought, someone else paying", () => {
    expect(read("lunch was 10 to 14")).toMatchObject({ kind: "ask", reason: "range" });
    expect(read("paid 18 earlier")).toMatchObject({ kind: "ask", reason: "what" });
    const paid = read("Marco picked up the 50 check for two of us");
    expect(paid).toMatchObject({ kind: "ask", reason: "paidBy" });
    if (paid.kind === "ask") expect(paid.options[0].expenses[0].amountCents).toBe(2500);
  });
});

describe("kinds held-out 3 read wrong blind (issue 19): wishes, not bought after all, set aside, saved, ages, someone else paying", () => {
  it("tags wishing, declining and saving spans, and ages as counts", () => {
    expect(tagSpans("the lamp i want is 90")).toContain("wishing");
    expect(tagSpans("got my eye on a 200 drill")).toContain("wishing");
    expect(tagSpans("nearly ordered a 35 pizza")).toContain("declining");
    expect(tagSpans("talked her out of the 70 dress")).toContain("declining");
    expect(tagSpans("saved 12 with a store coupon")).toContain("saving");
    expect(tagSpans("we usually spend 40 on gas")).toContain("history");
    expect(tagSpans("visa balance is 900")).toContain("balance");
    expect(tagSpans("the bill will be 120")).toContain("planning");
    expect(tagNumbers("2 for 1 wings special").map((n) => n.role)).toEqual(["name", "name"]);
    expect(read("home insurance 1200 every 6 months")).toMatchObject({ kind: "offerFixed", amountCents: 20000 });
    expect(tagSpans("groceries 70, coupon saved me 12")).not.toContain("saving");
    expect(logged("groceries 70, coupon saved me 12")).toEqual([[5800, "food"]]);
    expect(tagSpans("saved 30 by walking instead of taking a cab")).toContain("saving");
    expect(tagNumbers("my wife turned 40 on saturday").map((n) => n.role)).toEqual(["count"]);
    expect(tagNumbers("he's 6 now").map((n) => n.role)).toEqual(["count"]);
    expect(tagNumbers("i'm 30 over budget").map((n) => n.role)).toEqual(["price"]);
  });

  it.each([
    ["the lamp i want is 90", "plan"],
    ["my son needs new cleats, around 55", "plan"],
    ["nearly ordered a 35 pizza but made pasta", "declined"],
    ["was gonna buy the 120 headphones, didn't", "declined"],
    ["put 15 aside for the bake sale", "budgetSetting"],
    ["budgeted 60 for halloween", "budgetSetting"],
    ["saved 30 by walking instead of taking a cab", "saved"],
    ["my wife turned 40 on saturday", "fact"],
    ["the mechanic quoted 480 for the brakes", "plan"],
    ["the party will probably cost 250", "plan"],
    ["looking at a 700 treadmill", "plan"],
    ["back in 2023 we spent 2,000 on presents", "fact"],
    ["we normally spend 90 on takeout", "fact"],
    ["amex balance is 2,250", "fact"],
    ["only 60 left in savings", "fact"],
    ["cashed a check from grandpa for 40", "received"],
    ["expensed the 220 hotel", "covered"],
    ["insurance picked up the 500 mri", "covered"],
    ["we're 120 under budget", "fact"],
    ["14 day streak of packing lunch", "fact"],
    ["my cousin borrowed 60", "transfer"],
    ["internet bill 70 due on the 5th", "plan"],
    ["not paying 12 for popcorn", "declined"],
    ["saved 35 by packing lunch all week", "saved"],
  ])("%s → %s (nothing logged)", (text, reason) => {
    const i = read(text);
    expect(i.kind === "noLog" ? i.reason : i.kind).toBe(reason);
  });

  it("a purchase beside a clause that is not one is still logged, alone", () => {
    expect(logged("skipped the 9 cocktail but had a beer 6")).toEqual([[600, expect.any(String)]]);
    expect(logged("the kids want a puppy so we bought dog food 30")).toEqual([[3000, expect.any(String)]]);
    expect(logged("pulled 60 from the atm, spent 15 of it on gas")).toEqual([[1500, "transport"]]);
    expect(logged("almost forgot, parking 7")).toEqual([[700, "transport"]]);
  });

  it("asks about a bare figure above what the thing costs, only when its cents reading fits", () => {
    expect(read("lyft 2675")).toMatchObject({ kind: "ask", reason: "amount" });
    expect(read("frappuccino 650")).toMatchObject({ kind: "ask", reason: "amount" });
    expect(read("lyft 26.75").kind).toBe("expenses");
    expect(read("lyft 120 to the airport").kind).toBe("expenses");
    expect(read("dinner 350 with the in-laws").kind).toBe("expenses");
  });

  it("a figure spent over the whole month asks whether it is one expense or a total so far", () => {
    const i = read("spent 320 on groceries this month");
    expect(i).toMatchObject({ kind: "ask", reason: "confirm" });
    if (i.kind === "ask") expect(i.options.map((o) => o.expenses.map((e) => e.amountCents))).toEqual([[32000], []]);
    expect(read("spent 32 on groceries today").kind).toBe("expenses");
  });

  it("a figure with only feelings and times around it asks what it was; a range or 'X maybe Y' asks which", () => {
    expect(read("spent 70 this afternoon ugh")).toMatchObject({ kind: "ask", reason: "what" });
    expect(read("gas 30-35ish")).toMatchObject({ kind: "ask", reason: "range" });
    expect(read("lunch 14 maybe 16")).toMatchObject({ kind: "ask", reason: "range" });
  });

  it("someone else paying: the share as an IOU to them, or nothing", () => {
    const priya = read("Priya covered the 72 brunch for four of us");
    expect(priya).toMatchObject({ kind: "ask", reason: "paidBy" });
    if (priya.kind !== "ask") return;
    expect(priya.prompt).toMatch(/Priya/);
    expect(priya.options.map((o) => o.expenses.map((e) => [e.amountCents, e.description]))).toEqual([[[1800, "Brunch (IOU to Priya)"]], []]);
    const sister = read("my sister paid for dinner 60, I owe her half");
    if (sister.kind !== "ask") throw new Error(sister.kind);
    expect(sister.options[0].expenses).toMatchObject([{ amountCents: 3000, categoryId: "dining", description: expect.stringMatching(/IOU to your sister/) }]);
    const roommate = read("roommate paid the 120 internet, i owe 60");
    if (roommate.kind !== "ask") throw new Error(roommate.kind);
    expect(roommate.options[0].expenses).toMatchObject([{ amountCents: 6000, categoryId: "utilities", description: "Internet (IOU to your roommate)" }]);
    expect(read("jake got the 30 uber, i'll pay him back 15")).toMatchObject({ kind: "ask", reason: "paidBy", options: [{ expenses: [{ amountCents: 1500 }] }, { expenses: [] }] });
    expect(read("husband paid the 80 water bill").kind).toBe("expenses");
    const mike = read("i owe mike 25 for lunch");
    if (mike.kind !== "ask") throw new Error(mike.kind);
    expect(mike.options[0].expenses).toMatchObject([{ amountCents: 2500, description: expect.stringMatching(/IOU to Mike/) }]);
  });
});

describe("arithmetic and corrections", () => {
  it.each([
    ["nails 50 + 20% tip", 6000],
    ["cab 24 plus 4 tip", 2800],
    ["sushi 90 split 3 ways", 3000],
    ["groceries 60 split with 2 roommates", 2000],
    ["dinner 150 and my share was 50", 5000],
    ["4 x 2.50 sodas", 1000],
    ["5 donuts 2 each", 1000],
    ["boots 120 minus a 30 coupon", 9000],
    ["lunch 18 oops i meant 16", 1600],
    ["gas 50 sorry 52", 5200],
  ])("%s → %d", (text, cents) => {
    const i = read(text);
    expect(i.kind, resolveArithmetic(text)).toBe("expenses");
    if (i.kind === "expenses") expect(i.expenses.map((e) => e.amountCents)).toEqual([cents]);
  });
  it("a basket split by category logs two expenses", () => {
    expect(logged("walmart 80, 30 of it was groceries")).toEqual([
      [5000, "shopping"],
      [3000, "food"],
    ]);
  });
});

describe("dates", () => {
  const day = (t: string) => {
    const i = read(t);
    return i.kind === "expenses" ? i.expenses.map((e) => e.date) : i.kind;
  };
  it("weekday short forms, month-day and slashes resolve to the most recent past day", () => {
    expect(day("lunch 12 on thu")).toEqual(["2026-11-19"]);
    expect(day("3/2 gas 40")).toEqual(["2026-03-02"]);
    expect(day("dec 24 gifts 90")).toEqual(["2025-12-24"]);
    expect(day("nov 22 coffee 4")).toEqual(["2026-11-22"]);
    expect(day("the 30th taxi 20")).toEqual(["2026-10-30"]);
    expect(day("coffee 6 yest")).toEqual(["2026-11-21"]);
    expect(day("tues parking 4")).toEqual(["2026-11-17"]);
    expect(day("sat movie 12")).toEqual(["2026-11-21"]);
    expect(day("sat down for lunch 12")).toEqual([TODAY]);
    expect(day("mon parking 3 and wed parking 4")).toEqual(["2026-11-16", "2026-11-18"]);
  });
});

describe("replies: the chat's money format and human dates (issue 22 item 4)", () => {
  const f: BudgetFigures = { totalIncomeCents: 300000, spendableCents: 250000, spentCents: 9150, leftCents: 791642, perDayCents: 113142, daysLeft: 7 };
  it("whole dollars in sentences, the receipt's own cents, and no ISO dates", () => {
    const text = loggedReply(425, "Coffee", "coffee", "2026-11-21", TODAY, f);
    expect(text).toBe("Logged $4.25 for Coffee (Coffee & Drinks) yesterday. Left to Spend: $7,916. That's $1,131/day for the next 7 days.");
    expect(loggedReply(400, "Coffee", "coffee", "2026-11-20", TODAY, f)).toContain("on Fri, Nov 20.");
    expect(answerQuestion("left", { figures: f, byCategory: [], recent: [], firstName: null })).not.toMatch(/\.\d\d\b/);
    expect(answerQuestion("recent", { figures: f, byCategory: [], recent: [{ amountCents: 400, description: "Tea", date: "2025-12-02" }], firstName: null }, { today: TODAY })).toContain("Tue, Dec 2, 2025: Tea, $4");
  });
  it("humanDay", () => {
    expect([humanDay(TODAY, TODAY), humanDay("2026-11-21", TODAY), humanDay("2026-11-21", "2026-11-23")]).toEqual(["today", "yesterday", "Sat, Nov 21"]);
  });
  it("every no-log reply says nothing was logged", () => {
    for (const reason of ["budgetSetting", "reminder", "received", "transfer", "plan", "fact", "chatter", "noSpend"] as const) {
      expect(noLogReply(reason, f, 4000)).not.toMatch(/\.\d\d\b/);
    }
  });
});

describe("onboarding: natural ways of saying no finish the last step (issue 22 item 5)", () => {
  it.each(["no that is all", "nope, that's it", "nothing else", "no thanks, that's everything", "No, I think that's all.", "nah we're good", "that's all for now"])("%s", (text) => {
    expect(parseOnboardingAnswer("other", text, TODAY)).toEqual({ kind: "done" });
  });
  it("a real answer or a question is not a closing", () => {
    expect(parseOnboardingAnswer("other", "no wait, daycare 900", TODAY).kind).toBe("lines");
    expect(parseOnboardingAnswer("other", "is that all you need?", TODAY).kind).not.toBe("done");
  });
});

describe("New Features hand-offs (issue 22 item 6)", () => {
  it.each([
    ["How do I upload a bank statement?", "upload"],
    ["What can I ask you about my budget?", "ask"],
    ["How do I share my budget with my family?", "share"],
    ["Help me plan paying off my debts", "debts"],
    ["how can I connect my bank account", "bank"],
  ])("%s → %s", (text, topic) => {
    expect(featureTopic(text)).toBe(topic);
    expect(read(text)).toMatchObject({ kind: "question", topic: "feature", feature: topic });
  });
});
