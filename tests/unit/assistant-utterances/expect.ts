import type { Intent } from "~/domain/assistant";

// What an utterance should do, and how a reading is scored. Shared by the development table (tuned on)
// and the held-out table (written first, never tuned on), so both are scored by the same rule.

/** One logged item: cents, the categories accepted ("food|dining"), and optionally the day(s) accepted. */
export type Item = [number, string, string?];

export type Expect =
  | { log: Item[]; date?: string }
  | { kind: "question"; topic?: string }
  | { kind: "undo" }
  | { kind: "correction"; amountCents?: number; categoryId?: string }
  /** Anything but logging and anything but asking whether to log: budget settings, money in, chatter. */
  | { kind: "nolog" }
  /** A question back with quick replies; nothing logged yet. `options`: amounts one of the answers logs. */
  | { kind: "ask"; options?: number[] }
  /** Find an existing expense and edit or remove it after a confirmation; never a new expense. */
  | { kind: "amend"; action?: "remove" | "edit" }
  /** A recurring amount described: offer to add it as a fixed expense. */
  | { kind: "fixed"; amountCents?: number };

export const E = (text: string, cents: number, cats: string, date?: string): [string, Expect] => [text, { log: [[cents, cats, date]] }];
export const M = (text: string, ...items: Item[]): [string, Expect] => [text, { log: items }];
export const Q = (text: string, topic?: string): [string, Expect] => [text, { kind: "question", topic }];
export const U = (text: string): [string, Expect] => [text, { kind: "undo" }];
export const C = (text: string, amountCents?: number, categoryId?: string): [string, Expect] => [text, { kind: "correction", amountCents, categoryId }];
export const N = (text: string): [string, Expect] => [text, { kind: "nolog" }];
export const A = (text: string, ...options: number[]): [string, Expect] => [text, { kind: "ask", options: options.length ? options : undefined }];
export const D = (text: string, action?: "remove" | "edit"): [string, Expect] => [text, { kind: "amend", action }];
export const F = (text: string, amountCents?: number): [string, Expect] => [text, { kind: "fixed", amountCents }];

/** Null when the reading is exactly right, else what is wrong. */
export function check(intent: Intent, want: Expect): string | null {
  if ("log" in want) {
    if (intent.kind !== "expenses") return `expected expenses, got ${intent.kind}`;
    if (intent.expenses.length !== want.log.length) return `expected ${want.log.length} expenses, got ${intent.expenses.length}`;
    for (let i = 0; i < want.log.length; i++) {
      const [cents, cats, dates] = want.log[i];
      const got = intent.expenses[i];
      if (got.amountCents !== cents) return `amount ${got.amountCents} ≠ ${cents}`;
      if (!cats.split("|").includes(got.categoryId)) return `category ${got.categoryId} ∉ ${cats}`;
      const wantDate = dates ?? want.date;
      if (wantDate && !wantDate.split("|").includes(got.date)) return `date ${got.date} ≠ ${wantDate}`;
    }
    return null;
  }
  const kind = intent.kind as string;
  if (want.kind === "nolog") return kind === "expenses" ? "logged something" : kind === "ask" ? "asked whether to log" : null;
  if (kind === "expenses") return `logged, expected ${want.kind}`;
  if (want.kind === "ask") {
    if (kind !== "ask") return `expected ask, got ${kind}`;
    if (want.options) {
      const offered = askedAmounts(intent);
      for (const cents of want.options) if (!offered.includes(cents)) return `ask offers ${offered.join("/")}, not ${cents}`;
    }
    return null;
  }
  if (want.kind === "amend") {
    if (kind !== "amend") return `expected amend, got ${kind}`;
    const action = (intent as { action?: string }).action;
    if (want.action && action !== want.action) return `amend ${action} ≠ ${want.action}`;
    return null;
  }
  if (want.kind === "fixed") {
    if (kind !== "offerFixed") return `expected a fixed-expense offer, got ${kind}`;
    const cents = (intent as { amountCents?: number }).amountCents;
    if (want.amountCents !== undefined && cents !== want.amountCents) return `fixed amount ${cents} ≠ ${want.amountCents}`;
    return null;
  }
  if (kind !== want.kind) return `expected ${want.kind}, got ${kind}`;
  if (want.kind === "question" && want.topic && intent.kind === "question" && intent.topic !== want.topic) return `topic ${intent.topic} ≠ ${want.topic}`;
  if (want.kind === "correction" && intent.kind === "correction") {
    if (want.amountCents !== intent.amountCents) return `correction amount ${intent.amountCents} ≠ ${want.amountCents}`;
    if (want.categoryId !== intent.categoryId) return `correction category ${intent.categoryId} ≠ ${want.categoryId}`;
  }
  return null;
}

/** The amounts the answers of an ask would log (empty when the intent is not an ask). */
function askedAmounts(intent: Intent): number[] {
  const options = (intent as { options?: Array<{ expenses?: Array<{ amountCents: number }> }> }).options ?? [];
  return options.flatMap((o) => (o.expenses ?? []).map((e) => e.amountCents));
}

/** A false log: something was logged where the table says nothing should be (or only after asking). */
export function isFalseLog(intent: Intent, want: Expect): boolean {
  return intent.kind === "expenses" && !("log" in want);
}

export interface Score {
  total: number;
  exact: number;
  falseLogs: string[];
  misses: string[];
}

export function score(table: Array<[string, Expect]>, read: (text: string) => Intent): Score {
  const misses: string[] = [];
  const falseLogs: string[] = [];
  for (const [text, want] of table) {
    const intent = read(text);
    const problem = check(intent, want);
    if (problem) misses.push(`${JSON.stringify(text)}: ${problem}`);
    if (isFalseLog(intent, want)) falseLogs.push(JSON.stringify(text));
  }
  return { total: table.length, exact: table.length - misses.length, falseLogs, misses };
}
