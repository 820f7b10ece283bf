import type { LineJson } from "~/server/budget-details.server";

// The per-bill bank sync settings (spec part 1 "Bank-sync matching panel"). Matching a bank's
// transactions to this bill needs a linked bank; until one is linked this shows the bill's stored rules.
// A disclosure, so it opens with the keyboard and without JavaScript alike.

export function BankSyncSettings({ line, label }: { line: LineJson | null; label: string }) {
  const merchants = line?.matchingMerchants ?? [];
  return (
    <details className="group relative">
      <summary className="cursor-pointer list-none rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100" aria-label={`Bank sync settings for ${label || "this expense"}`}>
        Bank sync
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-72 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg">
        <p className="font-semibold">Bank sync for {label || "this expense"}</p>
        <dl className="mt-2 space-y-1 text-slate-700">
          <div className="flex justify-between gap-2"><dt>Matching</dt><dd>{line?.bankSyncEnabled ? "On" : "Off"}</dd></div>
          <div className="flex justify-between gap-2"><dt>Merchants</dt><dd>{merchants.length ? merchants.join(", ") : "None yet"}</dd></div>
          <div className="flex justify-between gap-2"><dt>Amount tolerance</dt><dd>{line?.amountTolerancePercent ?? "5.00"}%</dd></div>
        </dl>
        <p className="mt-2 text-xs text-slate-500">How it works: once a bank account is linked, transactions from these merchants within the tolerance are matched to this bill instead of counting as new spending.</p>
      </div>
    </details>
  );
}
