import { drizzle } from "drizzle-orm/d1";
import { assertBatchableColumns } from "./batch-guard.server";
import * as schema from "./schema";

// One drizzle instance per D1 binding for the isolate's life, not per request, and without the `schema`
// option: we use the query builder only, and that option makes drizzle derive the relational config of
// every table on each construction (measured: the largest single cost of a signed-in page's CPU).
const instances = new WeakMap<D1Database, ReturnType<typeof build>>();

export function createDb(d1: D1Database) {
  let db = instances.get(d1);
  if (!db) {
    db = build(d1);
    instances.set(d1, db);
  }
  return db;
}

function build(d1: D1Database) {
  const db = drizzle(d1);
  const batch = db.batch.bind(db);
  const guarded: typeof batch = (queries) => {
    for (const query of queries) assertBatchableColumns(query);
    return batch(queries);
  };
  db.batch = guarded;
  return db;
}

export type Db = ReturnType<typeof createDb>;
export { schema };
