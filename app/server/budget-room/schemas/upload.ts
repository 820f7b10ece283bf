import { z } from "zod";
import { cents, day, lineCategory } from "./shared";

/** Rows one approval may import (a statement's worth; more is answered with a clear 400). */
export const MAX_IMPORT_ROWS = 5_000;

// Importing an approved statement review (issue 10): its rows as expenses, idempotent by fingerprint, and
// the recurring bills or income the user chose to add as budget lines.
export const uploadCommandSchemas = [
  z.object({
    type: z.literal("importStatementRows"),
    uploadId: z.string().min(1).max(100),
    rows: z
      .array(
        z.object({
          fingerprint: z.string().min(1).max(300),
          date: day,
          description: z.string().trim().min(1).max(200),
          amountCents: cents.min(1),
          categoryId: z.string().min(1).max(64),
        }),
      )
      .max(MAX_IMPORT_ROWS),
    lines: z
      .array(z.object({ kind: z.enum(["income", "expense"]), label: z.string().trim().min(1).max(120), amountCents: cents.min(0), category: lineCategory }))
      .max(50)
      .default([]),
  }),
];
