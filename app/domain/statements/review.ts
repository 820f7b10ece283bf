import type { StatementRow } from "./types";

// What the review screen shows next to the parsed rows (issue 10): a stable fingerprint per row (so an
// import is idempotent and the same statement uploaded twice adds nothing), possible duplicates of the
// budget's expenses with the reasons, and monthly repeats proposed as budget lines. Nothing is dropped or
// merged here: the user decides.

/** Merchant words without card numbers, store numbers, dates and processor prefixes: "SQ *BLUE BOTTLE #12" → "blue bottle". */
export function normalizeMerchant(description: string): string {
  return description
    .toLowerCase()
    .replace(/\b(sq|tst|pp|paypal|sp|pos|dd|ach|debit card|purchase|card|visa|mc|recurring|payment to)\b\s*\*?/g, " ")
    .replace(/[#*]\s*\d+|\b\d[\d/.-]*\b/g, " ")
    .replace(/[^a-z\u00c0-\u024f ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A row's fingerprint: its date, direction, amount and merchant, plus how many identical rows came before
 * it in the same file, so two identical purchases on one day stay two rows (and import as two).
 */
export function fingerprints(rows: StatementRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const base = `${r.date}|${r.isIncome ? "in" : "out"}|${r.amountCents}|${normalizeMerchant(r.description)}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `${base}|${n}`;
  });
}

/** Word overlap of two merchant names, 0–1. */
export function similarity(a: string, b: string): number {
  const wa = new Set(normalizeMerchant(a).split(" ").filter((w) => w.length > 1));
  const wb = new Set(normalizeMerchant(b).split(" ").filter((w) => w.length > 1));
  if (wa.size === 0 || wb.size === 0) return 0;
  let common = 0;
  for (const w of wa) if (wb.has(w)) common++;
  return common / Math.min(wa.size, wb.size);
}

function daysBetween(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
}

export interface ExistingExpense {
  id: string;
  date: string;
  description: string;
  amountCents: number;
  externalId: string | null;
}

export interface DuplicateMatch {
  index: number;
  existing: ExistingExpense | null;
  confidence: number;
  matchReasons: string[];
}

/**
 * Possible duplicates: an earlier import of the same row (fingerprint), an expense with the same amount
 * within 3 days and a similar merchant, or the same row twice in this file (kept, but flagged).
 */
export function findDuplicates(rows: StatementRow[], prints: string[], existing: ExistingExpense[]): DuplicateMatch[] {
  const imported = new Map(existing.filter((e) => e.externalId).map((e) => [e.externalId!, e]));
  const byAmount = new Map<number, ExistingExpense[]>();
  for (const e of existing) (byAmount.get(e.amountCents) ?? byAmount.set(e.amountCents, []).get(e.amountCents)!).push(e);
  const out: DuplicateMatch[] = [];
  rows.forEach((r, index) => {
    if (r.isIncome) return;
    const earlier = imported.get(`upload:${prints[index]}`);
    if (earlier) {
      out.push({ index, existing: earlier, confidence: 1, matchReasons: ["Imported before from a statement"] });
      return;
    }
    let best: DuplicateMatch | null = null;
    for (const e of byAmount.get(r.amountCents) ?? []) {
      const days = daysBetween(e.date, r.date);
      if (days > 3) continue;
      const sim = similarity(e.description, r.description);
      const reasons = ["Same amount", days === 0 ? "Same date" : `Date within ${days} day${days === 1 ? "" : "s"}`];
      if (sim >= 0.5) reasons.push("Similar description");
      const confidence = Math.min(0.99, 0.5 + (days === 0 ? 0.2 : 0.1) + sim * 0.3);
      if (!best || confidence > best.confidence) best = { index, existing: e, confidence: Math.round(confidence * 100) / 100, matchReasons: reasons };
    }
    if (best && best.confidence >= 0.6) out.push(best);
  });
  // The same row twice in the file: both stay selected (two real purchases happen), the second is flagged.
  prints.forEach((p, index) => {
    if (!p.endsWith("|0") && !out.some((d) => d.index === index) && !rows[index].isIncome) {
      out.push({ index, existing: null, confidence: 0.5, matchReasons: ["Same date, amount and description as another row in this file"] });
    }
  });
  return out.sort((a, b) => a.index - b.index);
}

export interface RecurringProposal {
  label: string;
  kind: "income" | "expense";
  monthlyCents: number;
  months: number;
  category: "income" | "housing" | "utilities" | "transportation" | "subscriptions" | "other";
}

const LINE_CATEGORY: Array<[RegExp, RecurringProposal["category"]]> = [
  [/rent|mortgage|landlord|property|hoa|huur|miete/, "housing"],
  [/electric|power|energy|gas co|water|internet|comcast|xfinity|verizon|at t|t mobile|phone|utility|stadtwerke|eneco|vattenfall/, "utilities"],
  [/insurance|geico|progressive|car loan|auto|transit|metro|parking/, "transportation"],
  [/netflix|spotify|hulu|disney|apple|google|amazon prime|youtube|gym|fitness|subscription|patreon|adobe|dropbox/, "subscriptions"],
];

/** Merchants that repeat in at least two different months with amounts within 10%: proposed as monthly lines. */
export function findRecurring(rows: StatementRow[]): RecurringProposal[] {
  const groups = new Map<string, StatementRow[]>();
  for (const r of rows) {
    const key = `${r.isIncome ? "in" : "out"}|${normalizeMerchant(r.description)}`;
    if (key.endsWith("|")) continue;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(r);
  }
  const out: RecurringProposal[] = [];
  for (const [key, list] of groups) {
    const months = new Set(list.map((r) => r.date.slice(0, 7)));
    if (months.size < 2) continue;
    const amounts = list.map((r) => r.amountCents).sort((a, b) => a - b);
    const median = amounts[Math.floor(amounts.length / 2)];
    if (amounts.some((a) => Math.abs(a - median) > median * 0.1)) continue;
    // One a month: several a month (coffee) is spending, not a bill.
    if (list.length > months.size * 1.5) continue;
    const merchant = key.slice(key.indexOf("|") + 1);
    const income = key.startsWith("in|");
    out.push({
      label: list[list.length - 1].description.slice(0, 120),
      kind: income ? "income" : "expense",
      monthlyCents: median,
      months: months.size,
      category: income ? "income" : (LINE_CATEGORY.find(([re]) => re.test(merchant))?.[1] ?? "other"),
    });
  }
  return out.sort((a, b) => b.monthlyCents - a.monthlyCents);
}

export interface FixedBill {
  label: string;
  amountCents: number;
  /** Merchant names the bill's bank sync matches on (may be empty). */
  matchingMerchants: string[];
  /** How far a charge may differ from the bill and still be it, in percent (default 5). */
  amountTolerancePercent: number;
}

/**
 * Rows that are a fixed bill already in the budget (issue 22): same merchant (the bill's name or one of its
 * matching merchants) and an amount within the bill's tolerance. Importing them would count the bill twice,
 * so they are flagged like duplicates, with the bill's name.
 */
export function findFixedBillMatches(rows: StatementRow[], bills: FixedBill[]): DuplicateMatch[] {
  const usable = bills.filter((b) => b.amountCents > 0 && b.label.trim() !== "");
  if (usable.length === 0) return [];
  const out: DuplicateMatch[] = [];
  rows.forEach((r, index) => {
    if (r.isIncome) return;
    for (const bill of usable) {
      const tolerance = Math.max(0, bill.amountTolerancePercent) / 100;
      if (Math.abs(r.amountCents - bill.amountCents) > Math.round(bill.amountCents * tolerance)) continue;
      const names = [bill.label, ...bill.matchingMerchants].filter((n) => normalizeMerchant(n) !== "");
      if (!names.some((n) => similarity(n, r.description) >= 0.5)) continue;
      out.push({ index, existing: null, confidence: 0.9, matchReasons: [`Already in your fixed expenses as ${bill.label}`] });
      return;
    }
  });
  return out;
}
