import { Form, useNavigation } from "@remix-run/react";
import { useRevalidate } from "~/components/use-revalidate";
import { useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/use-toast";
import { editingTotals, NEW_EXPENSE_LABEL, NEW_INCOME_LABEL, tempLineId, type LineKind } from "~/domain/budget-details";
import { fieldError, type FormReply } from "~/domain/form-reply";
import { formatUSD, toCents } from "~/domain/money";
import { applyWording, type LanguagePreference } from "~/domain/wording";
import { ApiError, apiRequest } from "~/lib/api-client";
import type { BudgetDetails, LineJson } from "~/domain/budget-details";
import type { BudgetSummary } from "~/domain/budget-summary";
import { BankSyncSettings } from "./bank-sync-settings";
import { SummaryCards } from "./summary-cards";

// Income, fixed expenses and the reset day (spec part 1 "Budget page", §4 "Budget edit"). Without
// JavaScript it is one form: Save, New Income / New Expense and each delete are its submit buttons. With
// JavaScript the same inputs are live: totals recompute on every keystroke and the lines save themselves
// 3 s after the last edit, merged by line id on the server so two members never lose each other's lines.

const AUTOSAVE_MS = 3_000;

interface EditLine {
  /** React's key: the id the line was first shown with, so swapping a temporary id never remounts its inputs (focus stays). */
  uid: string;
  id: string;
  kind: LineKind;
  label: string;
  amount: string;
  category: string;
  isSingleMonth: boolean;
  managedBy: string | null;
  source: LineJson | null;
}

function linesOf(details: BudgetDetails, previous: EditLine[] = []): EditLine[] {
  const uidOf = new Map(previous.map((l) => [l.id, l.uid]));
  const one = (kind: LineKind) => (l: LineJson) => ({ uid: uidOf.get(l.id) ?? l.id, id: l.id, kind, label: l.label, amount: l.amount, category: l.category, isSingleMonth: l.isSingleMonth, managedBy: l.managedBy, source: l });
  return [...details.income.map(one("income")), ...details.expenses.map(one("expense"))];
}

function payloadLine(l: EditLine) {
  return { id: l.id, label: l.label, amount: l.amount.trim() === "" ? "0" : l.amount, category: l.category, isSingleMonth: l.isSingleMonth };
}

type SaveState = "idle" | "dirty" | "saving";

export function DetailsEditor({ details, summary, wording, isOwner, reply }: { details: BudgetDetails; summary: BudgetSummary; wording: LanguagePreference; isOwner: boolean; reply: FormReply | null }) {
  const [lines, setLines] = useState<EditLine[]>(() => linesOf(details));
  const [resetDay, setResetDay] = useState(String(details.resetDay));
  const [state, setState] = useState<SaveState>("idle");
  const loaded = useRef<string[]>([...details.income, ...details.expenses].map((l) => l.id));
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const latest = useRef({ lines, resetDay });
  latest.current = { lines, resetDay };
  const revalidate = useRevalidate();
  const navigation = useNavigation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // Fresh data from the server (after a save, or another member's change over the live socket) replaces
  // the form only while there is nothing unsaved in it.
  const [shown, setShown] = useState(details);
  if (shown !== details) {
    setShown(details);
    if (state === "idle") {
      setLines((previous) => linesOf(details, previous));
      setResetDay(String(details.resetDay));
      loaded.current = [...details.income, ...details.expenses].map((l) => l.id);
    }
  }

  const save = async () => {
    const { lines: now, resetDay: day } = latest.current;
    setState("saving");
    try {
      const saved = await apiRequest<BudgetDetails & { idMap: Record<string, string> }>("POST", "/api/budget/details", {
        income: now.filter((l) => l.kind === "income" && !l.managedBy).map(payloadLine),
        expenses: now.filter((l) => l.kind === "expense" && !l.managedBy).map(payloadLine),
        loadedIds: loaded.current,
        ...(isOwner ? { resetDay: Number(day) } : {}),
      });
      loaded.current = [...saved.income, ...saved.expenses].map((l) => l.id);
      // Temporary ids become real ones; edits typed while the save was in flight stay (and save next).
      setLines((current) => current.map((l) => (saved.idMap[l.id] ? { ...l, id: saved.idMap[l.id] } : l)));
      setState((s) => (s === "saving" ? "idle" : s));
      revalidate();
    } catch (error) {
      setState("dirty");
      if (!(error instanceof ApiError && error.status === 401)) {
        toast({ title: "Error", description: error instanceof ApiError && error.status === 400 ? error.message : "Failed to update budget. Please try again.", variant: "destructive" });
      }
    }
  };

  const edited = () => {
    setState("dirty");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), AUTOSAVE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (id: string, patch: Partial<EditLine>) => {
    setLines((current) => current.map((l) => (l.id === id ? { ...l, ...patch } : l)));
    edited();
  };
  const add = (kind: LineKind) => {
    const id = tempLineId(kind);
    setLines((current) => [
      ...current,
      { uid: id, id, kind, label: kind === "income" ? NEW_INCOME_LABEL : NEW_EXPENSE_LABEL, amount: "0", category: kind === "income" ? "income" : "other", isSingleMonth: false, managedBy: null, source: null },
    ]);
    edited();
  };
  const remove = (id: string) => {
    setLines((current) => current.filter((l) => l.id !== id));
    edited();
  };

  const totals = editingTotals(lines);
  const spentCents = toCents(summary.spent) ?? 0;
  const income = lines.filter((l) => l.kind === "income");
  const fixed = lines.filter((l) => l.kind === "expense");
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent")?.toString().match(/details|income|fixed|line/);
  const indicator = state === "saving" ? "Auto-saving..." : state === "dirty" ? "Unsaved changes" : null;

  // Buttons that submit the form without JavaScript do their work in place with it.
  const enhance = (fn: () => void) => (event: React.MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    fn();
  };

  return (
    <Form method="post" className="space-y-6" aria-label="Budget details" onSubmit={(e) => {
      // With JavaScript, Save (or Enter in a field) saves at once through the autosave call.
      const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      if (hydrated && (!submitter || submitter.value === "save-details")) {
        e.preventDefault();
        clearTimeout(timer.current);
        void save();
      }
    }}>
      {loaded.current.map((id) => (
        <input key={id} type="hidden" name="loadedIds" value={id} />
      ))}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" role="status" aria-live="polite">
          {indicator ?? (submitting ? "Saving..." : "")}
        </p>
        {/* First submit button of the form, so Enter in any field saves (never adds or deletes a line). */}
        {isOwner ? (
          <button type="submit" name="intent" value="save-details" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Save
          </button>
        ) : (
          // Lines and the reset day are the owner's (issue 18 #15): members see the figures read-only.
          <p id="lines-owner" className="text-sm text-slate-600">Only the budget owner can change income and fixed expenses.</p>
        )}
        {reply?.formError && reply.intent && /details|income|fixed|line/.test(reply.intent) ? (
          <p role="alert" className="text-sm text-red-700">{reply.formError}</p>
        ) : null}
      </div>

      <section aria-labelledby="reset-day-title" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="reset-day-title" className="font-semibold">Monthly Reset Date</h2>
        <p className="mt-1 text-sm text-slate-600">The day of the month your budget starts over.</p>
        <label htmlFor="reset-day" className="mt-3 block text-sm font-medium">Reset day</label>
        <select
          id="reset-day"
          name="resetDay"
          value={resetDay}
          disabled={!isOwner}
          aria-describedby={isOwner ? undefined : "reset-day-owner"}
          onChange={(e) => {
            setResetDay(e.target.value);
            edited();
          }}
          className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-100"
        >
          {Array.from({ length: 28 }, (_, i) => i + 1).map((d) => (
            <option key={d} value={d}>{d}</option>
          ))}
        </select>
        {!isOwner ? (
          <p id="reset-day-owner" className="mt-1 text-xs text-slate-500">Only the budget owner can change the reset day.</p>
        ) : null}
        {fieldError(reply, "resetDay") ? <p role="alert" className="mt-1 text-sm text-red-700">{fieldError(reply, "resetDay")}</p> : null}
      </section>

      <SummaryCards totals={totals} spentCents={spentCents} summary={summary} wording={wording} />

      <LineList
        title="Income Sources"
        kind="income"
        lines={income}
        empty="No income sources added yet"
        addLabel="New Income"
        wording={wording}
        readOnly={!isOwner}
        onChange={change}
        onAdd={enhance(() => add("income"))}
        onRemove={(id) => enhance(() => remove(id))}
      />
      <LineList
        title="Fixed Expenses"
        kind="expense"
        lines={fixed}
        empty="No fixed expenses added yet"
        addLabel="New Expense"
        wording={wording}
        readOnly={!isOwner}
        onChange={change}
        onAdd={enhance(() => add("expense"))}
        onRemove={(id) => enhance(() => remove(id))}
      />
    </Form>
  );
}

function LineList({
  title,
  kind,
  lines,
  empty,
  addLabel,
  wording,
  readOnly,
  onChange,
  onAdd,
  onRemove,
}: {
  title: string;
  kind: LineKind;
  lines: EditLine[];
  empty: string;
  addLabel: string;
  wording: LanguagePreference;
  /** A member's view: the figures without inputs' names, add or delete buttons. */
  readOnly: boolean;
  onChange: (id: string, patch: Partial<EditLine>) => void;
  onAdd: (e: React.MouseEvent) => void;
  onRemove: (id: string) => (e: React.MouseEvent) => void;
}) {
  const list = kind === "income" ? "income" : "expenses";
  const headingId = `${list}-title`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="font-semibold">{title}</h2>
        {readOnly ? null : (
          <button type="submit" name="intent" value={kind === "income" ? "add-income" : "add-fixed-expense"} onClick={onAdd} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
            + {addLabel}
          </button>
        )}
      </div>
      {lines.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {lines.map((line, i) => {
            const prefix = `${list}.${i}`;
            const managed = !!line.managedBy;
            // Shown, never posted: the debt plan's line (its feature keeps it) and every line in a member's view.
            const locked = managed || readOnly;
            return (
              <li key={line.uid} className="flex flex-wrap items-center gap-2" data-testid={`${kind}-line`}>
                {/* Managed lines (the debt plan's extra payment) are shown, never posted: their owner keeps them. */}
                {locked ? null : <input type="hidden" name={`${prefix}.id`} value={line.id} />}
                {locked ? null : <input type="hidden" name={`${prefix}.category`} value={line.category} />}
                <label className="sr-only" htmlFor={`${line.uid}-label`}>{kind === "income" ? "Income source" : "Fixed expense"} name</label>
                <input
                  id={`${line.uid}-label`}
                  name={locked ? undefined : `${prefix}.label`}
                  value={line.label}
                  maxLength={120}
                  readOnly={locked}
                  onChange={(e) => onChange(line.id, { label: e.target.value })}
                  // A row of its own on a phone, so a bill's whole name shows ("Car payment", not "Car payme").
                  className="min-w-0 basis-full rounded-md border border-slate-300 px-3 py-2 text-sm read-only:bg-slate-50 sm:basis-0 sm:flex-1"
                />
                <label className="sr-only" htmlFor={`${line.uid}-amount`}>{line.label || title} monthly amount</label>
                <div className="relative">
                  <span aria-hidden="true" className="pointer-events-none absolute left-2 top-2 text-sm text-slate-500">$</span>
                  <input
                    id={`${line.uid}-amount`}
                    name={locked ? undefined : `${prefix}.amount`}
                    value={line.amount}
                    inputMode="decimal"
                    readOnly={locked}
                    onChange={(e) => onChange(line.id, { amount: e.target.value })}
                    className="w-32 rounded-md border border-slate-300 py-2 pl-5 pr-2 text-right text-sm read-only:bg-slate-50"
                  />
                </div>
                {kind === "expense" && readOnly && !managed && line.isSingleMonth ? <span className="text-xs text-slate-600">One-time</span> : null}
                {kind === "expense" && !locked ? (
                  <label className="flex items-center gap-1 text-sm">
                    <input type="checkbox" name={`${prefix}.isSingleMonth`} checked={line.isSingleMonth} onChange={(e) => onChange(line.id, { isSingleMonth: e.target.checked })} />
                    One-time
                  </label>
                ) : null}
                {managed ? <span className="text-xs text-slate-500">{applyWording("Set by your debt payoff plan", wording)}</span> : null}
                {kind === "expense" && !locked ? <BankSyncSettings lineId={line.id} line={line.source} label={line.label} /> : null}
                {locked ? null : (
                  <button type="submit" name="intent" value={`delete-line:${line.id}`} onClick={onRemove(line.id)} className="rounded-md px-2 py-1 text-sm text-red-700 hover:bg-red-50" aria-label={`Delete ${line.label || title}`}>
                    Delete
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-2 text-right text-sm text-slate-600">
        Total: {formatUSD(lines.reduce((s, l) => s + (toCents(l.amount) ?? 0), 0))}
      </p>
    </section>
  );
}
