// The bank sync rules both the API schemas (bank.ts, full zod, server only) and the page forms
// (bank-forms.ts, zod/mini, bundled for the browser) apply: one source for the limits, the spec's texts,
// merchant lists, the tolerance and the price-suggestion rule. No zod here, so the client bundle stays small.

export const NO_PLAID_KEYS_MESSAGE = "Unable to load bank connection. Please check your Plaid API keys.";
export const NO_MERCHANT_WARNING = "Add at least one merchant name for bank sync matching to work";

export const MAX_MATCHING_MERCHANTS = 20;
export const MAX_MERCHANT_CHARS = 100;
export const TOLERANCE_MIN = 0;
export const MAX_TOLERANCE_PERCENT = 50;
export const DEFAULT_TOLERANCE = "5.00";
export const TOLERANCE_MESSAGE = `Amount tolerance must be between ${TOLERANCE_MIN} and ${MAX_TOLERANCE_PERCENT}%.`;
export const TOO_MANY_MERCHANTS_MESSAGE = `At most ${MAX_MATCHING_MERCHANTS} merchant names.`;

/** A checkbox or flag as forms and JSON send it: true, "true", "on" or "1". */
export function isChecked(value: unknown): boolean {
  return value === true || value === "true" || value === "on" || value === "1";
}

/**
 * Merchant names as a bill keeps them: strings only, inner spaces collapsed, trimmed, at most 100
 * characters, empties dropped, de-duplicated case-insensitively (the first spelling is kept).
 */
export function normalizeMerchants(names: readonly unknown[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    if (typeof raw !== "string") continue;
    const name = raw.replace(/\s+/g, " ").trim().slice(0, MAX_MERCHANT_CHARS);
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/**
 * A tolerance percentage from a number or typed text: 0–50 in steps of 0.1 (the panel's input), an empty
 * value is the default 5; anything else is null (the caller reports TOLERANCE_MESSAGE).
 */
export function parseTolerance(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : value === undefined || value === null ? "" : null;
  if (text === null) return null;
  const n = text === "" ? Number(DEFAULT_TOLERANCE) : Number(text);
  if (!Number.isFinite(n) || n < TOLERANCE_MIN || n > MAX_TOLERANCE_PERCENT) return null;
  return Math.round(n * 10) / 10;
}

/** The tolerance's dollar equivalent: ± this many cents around the bill's amount. */
export function toleranceCents(amountCents: number, percent: number): number {
  if (!Number.isFinite(percent) || percent < 0) return 0;
  return Math.round((Math.abs(amountCents) * percent) / 100);
}

/**
 * Spec part 1 §4 "Bank-sync price suggestion": shown only when a suggestion exists, confidence is above
 * 0.5, and it differs from the current amount by more than 5% and by at least $5 (any difference of at
 * least $5 is more than 5% of a zero amount).
 */
export function shouldSuggestPriceUpdate(currentCents: number, suggestedCents: number | null | undefined, confidence: number): boolean {
  if (suggestedCents === null || suggestedCents === undefined || !Number.isFinite(suggestedCents)) return false;
  if (!(confidence > 0.5)) return false;
  const diff = Math.abs(suggestedCents - currentCents);
  return diff >= 500 && diff > Math.abs(currentCents) * 0.05;
}

/**
 * The title after a sync: the spec's "Sync Complete" (bank page) or "Bank sync completed" (budget page)
 * only when everything came in; a sync that stopped part way says so (issue 20: partial, shown honestly).
 */
export function syncDoneTitle(status: "success" | "partial", screen: "bank" | "budget"): string {
  if (status === "partial") return screen === "bank" ? "Sync Incomplete" : "Bank sync incomplete";
  return screen === "bank" ? "Sync Complete" : "Bank sync completed";
}
