import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./client.server";

// Many rows in one statement without hitting D1's 100-bound-parameter limit: the rows travel as ONE
// JSON parameter and SQLite unpacks them with json_each. A statement per row would cost a round trip
// each inside the batch; multi-row VALUES would be cut to 100/columns rows per statement.

/** Rows per statement: keeps each JSON parameter well under D1's 2 MB value limit. */
export const JSON_ROWS_PER_STATEMENT = 400;

export function chunk<T>(rows: readonly T[], size = JSON_ROWS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * `INSERT INTO table (columns) SELECT … FROM json_each(?) WHERE true <tail>`, one statement per chunk.
 * Each row is an array in column order. `tail` is e.g. an ON CONFLICT clause.
 */
export function insertJsonRows(db: Db, table: string, columns: readonly string[], rows: readonly unknown[][], tail: SQL = sql``) {
  const picks = sql.raw(columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(", "));
  const cols = sql.raw(columns.map((c) => `"${c}"`).join(", "));
  return chunk(rows).map((part) => batchableRun(db, sql`INSERT INTO ${sql.raw(`"${table}"`)} (${cols}) SELECT ${picks} FROM json_each(${JSON.stringify(part)}) WHERE true ${tail}`));
}

/**
 * `db.run(sql)` usable inside db.batch with bound parameters. drizzle's D1 batch binds a query through its
 * prepared `stmt`, which a raw `run` query lacks (drizzle-orm 0.45: "reading 'bind'" of undefined), so the
 * statement is prepared here on the same D1 binding.
 */
export function batchableRun(db: Db, query: SQL) {
  const raw = db.run(query);
  const built = (raw as unknown as { getQuery(): { sql: string } }).getQuery();
  (raw as unknown as { stmt: D1PreparedStatement }).stmt = (db as unknown as { $client: D1Database }).$client.prepare(built.sql);
  return raw;
}

/** `value IN (…)` for a list of strings, as one JSON parameter. */
export function inJson(column: SQL, values: readonly string[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}
