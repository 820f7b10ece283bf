import { Form, useNavigation } from "@remix-run/react";
import { CATEGORY_LABELS, FEATURE_CATEGORIES } from "~/domain/features";
import type { FormReply } from "~/domain/form-reply";
import { Field, input, primary } from "./shared";

export function PublishFeature({ reply }: { reply: FormReply | null }) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === "publish-feature";
  const v = reply?.values ?? {};
  const err = (name: string) =>
    reply?.fieldErrors[name]?.[0] ? (
      <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
        {reply.fieldErrors[name][0]}
      </p>
    ) : null;
  return (
    <Form method="post" className="max-w-2xl space-y-3 rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="publish-title">
      <h2 id="publish-title" className="text-lg font-semibold">
        Publish an announcement
      </h2>
      <p className="text-sm text-slate-600">It appears on New Features for everyone, marked New until they open it.</p>
      <input type="hidden" name="intent" value="publish-feature" />
      <Field label="Title" id="f-title">
        <input id="f-title" name="title" required maxLength={120} defaultValue={v.title} className={input} />
        {err("title")}
      </Field>
      <Field label="Summary" id="f-description">
        <input id="f-description" name="description" required maxLength={300} defaultValue={v.description} className={input} />
        {err("description")}
      </Field>
      <Field label="Details" id="f-details">
        <textarea id="f-details" name="detailedDescription" required rows={4} maxLength={3000} defaultValue={v.detailedDescription} className={input} />
        {err("detailedDescription")}
      </Field>
      <Field label="Benefits (one per line)" id="f-benefits">
        <textarea id="f-benefits" name="benefits" rows={3} defaultValue={v.benefits} className={input} />
      </Field>
      <Field label="Category" id="f-category">
        <select id="f-category" name="category" defaultValue={v.category ?? "other"} className={input}>
          {FEATURE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </Field>
      <Field label='Question for "Show me how" (optional)' id="f-trigger">
        <input id="f-trigger" name="chatTrigger" maxLength={300} defaultValue={v.chatTrigger} className={input} />
      </Field>
      <button type="submit" className={primary} disabled={busy}>
        Publish
      </button>
    </Form>
  );
}
