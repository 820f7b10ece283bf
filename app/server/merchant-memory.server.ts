import { eq, sql, type SQL } from "drizzle-orm";
import { isCategoryId, merchantKey, type CategoryId, type MerchantMemory } from "~/domain/assistant";
import type { AppContext } from "./context.server";
import type { Db } from "./db/client.server";
import { merchantCategories } from "./db/schema";
import type { Statement } from "./budget-room/plan-context.server";

// Merchant → category memory per budget. Read by the assistant; written only inside BudgetRoom commands
// (the expense-update planner calls rememberMerchant when a category changes).

/** The budget's merchant memory (an id, or SQL naming the budget to ride with the session lookup). */
export function merchantMemoryQuery(app: Pick<AppContext, "db">, budgetId: string | SQL) {
  return app.db
    .select({ key: merchantCategories.merchantKey, categoryId: merchantCategories.categoryId })
    .from(merchantCategories)
    .where(eq(merchantCategories.budgetId, budgetId));
}

export async function loadMerchantMemory(app: Pick<AppContext, "db">, budgetId: string): Promise<MerchantMemory> {
  return memoryFromRows(await merchantMemoryQuery(app, budgetId));
}

export function memoryFromRows(rows: Array<{ key: string; categoryId: string }>): MerchantMemory {
  const memory = new Map<string, CategoryId>();
  for (const row of rows) if (isCategoryId(row.categoryId)) memory.set(row.key, row.categoryId);
  return memory;
}

/** The statement that files `description`'s merchant under `categoryId` for the whole budget (or null). */
export function rememberMerchant(db: Db, budgetId: string, description: string, categoryId: string, actorId: string, now: number): Statement | null {
  const key = merchantKey(description);
  if (!key) return null;
  return db
    .insert(merchantCategories)
    .values({ budgetId, merchantKey: key, categoryId, updatedBy: actorId, updatedAt: now })
    .onConflictDoUpdate({
      target: [merchantCategories.budgetId, merchantCategories.merchantKey],
      set: { categoryId: sql`excluded.category_id`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`excluded.updated_at` },
    });
}
