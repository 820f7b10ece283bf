import { formatDate } from "~/domain/intl-format";
import { useHydrated } from "../use-hydrated";

export const input = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm";
export const primary = "rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
export const secondary = "rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50";

export function fullName(u: { firstName: string | null; lastName: string | null; email: string | null }): string {
  return [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email || "Deleted user";
}

/**
 * A date and time in the reader's own zone. The server knows no reader's zone, so it (and the first render
 * in the browser, which must match it for React to hydrate) writes UTC; after hydration the browser
 * rewrites it in local time.
 */
function When({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const text = hydrated ? formatDate(iso, { dateStyle: "medium", timeStyle: "short" }) : `${formatDate(iso, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;
  return <time dateTime={iso}>{text}</time>;
}

export function when(iso: string | null): React.ReactNode {
  return iso ? <When iso={iso} /> : "—";
}

export { useHydrated };

export function Field({ label, id, children }: { label: string; id: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}
