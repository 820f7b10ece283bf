import { and, asc, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { todayIn } from "~/domain/dates";
import { debtBudget } from "~/domain/debts/budget-impact";
import { firstPlanMonth, monthLabel } from "~/domain/debts/calculator";
import type { DebtInput, DebtPatch } from "~/domain/debts/forms";
import { dueReminders } from "~/domain/debts/reminders";
import { simulate, type SimDebt, type StrategyType } from "~/domain/debts/simulate";
import { compareStrategies, insufficientPaymentRows, interestWarnings } from "~/domain/debts/strategies";
import { centsToDecimal } from "~/domain/money";
import type { DebtOverview, DebtStrategies, DebtView, PlanView, ReminderView } from "~/domain/debts/views";
import { riddenRowsFor, type Ridden } from "../auth/session.server";
import { shapeSummary, summaryQueries, type BudgetAccess } from "../budget.server";
import { applyBudgetCommand } from "../budget-room/client.server";
import { DEBT_PLAN_LINE } from "../budget-room/planners/debts.server";
import type { AppContext } from "../context.server";
import { debtPlans, debts, lineItems, type UserRow } from "../db/schema";
import { refused, type SharingResult as Result } from "../sharing/outcome.server";

type DebtRow = typeof debts.$inferSelect;

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
    addedBy: row.createdBy,
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

/** The budget's debts, oldest first; `budgetId` is an id or SQL naming one (to ride with the session lookup). */
export function debtRows(app: AppContext, budgetId: string | SQL) {
  return app.db.select().from(debts).where(eq(debts.budgetId, budgetId)).orderBy(asc(debts.createdAt), asc(debts.id));
}

/** The budget's debts: the rows from the session lookup's batch when they rode with it, else one query. */
export async function listDebts(app: AppContext, access: BudgetAccess, ridden?: Ridden<readonly [DebtRow[]]> | null): Promise<DebtView[]> {
  const rows = riddenRowsFor(ridden, access.budget.id)?.[0] ?? (await debtRows(app, access.budget.id));
  return rows.map(toDebtView);
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

/** How much of the plan's schedule to send: none (the API's default), the first `n` months, or all. */
export type ScheduleWanted = "none" | "all" | number;

/** The queries behind the debts screen, aimed at the budget `ref` names (an id, or SQL to ride with the session lookup). */
export function debtPageQueries(app: AppContext, ref: SQL) {
  return [
    debtRows(app, ref),
    app.db.select().from(debtPlans).where(eq(debtPlans.budgetId, ref)).limit(1),
    app.db
      .select({ kind: lineItems.kind, amountCents: sql<number>`coalesce(sum(${lineItems.amountCents}), 0)` })
      .from(lineItems)
      // The plan's own line is the extra itself: counted once, as the extra.
      .where(and(eq(lineItems.budgetId, ref), or(isNull(lineItems.managedBy), ne(lineItems.managedBy, DEBT_PLAN_LINE))))
      .groupBy(lineItems.kind),
    ...summaryQueries(app, ref),
  ] as const;
}

export type DebtPageRows = BatchResponse<ReturnType<typeof debtPageQueries>>;

/** Everything the screen and /api/debt-strategies show, from one D1 round trip (none of its own when the rows rode with the session lookup). */
export async function getDebtStrategies(app: AppContext, access: BudgetAccess, schedule: ScheduleWanted = "none", ridden?: Ridden<DebtPageRows> | null): Promise<DebtStrategies> {
  const rowsets = riddenRowsFor(ridden, access.budget.id) ?? (await app.db.batch(debtPageQueries(app, sql`${access.budget.id}`)));
  const [rows, planRows, lines, summaryLines, spent, members] = rowsets;
  const plan = planRows[0] ?? null;
  const extraCents = plan?.extraPaymentCents ?? 0;
  const sims = rows.map(toSim);
  const today = todayIn(access.budget.timeZone, app.now);
  const firstMonth = firstPlanMonth(today);
  const results = compareStrategies(sims, extraCents);
  const header = shapeSummary(app, access, [summaryLines, spent, members]);

  const money = debtBudget(sims, {
    incomeCents: Number(lines.find((l) => l.kind === "income")?.amountCents ?? 0),
    fixedCents: Number(lines.find((l) => l.kind === "expense")?.amountCents ?? 0),
    extraCents,
  });
  const meanRate = sims.length ? sims.reduce((s, d) => s + d.interestRate, 0) / sims.length : 0;
  const overview: DebtOverview = {
    totalDebt: centsToDecimal(sims.reduce((s, d) => s + d.balanceCents, 0)),
    monthlyPayments: centsToDecimal(money.paymentsTodayCents),
    averageInterest: (meanRate * 100).toFixed(1),
    debtsCount: sims.length,
    budgetImpact: {
      monthlyDebtPayments: centsToDecimal(money.monthlyDebtPaymentsCents),
      extraPayment: centsToDecimal(money.extraCents),
      leftToSpend: centsToDecimal(money.leftAfterDebtsCents),
      totalIncome: centsToDecimal(money.incomeCents),
      fixedExpenses: centsToDecimal(money.fixedCents),
      minimumPayments: centsToDecimal(money.minimumsCents),
      headerLeftToSpend: header.left,
    },
  };

  let planView: PlanView | null = null;
  if (plan) {
    // Without its schedule, the plan's run is the comparison's own run of that strategy (same debts, same extra).
    const compared = results.find((r) => r.strategy === plan.strategy && r.monthlyExtraPaymentCents === (plan.strategy === "current" ? 0 : plan.extraPaymentCents));
    const sim = schedule === "none" && compared ? { payoffMonth: compared.payoffMonth, schedule: null } : simulate(sims, plan.strategy, plan.strategy === "current" ? 0 : plan.extraPaymentCents, { schedule: schedule !== "none" });
    const index = new Map(sims.map((d, i) => [d.id, i]));
    const months = sim.schedule ?? [];
    planView = {
      strategyType: plan.strategy,
      extraPaymentAmount: centsToDecimal(plan.extraPaymentCents),
      appliedAt: new Date(plan.appliedAt).toISOString(),
      firstMonth,
      payoffDates: sims.map((d) => {
        const month = sim.payoffMonth[d.id];
        return { debtId: d.id, name: d.name, month, date: month === null ? null : month === 0 ? today.slice(0, 7) : monthLabel(firstMonth, month) };
      }),
      schedule:
        schedule === "none"
          ? null
          : {
              debts: sims.map((d) => ({ debtId: d.id, name: d.name })),
              totalMonths: months.length,
              months: (schedule === "all" ? months : months.slice(0, schedule)).map((m) => ({
                month: m.month,
                date: monthLabel(firstMonth, m.month),
                totalBalance: centsToDecimal(m.totalBalanceCents),
                entries: m.entries.map((e) => [index.get(e.debtId) ?? -1, e.interestCents, e.paymentCents, e.balanceCents]),
              })),
            },
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
      monthlyPayment: centsToDecimal(r.monthlyPaymentCents),
      badge: r.badge,
      capped: r.capped,
      balanceByMonth: r.totalBalanceByMonth,
    })),
    warnings: interestWarnings(sims),
    paymentWarnings: insufficientPaymentRows(sims).map((w) => ({ debtId: w.debtId, name: w.name, payment: centsToDecimal(w.paymentCents), interest: centsToDecimal(w.interestCents), message: w.message })),
    plan: planView,
    firstMonth,
  };
}

export async function applyStrategy(
  app: AppContext,
  user: UserRow,
  access: BudgetAccess,
  input: { strategyType: StrategyType; extraPaymentAmount: number },
  schedule: ScheduleWanted = "none",
): Promise<Result<DebtStrategies>> {
  const outcome = await applyBudgetCommand(app, access.budget.id, user.id, { type: "applyDebtPlan", strategy: input.strategyType, extraPaymentCents: input.extraPaymentAmount });
  if (!outcome.ok) return refused(outcome.status, outcome.message);
  return { ok: true, value: await getDebtStrategies(app, access, schedule) };
}

/** `?schedule=all` (or a number of months, at most 600) asks the API for the plan's schedule. */
export function scheduleWanted(url: URL): ScheduleWanted {
  const asked = url.searchParams.get("schedule");
  if (asked === "all") return "all";
  const months = Number(asked);
  return Number.isInteger(months) && months > 0 ? Math.min(months, 600) : "none";
}

/** Debts whose payment is due today or within the next 5 days, in the budget's time zone. */
export async function getDebtReminders(app: AppContext, access: BudgetAccess, ridden?: Ridden<readonly [DebtRow[]]> | null): Promise<ReminderView[]> {
  const rows = riddenRowsFor(ridden, access.budget.id)?.[0] ?? (await debtRows(app, access.budget.id));
  const today = todayIn(access.budget.timeZone, app.now);
  return dueReminders(
    rows.map((r) => ({ id: r.id, name: r.name, paymentDueDate: r.paymentDueDate, amountCents: r.currentPaymentCents ?? r.minimumPaymentCents })),
    today,
  ).map((r) => ({ debtId: r.debtId, name: r.name, amount: centsToDecimal(r.amountCents), dueDate: r.dueDate, paymentDueDate: r.dueDay, daysUntil: r.daysUntil }));
}
