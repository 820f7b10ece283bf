import { Bar, BarChart, Cell, XAxis, YAxis } from "recharts";
import { useHydrated } from "~/components/use-hydrated";
import { formatUSD } from "~/domain/money";

// The month's category breakdown as horizontal bars. The same figures are in the list beside it, so the
// chart is decoration for screen readers (aria-hidden) and never the only place a number lives. It is drawn
// in the browser only: on the server it was the most expensive part of the page, and without JavaScript
// the list says everything it does.
const COLORS = ["#0f766e", "#0e7490", "#4f46e5", "#b45309", "#be123c", "#15803d", "#7c3aed", "#a16207", "#475569"];

export function CategoryChart({ rows }: { rows: Array<{ name: string; emoji: string; totalCents: number }> }) {
  if (rows.length === 0) return null;
  const hydrated = useHydrated();
  const height = Math.max(120, 34 * rows.length);
  // Until then, a box of the chart's height: the page does not jump when it appears.
  if (!hydrated) return <div aria-hidden="true" style={{ height }} />;
  const data = rows.map((r) => ({ label: `${r.emoji} ${r.name}`, dollars: r.totalCents / 100 }));
  const ticks = axisTicks(Math.max(...data.map((d) => d.dollars)));
  // The scroller is focusable (a keyboard can scroll a chart wider than a phone); the chart in it is hidden
  // from screen readers and holds nothing focusable (no accessibility layer: the list has the figures).
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Spending by category chart">
      <div aria-hidden="true" data-testid="category-chart">
        <BarChart width={520} height={height} data={data} layout="vertical" margin={{ left: 8, right: 32, top: 4, bottom: 4 }} accessibilityLayer={false}>
          <XAxis type="number" domain={[0, ticks[ticks.length - 1]]} ticks={ticks} tickFormatter={(v: number) => formatUSD(v * 100).replace(/\.00$/, "")} fontSize={11} />
          <YAxis type="category" dataKey="label" width={170} fontSize={12} />
          <Bar dataKey="dollars" isAnimationActive={false} radius={[0, 4, 4, 0]}>
            {data.map((_, i) => (
              <Cell key={i} fill={COLORS[i % COLORS.length]} />
            ))}
          </Bar>
        </BarChart>
      </div>
    </div>
  );
}

/**
 * Round ticks from 0 to at least `max` (1, 2, 2.5 or 5 × 10^k apart, about four of them), so the axis always
 * reaches past the tallest bar.
 */
export function axisTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const ticks = [0];
  while (ticks[ticks.length - 1] < max) ticks.push(Number((ticks.length * step).toFixed(2)));
  return ticks;
}
