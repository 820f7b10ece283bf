import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { FormReply } from "~/domain/form-reply";
import { formatUSD, toCents } from "~/domain/money";

// The review of a parsed statement (spec part 2 §4, §9): every row with its category (editable) and a
// confidence colour, possible duplicates flagged with their reasons and left unselected, the monthly
// repeats with "Add to budget", Select All / Deselect All, and Import. One form: without JavaScript the
// checkboxes post as they are; with it Import is disabled while nothing is selected.

export interface UploadResult {
  uploadId: string;
  fileName: string;
  processingNotes: string;
  summary: { totalTransactions: number; totalExpenses: string; totalIncome: string };
  transactions: Array<{ id: string; date: string; description: string; amount: string; isIncome: boolean; category: string; categoryName: string; confidence: number }>;
  duplicateAnalysis: { duplicatesFound: number; potentialDuplicates: Array<{ uploadedTransaction: { id: string }; existingExpense: { date: string; description: string; amount: string } | null; confidence: number; matchReasons: string[] }> };
  recurring: Array<{ label: string; kind: "income" | "expense"; monthlyAmount: string; months: number; category: string }>;
  /** True when the user swapped every row's direction. */
  directionFlipped?: boolean;
  /** The review comes in pages of 100 rows (issue 18). */
  pagination?: { page: number; pageSize: number; totalPages: number; totalTransactions: number; suggestedElsewhere: number };
}

function confidenceTone(c: number): string {
  return c >= 0.8 ? "bg-green-100 text-green-800" : c >= 0.6 ? "bg-yellow-100 text-yellow-800" : "bg-red-100 text-red-800";
}

export function UploadReview({ result, categories, reply }: { result: UploadResult; categories: Array<{ id: string; name: string; emoji: string }>; reply: FormReply | null }) {
  const flagged = new Map(result.duplicateAnalysis.potentialDuplicates.map((d) => [d.uploadedTransaction.id, d]));
  const importable = result.transactions.filter((t) => !t.isIncome);
  const [selected, setSelected] = useState(() => new Set(importable.filter((t) => !flagged.has(t.id)).map((t) => t.id)));
  const [recurring, setRecurring] = useState(() => new Set<number>());
  const navigation = useNavigation();
  // Without JavaScript the boxes post as ticked, so Import must stay enabled until the page is live.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const importing = navigation.state === "submitting" && navigation.formData?.get("intent") === "import";
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const pages = result.pagination ?? { page: 1, pageSize: result.transactions.length, totalPages: 1, totalTransactions: result.transactions.length, suggestedElsewhere: 0 };
  const flipping = navigation.state === "submitting" && navigation.formData?.get("intent") === "flip";
  const pageLink = (n: number) => `/transaction-upload?upload=${encodeURIComponent(result.uploadId)}&page=${n}`;

  return (
    <div className="space-y-4">
      {/* Its own form (forms cannot nest): one click reads the whole statement the other way round. */}
      <Form method="post" id="flip-direction" className="hidden" aria-hidden="true">
        <input type="hidden" name="intent" value="flip" />
        <input type="hidden" name="uploadId" value={result.uploadId} />
      </Form>
    <Form method="post" className="space-y-4" aria-label="Review transactions">
      <input type="hidden" name="intent" value="import" />
      <input type="hidden" name="uploadId" value={result.uploadId} />
      <input type="hidden" name="suggestedElsewhere" value={pages.suggestedElsewhere} />
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <h2 className="font-semibold">Review {result.fileName}</h2>
            <p className="text-sm text-slate-600" data-testid="upload-summary">
              {result.summary.totalTransactions} transactions · {formatUSD(toCents(result.summary.totalExpenses) ?? 0)} spent · {formatUSD(toCents(result.summary.totalIncome) ?? 0)} income · {result.duplicateAnalysis.duplicatesFound} potential duplicates
            </p>
          </div>
          <div className="flex gap-2">
            <button type="button" onClick={() => setSelected(new Set(importable.map((t) => t.id)))} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm">Select All</button>
            <button type="button" onClick={() => setSelected(new Set())} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm">Deselect All</button>
          </div>
        </div>
        <p className="mt-2 text-xs text-slate-600" data-testid="processing-notes">{result.processingNotes}</p>
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-700">{result.directionFlipped ? "You swapped income and spending for this statement." : "Purchases showing as income, or the other way round?"}</span>
          <button type="submit" form="flip-direction" disabled={flipping} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-50" data-testid="flip-direction">
            {flipping ? "Swapping..." : "Swap income and spending"}
          </button>
        </div>
      </section>
      {pages.totalPages > 1 ? (
        <nav aria-label="Review pages" className="flex flex-wrap items-center gap-3 text-sm" data-testid="review-pages">
          <span>Page {pages.page} of {pages.totalPages} ({pages.totalTransactions} transactions).</span>
          {pages.page > 1 ? <Link to={pageLink(pages.page - 1)} className="underline">Previous page</Link> : null}
          {pages.page < pages.totalPages ? <Link to={pageLink(pages.page + 1)} className="underline">Next page</Link> : null}
          <span className="w-full text-slate-600">Rows on other pages are imported as suggested: {pages.suggestedElsewhere} selected there (spending not flagged as a duplicate).</span>
        </nav>
      ) : null}

      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label="Parsed transactions">
        {result.transactions.map((t) => {
          const dup = flagged.get(t.id);
          return (
            // On a phone the description takes the whole line and the controls wrap below it (never one word per line).
            <li key={t.id} className={`flex flex-wrap items-center gap-x-3 gap-y-2 p-3 ${dup ? "bg-amber-50" : ""}`} data-testid="upload-row">
              <input type="hidden" name="rowId" value={t.id} />
              <input
                type="checkbox"
                name="approve"
                value={t.id}
                id={`approve-${t.id}`}
                disabled={t.isIncome}
                checked={selected.has(t.id)}
                onChange={(e) => toggle(t.id, e.target.checked)}
                aria-label={`Import ${t.description}`}
              />
              <label htmlFor={`approve-${t.id}`} className="min-w-0 flex-1 basis-56">
                <span className="block break-words font-medium" data-testid="upload-row-description">{t.description}</span>
                <span className="block text-xs text-slate-600">{t.date}</span>
                {dup ? (
                  <span className="mt-1 block text-xs text-amber-800" data-testid="duplicate-flag">
                    {dup.existingExpense || !dup.matchReasons[0]?.startsWith("Already in your fixed expenses") ? "Possible duplicate: " : ""}{dup.matchReasons.join(", ")}
                    {dup.existingExpense ? ` — ${dup.existingExpense.description}, ${dup.existingExpense.date}, ${formatUSD(toCents(dup.existingExpense.amount) ?? 0)}` : ""}
                  </span>
                ) : null}
              </label>
              {t.isIncome ? (
                <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Income</span>
              ) : (
                <select name={`category.${t.id}`} defaultValue={t.category} aria-label={`Category for ${t.description}`} className="rounded-md border border-slate-300 px-2 py-1 text-sm">
                  {categories.map((c) => (
                    <option key={c.id} value={c.id}>{c.emoji} {c.name}</option>
                  ))}
                </select>
              )}
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${confidenceTone(t.confidence)}`} title="How sure we are of the category">
                {Math.round(t.confidence * 100)}%
              </span>
              <span className={`w-24 text-right font-semibold tabular-nums ${t.isIncome ? "text-green-700" : ""}`}>{t.isIncome ? "+" : ""}{formatUSD(toCents(t.amount) ?? 0)}</span>
            </li>
          );
        })}
      </ul>

      {result.recurring.length > 0 ? (
        <section className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="recurring-title">
          <h2 id="recurring-title" className="font-semibold">Monthly bills and income we spotted</h2>
          <ul className="mt-2 space-y-2">
            {result.recurring.map((r, i) => (
              <li key={`${r.label}-${i}`} className="flex flex-wrap items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  id={`recurring-${i}`}
                  name="recurring"
                  value={`${r.kind}|${r.monthlyAmount}|${r.category}|${r.label}`}
                  checked={recurring.has(i)}
                  onChange={(e) => setRecurring((s) => { const next = new Set(s); if (e.target.checked) next.add(i); else next.delete(i); return next; })}
                />
                <label htmlFor={`recurring-${i}`} className="flex-1">
                  Add to budget: {r.label} — {formatUSD(toCents(r.monthlyAmount) ?? 0)}/month as {r.kind === "income" ? "an income source" : "a fixed expense"} (seen in {r.months} months)
                </label>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {reply?.formError ? <p role="alert" className="text-sm text-red-700">{reply.formError}</p> : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={importing || (live && selected.size === 0 && recurring.size === 0 && pages.suggestedElsewhere === 0)} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50">
          {importing ? "Importing..." : live ? `Import ${selected.size + pages.suggestedElsewhere} selected` : "Import selected"}
        </button>
        <Link to="/transaction-upload" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50">Upload Different File</Link>
      </div>
    </Form>
    </div>
  );
}
