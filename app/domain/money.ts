// Money is integer cents everywhere inside the app; these helpers are the only place that converts.

/** Parses "80", "80.5", "1,250.00", "$12" or a number into integer cents; NaN-ish input becomes null. */
export function toCents(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === "number" ? String(value) : value.replace(/[$,\s]/g, "");
  if (text === "" || !/^-?\d*(\.\d*)?$/.test(text) || text === "." || text === "-") return null;
  const n = Number(text);
  if (!Number.isFinite(n)) return null;
  // Round half away from zero at the third decimal so 0.005 becomes 1 cent, not 0 (float noise).
  return Math.round(n * 100 + (n >= 0 ? 1e-7 : -1e-7));
}

/** Cents as the API's decimal string, e.g. 123456 -> "1234.56". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const usd2 = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usd0 = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** "$1,234.56" */
export function formatUSD(cents: number): string {
  return usd2.format(cents / 100);
}

/** "$1,235" — chat and per-day figures use whole dollars. */
export function formatUSDWhole(cents: number): string {
  return usd0.format(cents / 100);
}
