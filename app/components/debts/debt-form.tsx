import { Form } from "@remix-run/react";
import { DEBT_TYPE_LABELS, DEBT_TYPES } from "~/domain/debts/forms";
import type { FormReply } from "~/domain/form-reply";
import type { DebtView } from "~/domain/debts/views";
import { fieldError } from "./shared";

const DAYS = Array.from({ length: 28 }, (_, i) => i + 1);
const input = "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm";

/**
 * Add or edit a debt. The spec's required fields use `required`, so a submit with one missing does
 * nothing (with or without JavaScript); the interest is typed as a percent with a 0.01 step.
 */
export function DebtForm({ debt, reply, prefix }: { debt?: DebtView; reply: FormReply | null; prefix: string }) {
  const v = (name: string, fallback: string) => reply?.values?.[name] ?? fallback;
  const err = (name: string) => fieldError(reply, name);
  const field = (name: string, label: string, props: { required?: boolean; type?: string; step?: string; min?: string; max?: string; fallback: string; inputMode?: "decimal" | "text" }) => {
    const id = `${prefix}-${name}`;
    const error = err(name);
    return (
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
          {props.required ? <span aria-hidden="true"> *</span> : null}
        </label>
        <input
          id={id}
          name={name}
          type={props.type ?? "text"}
          step={props.step}
          min={props.min}
          max={props.max}
          inputMode={props.inputMode}
          required={props.required}
          defaultValue={v(name, props.fallback)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={input}
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const typeError = err("type");
  const dayError = err("paymentDueDate");
  return (
    <Form method="post" className="grid gap-3 sm:grid-cols-2" aria-label={debt ? `Edit ${debt.name}` : "Add a debt"}>
      <input type="hidden" name="intent" value={debt ? "update-debt" : "add-debt"} />
      {debt ? <input type="hidden" name="debtId" value={debt.id} /> : null}
      {field("name", "Debt name", { required: true, fallback: debt?.name ?? "" })}
      <div>
        <label htmlFor={`${prefix}-type`} className="text-sm font-medium">
          Type<span aria-hidden="true"> *</span>
        </label>
        <select id={`${prefix}-type`} name="type" required defaultValue={v("type", debt?.type ?? "")} className={input} aria-invalid={typeError ? true : undefined}>
          <option value="" disabled>
            Choose a type
          </option>
          {DEBT_TYPES.map((t) => (
            <option key={t} value={t}>
              {DEBT_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
        {typeError ? <p className="mt-1 text-xs text-red-700">{typeError}</p> : null}
      </div>
      {field("currentBalance", "Current balance ($)", { required: true, type: "number", step: "0.01", min: "0", inputMode: "decimal", fallback: debt?.currentBalance ?? "" })}
      {field("interestRatePercent", "Interest rate (%)", { required: true, type: "number", step: "0.01", min: "0", max: "100", inputMode: "decimal", fallback: debt ? String(Math.round(debt.interestRate * 10000) / 100) : "" })}
      {field("minimumPayment", "Minimum payment ($)", { required: true, type: "number", step: "0.01", min: "0", inputMode: "decimal", fallback: debt?.minimumPayment ?? "" })}
      {field("currentPayment", "Current payment ($)", { type: "number", step: "0.01", inputMode: "decimal", fallback: debt?.currentPayment ?? "" })}
      {field("creditor", "Creditor", { fallback: debt?.creditor ?? "" })}
      <div>
        <label htmlFor={`${prefix}-paymentDueDate`} className="text-sm font-medium">
          Payment due date (day of month)
        </label>
        <select id={`${prefix}-paymentDueDate`} name="paymentDueDate" defaultValue={v("paymentDueDate", String(debt?.paymentDueDate ?? 1))} className={input}>
          {DAYS.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
        {dayError ? <p className="mt-1 text-xs text-red-700">{dayError}</p> : null}
      </div>
      {reply?.formError ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {reply.formError}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          {debt ? "Save Changes" : "Add Debt"}
        </button>
      </div>
    </Form>
  );
}
