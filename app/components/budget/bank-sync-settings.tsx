import { useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import type { LineJson } from "~/server/budget-details.server";

// The per-bill bank sync settings (spec part 1 "Bank-sync matching panel"). Matching a bank's
// transactions to this bill needs a linked bank; until one is linked this shows the bill's stored rules.
// The button is a link (`?sync=<line id>`) that opens this bill's panel: without JavaScript the server
// renders that one panel, with it the panel opens in place. Only an open panel is in the page, which
// keeps a budget with many bills light (it was a third of the fixed-expenses list's markup).

export function BankSyncSettings({ lineId, line, label }: { lineId: string; line: LineJson | null; label: string }) {
  const [params] = useSearchParams();
  const asked = params.get("sync") === lineId;
  const [open, setOpen] = useState(asked);
  useEffect(() => setOpen(asked), [asked]);
  const hydrated = useHydrated();
  const name = label || "this expense";
  const panelId = `bank-sync-${lineId}`;
  const linkTo = (opening: boolean) => {
    const next = new URLSearchParams(params);
    next.delete("sync");
    if (opening) next.set("sync", lineId);
    const query = next.toString();
    // Opening scrolls a reloaded page (no JavaScript) back to the panel.
    return `/budget-panel${query ? `?${query}` : ""}${opening ? `#${panelId}` : ""}`;
  };
  const show = (next: boolean) => (event: React.MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    setOpen(next);
  };
  const merchants = line?.matchingMerchants ?? [];
  return (
    <div className="relative">
      <a
        href={linkTo(!open)}
        onClick={show(!open)}
        className="inline-block rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100"
        aria-label={`Bank sync settings for ${name}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
      >
        Bank sync
      </a>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label={`Bank sync for ${name}`}
          className="absolute right-0 z-20 mt-1 w-72 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg"
          onKeyDown={(event) => {
            if (event.key === "Escape") setOpen(false);
          }}
        >
          <p className="font-semibold">Bank sync for {name}</p>
          <dl className="mt-2 space-y-1 text-slate-700">
            <div className="flex justify-between gap-2"><dt>Matching</dt><dd>{line?.bankSyncEnabled ? "On" : "Off"}</dd></div>
            <div className="flex justify-between gap-2"><dt>Merchants</dt><dd>{merchants.length ? merchants.join(", ") : "None yet"}</dd></div>
            <div className="flex justify-between gap-2"><dt>Amount tolerance</dt><dd>{line?.amountTolerancePercent ?? "5.00"}%</dd></div>
          </dl>
          <p className="mt-2 text-xs text-slate-500">How it works: once a bank account is linked, transactions from these merchants within the tolerance are matched to this bill instead of counting as new spending.</p>
          <a href={linkTo(false)} onClick={show(false)} className="mt-2 inline-block text-xs font-medium text-brand-700 hover:underline">
            Close
          </a>
        </div>
      ) : null}
    </div>
  );
}
