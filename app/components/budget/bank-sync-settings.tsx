import { useSearchParams } from "@remix-run/react";
import { useHydrated } from "~/components/use-hydrated";
import { formatUSD, toCents } from "~/domain/money";
import type { LineJson } from "~/domain/budget-details";
import { panelHref, useBankSyncPanel } from "./bank-sync-context";

// A bill's "Bank sync" button (spec part 1 "Fixed Expenses list"): it opens that bill's matching panel
// (BankSyncDialog). A link without JavaScript (`?sync=<line id>`), in place with it.

export function BankSyncSettings({ lineId, line, label }: { lineId: string; line: LineJson | null; label: string }) {
  const [params] = useSearchParams();
  const panel = useBankSyncPanel();
  const hydrated = useHydrated();
  const name = label || "this expense";
  // A line not saved yet has no rules to edit.
  if (!line) return null;
  const matched = panel?.matched[lineId];
  return (
    <>
    {matched ? (
      <span className="text-xs font-medium text-emerald-800" data-testid="bill-matched" title={`${matched.merchant}, ${matched.date}`}>
        Paid {formatUSD(toCents(matched.amount) ?? 0)} ✓
      </span>
    ) : null}
    <a
      href={panelHref(params, lineId)}
      onClick={(event) => {
        if (!hydrated || !panel) return;
        event.preventDefault();
        panel.open(lineId);
      }}
      className={`inline-block rounded-md px-2 py-1 text-sm hover:bg-slate-100 ${line.bankSyncEnabled ? "font-medium text-emerald-800" : "text-slate-700"}`}
      aria-label={`Bank sync settings for ${name}`}
      aria-haspopup="dialog"
    >
      {line.bankSyncEnabled ? "Bank sync on" : "Bank sync"}
    </a>
    </>
  );
}
