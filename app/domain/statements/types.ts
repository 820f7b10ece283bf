// What every statement parser produces (issue 10): rows in integer cents with a direction, and notes that
// say what was detected, so the review screen can explain itself. Pure: runs in the queue consumer and in
// Node tests alike.

export type StatementFormat = "csv" | "text" | "pdf" | "ofx" | "qif";

export interface StatementRow {
  /** yyyy-MM-dd */
  date: string;
  description: string;
  /** Always > 0; `isIncome` says which way the money went. */
  amountCents: number;
  isIncome: boolean;
  /** 1-based line (or record) in the file, for notes and duplicates within the file. */
  line?: number;
}

export interface ParsedStatement {
  format: StatementFormat;
  rows: StatementRow[];
  /** What was detected: format, columns, date order, sign convention, rows skipped and why. */
  notes: string[];
  skipped: number;
}

/** A failure the user should read ("No transactions found in this file"); never a crash. */
export class StatementError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StatementError";
  }
}

export const NO_TRANSACTIONS = "No transactions found in this file";

/** Bounds on the work one statement can cause (issue 18): the import limit, and pages of a PDF. */
export const MAX_STATEMENT_ROWS = 5_000;
export const MAX_STATEMENT_PAGES = 200;
export const TOO_MANY_ROWS = "This statement has more than 5,000 transactions: split it by date";
export const TOO_MANY_PAGES = "This statement has more than 200 pages: split it by date";
