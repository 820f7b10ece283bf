import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { assertBatchableColumns } from "~/server/db/batch-guard.server";
import { createDb } from "~/server/db/client.server";
import { categories, expenses, users } from "~/server/db/schema";

// D1 batch rows are keyed by column name, so a query selecting two columns of one name silently shifts
// every later field (the /history rows once showed the e-mail as the emoji). The batch refuses it.

/** A D1 binding that only records whether it was called: these queries are built, never run. */
function recordingD1() {
  const calls: unknown[] = [];
  const d1 = { prepare: () => ({ bind: () => ({}) }), batch: async (s: unknown[]) => (calls.push(s), []) } as unknown as D1Database;
  return { d1, calls };
}

describe("batched queries with clashing column names", () => {
  const { d1, calls } = recordingD1();
  const db = createDb(d1);
  const joined = (categoryId: typeof categories.id | typeof expenses.categoryId) =>
    db.select({ id: expenses.id, category: { id: categoryId, name: categories.name } }).from(expenses).innerJoin(categories, eq(categories.id, expenses.categoryId));

  it("refuses a join that selects two columns named id, naming the column", () => {
    expect(() => assertBatchableColumns(joined(categories.id))).toThrow(/two columns named "id"/);
  });

  it("accepts the same join with distinct names, aliases and unaliased expressions", () => {
    expect(() => assertBatchableColumns(joined(expenses.categoryId))).not.toThrow();
    expect(() => assertBatchableColumns(db.select({ a: users.id, b: sql<string>`${categories.id}`.as("category_ref") }).from(users).innerJoin(categories, sql`1`))).not.toThrow();
    expect(() => assertBatchableColumns(db.select({ n: sql<number>`count(*)` }).from(users))).not.toThrow();
    expect(() => assertBatchableColumns(db.select().from(users))).not.toThrow();
  });

  it("whole tables: two that share a column name are refused every time (a table's names are kept), one alone is fine", () => {
    for (let round = 0; round < 2; round++) {
      expect(() => assertBatchableColumns(db.select({ expense: expenses, category: categories }).from(expenses).innerJoin(categories, eq(categories.id, expenses.categoryId)))).toThrow(/two columns named "id"/);
      expect(() => assertBatchableColumns(db.select({ expense: expenses, name: categories.name }).from(expenses).innerJoin(categories, eq(categories.id, expenses.categoryId)))).not.toThrow();
    }
  });

  it("refuses two aliases of one name", () => {
    expect(() => assertBatchableColumns(db.select({ a: sql`1`.as("x"), b: sql`2`.as("x") }).from(users))).toThrow(/"x"/);
  });

  it("db.batch refuses before anything reaches D1", async () => {
    expect(() => db.batch([db.select().from(users), joined(categories.id)])).toThrow(/two columns named "id"/);
    expect(calls).toHaveLength(0);
  });
});
