import type { FormReply } from "~/domain/form-reply";
import { toCents } from "~/domain/money";
import type { SimDebt } from "~/domain/debts/simulate";
import type { DebtStrategies, DebtView } from "~/domain/debts/views";

export type DebtPageData = DebtStrategies;

export function toSimDebts(debts: DebtView[]): SimDebt[] {
  return debts.map((d) => ({
    id: d.id,
    name: d.name,
    balanceCents: toCents(d.currentBalance) ?? 0,
    interestRate: d.interestRate,
    minimumPaymentCents: toCents(d.minimumPayment) ?? 0,
    currentPaymentCents: d.currentPayment === null ? null : toCents(d.currentPayment),
  }));
}

/** "2027-03" → "Mar 2027" */
export function monthName(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return `${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][m - 1]} ${y}`;
}

export function money(decimal: string): string {
  return formatDecimal(decimal);
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
function formatDecimal(decimal: string): string {
  return usd.format(Number(decimal));
}

export function percent(rate: number): string {
  return `${(rate * 100).toFixed(2).replace(/\.?0+$/, "")}%`;
}

export function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-xl font-bold" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

export function fieldError(reply: FormReply | null, name: string): string | undefined {
  return reply?.fieldErrors?.[name]?.[0];
}

export function durationText(months: number, capped: boolean): string {
  if (capped) return "600+ months (never at this payment)";
  const years = Math.round(months / 12);
  return `${months} ${months === 1 ? "month" : "months"} (~${years} ${years === 1 ? "year" : "years"})`;
}
