import * as Dialog from "@radix-ui/react-dialog";
import { useFetcher, useSearchParams } from "@remix-run/react";
import { useRevalidate } from "~/components/use-revalidate";
import { useEffect, useRef, useState } from "react";
import { useFormFeedback } from "~/components/settings/use-form-feedback";
import { toast } from "~/components/ui/use-toast";
import { useHydrated } from "~/components/use-hydrated";
import { DEFAULT_TOLERANCE, MAX_TOLERANCE_PERCENT as TOLERANCE_MAX, normalizeMerchants, NO_MERCHANT_WARNING, shouldSuggestPriceUpdate, TOLERANCE_MIN, toleranceCents } from "~/domain/bank-rules";
import { fieldError, isFormReply, type FormReply } from "~/domain/form-reply";
import { formatUSD, toCents } from "~/domain/money";
import { apiRequest } from "~/lib/api-client";
import type { LineJson } from "~/domain/budget-details";
import { panelHref, useBankSyncPanel } from "./bank-sync-context";
import { MerchantInput } from "./merchant-input";

// The bank-sync matching panel (spec part 1 "Bank-sync matching panel", §4, §5, §8): a modal over the
// budget page for one fixed expense. Every control is a form field, so without JavaScript the panel
// (rendered by the server for `?sync=<id>`) saves through the page's action like any form.

export const BANK_SYNC_FAILURE: Record<string, { title: string; description: string }> = {
  "bank-sync-settings": { title: "Error", description: "Failed to update bank sync settings" },
  "bank-sync-update-amount": { title: "Error", description: "Failed to update budget. Please try again." },
};

export interface PriceSuggestion {
  suggestedAmount: string | null;
  confidence: number;
}

const PRICE_CACHE_MS = 2 * 60_000;
const priceCache = new Map<string, { at: number; value: PriceSuggestion }>();

/** POST /api/plaid/price-analysis/{id}; a failed answer counts as no data (spec part 1 §7). */
async function analysePrice(lineId: string, merchants: string[], currentAmount: number): Promise<PriceSuggestion> {
  const key = JSON.stringify([lineId, merchants.map((m) => m.toLowerCase()).sort(), currentAmount]);
  const hit = priceCache.get(key);
  if (hit && Date.now() - hit.at < PRICE_CACHE_MS) return hit.value;
  let value: PriceSuggestion = { suggestedAmount: null, confidence: 0 };
  try {
    const body = await apiRequest<{ suggestedAmount?: unknown; confidence?: unknown }>("POST", `/api/plaid/price-analysis/${encodeURIComponent(lineId)}`, { merchants, currentAmount });
    const suggested = body.suggestedAmount === null || body.suggestedAmount === undefined ? null : String(body.suggestedAmount);
    value = { suggestedAmount: suggested, confidence: typeof body.confidence === "number" ? body.confidence : 0 };
  } catch {
    // No data.
  }
  priceCache.set(key, { at: Date.now(), value });
  return value;
}

/** The fetcher that saves a bill's panel, by key: the panel and the dialog around it share it. */
const saveFetcherKey = (lineId: string | null) => `bank-sync-save:${lineId ?? ""}`;

export function BankSyncDialog({ lines, reply, serverSuggestion, canEdit }: { lines: LineJson[]; reply: FormReply | null; serverSuggestion: PriceSuggestion | null; canEdit: boolean }) {
  const panel = useBankSyncPanel();
  const openId = panel?.openId ?? null;
  const line = openId ? lines.find((l) => l.id === openId) ?? null : null;

  // A save that went through (the fetcher followed the redirect) closes the panel. Watched here, above the
  // keyed panel: the saved rules start the panel over, often in the very render where the save ends, so
  // the panel itself may never see its save end.
  const save = useFetcher({ key: saveFetcherKey(openId) });
  const close = panel?.close;
  const wasSaving = useRef(false);
  useEffect(() => {
    if (wasSaving.current && save.state === "idle" && !isFormReply(save.data)) {
      // Said here rather than by the redirect's flash: the panel closes in the same moment.
      toast({ title: "Bank Sync Settings Updated" });
      close?.();
    }
    wasSaving.current = save.state !== "idle";
  }, [save.state, save.data, close]);

  if (!panel || !line) return null;
  // Keyed on the line and its stored rules: a save (or another member's) starts the panel over.
  return <Panel key={`${line.id}:${line.bankSyncEnabled}:${line.matchingMerchants.join("|")}:${line.amountTolerancePercent}:${line.amount}`} line={line} reply={reply?.values.lineId === line.id ? reply : null} serverSuggestion={serverSuggestion} canEdit={canEdit} onClose={panel.close} />;
}

function Panel({ line, reply, serverSuggestion, canEdit, onClose }: { line: LineJson; reply: FormReply | null; serverSuggestion: PriceSuggestion | null; canEdit: boolean; onClose: () => void }) {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const fetcher = useFetcher({ key: saveFetcherKey(line.id) });
  const amountFetcher = useFetcher();
  const revalidate = useRevalidate();
  const failed = isFormReply(fetcher.data) ? fetcher.data : reply?.intent === "bank-sync-settings" ? reply : null;
  useFormFeedback(fetcher.data, BANK_SYNC_FAILURE);
  useFormFeedback(amountFetcher.data, BANK_SYNC_FAILURE);

  const [enabled, setEnabled] = useState(failed ? failed.values.bankSyncEnabled === "on" : line.bankSyncEnabled);
  const [merchants, setMerchants] = useState<string[]>(line.matchingMerchants);
  const [tolerance, setTolerance] = useState(failed?.values.amountTolerancePercent ?? line.amountTolerancePercent ?? DEFAULT_TOLERANCE);
  const [listOpen, setListOpen] = useState(false);
  const [suggestion, setSuggestion] = useState<PriceSuggestion | null>(serverSuggestion);
  const [dismissed, setDismissed] = useState(params.get("keep") === "1");

  const amountCents = toCents(line.amount) ?? 0;
  const toleranceNumber = Number(tolerance);
  const toleranceValid = tolerance.trim() !== "" && Number.isFinite(toleranceNumber) && toleranceNumber >= TOLERANCE_MIN && toleranceNumber <= TOLERANCE_MAX;
  const saving = fetcher.state !== "idle";
  const noMerchant = enabled && merchants.length === 0;
  const name = line.label || "this expense";

  // Price analysis runs only with bank sync on and at least one merchant (spec part 1 §5).
  const merchantKey = merchants.join("\n");
  useEffect(() => {
    if (!hydrated) return;
    if (!enabled || merchants.length === 0) {
      setSuggestion(null);
      return;
    }
    let stale = false;
    void analysePrice(line.id, merchants, amountCents / 100).then((value) => {
      if (!stale) setSuggestion(value);
    });
    return () => {
      stale = true;
    };
    // merchantKey stands for the list's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, enabled, merchantKey, line.id, amountCents]);

  const wasUpdating = useRef(false);
  useEffect(() => {
    if (wasUpdating.current && amountFetcher.state === "idle" && !isFormReply(amountFetcher.data)) revalidate();
    wasUpdating.current = amountFetcher.state !== "idle";
  }, [amountFetcher.state, amountFetcher.data, revalidate]);

  const suggested = suggestion?.suggestedAmount ? toCents(suggestion.suggestedAmount) : null;
  const showSuggestion = !dismissed && suggestion !== null && suggested !== null && shouldSuggestPriceUpdate(amountCents, suggested, suggestion.confidence);
  const addMerchant = (value: string) => setMerchants((current) => normalizeMerchants([...current, value]));
  const closeHref = panelHref(params, null);
  const error = fieldError(failed, "newMerchant") ?? fieldError(failed, "matchingMerchants") ?? fieldError(failed, "amountTolerancePercent") ?? failed?.formError;

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
      <Dialog.Content
        id="bank-sync-dialog"
        // Fixed ids: the server-rendered panel (no JavaScript) is named by its title too.
        aria-labelledby="bank-sync-title"
        aria-describedby="bank-sync-description"
        onEscapeKeyDown={(event) => {
          // Escape first closes the suggestion list, then the panel.
          if (listOpen) event.preventDefault();
        }}
        className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl"
      >
        <Dialog.Title id="bank-sync-title" className="text-lg font-semibold">Bank sync for {name}</Dialog.Title>
        <Dialog.Description id="bank-sync-description" className="mt-1 text-sm text-slate-600">
          Match bank payments to this bill ({formatUSD(amountCents)} a month) so they are not counted as new spending.
        </Dialog.Description>

        {canEdit ? null : <p className="mt-3 rounded-md bg-slate-100 p-2 text-sm text-slate-700">Only the budget owner can change a bill&rsquo;s bank sync rules.</p>}

        {canEdit && showSuggestion && suggested !== null ? (
          <div className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900" role="status" data-testid="amount-suggestion">
            <p className="font-semibold">Amount Update Suggested</p>
            <p className="mt-1">
              Recent payments to these merchants average {formatUSD(suggested)}; this bill is set to {formatUSD(amountCents)}.
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <amountFetcher.Form method="post" onSubmit={() => setDismissed(true)}>
                <input type="hidden" name="intent" value="bank-sync-update-amount" />
                <input type="hidden" name="lineId" value={line.id} />
                <input type="hidden" name="amount" value={(suggested / 100).toFixed(2)} />
                <button type="submit" className="rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800">
                  Update Amount
                </button>
              </amountFetcher.Form>
              {hydrated ? (
                <button type="button" onClick={() => setDismissed(true)} className="rounded-md border border-emerald-700 px-3 py-1.5 text-sm font-semibold text-emerald-800 hover:bg-emerald-100">
                  Keep Current
                </button>
              ) : (
                <a href={`${panelHref(params, line.id).replace("#bank-sync-dialog", "")}&keep=1#bank-sync-dialog`} className="rounded-md border border-emerald-700 px-3 py-1.5 text-sm font-semibold text-emerald-800 hover:bg-emerald-100">
                  Keep Current
                </a>
              )}
            </div>
          </div>
        ) : null}

        <fetcher.Form method="post" className="mt-4 space-y-4" aria-label={`Bank sync settings for ${name}`}>
          <input type="hidden" name="intent" value="bank-sync-settings" />
          <input type="hidden" name="lineId" value={line.id} />
          <fieldset disabled={!canEdit} className="space-y-4">
          <label className="flex items-center justify-between gap-3">
            <span className="text-sm font-medium">Enable bank sync matching</span>
            <input
              type="checkbox"
              role="switch"
              name="bankSyncEnabled"
              checked={enabled}
              onChange={(e) => setEnabled(e.target.checked)}
              className="h-5 w-9 cursor-pointer accent-brand-600"
            />
          </label>

          <fieldset>
            <legend className="text-sm font-medium">Matching merchant names</legend>
            {merchants.length ? (
              <ul className="mt-2 flex flex-wrap gap-2" aria-label="Matching merchants">
                {merchants.map((m) => (
                  <li key={m} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm">
                    {hydrated ? (
                      <>
                        <input type="hidden" name="matchingMerchants" value={m} />
                        <span>{m}</span>
                        <button type="button" onClick={() => setMerchants((current) => current.filter((c) => c !== m))} className="rounded-full px-1.5 text-slate-600 hover:bg-slate-200" aria-label={`Remove ${m}`}>
                          ×
                        </button>
                      </>
                    ) : (
                      // Without JavaScript a chip is a checkbox: untick it to remove the merchant on save.
                      <label className="flex items-center gap-1 pr-2">
                        <input type="checkbox" name="matchingMerchants" value={m} defaultChecked />
                        {m}
                      </label>
                    )}
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="mt-2">
              <MerchantInput chosen={merchants} onAdd={addMerchant} listOpen={listOpen} onListOpenChange={setListOpen} describedBy="merchant-hint" />
              <p id="merchant-hint" className="mt-1 text-xs text-slate-500">
                {hydrated ? "Type 2 or more letters for suggestions from your bank transactions." : "Type a merchant name; it is added when you save."}
              </p>
            </div>
            {noMerchant ? (
              <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="no-merchant-warning">
                {NO_MERCHANT_WARNING}
              </p>
            ) : null}
          </fieldset>

          <div>
            <label htmlFor="bank-sync-tolerance" className="block text-sm font-medium">Amount tolerance (%)</label>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <input
                id="bank-sync-tolerance"
                name="amountTolerancePercent"
                type="number"
                min={TOLERANCE_MIN}
                max={TOLERANCE_MAX}
                step="0.1"
                value={tolerance}
                onChange={(e) => setTolerance(e.target.value)}
                aria-describedby="bank-sync-tolerance-dollars"
                className="w-24 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
              />
              <span id="bank-sync-tolerance-dollars" className="text-sm text-slate-600" data-testid="tolerance-dollars">
                {toleranceValid ? `± ${formatUSD(toleranceCents(amountCents, toleranceNumber))} of ${formatUSD(amountCents)}` : `Between ${TOLERANCE_MIN} and ${TOLERANCE_MAX}%`}
              </span>
            </div>
          </div>

          <details className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
            <summary className="cursor-pointer font-medium">How it works</summary>
            <p className="mt-2">
              When a synced bank payment&rsquo;s merchant contains one of these names and its amount is within the tolerance of this bill, it is
              matched to this bill instead of being added as new spending: the bill is already in your budget. Payments outside the tolerance
              count as spending.
            </p>
          </details>
          </fieldset>

          {error ? (
            <p role="alert" className="text-sm text-red-700">{error}</p>
          ) : null}

          <div className="flex flex-wrap justify-end gap-2">
            {hydrated ? (
              <Dialog.Close asChild>
                <button type="button" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50">Cancel</button>
              </Dialog.Close>
            ) : (
              <a href={closeHref} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50">Cancel</a>
            )}
            {canEdit ? (
            <button
              type="submit"
              disabled={hydrated && (saving || noMerchant || !toleranceValid)}
              className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
            >
              {saving ? "Saving..." : "Save Settings"}
            </button>
            ) : null}
          </div>
        </fetcher.Form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

