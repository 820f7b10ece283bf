import { Form, useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { toast } from "~/components/ui/use-toast";
import { FEATURE_FAILURE } from "~/domain/features";
import { isFormReply } from "~/domain/form-reply";
import { handleUnauthorized } from "~/lib/api-client";
import { Sparkles } from "lucide-react";
import { CATEGORY_LABELS } from "~/domain/features";
import type { Feature } from "~/domain/features";
import { formatDate } from "~/domain/intl-format";
import { useWording } from "~/components/use-wording";

/**
 * An announcement: unviewed cards carry a New badge and a highlight. Opening one marks it viewed (with
 * JavaScript on open; without it, by its button), and Show me how hands its question to the chat.
 */
export function FeatureCard({ feature, open }: { feature: Feature; open: boolean }) {
  // Release notes are product copy: in Saving mode they say "saved" for what is left, like every screen.
  const { w } = useWording();
  const view = useFetcher<{ ok?: boolean; message?: string }>();
  const failed = view.data !== undefined && view.data.ok !== true;
  const viewed = feature.viewed || view.data?.ok === true || view.state !== "idle";
  useEffect(() => {
    if (!view.data || view.data.ok) return;
    if (view.data.message === "Unauthorized") handleUnauthorized();
    else if (isFormReply(view.data) || view.data.message) toast({ ...FEATURE_FAILURE.view, variant: "destructive" });
  }, [view.data]);
  const onToggle = (event: React.SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open && !viewed && !failed) view.submit({ intent: "view", featureId: feature.id, client: "js" }, { method: "post" });
  };
  return (
    <li>
      <details
        id={`feature-${feature.id}`}
        open={open || undefined}
        onToggle={onToggle}
        className={`group rounded-xl border bg-white shadow-sm ${viewed ? "border-slate-200" : "border-brand-600 ring-2 ring-brand-100"}`}
      >
        <summary className="flex cursor-pointer list-none items-start gap-3 p-5">
          <Sparkles className="mt-1 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
          <div className="min-w-0 flex-1">
            <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
              {w(feature.title)}
              {!viewed ? <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">New</span> : null}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{w(feature.description)}</p>
            <p className="mt-2 flex flex-wrap gap-3 text-xs text-slate-600">
              <span className="rounded-full bg-slate-100 px-2 py-0.5">{CATEGORY_LABELS[feature.category]}</span>
              <span>Released {formatDate(`${feature.releaseDate}T00:00:00Z`, { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" })}</span>
            </p>
          </div>
          <span aria-hidden className="text-slate-400 group-open:rotate-180">▾</span>
        </summary>
        <div className="space-y-3 border-t border-slate-100 px-5 py-4">
          <p className="text-sm leading-relaxed text-slate-700">{w(feature.detailedDescription)}</p>
          {feature.benefits.length > 0 ? (
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700" aria-label="Benefits">
              {feature.benefits.map((b) => (
                <li key={b}>{w(b)}</li>
              ))}
            </ul>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            {feature.chatTrigger ? (
              <Form method="post">
                <input type="hidden" name="intent" value="show-me-how" />
                <input type="hidden" name="featureId" value={feature.id} />
                <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
                  Show me how
                </button>
              </Form>
            ) : null}
            {!viewed ? (
              <Form method="post">
                <input type="hidden" name="intent" value="view" />
                <input type="hidden" name="featureId" value={feature.id} />
                <button type="submit" className="text-sm font-medium text-brand-700 underline">
                  Mark as viewed
                </button>
              </Form>
            ) : null}
          </div>
        </div>
      </details>
    </li>
  );
}
