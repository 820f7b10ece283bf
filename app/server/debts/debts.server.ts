import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import { todayIn } from "~/domain/dates";
import { firstPlanMonth, monthLabel } from "~/domain/debts/calculator";
import type { DebtInput, DebtPatch, DebtType } from "~/domain/debts/forms";
import { dueReminders } from "~/domain/debts/reminders";
import { baselinePaymentCents, simulate, type SimDebt, type StrategyType } from "~/domain/debts/simulate";
import { compareStrategies, interestWarnings } from "~/domain/debts/strategies";
import { centsToDecimal } from "~/domain/money";
import type { BudgetAccess } from "../budget.server";
import { applyBudgetCommand } from "../budget-room/client.server";
import { DEBT_PLAN_LINE } from "../budget-room/planners/debts.server";
import type { AppContext } from "../context.server";
import { debtPlans, debts, lineItems, type UserRow } from "../db/schema";
import { refused, type SharingResult as Result } from "../sharing/outcome.server";

type DebtRow = typeof debts.$inferSelect;

/** The Debt entity (spec part 2 §3): money as decimal strings, the rate as a fraction. */
export interface DebtView {
  id: string;
  name: string;
  type: DebtType;
  currentBalance: string;
  interestRate: number;
  minimumPayment: string;
  currentPayment: string | null;
  creditor: string | null;
  paymentDueDate: number;
}

export function toDebtView(row: DebtRow): DebtView {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    currentBalance: centsToDecimal(row.currentBalanceCents),
    interestRate: row.interestRate,
    minimumPayment: centsToDecimal(row.minimumPaymentCents),
    currentPayment: row.currentPaymentCents === null ? null : centsToDecimal(row.currentPaymentCents),
    creditor: row.creditor,
    paymentDueDate: row.paymentDueDate,
  };
}

function toSim(row: DebtRow): SimDebt {
  return {
    id: row.id,
    name: row.name,
    balanceCents: row.currentBalanceCents,
    interestRate: row.interestRate,
    minimumPaymentCents: row.minimumPaymentCents,
    currentPaymentCents: row.currentPaymentCents,
  };
}

function debtRows(app: AppContext, budgetId: string) {
  return app.db.select().from(debts).where(eq(debts.budgetId, budgetId)).orderBy(asc(debts.createdAt), asc(debts.id));
}

export async function listDebts(app: AppContext, access: BudgetAccess): Promise<DebtView[]> {
  return (await debtRows(app, access.budget.id)).map(toDebtView);
}

async function debtById(app: AppContext, budgetId: string, id: string): Promise<DebtRow | undefined> {
  const [row] = await app.db
    .select()
    .from(debts)
    .where(and(eq(debts.id, id), eq(debts.budgetId, budgetId)))
    .limit(1);
  return row;
}

export async function addDebt(app: AppContext, user: UserRow, access: BudgetAccess, input: DebtInput): Promise<Result<DebtView>> {
  const debtId = crypto.randomUUID();
  const outcome = await applyBudgetCommand(app, access.budget.id, user.id, {
    type: "addDebt",
    debtId,
    name: input.name,
    debtType: input.type,
    currentBalanceCents: input.currentBalance,
    interestRate: input.interestRate,
    minimumPaymentCents: input.minimumPayment,
    currentPaymentCents: input.currentPayment,
    creditor: input.creditor,
    paymentDueDate: input.paymentDueDate,
  });
  if (!outcome.ok) return refused(outcome.status, outcome.message);
  const row = await debtById(app, access.budget.id, debtId);
  return row ? { ok: true, value: toDebtView(row) } : refused(404, "Debt not found.");
}

export async function updateDebt(app: AppContext, user: UserRow, access: BudgetAccess, debtId: string, patch: DebtPatch): Promise<Result<DebtView>> {
  const outcome = await applyBudgetCommand(app, access.budget.id, user.id, {
    type: "updateDebt",
    debtId: debtId.slice(0, 100),
    name: patch.name,
    debtType: patch.type,
    currentBalanceCents: patch.currentBalance ?? undefined,
    interestRate: patch.interestRate,
    minimumPaymentCents: patch.minimumPayment ?? undefined,
    // A PATCH that sends currentPayment "" or null clears it; one that leaves it out keeps it.
    currentPaymentCents: "currentPayment" in patch ? patch.currentPayment : undefined,
    creditor: "creditor" in patch ? patch.creditor : undefined,
    paymentDueDate: patch.paymentDueDate,
  });
  if (!outcome.ok) return refused(outcome.status, outcome.message);
  const row = await debtById(app, access.budget.id, debtId);
  return row ? { ok: true, value: toDebtView(row) } : refused(404, "Debt not found.");
}

export async function deleteDebt(app: AppContext, user: UserRow, access: BudgetAccess, debtId: string): Promise<Result<{ id: string }>> {
  const outcome = await applyBudgetCommand(app, access.budget.id, user.id, { type: "deleteDebt", debtId: debtId.slice(0, 100) });
  if (!outcome.ok) return refused(outcome.status, outcome.message);
  return { ok: true, value: { id: debtId } };
}

/** The Strategy result entity (spec part 2 §3) with what the screen draws. */
export interface StrategyView {
  strategy: StrategyType;
  name: string;
  description: string;
  totalInterest: string;
  totalMonths: number;
  payoffYears: number;
  payoffOrder: string;
  payoffOrderNames: string[];
  interestSavings: string;
  timeSavings: number;
  monthlyExtraPayment: string;
  badge: string | null;
  capped: boolean;
  /** Total balance in cents at the start and after each month (the chart). */
  balanceByMonth: number[];
}

export interface PlanView {
  strategyType: StrategyType;
  extraPaymentAmount: string;
  appliedAt: string;
  firstMonth: string;
  payoffDates: { debtId: string; name: string; month: number | null; date: string | null }[];
  schedule: { month: number; date: string; totalBalance: string; entries: { debtId: string; name: string; interest: string; payment: string; balance: string }[] }[];
}

export interface DebtOverview {
  totalDebt: string;
  monthlyPayments: string;
  averageInterest: string;
  debtsCount: number;
  budgetImpact: { monthlyDebtPayments: string; extraPayment: string; leftToSpend: string; totalIncome: string; fixedExpenses: string; minimumPayments: string };
}

export interface DebtStrategies {
  debts: DebtView[];
  overview: DebtOverview;
  strategies: StrategyView[];
  warnings: { debtId: string; name: string; message: string }[];
  plan: PlanView | null;
  firstMonth: string;
}

/** Everything the screen and GET /api/debt-strategies show, from one D1 round trip. */
export async function getDebtStrategies(app: AppContext, access: BudgetAccess): Promise<DebtStrategies> {
  const budgetId = access.budget.id;
  const [rows, planRows, lines] = await app.db.batch([
    debtRows(app, budgetId),
    app.db.select().from(debtPlans).where(eq(debtPlans.budgetId, budgetId)).limit(1),
    app.db
      .select({ kind: lineItems.kind, amountCents: sql<number>`coalesce(sum(${lineItems.amountCents}), 0)` })
      .from(lineItems)
      // The plan's own line is the extra itself: counted once, as the extra.
      .where(and(eq(lineItems.budgetId, budgetId), or(isNull(lineItems.managedBy), ne(lineItems.managedBy, DEBT_PLAN_LINE))))
      .groupBy(lineItems.kind),
  ]);
  const plan = planRows[0] ?? null;
  const extraCents = plan?.extraPaymentCents ?? 0;
  const sims = rows.map(toSim);
  const today = todayIn(access.budget.timeZone, app.now);
  const firstMonth = firstPlanMonth(today);
  const results = compareStrategies(sims, extraCents);

  const income = Number(lines.find((l) => l.kind === "income")?.amountCents ?? 0);
  const fixed = Number(lines.find((l) => l.kind === "expense")?.amountCents ?? 0);
  const minimums = sims.reduce((s, d) => s + d.minimumPaymentCents, 0);
  const current = sims.reduce((s, d) => s + baselinePaymentCents(d), 0);
  const meanRate = sims.length ? sims.reduce((s, d) => s + d.interestRate, 0) / sims.length : 0;
  const overview: DebtOverview = {
    totalDebt: centsToDecimal(sims.reduce((s, d) => s + d.balanceCents, 0)),
    monthlyPayments: centsToDecimal(current),
    averageInterest: (meanRate * 100).toFixed(1),
    debtsCount: sims.length,
    budgetImpact: {
      monthlyDebtPayments: centsToDecimal(minimums + extraCents),
      extraPayment: centsToDecimal(extraCents),
      leftToSpend: centsToDecimal(income - fixed - minimums - extraCents),
      totalIncome: centsToDecimal(income),
      fixedExpenses: centsToDecimal(fixed),
      minimumPayments: centsToDecimal(minimums),
    },
  };

  let planView: PlanView | null = null;
  if (plan) {
    const sim = simulate(sims, plan.strategy, plan.strategy === "current" ? 0 : plan.extraPaymentCents, { schedule: true });
    const names = new Map(sims.map((d) => [d.id, d.name]));
    planView = {
      strategyType: plan.strategy,
      extraPaymentAmount: centsToDecimal(plan.extraPaymentCents),
      appliedAt: new Date(plan.appliedAt).toISOString(),
      firstMonth,
      payoffDates: sims.map((d) => {
        const month = sim.payoffMonth[d.id];
        return { debtId: d.id, name: d.name, month, date: month === null ? null : month === 0 ? today.slice(0, 7) : monthLabel(firstMonth, month) };
      }),
      schedule: (sim.schedule ?? []).map((m) => ({
        month: m.month,
        date: monthLabel(firstMonth, m.month),
        totalBalance: centsToDecimal(m.totalBalanceCents),
        entries: m.entries.map((e) => ({ debtId: e.debtId, name: names.get(e.debtId) ?? "", interest: centsToDecimal(e.interestCents), payment: centsToDecimal(e.paymentCents), balance: centsToDecimal(e.balanceCents) })),
      })),
    };
  }

  return {
    debts: rows.map(toDebtView),
    overview,
    strategies: results.map((r) => ({
      strategy: r.strategy,
      name: r.name,
      description: r.description,
      totalInterest: centsToDecimal(r.totalInterestCents),
      totalMonths: r.totalMonths,
      payoffYears: r.payoffYears,
      payoffOrder: r.payoffOrderText,
      payoffOrderNames: r.payoffOrder,
      interestSavings: centsToDecimal(r.interestSavingsCents),
      timeSavings: r.timeSavings,
      monthlyExtraPayment: centsToDecimal(r.monthlyExtraPaymentCents),
      badge: r.badge,
      capped: r.capped,
      balanceByMonth: r.totalBalanceByMonth,
    })),
    warnings: interestWarnings(sims),
    plan: planView,
    firstMonth,
  };
}

export async function applyStrategy(app: AppContext, user: UserRow, access: BudgetAccess, input: { strategyType: StrategyType; extraPaymentAmount: number }): Promise<Result<DebtStrategies>> {
  const outcome = await applyBudgetCommand(app, access.budget.id, user.id, { type: "applyDebtPlan", strategy: input.strategyType, extraPaymentCents: input.extraPaymentAmount });
  if (!outcome.ok) return refused(outcome.status, outcome.message);
  return { ok: true, value: await getDebtStrategies(app, access) };
}

export interface ReminderView {
  debtId: string;
  name: string;
  amount: string;
  dueDate: string;
  paymentDueDate: number;
  daysUntil: number;
}

/** Debts whose payment is due today or within the next 5 days, in the budget's time zone. */
export async function getDebtReminders(app: AppContext, access: BudgetAccess): Promise<ReminderView[]> {
  const rows = await debtRows(app, access.budget.id);
  const today = todayIn(access.budget.timeZone, app.now);
  return dueReminders(
    rows.map((r) => ({ id: r.id, name: r.name, paymentDueDate: r.paymentDueDate, amountCents: r.currentPaymentCents ?? r.minimumPaymentCents })),
    today,
  ).map((r) => ({ debtId: r.debtId, name: r.name, amount: centsToDecimal(r.amountCents), dueDate: r.dueDate, paymentDueDate: r.dueDay, daysUntil: r.daysUntil }));
}
