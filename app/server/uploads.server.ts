import { and, eq, gte, lte, or, lt } from "drizzle-orm";
import { categorize, merchantKey, recall } from "~/domain/assistant";
import { todayIn } from "~/domain/dates";
import { centsToDecimal } from "~/domain/money";
import { detectFormat, parseStatement, StatementError } from "~/domain/statements";
import { findDuplicates, findRecurring, fingerprints } from "~/domain/statements/review";
import type { BudgetAccess } from "./budget.server";
import { applyBudgetCommand } from "./budget-room/client.server";
import type { AppContext } from "./context.server";
import type { Db } from "./db/client.server";
import { budgets, categories, expenses, uploads, type UserRow } from "./db/schema";
import { jsonError } from "./api.server";
import { enqueueJob } from "./job-messages.server";
import { memoryFromRows, merchantMemoryQuery } from "./merchant-memory.server";
import { categorizeWithOpenAI, type Guess } from "./uploads-openai.server";
import { normalizeMerchant } from "~/domain/statements/review";

// Statement upload (issue 10): the file goes to R2 and a job parses it in the queue consumer; the result
// (too big for a D1 row on a long statement) is stored next to it in R2. The review is approved through
// the budget's BudgetRoom. Files and results are deleted after 30 days.

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UNSUPPORTED = "This file type is not supported: upload CSV, TXT, PDF, OFX, QFX or QIF";
const RETENTION_MS = 30 * 86_400_000;
/** How long the upload call waits for a small file's job before answering 202. */
const WAIT_MS = 4_000;

const resultKey = (uploadId: string) => `uploads/results/${uploadId}.json`;

export async function createUpload(app: AppContext, user: UserRow, access: BudgetAccess, file: File): Promise<Response> {
  if (file.size > MAX_UPLOAD_BYTES) return jsonError(413, "The file is larger than 10 MB.");
  if (file.size === 0) return jsonError(400, "The file is empty.");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const format = detectFormat(bytes, file.name);
  if (!format) return jsonError(415, UNSUPPORTED);
  const id = crypto.randomUUID();
  const r2Key = `uploads/files/${access.budget.id}/${id}`;
  await app.env.STATEMENTS.put(r2Key, bytes, { httpMetadata: { contentType: file.type || "application/octet-stream" } });
  await app.db.insert(uploads).values({
    id,
    budgetId: access.budget.id,
    userId: user.id,
    fileName: file.name.slice(0, 200) || "statement",
    contentType: file.type || null,
    sizeBytes: file.size,
    r2Key,
    status: "processing",
    progress: 0,
    createdAt: app.now,
    updatedAt: app.now,
  });
  await enqueueJob(app.env, { type: "parseStatement", uploadId: id });
  const started = Date.now();
  for (;;) {
    const view = await uploadView(app, access, id);
    if (view && view.status !== "processing") return Response.json(view, { status: view.status === "failed" ? 422 : 200 });
    if (Date.now() - started > WAIT_MS) return Response.json({ uploadId: id, status: "processing", progress: view?.progress ?? 0 }, { status: 202 });
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The upload's status and, once ready, its result — for the caller's budget only (else null → 404). */
export async function uploadView(app: Pick<AppContext, "db" | "env">, access: BudgetAccess, uploadId: string) {
  const [row] = await app.db.select().from(uploads).where(and(eq(uploads.id, uploadId), eq(uploads.budgetId, access.budget.id))).limit(1);
  if (!row) return null;
  const base = { uploadId: row.id, fileName: row.fileName, status: row.status, progress: row.progress / 100, error: row.error ?? undefined };
  if (row.status !== "ready" && row.status !== "imported") return base;
  const stored = await app.env.STATEMENTS.get(resultKey(row.id));
  return stored ? { ...base, ...((await stored.json()) as Record<string, unknown>) } : base;
}

interface Stored {
  transactions: Array<{ id: string; fingerprint: string; date: string; description: string; amount: string; isIncome: boolean; category: string; categoryName: string; confidence: number }>;
}

/** The queue consumer's half: parse, categorise, find duplicates and repeats, store the result. */
export async function runParseJob(env: Env, db: Db, uploadId: string, now: number, opts: { flip?: boolean } = {}): Promise<void> {
  const [row] = await db
    .select({ upload: uploads, timeZone: budgets.timeZone })
    .from(uploads)
    .innerJoin(budgets, eq(budgets.id, uploads.budgetId))
    .where(eq(uploads.id, uploadId))
    .limit(1);
  if (!row || row.upload.status !== "processing") return;
  const { upload } = row;
  const setProgress = (p: number) => db.update(uploads).set({ progress: Math.round(p * 100), updatedAt: Date.now() }).where(eq(uploads.id, uploadId));
  try {
    const object = await env.STATEMENTS.get(upload.r2Key);
    if (!object) throw new StatementError("The uploaded file is gone. Please upload it again.");
    const bytes = new Uint8Array(await object.arrayBuffer());
    let lastProgress = 0;
    const parsed = await parseStatement(bytes, upload.fileName, {
      today: todayIn(row.timeZone, now),
      onProgress: (f) => {
        if (f - lastProgress >= 0.25) {
          lastProgress = f;
          void setProgress(f * 0.8);
        }
      },
    });
    const rows = parsed.rows;
    const prints = fingerprints(rows);
    const dates = rows.map((r) => r.date).sort();
    const shift = (d: string, days: number) => new Date(Date.parse(`${d}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const [memoryRows, cats, existing] = await db.batch([
      merchantMemoryQuery({ db }, upload.budgetId),
      db.select({ id: categories.id, name: categories.name }).from(categories),
      db
        .select({ id: expenses.id, date: expenses.date, description: expenses.description, amountCents: expenses.amountCents, externalId: expenses.externalId })
        .from(expenses)
        .where(and(eq(expenses.budgetId, upload.budgetId), or(and(gte(expenses.date, shift(dates[0], -3)), lte(expenses.date, shift(dates[dates.length - 1], 3))), eq(expenses.source, "upload")))),
    ]);
    const memory = memoryFromRows(memoryRows);
    const names = new Map(cats.map((c) => [c.id, c.name]));
    // The household's own choices first; then OpenAI (when a key is set) for each distinct merchant the
    // memory does not know; the rules for whatever is left.
    const remembered = rows.map((r) => (r.isIncome ? null : recall(memory, merchantKey(r.description))));
    const ai = new Map<string, Guess>();
    if (env.OPENAI_API_KEY) {
      const merchants = [...new Set(rows.flatMap((r, i) => (r.isIncome || remembered[i] ? [] : [normalizeMerchant(r.description) || r.description.toLowerCase()])))];
      const guesses = await categorizeWithOpenAI({ apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL ?? "gpt-4o-mini" }, merchants);
      for (const [i, g] of guesses) ai.set(merchants[i], g);
    }
    const transactions: Stored["transactions"] = rows.map((r, i) => {
      const fromAi = r.isIncome || remembered[i] ? undefined : ai.get(normalizeMerchant(r.description) || r.description.toLowerCase());
      const guessed = r.isIncome || remembered[i] || fromAi ? null : categorize(r.description);
      const category = r.isIncome ? "income" : (remembered[i] ?? fromAi?.categoryId ?? guessed ?? "other");
      const confidence = r.isIncome ? 0.9 : remembered[i] ? 0.95 : fromAi ? Math.round(fromAi.confidence * 100) / 100 : guessed ? 0.8 : 0.4;
      return { id: `row-${i + 1}`, fingerprint: prints[i], date: r.date, description: r.description, amount: centsToDecimal(r.amountCents), isIncome: r.isIncome, category, categoryName: r.isIncome ? "Income" : (names.get(category) ?? "Other"), confidence };
    });
    const duplicates = findDuplicates(rows, prints, existing);
    const expenseRows = rows.filter((r) => !r.isIncome);
    const result = {
      uploadId,
      format: parsed.format,
      transactions,
      processingNotes: parsed.notes.join(" "),
      confidence: transactions.length ? Math.round((transactions.reduce((s, t) => s + t.confidence, 0) / transactions.length) * 100) / 100 : 0,
      summary: {
        totalTransactions: rows.length,
        totalExpenses: centsToDecimal(expenseRows.reduce((s, r) => s + r.amountCents, 0)),
        totalIncome: centsToDecimal(rows.filter((r) => r.isIncome).reduce((s, r) => s + r.amountCents, 0)),
      },
      duplicateAnalysis: {
        duplicatesFound: duplicates.length,
        potentialDuplicates: duplicates.map((d) => ({
          uploadedTransaction: transactions[d.index],
          existingExpense: d.existing ? { id: d.existing.id, date: d.existing.date, description: d.existing.description, amount: centsToDecimal(d.existing.amountCents) } : null,
          confidence: d.confidence,
          matchReasons: d.matchReasons,
        })),
      },
      recurring: findRecurring(rows).map((p) => ({ ...p, monthlyAmount: centsToDecimal(p.monthlyCents) })),
    };
    await env.STATEMENTS.put(resultKey(uploadId), JSON.stringify(result), { httpMetadata: { contentType: "application/json" } });
    await db.update(uploads).set({ status: "ready", progress: 100, error: null, updatedAt: Date.now() }).where(eq(uploads.id, uploadId));
  } catch (error) {
    const message = error instanceof StatementError ? error.message : "Upload failed";
    if (!(error instanceof StatementError)) console.error("Statement parsing failed", uploadId, error);
    await db.update(uploads).set({ status: "failed", error: message, updatedAt: Date.now() }).where(eq(uploads.id, uploadId));
  }
}

export interface ApproveInput {
  approvedTransactions: Array<{ id: string; date?: string; description?: string; amount?: number; category?: string }>;
  rejectedTransactions: Array<{ id: string }>;
  recurring?: Array<{ label: string; kind: "income" | "expense"; amount: number; category?: string }>;
}

/** Imports the approved expense rows (edited fields win) through BudgetRoom; income rows are not expenses. */
export async function approveUpload(app: AppContext, user: UserRow, access: BudgetAccess, uploadId: string, input: ApproveInput): Promise<Response> {
  const view = await uploadView(app, access, uploadId);
  if (!view) return jsonError(404, "Upload not found.");
  if (view.status !== "ready" && view.status !== "imported") return jsonError(409, view.status === "failed" ? "This upload could not be read." : "This upload is still being processed.");
  const stored = view as unknown as Partial<Stored>;
  if (!Array.isArray(stored.transactions)) return jsonError(409, "This upload has no parsed transactions to import.");
  const byId = new Map(stored.transactions!.map((t) => [t.id, t]));
  const rows = [];
  for (const approved of input.approvedTransactions) {
    const t = byId.get(approved.id);
    if (!t) return jsonError(400, `Unknown transaction "${approved.id.slice(0, 40)}".`);
    if (t.isIncome) continue;
    rows.push({
      fingerprint: t.fingerprint,
      date: approved.date ?? t.date,
      description: (approved.description ?? t.description).slice(0, 200),
      amountCents: approved.amount !== undefined ? Math.round(approved.amount * 100) : Math.round(Number(t.amount) * 100),
      categoryId: approved.category ?? t.category,
    });
  }
  const lines = (input.recurring ?? []).map((l) => ({ kind: l.kind, label: l.label, amountCents: Math.round(l.amount * 100), category: (l.category ?? (l.kind === "income" ? "income" : "other")) as "other" }));
  const outcome = await applyBudgetCommand(app, access.budget.id, user.id, { type: "importStatementRows", uploadId, rows, lines });
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  return Response.json({ importedCount: outcome.result.importedCount, linesAdded: outcome.result.linesAdded });
}

/** The clean-up cron's part: files, results and rows older than 30 days go (the privacy text promises it). */
export async function cleanupUploads(env: Env, db: Db, now: number): Promise<number> {
  const old = await db.select({ id: uploads.id, r2Key: uploads.r2Key }).from(uploads).where(lt(uploads.createdAt, now - RETENTION_MS)).limit(500);
  if (old.length === 0) return 0;
  await env.STATEMENTS.delete(old.flatMap((u) => [u.r2Key, resultKey(u.id)]));
  for (const u of old) await db.delete(uploads).where(eq(uploads.id, u.id));
  return old.length;
}
