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
