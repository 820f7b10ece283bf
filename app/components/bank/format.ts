import { formatUSD, toCents } from "~/domain/money";

/** A balance (decimal string) in dollars, or a dash when the bank did not report it. */
export function balanceText(value: string | null): string {
  const cents = value === null ? null : toCents(value);
  return cents === null ? "—" : formatUSD(cents);
}

/** "Checking · checking" → the type and subtype without repeating one word twice. */
export function typeText(type: string | null, subtype: string | null): string {
  const words = [type, subtype].filter((w): w is string => !!w).map((w) => w.replace(/_/g, " "));
  const unique = words.filter((w, i) => words.findIndex((x) => x.toLowerCase() === w.toLowerCase()) === i);
  return unique.length ? unique.map((w) => w[0].toUpperCase() + w.slice(1)).join(" · ") : "Account";
}

/** "Chase ••0000" as a bank expense shows its source. */
export function bankLabel(institutionName: string | null, mask: string | null): string {
  return [institutionName ?? "Bank", mask ? `••${mask}` : null].filter(Boolean).join(" ");
}

export const STATUS_TEXT: Record<string, string> = {
  active: "Active",
  login_required: "Login required",
  error: "Error",
};
