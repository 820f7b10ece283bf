// Budget details (spec part 1 §3): income and fixed-expense lines and the reset day. zod/mini, because the
// budget page checks the same rules in the browser. The merge is pure so it can be tested on its own.
import * as z from "zod/mini";
import { amountCentsField } from "./expense-input";
import { parseAmount } from "./money";

export const LINE_CATEGORIES = ["income", "housing", "utilities", "transportation", "subscriptions", "other"] as const;
export type LineCategory = (typeof LINE_CATEGORIES)[number];
export type LineKind = "income" | "expense";

export const MAX_LINES = 200;
export const MAX_LABEL = 120;
export const NEW_INCOME_LABEL = "New Income";
export const NEW_EXPENSE_LABEL = "New Expense";

/** Lines the client created and the server has not seen yet: `new-income-<timestamp>` / `new-expense-<timestamp>`. */
const TEMP_ID = /^new-(income|expense)-[A-Za-z0-9_.-]{1,60}$/;

export function isTempLineId(id: string): boolean {
  return TEMP_ID.test(id);
}

export function tempLineId(kind: LineKind, now = Date.now()): string {
  return `new-${kind}-${now}${Math.random().toString(36).slice(2, 6)}`;
}

const RESET_DAY_MESSAGE = "The reset day must be a whole number from 1 to 28.";

export const resetDayField = z.pipe(
  z.union([z.number(), z.string()], { error: RESET_DAY_MESSAGE }),
  z.transform((value: number | string, ctx) => {
    const n = typeof value === "number" ? value : /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= 28) return n;
    ctx.issues.push({ code: "custom", message: RESET_DAY_MESSAGE, input: value });
    return z.NEVER;
  }),
);

/** A checkbox from a form ("on"/"true") or a JSON boolean. */
const flag = z.pipe(
  z.union([z.boolean(), z.string()], { error: "Expected true or false." }),
  z.transform((value: boolean | string) => value === true || value === "on" || value === "true" || value === "1"),
);

export const lineInputSchema = z.object({
  id: z.string({ error: "Every line needs its id." }).check(z.trim(), z.minLength(1, { error: "Every line needs its id." }), z.maxLength(100, { error: "Line ids are at most 100 characters." })),
  label: z._default(z.string({ error: "A label must be text." }).check(z.trim(), z.maxLength(MAX_LABEL, { error: `A label can be at most ${MAX_LABEL} characters.` })), ""),
  amount: amountCentsField({ allowZero: true }),
  category: z.optional(z.enum(LINE_CATEGORIES, { error: `The category must be one of ${LINE_CATEGORIES.join(", ")}.` })),
  isSingleMonth: z.optional(flag),
});

export type LineInput = z.output<typeof lineInputSchema>;

const lineList = z.array(lineInputSchema, { error: "Send the lines as a list." }).check(z.maxLength(MAX_LINES, { error: `A budget can have at most ${MAX_LINES} lines.` }));

/**
 * POST /api/budget/details (spec part 1 §7) plus `loadedIds`: the line ids the client loaded, so a line
 * it dropped can be told from a line another member added meanwhile. Totals in the payload are ignored:
 * the server recomputes them.
 */
export const detailsSaveSchema = z
  .object({
    income: lineList,
    expenses: lineList,
    loadedIds: z.optional(z.array(z.string().check(z.maxLength(100)), { error: "loadedIds must be a list of line ids." }).check(z.maxLength(1000))),
    resetDay: z.optional(resetDayField),
  })
  .check(
    z.refine((v) => v.income.length + v.expenses.length <= MAX_LINES, { error: `A budget can have at most ${MAX_LINES} lines.` }),
    z.refine(
      (v) => {
        const ids = [...v.income, ...v.expenses].map((l) => l.id);
        return new Set(ids).size === ids.length;
      },
      { error: "A line id appears more than once." },
    ),
  );

export type DetailsSaveInput = z.output<typeof detailsSaveSchema>;

export interface StoredLine {
  id: string;
  kind: LineKind;
  label: string;
  amountCents: number;
  category: LineCategory;
  isSingleMonth: boolean;
  /** Set on lines another feature owns (the debt plan's "Extra debt payment"): the merge never touches them. */
  managedBy: string | null;
}

export interface MergePlan {
  inserts: (Omit<StoredLine, "managedBy"> & { tempId: string })[];
  updates: Omit<StoredLine, "managedBy">[];
  deletes: string[];
  /** Temporary id → real id, so the client can swap them. */
  idMap: Record<string, string>;
  /** Non-temporary ids the budget does not have (deleted meanwhile, or not this budget's). */
  unknownIds: string[];
}

/**
 * Merges a details save into the stored lines by id. Sent lines are added (temporary ids) or updated;
 * stored lines the client loaded and did not send back are deleted; stored lines it never loaded
 * (another member added them meanwhile) are kept; managed lines are never changed or deleted. Without
 * `loadedIds` nothing is deleted: a client that cannot say what it saw cannot drop anything.
 */
export function mergeLines(
  stored: StoredLine[],
  sent: { income: LineInput[]; expenses: LineInput[] },
  loadedIds: string[] | undefined,
  newId: () => string,
): MergePlan {
  const byId = new Map(stored.map((l) => [l.id, l]));
  const plan: MergePlan = { inserts: [], updates: [], deletes: [], idMap: {}, unknownIds: [] };
  const sentIds = new Set<string>();
  const visit = (kind: LineKind, line: LineInput) => {
    sentIds.add(line.id);
    if (isTempLineId(line.id)) {
      const id = newId();
      plan.idMap[line.id] = id;
      plan.inserts.push({
        id,
        tempId: line.id,
        kind,
        label: line.label,
        amountCents: line.amount,
        category: line.category ?? (kind === "income" ? "income" : "other"),
        isSingleMonth: line.isSingleMonth ?? false,
      });
      return;
    }
    const current = byId.get(line.id);
    if (!current) {
      plan.unknownIds.push(line.id);
      return;
    }
    if (current.managedBy) return;
    const next = {
      id: current.id,
      // A line keeps its kind: the lists are how the client shows them, not a way to move them.
      kind: current.kind,
      label: line.label,
      amountCents: line.amount,
      category: line.category ?? current.category,
      isSingleMonth: line.isSingleMonth ?? current.isSingleMonth,
    };
    if (next.label !== current.label || next.amountCents !== current.amountCents || next.category !== current.category || next.isSingleMonth !== current.isSingleMonth) {
      plan.updates.push(next);
    }
  };
  for (const line of sent.income) visit("income", line);
  for (const line of sent.expenses) visit("expense", line);
  for (const id of loadedIds ?? []) {
    const current = byId.get(id);
    if (current && !current.managedBy && !sentIds.has(id)) plan.deletes.push(id);
  }
  plan.deletes = [...new Set(plan.deletes)];
  return plan;
}

/** The lines after a merge (for the 200-line limit and the recomputed totals). */
export function linesAfter(stored: StoredLine[], plan: MergePlan): StoredLine[] {
  const deleted = new Set(plan.deletes);
  const updated = new Map(plan.updates.map((u) => [u.id, u]));
  const kept = stored.filter((l) => !deleted.has(l.id)).map((l) => ({ ...l, ...(updated.get(l.id) ?? {}) }));
  return [...kept, ...plan.inserts.map(({ tempId: _temp, ...l }) => ({ ...l, managedBy: null }))];
}

/**
 * A no-JavaScript form's fields (`income.0.label`, `expenses.2.amount`, repeated `loadedIds`, …) as the
 * JSON payload's shape, so both go through detailsSaveSchema.
 */
export function detailsFromForm(fields: Record<string, unknown>): Record<string, unknown> {
  const lists: Record<"income" | "expenses", Map<number, Record<string, unknown>>> = { income: new Map(), expenses: new Map() };
  for (const [key, value] of Object.entries(fields)) {
    const match = /^(income|expenses)\.(\d{1,3})\.(id|label|amount|category|isSingleMonth)$/.exec(key);
    if (!match) continue;
    const list = lists[match[1] as "income" | "expenses"];
    const index = Number(match[2]);
    const row = list.get(index) ?? {};
    row[match[3]] = Array.isArray(value) ? value[value.length - 1] : value;
    list.set(index, row);
  }
  const ordered = (m: Map<number, Record<string, unknown>>) => [...m.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
  const loaded = fields.loadedIds;
  const out: Record<string, unknown> = {
    income: ordered(lists.income),
    expenses: ordered(lists.expenses),
    loadedIds: loaded === undefined ? [] : Array.isArray(loaded) ? loaded : [loaded],
  };
  if (typeof fields.resetDay === "string" && fields.resetDay !== "") out.resetDay = fields.resetDay;
  return out;
}

/** Income/fixed/spendable of lines being edited, from whatever the inputs hold (an invalid amount counts as 0, spec §5). */
export function editingTotals(lines: { kind: LineKind; amount: string }[]): { totalIncomeCents: number; fixedExpensesCents: number; spendableCents: number } {
  let income = 0;
  let fixed = 0;
  for (const line of lines) {
    // The same parser the save uses (issue 18 #11): what the save would refuse counts as 0 here.
    const parsed = parseAmount(line.amount, { allowZero: true });
    const cents = parsed.ok ? parsed.cents : 0;
    if (line.kind === "income") income += cents;
    else fixed += cents;
  }
  return { totalIncomeCents: income, fixedExpensesCents: fixed, spendableCents: income - fixed };
}

/** A line (income or fixed expense) as the server sends it. */
export interface LineJson {
  id: string;
  label: string;
  amount: string;
  category: LineCategory;
  isSingleMonth: boolean;
  bankSyncEnabled: boolean;
  matchingMerchants: string[];
  amountTolerancePercent: string;
  matchingAccountMasks: string[];
  /** What keeps this line up to date (e.g. a linked debt), or null when people edit it. */
  managedBy: string | null;
}

/** GET /api/budget/details and the details editor. */
export interface BudgetDetails {
  income: LineJson[];
  expenses: LineJson[];
  totalIncome: string;
  totalExpenses: string;
  spendableAmount: string;
  resetDay: number;
}
