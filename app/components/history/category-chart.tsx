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
  return (
    <div aria-hidden="true" className="overflow-x-auto" data-testid="category-chart">
      <BarChart width={520} height={height} data={data} layout="vertical" margin={{ left: 8, right: 24, top: 4, bottom: 4 }}>
        <XAxis type="number" tickFormatter={(v: number) => formatUSD(v * 100).replace(/\.00$/, "")} fontSize={11} />
        <YAxis type="category" dataKey="label" width={170} fontSize={12} />
        <Bar dataKey="dollars" isAnimationActive={false} radius={[0, 4, 4, 0]}>
          {data.map((_, i) => (
            <Cell key={i} fill={COLORS[i % COLORS.length]} />
          ))}
        </Bar>
      </BarChart>
    </div>
  );
}
