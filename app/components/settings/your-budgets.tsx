import { Form, useNavigation } from "@remix-run/react";
import type { FormReply } from "~/domain/form-reply";
import { displayName } from "~/domain/sharing";
import type { SharingSettings } from "~/domain/sharing";
import { FormMessage } from "./use-form-feedback";
import { SettingsSection } from "./section";

const button = "rounded-md border px-3 py-1.5 text-sm font-semibold disabled:opacity-60";

/** Every budget the user belongs to; the active one is what the whole app shows. */
export function YourBudgets({ budgets, replies }: { budgets: SharingSettings["budgets"]; replies: { switch: FormReply | null; leave: FormReply | null } }) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get("budgetId");
  return (
    <SettingsSection id="your-budgets" title="Your budgets">
      <ul className="divide-y divide-slate-100" aria-label="Your budgets">
        {budgets.map((b) => (
          <li key={b.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="flex items-center gap-2 text-sm font-medium">
                {b.name}
                {b.active ? <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">Active</span> : null}
              </p>
              <p className="text-xs text-slate-500">
                {b.role === "owner" ? "You own this budget" : `Shared by ${b.owner ? displayName(b.owner) : "its owner"}`} · {b.memberCount} {b.memberCount === 1 ? "member" : "members"}
              </p>
            </div>
            <div className="flex gap-2">
              {b.active ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="switch-budget" />
                  <input type="hidden" name="budgetId" value={b.id} />
                  <button type="submit" disabled={busy === b.id} className={`${button} border-slate-300 hover:bg-slate-50`} aria-label={`Switch to ${b.name}`}>
                    Switch
                  </button>
                </Form>
              )}
              {b.role === "member" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="leave-budget" />
                  <input type="hidden" name="budgetId" value={b.id} />
                  <button type="submit" disabled={busy === b.id} className={`${button} border-red-300 text-red-700 hover:bg-red-50`} aria-label={`Leave ${b.name}`}>
                    Leave budget
                  </button>
                </Form>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <FormMessage reply={replies.switch ?? replies.leave} id="your-budgets-error" />
    </SettingsSection>
  );
}
