import { describe, expect, it } from "vitest";
import { interpret, merchantKey, nextStep, parseOnboardingAnswer, recall } from "~/domain/assistant";

const TODAY = "2026-11-22";

describe("onboarding answers", () => {
  it("reads income, with the period converted to a month", () => {
    expect(parseOnboardingAnswer("income", "I make 4,200 a month", TODAY)).toEqual({ kind: "lines", lines: [{ label: "Income", amountCents: 420000 }] });
    expect(parseOnboardingAnswer("income", "60k a year", TODAY)).toEqual({ kind: "lines", lines: [{ label: "Income", amountCents: 500000 }] });
    expect(parseOnboardingAnswer("income", "salary 3000 and side gig 500", TODAY)).toEqual({
      kind: "lines",
      lines: [
        { label: "Salary", amountCents: 300000 },
        { label: "Side gig", amountCents: 50000 },
      ],
    });
  });

  it("reads housing and several utilities in one answer", () => {
    expect(parseOnboardingAnswer("housing", "rent is 1,500", TODAY)).toEqual({ kind: "lines", lines: [{ label: "Rent", amountCents: 150000 }] });
    expect(parseOnboardingAnswer("utilities", "electric 120, water 40, internet 60", TODAY)).toEqual({
      kind: "lines",
      lines: [
        { label: "Electric", amountCents: 12000 },
        { label: "Water", amountCents: 4000 },
        { label: "Internet", amountCents: 6000 },
      ],
    });
  });

  it("knows none, skip and done", () => {
    expect(parseOnboardingAnswer("housing", "none", TODAY).kind).toBe("skip");
    expect(parseOnboardingAnswer("income", "skip", TODAY).kind).toBe("skip");
    expect(parseOnboardingAnswer("other", "done", TODAY).kind).toBe("done");
    expect(parseOnboardingAnswer("subscriptions", "that's it", TODAY).kind).toBe("done");
  });

  it("an everyday expense is not an answer (it is logged, and the question asked again)", () => {
    expect(parseOnboardingAnswer("income", "coffee $4", TODAY).kind).toBe("notAnswer");
    expect(parseOnboardingAnswer("housing", "lunch 12", TODAY).kind).toBe("notAnswer");
    // Early steps: anything naming a thing off the topic is logged, never turned into a line.
    expect(parseOnboardingAnswer("income", "uber 20", TODAY).kind).toBe("notAnswer");
    expect(parseOnboardingAnswer("income", "paid 45 at shell", TODAY).kind).toBe("notAnswer");
    expect(parseOnboardingAnswer("income", "Hank's 12", TODAY).kind).toBe("notAnswer");
    expect(parseOnboardingAnswer("income", "lunch at work 12", TODAY).kind).toBe("notAnswer");
    expect(parseOnboardingAnswer("income", "about 4200", TODAY).kind).toBe("lines");
    expect(parseOnboardingAnswer("housing", "1500", TODAY).kind).toBe("lines");
    // ...but the step's own words win: gas during the transportation step is a budget line.
    expect(parseOnboardingAnswer("transportation", "gas 150", TODAY).kind).toBe("lines");
  });

  it("walks the steps in order", () => {
    expect(nextStep("income")).toBe("housing");
    expect(nextStep("subscriptions")).toBe("other");
    expect(nextStep("other")).toBeNull();
  });

  it("the guided-chat button's text starts the guided setup", () => {
    expect(interpret("I want to continue with the guided chat approach", { today: TODAY }).kind).toBe("guided");
  });
});

describe("merchant memory", () => {
  it("remembers the merchant, not the generic words around it", () => {
    expect(merchantKey("Lunch at Joe's")).toBe("joes");
    expect(merchantKey("Groceries")).toBe("groceries");
  });

  it("a remembered merchant overrides the lexicon for later messages", () => {
    const memory = new Map([[merchantKey("Costco"), "shopping" as const]]);
    expect(recall(memory, merchantKey("costco run"))).toBe("shopping");
    const intent = interpret("costco 150", { today: TODAY, memory });
    expect(intent.kind === "expenses" && intent.expenses[0].categoryId).toBe("shopping");
    const without = interpret("costco 150", { today: TODAY });
    expect(without.kind === "expenses" && without.expenses[0].categoryId).toBe("food");
  });
});
