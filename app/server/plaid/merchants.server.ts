import { and, count, eq, gte, sql, type SQL } from "drizzle-orm";
import { MERCHANT_SUGGESTIONS_LIMIT, type BankResult, type PriceAnalysisInput, type PriceAnalysisResult } from "~/domain/bank";
import { analysePrices, rankMerchants } from "~/domain/bank-sync/rules";
import { centsToDecimal } from "~/domain/money";
import type { BudgetAccess } from "../budget.server";
import type { AppContext } from "../context.server";
import { bankTransactions, lineItems } from "../db/schema";

/** Debits looked at per price analysis: three months of a busy bill is far below this. */
const PRICE_ROWS_MAX = 500;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The merchant names of the budget's bank transactions that contain `query`, as one query (single table,
 * distinct column names: its rows may ride in a D1 batch with the session lookup).
 */
export function merchantSuggestionsQuery(app: AppContext, budgetId: string | SQL, query: string) {
  const q = query.trim().toLowerCase();
  const pattern = `%${escapeLike(q)}%`;
  const name = sql<string>`coalesce(nullif(trim(${bankTransactions.merchantName}), ''), trim(${bankTransactions.name}))`;
  return app.db
    .select({ name, count: count() })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.budgetId, budgetId), sql`lower(${name}) LIKE ${pattern} ESCAPE '\\'`))
    .groupBy(name)
    .orderBy(sql`count(*) DESC`, name)
    .limit(50);
}

/**
 * Up to 10 merchant names from the budget's bank transactions that contain `query` (≥ 2 characters,
 * checked by the route's schema), most frequent first (`ridden`: `merchantSuggestionsQuery`'s rows, already read).
 */
export async function merchantSuggestions(app: AppContext, access: BudgetAccess, query: string, ridden?: Awaited<ReturnType<typeof merchantSuggestionsQuery>> | null): Promise<string[]> {
  const q = query.trim().toLowerCase();
  const rows = ridden ?? (await merchantSuggestionsQuery(app, access.budget.id, query));
  return rankMerchants(rows, q, MERCHANT_SUGGESTIONS_LIMIT);
}

/**
 * A suggested amount for a fixed bill from the posted debits of the last 3 months whose merchant contains
 * one of `merchants` (the median; confidence from how many and how alike). No data: null and 0.
 */
export async function priceAnalysis(app: AppContext, access: BudgetAccess, lineId: string, input: PriceAnalysisInput): Promise<BankResult<PriceAnalysisResult>> {
  const line = await app.db.select({ id: lineItems.id }).from(lineItems).where(and(eq(lineItems.id, lineId), eq(lineItems.budgetId, access.budget.id), eq(lineItems.kind, "expense"))).limit(1);
  if (!line[0]) return { ok: false, status: 404, message: "Fixed expense not found." };
  const since = new Date(app.now - 92 * 86_400_000).toISOString().slice(0, 10);
  const text = sql<string>`lower(coalesce(${bankTransactions.merchantName}, '') || ' ' || ${bankTransactions.name})`;
  // Bound values: ≤ MAX_MATCHING_MERCHANTS (20, by the schema and the room's line settings) patterns + 3, under D1's 100.
  const anyMerchant = sql.join(
    input.merchants.map((m) => sql`${text} LIKE ${`%${escapeLike(m.toLowerCase())}%`} ESCAPE '\\'`),
    sql` OR `,
  );
  const rows = await app.db
    .select({ amountCents: bankTransactions.amountCents })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.budgetId, access.budget.id), eq(bankTransactions.pending, false), sql`${bankTransactions.amountCents} > 0`, gte(bankTransactions.date, since), sql`(${anyMerchant})`))
    .limit(PRICE_ROWS_MAX);
  const { suggestedCents, confidence } = analysePrices(rows.map((r) => r.amountCents));
  return { ok: true, value: { suggestedAmount: suggestedCents === null ? null : centsToDecimal(suggestedCents), confidence, sampleSize: rows.length } };
}
