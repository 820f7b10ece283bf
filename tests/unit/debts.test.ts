import { describe, expect, it } from "vitest";
import { extraNeededForMonths, firstPlanMonth, monthLabel, monthsUntil, whatIf } from "~/domain/debts/calculator";
import { debtApiSchema, debtFormSchema, strategyApiSchema } from "~/domain/debts/forms";
import { dueReminders, nextDueDate } from "~/domain/debts/reminders";
import { INTEREST_WARNING, monthlyInterestCents, paymentMayNotCoverInterest, simulate, type SimDebt } from "~/domain/debts/simulate";
import { BEST_SAVINGS, compareStrategies, insufficientPaymentRows, interestWarnings, payoffOrderText, payoffYears } from "~/domain/debts/strategies";
import { debtBudget } from "~/domain/debts/budget-impact";

const debt = (id: string, balance: number, rate: number, min: number, current: number | null = null): SimDebt => ({
  id,
  name: id,
  balanceCents: balance,
  interestRate: rate,
  minimumPaymentCents: min,
  currentPaymentCents: current,
});

describe("the rounding rule", () => {
  it("rounds a month's interest half up to the cent", () => {
    expect(monthlyInterestCents(81910, 0.12)).toBe(819); // 819.10 → 819
    expect(monthlyInterestCents(63456, 0.12)).toBe(635); // 634.56 → 635
    expect(monthlyInterestCents(50, 0.12)).toBe(1); // exactly 0.5 → 1
    expect(monthlyInterestCents(100000, 0)).toBe(0);
  });
  it("a half cent rounds up however large a runaway balance grows", () => {
    // $30,082,584.00 × 7.25% / 12 = 18,174,894.5 cents exactly; binary floating point alone gives …894.
    expect(monthlyInterestCents(3008258400, 0.0725)).toBe(18174895);
  });
});

describe("one debt", () => {
  // $1,000 at 12% paying $100: hand-checked month by month (interest first, then the payment).
  const card = debt("Card", 100000, 0.12, 10000, 10000);
  it("pays off in 11 months with $58.98 of interest", () => {
    const sim = simulate([card], "current", 0, { schedule: true });
    expect(sim.totalMonths).toBe(11);
    expect(sim.totalInterestCents).toBe(5898);
    expect(sim.payoffMonth).toEqual({ Card: 11 });
    expect(sim.schedule![0].entries[0]).toEqual({ debtId: "Card", interestCents: 1000, paymentCents: 10000, balanceCents: 91000 });
    expect(sim.schedule![2].entries[0]).toEqual({ debtId: "Card", interestCents: 819, paymentCents: 10000, balanceCents: 72729 });
    expect(sim.schedule![10].entries[0]).toEqual({ debtId: "Card", interestCents: 58, paymentCents: 5898, balanceCents: 0 });
    expect(sim.totalBalanceByMonth[0]).toBe(100000);
    expect(sim.totalBalanceByMonth.at(-1)).toBe(0);
  });
  it("snowball and avalanche with no extra equal the minimum-payment run", () => {
    const [snow, aval, cur] = compareStrategies([card], 0);
    expect([snow.totalInterestCents, aval.totalInterestCents, cur.totalInterestCents]).toEqual([5898, 5898, 5898]);
    expect(aval.badge).toBeNull();
  });
});

describe("several debts with interest, $100 extra", () => {
  const a = debt("A", 20000, 0.12, 5000);
  const b = debt("B", 100000, 0.24, 5000);
  it("avalanche: B first; A pays off on its minimum in month 5 and its leftover reaches B that month", () => {
    const sim = simulate([a, b], "avalanche", 10000, { schedule: true });
    expect(sim.payoffMonth).toEqual({ A: 5, B: 7 });
    expect(sim.totalMonths).toBe(7);
    expect(sim.totalInterestCents).toBe(8588);
    const m5 = sim.schedule![4].entries;
    expect(m5.find((e) => e.debtId === "A")).toEqual({ debtId: "A", interestCents: 5, paymentCents: 516, balanceCents: 0 });
    // 200.00 − 5.16 to A = 194.84 to B.
    expect(m5.find((e) => e.debtId === "B")).toEqual({ debtId: "B", interestCents: 928, paymentCents: 19484, balanceCents: 27863 });
  });
  it("snowball: A first, paid in month 2, then everything to B", () => {
    const sim = simulate([a, b], "snowball", 10000, { schedule: true });
    expect(sim.payoffMonth).toEqual({ A: 2, B: 7 });
    expect(sim.totalInterestCents).toBe(8875);
    // Month 2: A needs 52.52 (its minimum then 2.52 of the pool); the pool's other 97.48 reaches B that month.
    const m2 = sim.schedule![1].entries;
    expect(m2.find((e) => e.debtId === "A")!.paymentCents).toBe(5252);
    expect(m2.find((e) => e.debtId === "B")!.paymentCents).toBe(14748);
  });
  it("compares: savings are baseline minus strategy, Best Savings goes to avalanche", () => {
    const results = compareStrategies([a, b], 10000);
    const [snow, aval, cur] = results;
    expect(results.map((r) => r.strategy)).toEqual(["snowball", "avalanche", "current"]);
    expect(snow.interestSavingsCents).toBe(cur.totalInterestCents - 8875);
    expect(aval.interestSavingsCents).toBe(cur.totalInterestCents - 8588);
    expect(aval.timeSavings).toBe(cur.totalMonths - 7);
    expect(cur.interestSavingsCents).toBe(0);
    expect(aval.badge).toBe(BEST_SAVINGS);
    expect(snow.badge).toBeNull();
    expect(snow.payoffOrder).toEqual(["A", "B"]);
    expect(aval.payoffOrder).toEqual(["B", "A"]);
    expect(aval.monthlyExtraPaymentCents).toBe(10000);
    expect(cur.monthlyExtraPaymentCents).toBe(0);
  });
});

describe("zero interest", () => {
  const a = debt("A", 30000, 0, 5000);
  const b = debt("B", 50000, 0, 10000);
  it("snowball with $50 extra: A in month 3, B in month 4, no interest", () => {
    const sim = simulate([a, b], "snowball", 5000);
    expect(sim.payoffMonth).toEqual({ A: 3, B: 4 });
    expect(sim.totalInterestCents).toBe(0);
  });
  it("the baseline takes the longest payoff and never rolls over", () => {
    const sim = simulate([a, b], "current", 5000);
    expect(sim.payoffMonth).toEqual({ A: 6, B: 5 });
    expect(sim.totalMonths).toBe(6);
  });
  it("a leftover in a payoff month reaches the next target in the same month", () => {
    const sim = simulate([debt("A", 12000, 0, 5000), b], "snowball", 5000, { schedule: true });
    expect(sim.schedule![1].entries).toEqual([
      { debtId: "A", interestCents: 0, paymentCents: 2000, balanceCents: 0 },
      { debtId: "B", interestCents: 0, paymentCents: 18000, balanceCents: 22000 },
    ]);
    expect(sim.totalMonths).toBe(4);
  });
  it("no Best Savings badge when avalanche saves no interest", () => {
    expect(compareStrategies([a, b], 5000)[1].badge).toBeNull();
  });
});

describe("payment below interest", () => {
  const loan = debt("Loan", 1000000, 0.24, 15000, 15000); // $200 interest a month, $150 paid
  it("warns with the spec's text and stops at 600 months", () => {
    expect(paymentMayNotCoverInterest(loan)).toBe(true);
    expect(interestWarnings([loan])).toEqual([{ debtId: "Loan", name: "Loan", message: INTEREST_WARNING }]);
    expect(INTEREST_WARNING).toBe("Warning: Current payment may not cover interest charges");
    const sim = simulate([loan], "current", 0);
    expect(sim.totalMonths).toBe(600);
    expect(sim.capped).toBe(true);
    expect(sim.payoffMonth.Loan).toBeNull();
  });
  it("600 months of a growing balance add up exactly (figure from an independent decimal implementation)", () => {
    // $5,000 at 24% paying $50 a month: the balance grows for 50 years; Python's Decimal with ROUND_HALF_UP
    // over the same rule gives $361,470,491.55 of interest.
    const sim = simulate([debt("Runaway", 500000, 0.24, 5000)], "current", 0);
    expect(sim.totalMonths).toBe(600);
    expect(sim.totalInterestCents).toBe(36147049155);
    // Two debts, avalanche with $25 extra, the 24.99% card never cleared: same reference.
    const two = simulate([debt("a", 500000, 0.2499, 5000), debt("b", 120000, 0.0699, 3500)], "avalanche", 2500);
    expect(two.totalInterestCents).toBe(14948172634);
  });
  it("a payment equal to the interest also warns; one cent more does not", () => {
    expect(paymentMayNotCoverInterest(debt("X", 1000000, 0.12, 10000))).toBe(true);
    expect(paymentMayNotCoverInterest(debt("X", 1000000, 0.12, 10001))).toBe(false);
  });
});

describe("equal balances", () => {
  const low = debt("Low", 100000, 0.1, 5000);
  const high = debt("High", 100000, 0.2, 5000);
  it("snowball keeps the given order on a tie; avalanche takes the higher rate first and pays less", () => {
    const [snow, aval] = compareStrategies([low, high], 10000);
    expect(snow.payoffOrder).toEqual(["Low", "High"]);
    expect(aval.payoffOrder).toEqual(["High", "Low"]);
    expect(aval.totalInterestCents).toBeLessThan(snow.totalInterestCents);
  });
});

describe("an extra that clears everything fast", () => {
  it("clears two debts in month 1 with only that month's interest", () => {
    const debts = [debt("A", 50000, 0.12, 2500), debt("B", 30000, 0.24, 1500)];
    for (const s of ["snowball", "avalanche"] as const) {
      const sim = simulate(debts, s, 100000);
      expect(sim.totalMonths).toBe(1);
      expect(sim.totalInterestCents).toBe(1100);
    }
  });
});

describe("texts", () => {
  it("payoff order shows 3 names then +N more", () => {
    expect(payoffOrderText(["A", "B"])).toBe("A, B");
    expect(payoffOrderText(["A", "B", "C"])).toBe("A, B, C");
    expect(payoffOrderText(["A", "B", "C", "D", "E"])).toBe("A, B, C +2 more");
  });
  it("payoff time in years, rounded", () => {
    expect(payoffYears(11)).toBe(1);
    expect(payoffYears(17)).toBe(1);
    expect(payoffYears(18)).toBe(2);
    expect(payoffYears(600)).toBe(50);
  });
});

describe("calculator", () => {
  const debts = [debt("A", 30000, 0, 5000), debt("B", 50000, 0, 10000)];
  it("finds the smallest extra that meets a month count", () => {
    expect(extraNeededForMonths(debts, "snowball", 6)).toBe(0);
    expect(extraNeededForMonths(debts, "snowball", 5)).toBe(1000);
    expect(extraNeededForMonths(debts, "snowball", 4)).toBe(5000);
    // $799.99 leaves one cent, and a balance of at most $0.01 counts as paid.
    expect(extraNeededForMonths(debts, "snowball", 1)).toBe(64999);
    expect(extraNeededForMonths(debts, "snowball", 0)).toBeNull();
  });
  it("with interest the answer is the exact threshold", () => {
    const withInterest = [debt("A", 20000, 0.12, 5000), debt("B", 100000, 0.24, 5000)];
    const need = extraNeededForMonths(withInterest, "avalanche", 12)!;
    expect(whatIf(withInterest, "avalanche", need).totalMonths).toBeLessThanOrEqual(12);
    expect(whatIf(withInterest, "avalanche", need - 1).totalMonths).toBeGreaterThan(12);
  });
  it("month arithmetic", () => {
    expect(firstPlanMonth("2026-11-22")).toBe("2026-12");
    expect(monthLabel("2026-12", 2)).toBe("2027-01");
    expect(monthsUntil("2026-12", "2027-11")).toBe(12);
  });
});

describe("reminders", () => {
  const debts = [
    { id: "1", name: "Card", paymentDueDate: 1, amountCents: 5000 },
    { id: "2", name: "Car", paymentDueDate: 28, amountCents: 30000 },
    { id: "3", name: "Loan", paymentDueDate: 5, amountCents: 10000 },
  ];
  it("lists debts due today through 5 days ahead, across the month end", () => {
    expect(nextDueDate("2026-12-28", 1)).toBe("2027-01-01");
    const r = dueReminders(debts, "2026-11-28");
    expect(r.map((x) => [x.name, x.dueDate, x.daysUntil])).toEqual([
      ["Car", "2026-11-28", 0],
      ["Card", "2026-12-01", 3],
    ]);
  });
});

describe("input rules", () => {
  const good = { name: "Visa", type: "credit_card", currentBalance: "1200.50", interestRate: 0.1999, minimumPayment: 35, currentPayment: "", creditor: "Chase", paymentDueDate: 15 };
  it("accepts a debt and turns money into cents", () => {
    const r = debtApiSchema.safeParse(good);
    expect(r.success && r.data).toMatchObject({ currentBalance: 120050, interestRate: 0.1999, minimumPayment: 3500, currentPayment: null, paymentDueDate: 15 });
  });
  it.each([
    [{ currentBalance: -1 }, "Current balance cannot be negative."],
    [{ minimumPayment: "-5" }, "Minimum payment cannot be negative."],
    [{ interestRate: 1.01 }, "Interest rate cannot be above 100%."],
    [{ type: "payday" }, "Type must be one of credit_card, auto_loan, mortgage, heloc, student_loan, personal_loan."],
    [{ paymentDueDate: 29 }, "Payment due date must be a day from 1 to 28."],
    [{ paymentDueDate: 0 }, "Payment due date must be a day from 1 to 28."],
  ])("refuses %j with a clear message", (patch, message) => {
    const r = debtApiSchema.safeParse({ ...good, ...patch });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(message);
  });
  it("the form takes the interest as a percent", () => {
    const r = debtFormSchema.safeParse({ intent: "add-debt", ...good, interestRate: undefined, interestRatePercent: "19.99" });
    expect(r.success && r.data.intent === "add-debt" && r.data.interestRatePercent).toBe(0.1999);
  });
  it("a strategy needs a known type and a non-negative extra", () => {
    expect(strategyApiSchema.safeParse({ strategyType: "avalanche", extraPaymentAmount: "150" }).data).toEqual({ strategyType: "avalanche", extraPaymentAmount: 15000 });
    expect(strategyApiSchema.safeParse({ strategyType: "random", extraPaymentAmount: 1 }).success).toBe(false);
    expect(strategyApiSchema.safeParse({ strategyType: "snowball", extraPaymentAmount: -1 }).success).toBe(false);
  });
});

// Issue 22 item 8: the strategies pay at least what the household pays today (each debt's current payment,
// or its minimum if higher) plus the extra, with freed payments rolling on, so no strategy loses to doing nothing.
describe("strategies never lose to today's payments", () => {
  // Paying well above the minimums today: with the old rule (Σ minimums + extra) both strategies showed
  // negative savings against this baseline.
  const card = debt("Card", 500000, 0.2199, 10000, 30000);
  const car = debt("Car", 200000, 0.069, 5000, 15000);
  it("with no extra, snowball and avalanche save interest and time (freed payments roll on)", () => {
    const [snow, aval, cur] = compareStrategies([card, car], 0);
    expect(snow.interestSavingsCents).toBeGreaterThan(0);
    expect(aval.interestSavingsCents).toBeGreaterThan(0);
    expect(snow.timeSavings).toBeGreaterThanOrEqual(0);
    expect(aval.timeSavings).toBeGreaterThanOrEqual(0);
    expect(cur.interestSavingsCents).toBe(0);
    // Every strategy pays today's $450 a month; the extra comes on top.
    expect([snow.monthlyPaymentCents, aval.monthlyPaymentCents, cur.monthlyPaymentCents]).toEqual([45000, 45000, 45000]);
    expect(compareStrategies([card, car], 5000).map((r) => r.monthlyPaymentCents)).toEqual([50000, 50000, 45000]);
  });
  it("each debt gets at least its payment today, and a paid-off debt's payment goes to the next target", () => {
    const sim = simulate([card, car], "avalanche", 0, { schedule: true });
    const first = sim.schedule![0].entries;
    expect(first.find((e) => e.debtId === "Card")!.paymentCents).toBe(30000);
    expect(first.find((e) => e.debtId === "Car")!.paymentCents).toBe(15000);
    const firstPayoff = Math.min(sim.payoffMonth.Card!, sim.payoffMonth.Car!);
    const other = sim.payoffMonth.Card === firstPayoff ? "Car" : "Card";
    // The month after the first payoff, the other debt gets the whole $450 (less only in its own payoff month).
    const next = sim.schedule![firstPayoff]!.entries.find((e) => e.debtId === other)!;
    expect(next.balanceCents === 0 ? next.paymentCents <= 45000 : next.paymentCents === 45000).toBe(true);
    expect(sim.schedule![firstPayoff]!.entries.find((e) => e.debtId === other)!.paymentCents).toBeGreaterThan(other === "Car" ? 15000 : 30000);
  });
  it("a current payment below the minimum counts as the minimum, for the baseline and the strategies alike", () => {
    const low = debt("Low", 100000, 0.12, 5000, 2000);
    const [snow, , cur] = compareStrategies([low], 0);
    expect(cur.totalInterestCents).toBe(snow.totalInterestCents);
    expect(simulate([low], "current", 0, { schedule: true }).schedule![0].entries[0]!.paymentCents).toBe(5000);
  });
  it("holds for many households: never more interest, never more months than the baseline", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let household = 0; household < 60; household++) {
      const debts = Array.from({ length: 1 + Math.floor(rand() * 6) }, (_, i) => {
        const balance = 10000 + Math.floor(rand() * 2000000);
        const rate = Math.round(rand() * 3000) / 10000;
        const min = Math.max(1000, Math.floor(balance * (rate / 12 + 0.005)));
        const current = rand() < 0.5 ? null : min + Math.floor(rand() * 40000) - 10000;
        return debt(`D${i}`, balance, rate, min, current);
      });
      for (const extra of [0, 2500]) {
        const [snow, aval, cur] = compareStrategies(debts, extra);
        for (const s of [snow, aval]) {
          expect(s.totalInterestCents, JSON.stringify({ debts, extra })).toBeLessThanOrEqual(cur.totalInterestCents);
          expect(s.totalMonths, JSON.stringify({ debts, extra })).toBeLessThanOrEqual(cur.totalMonths);
        }
      }
    }
  });
});

describe("the overview's figures come from one computation", () => {
  const card = debt("Card", 500000, 0.2199, 10000, 30000);
  const car = debt("Car", 200000, 0.069, 5000, 15000);
  const paid = debt("Paid", 0, 0.1, 7000, 7000);
  it("monthly payments, budget impact and left to spend agree", () => {
    const b = debtBudget([card, car, paid], { incomeCents: 600000, fixedCents: 250000, extraCents: 5000 });
    expect(b.paymentsTodayCents).toBe(45000); // a paid-off debt costs nothing
    expect(b.minimumsCents).toBe(15000);
    expect(b.monthlyDebtPaymentsCents).toBe(b.paymentsTodayCents + b.extraCents);
    expect(b.leftAfterDebtsCents).toBe(600000 - 250000 - 45000 - 5000);
    // What the strategies pay each month is the same figure.
    const [snow, , cur] = compareStrategies([card, car, paid], 5000);
    expect(snow.monthlyPaymentCents).toBe(b.monthlyDebtPaymentsCents);
    expect(cur.monthlyPaymentCents).toBe(b.paymentsTodayCents);
  });
});

// Issue 25 item 3: the spec's payoff warning row, with the amounts.
describe("the payoff warning row", () => {
  it("says the payment and the interest it does not cover", () => {
    const loan = debt("Loan", 1000000, 0.24, 15000, 15000);
    const rows = insufficientPaymentRows([loan, debt("Fine", 100000, 0.12, 5000)]);
    expect(rows).toEqual([{ debtId: "Loan", name: "Loan", paymentCents: 15000, interestCents: 20000, message: "Monthly payment $150.00 on Loan is insufficient to cover interest of $200.00 a month" }]);
    expect(rows[0]!.message).toMatch(/^Monthly payment .* is insufficient to cover interest/);
    // The per-debt warning stays as the spec words it.
    expect(interestWarnings([loan])[0]!.message).toBe(INTEREST_WARNING);
  });
});
