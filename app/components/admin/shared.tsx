import { LocalDateTime } from "../local-time";
import { useHydrated } from "../use-hydrated";

export const input = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm";
export const primary = "rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
export const secondary = "rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50";

export function fullName(u: { firstName: string | null; lastName: string | null; email: string | null }): string {
  return [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email || "Deleted user";
}

export function when(iso: string | null): React.ReactNode {
  return iso ? <LocalDateTime iso={iso} /> : "—";
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
