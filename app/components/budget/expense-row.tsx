import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useFormFeedback } from "~/components/settings/use-form-feedback";
import { BUDGET_PAGE_FAILURE } from "~/domain/budget-page-forms";
import { dayLabel, memberName, timeLabel } from "~/domain/budget-page-text";
import { fieldError, isFormReply, type FormReply } from "~/domain/form-reply";
import { formatUSD, toCents, typedCents } from "~/domain/money";
import type { ExpenseJson, ExpenseSort } from "~/domain/expense-view";
import type { BankSourceView } from "~/domain/bank";
import { bankLabel } from "~/components/bank/format";
import { actionUrl } from "./action-url";

export interface Category {
  id: string;
  name: string;
  emoji: string;
}

// One transaction (spec part 1 "Transaction row"): include/exclude, inline edit and delete. Edit and delete
// are links (`?edit=<id>`, `?delete=<id>`) that open the row's form: without JavaScript the server renders
// that one form, with it the row opens in place. Only an open row carries its forms, which keeps a page of
// hundreds of transactions light. The edit saves on Enter, when focus leaves the form, or shortly after a
// category change, and Escape cancels.

const CATEGORY_SAVE_MS = 400;

export function ExpenseRow({
  expense,
  categories,
  showAuthor,
  timeZone,
  sort,
  reply,
  open,
  linkTo,
  bank,
  canChange = true,
}: {
  /** Set on an expense imported from a linked bank: which bank, and whether it is still pending. */
  bank?: BankSourceView | null;
  expense: ExpenseJson;
  categories: Category[];
  showAuthor: boolean;
  timeZone: string;
  sort: ExpenseSort;
  reply: FormReply | null;
  /** Which of the row's forms the address opened (or a refused edit re-opened). */
  open: "edit" | "delete" | null;
  /** The page's address with `edit`/`delete` set to this row (or cleared). */
  linkTo: (panel: "edit" | "delete" | null) => string;
  /** Members change only the expenses they added; the owner every one (issue 18 #15). */
  canChange?: boolean;
}) {
  const [state, setPanel] = useState(open);
  const panel = canChange ? state : null;
  useEffect(() => setPanel(open), [open]);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const show = (next: "edit" | "delete" | null) => (event: React.MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    setPanel(next);
  };
  const toggle = useFetcher();
  const edit = useFetcher();
  const remove = useFetcher();
  useFormFeedback(toggle.data, BUDGET_PAGE_FAILURE);
  useFormFeedback(edit.data, BUDGET_PAGE_FAILURE);
  useFormFeedback(remove.data, BUDGET_PAGE_FAILURE);
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const action = actionUrl(sort);

  // Optimistic: the row shows the new state while the server confirms it.
  const enabled = toggle.formData ? !expense.enabled : expense.enabled;
  const deleting = remove.state !== "idle";
  const editReply = isFormReply(edit.data) ? edit.data : reply?.intent === "update-expense" ? reply : null;
  const editError = editReply ? (editReply.formError ?? fieldError(editReply, "amount") ?? fieldError(editReply, "description") ?? fieldError(editReply, "categoryId")) : undefined;
  const pending = edit.formData;
  const shown = {
    description: pending ? String(pending.get("description") ?? expense.description) : expense.description,
    amount: pending ? (typedCents(pending.get("amount")) ?? toCents(expense.amount) ?? 0) : (toCents(expense.amount) ?? 0),
    category: pending ? (categories.find((c) => c.id === pending.get("categoryId")) ?? expense.category) : expense.category,
  };

  const changed = (form: HTMLFormElement) => {
    const data = new FormData(form);
    return (
      String(data.get("description") ?? "").trim() !== expense.description ||
      typedCents(data.get("amount")) !== toCents(expense.amount) ||
      data.get("categoryId") !== expense.categoryId
    );
  };
  const saveIfChanged = () => {
    const form = formRef.current;
    if (form && changed(form)) edit.submit(form, { method: "post", action });
    setPanel(null);
  };
  const cancel = () => {
    clearTimeout(timer.current);
    setPanel(null);
  };

  if (deleting) return null;
  return (
    <li className={`flex flex-wrap items-start gap-3 py-3 ${enabled ? "" : "opacity-50"}`} data-testid="expense-row">
      <span aria-hidden="true" className="text-2xl">{shown.category.emoji || "📝"}</span>
      <div className="min-w-0 flex-1">
        <p className={`font-medium ${enabled ? "" : "line-through"}`}>{shown.description}</p>
        <p className="text-xs text-slate-600">
          {shown.category.name} · {dayLabel(expense.date)}
          {showAuthor ? <> · Added by {memberName(expense.user)}</> : null}
        </p>
        {bank ? (
          <p className="text-xs text-slate-600" data-testid="bank-source">
            From {bankLabel(bank.institutionName, bank.mask)}
            {bank.pending ? <span className="ml-1.5 rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">Pending</span> : null}
          </p>
        ) : null}
        {expense.originalInput ? <p className="text-xs italic text-slate-500">&ldquo;{expense.originalInput}&rdquo;</p> : null}
        {enabled ? null : <p className="text-xs font-medium text-slate-600">Excluded from budget</p>}
        {editError ? <p role="alert" className="text-xs text-red-700">{editError}</p> : null}
      </div>
      <div className="text-right">
        <p className={`font-semibold ${enabled ? "" : "line-through"}`}>{formatUSD(shown.amount)}</p>
        <p className="text-xs text-slate-500">{timeLabel(expense.createdAt, timeZone)}</p>
      </div>
      {canChange ? <div className="flex w-full flex-wrap items-center justify-end gap-1 sm:w-auto">
        {/* Plain elements, not fetcher.Form and Link: a page renders hundreds of rows, and those two cost
            most of a row's render on the server. Hydrated, the form posts through the fetcher and the links
            open the row in place; without JavaScript they post and navigate as usual. */}
        <form
          method="post"
          action={action}
          onSubmit={(e) => {
            e.preventDefault();
            toggle.submit(e.currentTarget, { method: "post", action });
          }}
        >
          <input type="hidden" name="intent" value="toggle-expense" />
          <input type="hidden" name="expenseId" value={expense.id} />
          <button type="submit" className="rounded-md px-2 py-1 text-xs hover:bg-slate-100" aria-label={`${enabled ? "Exclude" : "Include"} ${expense.description} ${enabled ? "from" : "in"} budget`}>
            {enabled ? "Exclude" : "Include"}
          </button>
        </form>

        <a
          href={linkTo(panel === "edit" ? null : "edit")}
          onClick={show(panel === "edit" ? null : "edit")}
          className="rounded-md px-2 py-1 text-xs hover:bg-slate-100"
          aria-label={`Edit ${expense.description}`}
          aria-expanded={panel === "edit"}
        >
          Edit
        </a>

        <a
          href={linkTo(panel === "delete" ? null : "delete")}
          onClick={show(panel === "delete" ? null : "delete")}
          className="rounded-md px-2 py-1 text-xs text-red-700 hover:bg-red-50"
          aria-label={`Delete ${expense.description}`}
          aria-expanded={panel === "delete"}
        >
          Delete
        </a>
      </div> : null}
      {panel === "edit" ? (
          <edit.Form
            ref={formRef}
            method="post"
            action={action}
            className="w-full space-y-2 rounded-lg border border-slate-200 bg-white p-3 sm:ml-auto sm:w-80"
            aria-label={`Edit ${expense.description}`}
            onSubmit={(e) => {
              // Enter saves (the fetcher posts it); the form closes.
              clearTimeout(timer.current);
              if (!changed(e.currentTarget)) e.preventDefault();
              setPanel(null);
            }}
            onKeyDown={(e) => {
              if (e.key === "Escape") {
                e.preventDefault();
                cancel();
              }
            }}
            onBlur={(e) => {
              // Focus left the whole form (not just moved between its fields): save what was typed.
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) saveIfChanged();
            }}
          >
            <input type="hidden" name="intent" value="update-expense" />
            <input type="hidden" name="expenseId" value={expense.id} />
            <label className="block text-xs font-medium text-slate-600">
              Description
              <input name="description" defaultValue={editReply?.values.description ?? expense.description} maxLength={200} autoFocus={hydrated} className="mt-0.5 w-full rounded-md border border-slate-300 px-2 py-1 text-sm" />
            </label>
            <label className="block text-xs font-medium text-slate-600">
              Amount
              <input name="amount" type="number" step="0.01" min="0.01" defaultValue={editReply?.values.amount ?? expense.amount} className="mt-0.5 w-full rounded-md border border-slate-300 px-2 py-1 text-sm" />
            </label>
            <label className="block text-xs font-medium text-slate-600">
              Category
              <select
                name="categoryId"
                defaultValue={editReply?.values.categoryId ?? expense.categoryId}
                onChange={() => {
                  clearTimeout(timer.current);
                  timer.current = setTimeout(saveIfChanged, CATEGORY_SAVE_MS);
                }}
                className="mt-0.5 w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
              >
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>{c.emoji} {c.name}</option>
                ))}
              </select>
            </label>
            <div className="flex justify-end gap-2">
              <Link to={linkTo(null)} onClick={show(null)} preventScrollReset className="rounded-md px-2 py-1 text-xs hover:bg-slate-100">Cancel</Link>
              <button type="submit" className="rounded-md bg-brand-600 px-3 py-1 text-xs font-semibold text-white hover:bg-brand-700">Save</button>
            </div>
          </edit.Form>
      ) : null}
      {panel === "delete" ? (
          <remove.Form method="post" action={action} className="w-full rounded-lg border border-slate-200 bg-white p-3 text-sm sm:ml-auto sm:w-72" aria-label={`Delete ${expense.description}`}>
            <input type="hidden" name="intent" value="delete-expense" />
            <input type="hidden" name="expenseId" value={expense.id} />
            <p>Are you sure you want to delete this expense?</p>
            <div className="mt-2 flex justify-end gap-2">
              <Link to={linkTo(null)} onClick={show(null)} preventScrollReset className="rounded-md px-2 py-1 text-xs hover:bg-slate-100">Cancel</Link>
              <button type="submit" className="rounded-md bg-red-600 px-3 py-1 text-xs font-semibold text-white hover:bg-red-700">Delete expense</button>
            </div>
          </remove.Form>
      ) : null}
    </li>
  );
}
