// Money is integer cents everywhere inside the app; these helpers are the only place that converts.
//
// Two directions, two functions: `parseAmount` is THE parser for every amount a person or API client sends
// (expenses, budget lines, approve's edits and recurring lines, debts, strategies, bank sync): at most 2
// decimals, never negative, never rounded (issue 18 #11). `toCents` only reads back decimals this app wrote
// itself ("1234.56", possibly negative like a "left" figure) for display.

/** 10,000,000.00: far above any household amount; keeps sums of thousands of rows exact in integer cents. */
export const MAX_AMOUNT_CENTS = 1_000_000_000;

/** Why an amount was refused; callers with their own wording (debts) map these to their messages. */
export type AmountProblem = "missing" | "not-a-number" | "negative" | "decimals" | "too-large" | "zero";

export type AmountResult = { ok: true; cents: number } | { ok: false; problem: AmountProblem; message: string };

const PHRASES: Record<AmountProblem, string> = {
  missing: "is required.",
  "not-a-number": "must be a number, like 12.50.",
  negative: "cannot be negative.",
  decimals: "can have at most 2 decimal places.",
  "too-large": "cannot be more than 10,000,000.",
  zero: "must be more than 0.",
};

/** "<label> can have at most 2 decimal places." and so on; without a label the expense form's wording. */
export function amountMessage(problem: AmountProblem, label = "The amount"): string {
  if (problem === "missing" && label === "The amount") return "Enter an amount.";
  return `${label} ${PHRASES[problem]}`;
}

/**
 * A decimal amount ("12.5", "1,250.00", "$8", or a JSON number) as integer cents. Refuses what is not a
 * plain non-negative decimal with at most 2 places and at most 10,000,000; zero only where `allowZero`
 * (budget lines and debts may be 0, expenses never are). `label` names the field in the message.
 */
export function parseAmount(value: unknown, options: { allowZero?: boolean; label?: string } = {}): AmountResult {
  const refuse = (problem: AmountProblem): AmountResult => ({ ok: false, problem, message: amountMessage(problem, options.label) });
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return refuse("not-a-number");
    // String(1e21) is "1e+21" and String(1e-7) "1e-7": the pattern below refuses both, as it should.
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim().replace(/^\$/, "").replace(/,(?=\d{3}(\D|$))/g, "");
  } else {
    return refuse("not-a-number");
  }
  if (text === "") return refuse("missing");
  // "-0" and "-0.00" too: a minus sign is never a household amount.
  if (/^-\s*\$?\d/.test(text) || Object.is(value, -0)) return refuse("negative");
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === "" && !match[2])) return refuse("not-a-number");
  const whole = match[1] || "0";
  const fraction = match[2] ?? "";
  if (fraction.length > 2) return refuse("decimals");
  // Compare digits, not floats: "10000000.01" must be refused exactly.
  const trimmed = whole.replace(/^0+(?=\d)/, "");
  if (trimmed.length > 8) return refuse("too-large");
  const cents = Number(trimmed) * 100 + Number(fraction.padEnd(2, "0"));
  if (cents > MAX_AMOUNT_CENTS) return refuse("too-large");
  if (cents === 0 && !options.allowZero) return refuse("zero");
  return { ok: true, cents };
}

/** What a typed amount will be once saved, for a pending figure on screen; null when the save would refuse it. */
export function typedCents(value: unknown): number | null {
  const result = parseAmount(typeof value === "string" || typeof value === "number" ? value : "", { allowZero: true });
  return result.ok ? result.cents : null;
}

/**
 * Reads a decimal this app formatted itself ("1234.56", "-4.20") back into cents, for display; null when it
 * is not one. Not for input: what a person typed goes through parseAmount.
 */
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
