import type { ReactNode } from "react";
import { formatDate as formatWith } from "~/domain/intl-format";

/** One card of the Settings page, labelled by its heading for screen readers. */
export function SettingsSection({ id, title, children, badge }: { id: string; title: string; children: ReactNode; badge?: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        {title}
        {badge}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function formatDate(iso: string | null): string {
  if (!iso) return "—";
  return formatWith(iso, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
