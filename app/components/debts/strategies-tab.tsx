import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { FormReply } from "~/domain/form-reply";
import { STRATEGY_INFO } from "~/domain/debts/strategies";
import { formatUSD } from "~/domain/money";
import { PaymentWarnings } from "./overview-tab";
import { fieldError, money, monthName, type DebtPageData } from "./shared";

const CHOICES = ["snowball", "avalanche", "current"] as const;
/** Months of the schedule the page shows before "Show all" (the loader sends only these). */
export const SCHEDULE_PREVIEW_MONTHS = 24;

export function StrategiesTab({ data, reply, fullSchedule, canApply = true }: { data: DebtPageData; reply: FormReply | null; fullSchedule: boolean; canApply?: boolean }) {
  const [choice, setChoice] = useState<string>(reply?.values?.strategyType ?? "");
  // Without JavaScript the button cannot wait for a choice: it stays enabled and `required` on the
  // radios stops a submit with none chosen. With JavaScript it is disabled until one is chosen.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const plan = data.plan;
  const extraError = fieldError(reply, "extraPaymentAmount");
  const typeError = fieldError(reply, "strategyType");
  return (
    <div className="space-y-6">
      <Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
        <input type="hidden" name="intent" value="apply-strategy" />
        <div>
          <label htmlFor="extraPaymentAmount" className="text-sm font-medium">
            Extra monthly payment ($)
          </label>
          <input
            id="extraPaymentAmount"
            name="extraPaymentAmount"
            type="number"
            min="0"
            step="0.01"
            inputMode="decimal"
            defaultValue={reply?.values?.extraPaymentAmount ?? plan?.extraPaymentAmount ?? "0"}
            aria-invalid={extraError ? true : undefined}
            className="mt-1 w-full max-w-xs rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          {extraError ? <p className="mt-1 text-xs text-red-700">{extraError}</p> : null}
        </div>
        <fieldset>
          <legend className="text-sm font-medium">Strategy</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {CHOICES.map((s) => (
              <label key={s} className={`flex cursor-pointer gap-2 rounded-lg border p-3 text-sm ${choice === s ? "border-brand-500 bg-brand-50" : "border-slate-200"}`}>
                <input type="radio" name="strategyType" value={s} required checked={choice === s} onChange={() => setChoice(s)} />
                <span>
                  <span className="font-semibold">{STRATEGY_INFO[s].name}</span>
                  <span className="block text-xs text-slate-500">{STRATEGY_INFO[s].description}</span>
                </span>
              </label>
            ))}
          </div>
          {typeError ? <p className="mt-1 text-xs text-red-700">{typeError}</p> : null}
        </fieldset>
        {reply?.formError ? (
          <p role="alert" className="text-sm text-red-700">
            {reply.formError}
          </p>
        ) : null}
        {canApply ? (
          <button type="submit" disabled={hydrated && !choice} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50">
            Apply Strategy
          </button>
        ) : (
          // A plan keeps a fixed line in the budget, and lines are the owner's (issue 18 #15).
          <p className="text-sm text-slate-600">Only the budget owner can apply a payoff plan.</p>
        )}
      </Form>

      {plan ? (
        <section aria-labelledby="applied-plan" className="space-y-4">
          <h2 id="applied-plan" className="font-semibold">
            Your plan: {STRATEGY_INFO[plan.strategyType].name}
            {plan.strategyType !== "current" ? ` with ${money(plan.extraPaymentAmount)} extra a month` : ""}
          </h2>
          {data.debts.length > 0 ? (
            <>
              <PaymentWarnings data={data} />
              <div>
                <h3 className="text-sm font-semibold">Payoff dates</h3>
                <ul className="mt-1 space-y-1 text-sm" data-testid="payoff-dates">
                  {plan.payoffDates.map((p) => (
                    <li key={p.debtId}>
                      <span className="font-medium">{p.name}</span>: {p.date ? `paid off ${monthName(p.date)}` : "not paid off within 50 years at this payment"}
                    </li>
                  ))}
                </ul>
              </div>
              <ScheduleTable data={data} full={fullSchedule} />
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function ScheduleTable({ data, full }: { data: DebtPageData; full: boolean }) {
  const schedule = data.plan?.schedule;
  if (!schedule) return null;
  const months = full ? schedule.months : schedule.months.slice(0, SCHEDULE_PREVIEW_MONTHS);
  return (
    <div>
      <h3 className="text-sm font-semibold">Month-by-month schedule</h3>
      <div className="mt-1 max-h-[32rem] overflow-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" data-testid="schedule">
          <thead className="sticky top-0 bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-2">Month</th>
              <th scope="col" className="px-3 py-2">Debt</th>
              <th scope="col" className="px-3 py-2">Payment</th>
              <th scope="col" className="px-3 py-2">Interest</th>
              <th scope="col" className="px-3 py-2">Balance</th>
            </tr>
          </thead>
          <tbody>
            {months.flatMap((m) =>
              m.entries.map(([debt, interest, payment, balance], i) => (
                <tr key={`${m.month}-${debt}`} className={i === 0 ? "border-t border-slate-200" : ""}>
                  {i === 0 ? (
                    <th scope="rowgroup" rowSpan={m.entries.length} className="px-3 py-1 align-top font-medium">
                      {monthName(m.date)}
                      <span className="block text-xs font-normal text-slate-500">Total {money(m.totalBalance)}</span>
                    </th>
                  ) : null}
                  <td className="px-3 py-1">{schedule.debts[debt]?.name}</td>
                  <td className="px-3 py-1">{formatUSD(payment)}</td>
                  <td className="px-3 py-1">{formatUSD(interest)}</td>
                  <td className="px-3 py-1">{formatUSD(balance)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
      {!full && schedule.totalMonths > SCHEDULE_PREVIEW_MONTHS ? (
        <Link to="?tab=strategies&schedule=all" className="mt-2 inline-block text-sm text-brand-700 hover:underline" preventScrollReset>
          Show all {schedule.totalMonths} months
        </Link>
      ) : null}
    </div>
  );
}
