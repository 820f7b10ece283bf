import { and, eq, gte, lte, or, lt, type SQL } from "drizzle-orm";
import { categorize, merchantKey, recall } from "~/domain/assistant";
import { FUTURE_DATE_MESSAGE, isTooFarAhead, todayIn } from "~/domain/dates";
import { centsToDecimal, parseAmount, toCents } from "~/domain/money";
import { detectFormat, parseStatement, StatementError } from "~/domain/statements";
import { findDuplicates, findFixedBillMatches, findRecurring, fingerprints } from "~/domain/statements/review";
import { expenseUpdateSchema } from "~/domain/expense-input";
import type { BudgetAccess } from "./budget.server";
import { applyBudgetCommand } from "./budget-room/client.server";
import type { AppContext } from "./context.server";
import type { Db } from "./db/client.server";
import { budgets, categories, expenses, lineItems, uploads, type UserRow } from "./db/schema";
import { jsonError } from "./api.server";
import { enqueueJob } from "./job-messages.server";
import { memoryFromRows, merchantMemoryQuery } from "./merchant-memory.server";
import { categorizeWithOpenAI, type Guess } from "./uploads-openai.server";
import { normalizeMerchant } from "~/domain/statements/review";
import { logError } from "./log.server";

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
  return answerWhenDone(app, access, id);
}

/**
 * The parse runs in the queue consumer, never in this request; the request only waits a moment (polling D1)
 * so a small file's answer can come at once: ready (200, summary and first page), failed (422), or 202.
 */
async function answerWhenDone(app: AppContext, access: BudgetAccess, id: string): Promise<Response> {
  const started = Date.now();
  for (;;) {
    const view = await uploadView(app, access, id);
    if (view && view.status !== "processing") return Response.json(view, { status: view.status === "failed" ? 422 : 200 });
    if (Date.now() - started > WAIT_MS) return Response.json({ uploadId: id, status: "processing", progress: view?.progress ?? 0 }, { status: 202 });
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The upload's row in the budget `budgetId` names (an id, or SQL to ride with the session lookup). */
export function uploadRowQuery(app: Pick<AppContext, "db">, budgetId: string | SQL, uploadId: string) {
  return app.db.select().from(uploads).where(and(eq(uploads.id, uploadId), eq(uploads.budgetId, budgetId))).limit(1);
}

/** Rows per page of the review (issue 18): the upload and status answers carry the summary and one page. */
export const REVIEW_PAGE_SIZE = 100;

async function storedResult(env: Env, uploadId: string): Promise<Stored | null> {
  const stored = await env.STATEMENTS.get(resultKey(uploadId));
  return stored ? ((await stored.json()) as Stored) : null;
}

/** Rows the review selects by default: spending not flagged as a possible duplicate (or as a fixed bill). */
function suggested(result: Stored): Set<string> {
  const flagged = new Set(result.duplicateAnalysis.potentialDuplicates.map((d) => d.uploadedTransaction.id));
  return new Set(result.transactions.filter((t) => !t.isIncome && !flagged.has(t.id)).map((t) => t.id));
}

/**
 * The upload's status and, once ready, its result with one page of transactions (`page`, 1-based) — for the
 * caller's budget only (else null → 404). `pagination` says where the page sits and how many rows outside it
 * are selected by default, so an import from one page can take the rest as suggested.
 */
export async function uploadView(app: Pick<AppContext, "db" | "env">, access: BudgetAccess, uploadId: string, page = 1, ridden?: (typeof uploads.$inferSelect)[] | null) {
  const [row] = ridden ?? (await uploadRowQuery(app, access.budget.id, uploadId));
  if (!row) return null;
  const base = { uploadId: row.id, fileName: row.fileName, status: row.status, progress: row.progress / 100, error: row.error ?? undefined };
  if (row.status !== "ready" && row.status !== "imported") return base;
  const result = await storedResult(app.env, row.id);
  if (!result) return base;
  const totalPages = Math.max(1, Math.ceil(result.transactions.length / REVIEW_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), totalPages);
  const transactions = result.transactions.slice((current - 1) * REVIEW_PAGE_SIZE, current * REVIEW_PAGE_SIZE);
  const onPage = new Set(transactions.map((t) => t.id));
  let suggestedElsewhere = 0;
  for (const id of suggested(result)) if (!onPage.has(id)) suggestedElsewhere++;
  return {
    ...base,
    ...result,
    transactions,
    duplicateAnalysis: { duplicatesFound: result.duplicateAnalysis.duplicatesFound, potentialDuplicates: result.duplicateAnalysis.potentialDuplicates.filter((d) => onPage.has(d.uploadedTransaction.id)) },
    pagination: { page: current, pageSize: REVIEW_PAGE_SIZE, totalPages, totalTransactions: result.transactions.length, suggestedElsewhere },
  };
}

type StoredTransaction = { id: string; fingerprint: string; date: string; description: string; amount: string; isIncome: boolean; category: string; categoryName: string; confidence: number };
interface Stored {
  uploadId: string;
  format: string;
  transactions: StoredTransaction[];
  processingNotes: string;
  /** True when the user swapped every row's direction (the statement was read the wrong way round). */
  directionFlipped: boolean;
  confidence: number;
  summary: { totalTransactions: number; totalExpenses: string; totalIncome: string };
  duplicateAnalysis: {
    duplicatesFound: number;
    potentialDuplicates: Array<{ uploadedTransaction: StoredTransaction; existingExpense: { id: string; date: string; description: string; amount: string } | null; confidence: number; matchReasons: string[] }>;
  };
  recurring: Array<{ label: string; kind: "income" | "expense"; monthlyCents: number; monthlyAmount: string; months: number; category: string }>;
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
    // "Swap directions" on the review: the same file read again with every row's direction turned round.
    const rows = opts.flip ? parsed.rows.map((r) => ({ ...r, isIncome: !r.isIncome })) : parsed.rows;
    if (opts.flip) parsed.notes.unshift("Directions swapped by you: every row's income and spending turned round.");
    const prints = fingerprints(rows);
    const dates = rows.map((r) => r.date).sort();
    const shift = (d: string, days: number) => new Date(Date.parse(`${d}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const [memoryRows, cats, existing, bills] = await db.batch([
      merchantMemoryQuery({ db }, upload.budgetId),
      db.select({ id: categories.id, name: categories.name }).from(categories),
      db
        .select({ id: expenses.id, date: expenses.date, description: expenses.description, amountCents: expenses.amountCents, externalId: expenses.externalId })
        .from(expenses)
        .where(and(eq(expenses.budgetId, upload.budgetId), or(and(gte(expenses.date, shift(dates[0], -3)), lte(expenses.date, shift(dates[dates.length - 1], 3))), eq(expenses.source, "upload")))),
      db
        .select({ label: lineItems.label, amountCents: lineItems.amountCents, matchingMerchants: lineItems.matchingMerchants, amountTolerancePercent: lineItems.amountTolerancePercent })
        .from(lineItems)
        .where(and(eq(lineItems.budgetId, upload.budgetId), eq(lineItems.kind, "expense")))
        .limit(500),
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
    // A fixed bill already in the budget (Netflix) imported as spending would count twice: flagged the same way.
    const duplicates = findDuplicates(rows, prints, existing);
    const flaggedRows = new Set(duplicates.map((d) => d.index));
    for (const match of findFixedBillMatches(rows, bills.map((b) => ({ ...b, matchingMerchants: Array.isArray(b.matchingMerchants) ? b.matchingMerchants : [] })))) {
      if (!flaggedRows.has(match.index)) duplicates.push(match);
    }
    duplicates.sort((a, b) => a.index - b.index);
    const expenseRows = rows.filter((r) => !r.isIncome);
    const result: Stored = {
      uploadId,
      format: parsed.format,
      transactions,
      processingNotes: parsed.notes.join(" "),
      directionFlipped: !!opts.flip,
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
    if (!(error instanceof StatementError)) logError("Statement parsing failed", uploadId, error);
    await db.update(uploads).set({ status: "failed", error: message, updatedAt: Date.now() }).where(eq(uploads.id, uploadId));
  }
}

export interface ApproveInput {
  approvedTransactions: Array<{ id: string; date?: unknown; description?: unknown; amount?: unknown; category?: unknown }>;
  rejectedTransactions: Array<{ id: string }>;
  recurring?: Array<{ label: string; kind: "income" | "expense"; amount: unknown; category?: string }>;
  /**
   * The review form shows one page: the ids it showed. Rows outside it are imported as suggested (spending not
   * flagged as a duplicate); the JSON API names every row it wants and leaves this out.
   */
  shownIds?: string[];
}

const ALREADY_IMPORTED = "This statement was already imported.";

/**
 * Imports the approved expense rows (edited fields win, each checked by the same schema as POST
 * /api/expenses: a real day, an amount with at most 2 decimals, a category id) through BudgetRoom; income rows
 * are not expenses. An upload is approved once: the room refuses a second approve with 409, adding nothing.
 */
export async function approveUpload(app: AppContext, user: UserRow, access: BudgetAccess, uploadId: string, input: ApproveInput): Promise<Response> {
  const [row] = await app.db.select({ status: uploads.status }).from(uploads).where(and(eq(uploads.id, uploadId), eq(uploads.budgetId, access.budget.id))).limit(1);
  if (!row) return jsonError(404, "Upload not found.");
  if (row.status === "imported") return jsonError(409, ALREADY_IMPORTED);
  if (row.status !== "ready") return jsonError(409, row.status === "failed" ? "This upload could not be read." : "This upload is still being processed.");
  const stored = await storedResult(app.env, uploadId);
  if (!stored || !Array.isArray(stored.transactions)) return jsonError(409, "This upload has no parsed transactions to import.");
  const byId = new Map(stored.transactions.map((t) => [t.id, t]));
  const approved = [...input.approvedTransactions];
  if (input.shownIds) {
    const shown = new Set(input.shownIds);
    for (const id of suggested(stored)) if (!shown.has(id)) approved.push({ id });
  }
  const rows = [];
  const fieldErrors: Record<string, string[]> = {};
  const today = todayIn(access.budget.timeZone ?? "UTC", app.now);
  for (const [i, edit] of approved.entries()) {
    const t = byId.get(edit.id);
    if (!t) return jsonError(400, `Unknown transaction "${edit.id.slice(0, 40)}".`);
    if (t.isIncome) continue;
    const edited = { amount: edit.amount, description: edit.description, categoryId: edit.category, date: edit.date };
    let values = { amountCents: toCents(t.amount) ?? 0, description: t.description.slice(0, 200), categoryId: t.category, date: t.date };
    if (Object.values(edited).some((v) => v !== undefined)) {
      const checked = expenseUpdateSchema.safeParse(edited);
      if (!checked.success) {
        for (const issue of checked.error.issues) {
          const field = String(issue.path[0] ?? "row") === "categoryId" ? "category" : String(issue.path[0] ?? "row");
          (fieldErrors[`approvedTransactions.${i}.${field}`] ??= []).push(issue.message);
        }
        continue;
      }
      const v = checked.data;
      // The expense date rule of POST /api/expenses (issue 18 #16): at most a day ahead in the budget's zone.
      if (v.date !== undefined && isTooFarAhead(v.date, today)) {
        (fieldErrors[`approvedTransactions.${i}.date`] ??= []).push(FUTURE_DATE_MESSAGE);
        continue;
      }
      values = { amountCents: v.amount ?? values.amountCents, description: v.description ?? values.description, categoryId: v.categoryId ?? values.categoryId, date: v.date ?? values.date };
    }
    rows.push({ fingerprint: t.fingerprint, ...values });
  }
  const lines = [];
  for (const [i, l] of (input.recurring ?? []).entries()) {
    const amount = parseAmount(l.amount, { allowZero: true });
    if (!amount.ok) {
      (fieldErrors[`recurring.${i}.amount`] ??= []).push(amount.message);
      continue;
    }
    lines.push({ kind: l.kind, label: l.label, amountCents: amount.cents, category: (l.category ?? (l.kind === "income" ? "income" : "other")) as "other" });
  }
  if (Object.keys(fieldErrors).length) return Response.json({ message: "Some edited rows are not valid.", fieldErrors }, { status: 400 });
  const outcome = await applyBudgetCommand(app, access.budget.id, user.id, { type: "importStatementRows", uploadId, rows, lines });
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  return Response.json({ importedCount: outcome.result.importedCount, linesAdded: outcome.result.linesAdded });
}

/**
 * "Swap directions" on the review: the file is read again with every row's direction turned round (income ↔
 * spending, categories, duplicates and repeats recomputed), in the queue like the first read. Once imported,
 * nothing changes.
 */
export async function flipUpload(app: AppContext, access: BudgetAccess, uploadId: string): Promise<Response> {
  const [row] = await app.db.select({ status: uploads.status }).from(uploads).where(and(eq(uploads.id, uploadId), eq(uploads.budgetId, access.budget.id))).limit(1);
  if (!row) return jsonError(404, "Upload not found.");
  if (row.status === "imported") return jsonError(409, ALREADY_IMPORTED);
  if (row.status !== "ready") return jsonError(409, row.status === "failed" ? "This upload could not be read." : "This upload is still being processed.");
  const stored = await storedResult(app.env, uploadId);
  // Only the request that moves it from ready to processing enqueues (a double click swaps once).
  const moved = await app.db.update(uploads).set({ status: "processing", progress: 0, updatedAt: app.now }).where(and(eq(uploads.id, uploadId), eq(uploads.budgetId, access.budget.id), eq(uploads.status, "ready"))).returning({ id: uploads.id });
  if (moved.length === 0) return jsonError(409, "This upload is already being read again.");
  await enqueueJob(app.env, { type: "parseStatement", uploadId, flip: !stored?.directionFlipped });
  return answerWhenDone(app, access, uploadId);
}

/** The clean-up cron's part: files, results and rows older than 30 days go (the privacy text promises it). */
export async function cleanupUploads(env: Env, db: Db, now: number): Promise<number> {
  const old = await db.select({ id: uploads.id, r2Key: uploads.r2Key }).from(uploads).where(lt(uploads.createdAt, now - RETENTION_MS)).limit(500);
  if (old.length === 0) return 0;
  await env.STATEMENTS.delete(old.flatMap((u) => [u.r2Key, resultKey(u.id)]));
  for (const u of old) await db.delete(uploads).where(eq(uploads.id, u.id));
  return old.length;
}
