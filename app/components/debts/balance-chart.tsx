import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatUSD } from "~/domain/money";
import type { StrategyView } from "~/domain/debts/views";

const COLORS: Record<string, string> = { snowball: "#0e7490", avalanche: "#4f46e5", current: "#b45309" };

/**
 * Total balance over time for each strategy. The same figures are in the table under it (by year), so
 * the chart is hidden from screen readers and never the only place a number lives.
 */
export function BalanceChart({ strategies }: { strategies: StrategyView[] }) {
  const longest = Math.max(0, ...strategies.map((s) => s.balanceByMonth.length));
  if (longest <= 1) return null;
  // At most ~120 points per line: every k-th month, always with the last.
  const step = Math.max(1, Math.ceil(longest / 120));
  const data: Record<string, number>[] = [];
  for (let m = 0; m < longest; m += step) data.push(point(strategies, m));
  if ((longest - 1) % step !== 0) data.push(point(strategies, longest - 1));
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Balance over time chart">
      <div aria-hidden="true" data-testid="balance-chart">
      <LineChart width={640} height={260} data={data} margin={{ left: 16, right: 16, top: 8, bottom: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="month" fontSize={11} />
        <YAxis tickFormatter={(v: number) => formatUSD(v * 100).replace(/\.00$/, "")} fontSize={11} width={80} />
        <Tooltip formatter={(v) => formatUSD(Number(v) * 100)} labelFormatter={(m) => `Month ${m}`} />
        <Legend />
        {strategies.map((s) => (
          <Line key={s.strategy} type="monotone" dataKey={s.strategy} name={s.name} stroke={COLORS[s.strategy]} dot={false} isAnimationActive={false} />
        ))}
      </LineChart>
      </div>
    </div>
  );
}

function point(strategies: StrategyView[], m: number): Record<string, number> {
  const row: Record<string, number> = { month: m };
  for (const s of strategies) row[s.strategy] = (s.balanceByMonth[Math.min(m, s.balanceByMonth.length - 1)] ?? 0) / 100;
  return row;
}

/** The chart's figures as text: each strategy's total balance at the start of every year. */
export function BalanceByYear({ strategies }: { strategies: StrategyView[] }) {
  const longest = Math.max(0, ...strategies.map((s) => s.balanceByMonth.length));
  const years: number[] = [];
  for (let y = 0; y * 12 < longest && y <= 50; y++) years.push(y);
  if (years.length === 0) return null;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-brand-700">Total balance by year (the chart's figures)</summary>
      <table className="mt-2 w-full text-left">
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3">After</th>
            {strategies.map((s) => (
              <th key={s.strategy} scope="col" className="py-1 pr-3">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {years.map((y) => (
            <tr key={y} className="border-t border-slate-100">
              <th scope="row" className="py-1 pr-3 font-normal">
                {y === 0 ? "Today" : `${y} ${y === 1 ? "year" : "years"}`}
              </th>
              {strategies.map((s) => (
                <td key={s.strategy} className="py-1 pr-3">
                  {formatUSD(s.balanceByMonth[Math.min(y * 12, s.balanceByMonth.length - 1)] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
