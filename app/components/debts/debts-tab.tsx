import { Form } from "@remix-run/react";
import { DEBT_TYPE_LABELS } from "~/domain/debts/forms";
import type { FormReply } from "~/domain/form-reply";
import { DebtForm } from "./debt-form";
import { money, percent, type DebtPageData } from "./shared";

/**
 * The list, the add form and edit/delete. The add form is a <details> (closed or open, also without
 * JavaScript); it is keyed on the debts so a successful add remounts it closed and cleared.
 */
export function DebtsTab({ data, reply, canChange }: { data: DebtPageData; reply: FormReply | null; canChange: (debt: DebtPageData["debts"][number]) => boolean }) {
  const addReply = reply?.intent === "add-debt" ? reply : null;
  const warned = new Map(data.warnings.map((w) => [w.debtId, w.message]));
  return (
    <div className="space-y-4">
      <details key={`add-${data.debts.length}`} open={addReply ? true : undefined} className="rounded-xl border border-slate-200 bg-white p-4">
        <summary className="cursor-pointer font-semibold text-brand-700">Add Debt</summary>
        <div className="mt-3">
          <DebtForm reply={addReply} prefix="add" />
        </div>
      </details>
      {data.debts.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600">No debts yet. Add your first debt to see payoff strategies.</p>
      ) : (
        <>
        {/* The page's h1, then this h2, then each debt's h3: no level skipped. */}
        <h2 className="sr-only">My debts</h2>
        <ul className="space-y-3" aria-label="My debts">
          {data.debts.map((d) => {
            const editReply = (reply?.intent === "update-debt" || reply?.intent === "delete-debt") && reply.values?.debtId === d.id ? reply : null;
            return (
              <li key={`${d.id}-${d.currentBalance}-${d.interestRate}-${d.minimumPayment}-${d.currentPayment}-${d.name}-${d.paymentDueDate}-${d.creditor}-${d.type}`} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="debt-row">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <h3 className="font-semibold">{d.name}</h3>
                    <p className="text-xs text-slate-500">
                      {DEBT_TYPE_LABELS[d.type]}
                      {d.creditor ? ` · ${d.creditor}` : ""}
                    </p>
                  </div>
                  <p className="text-lg font-bold">{money(d.currentBalance)}</p>
                </div>
                <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-slate-500">Interest rate</dt>
                    <dd>{percent(d.interestRate)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Minimum payment</dt>
                    <dd>{money(d.minimumPayment)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Current payment</dt>
                    <dd>{d.currentPayment === null ? "—" : money(d.currentPayment)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Due day</dt>
                    <dd>{d.paymentDueDate}</dd>
                  </div>
                </dl>
                {warned.has(d.id) ? (
                  <p role="note" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
                    {warned.get(d.id)}
                  </p>
                ) : null}
                {/* Members edit and delete the debts they added; the owner every debt (issue 18 #15). */}
                {canChange(d) ? <div className="mt-3 flex flex-wrap items-start gap-3">
                  <details open={editReply?.intent === "update-debt" ? true : undefined} className="flex-1">
                    <summary className="cursor-pointer text-sm text-brand-700">Edit {d.name}</summary>
                    <div className="mt-3">
                      <DebtForm debt={d} reply={editReply?.intent === "update-debt" ? editReply : null} prefix={`edit-${d.id}`} />
                    </div>
                  </details>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete-debt" />
                    <input type="hidden" name="debtId" value={d.id} />
                    <button type="submit" className="text-sm text-red-700 hover:underline" aria-label={`Delete ${d.name}`}>
                      Delete
                    </button>
                  </Form>
                </div> : null}
              </li>
            );
          })}
        </ul>
        </>
      )}
    </div>
  );
}
