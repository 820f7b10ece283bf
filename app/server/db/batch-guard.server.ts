import { Column, is, SQL } from "drizzle-orm";

/**
 * Inside a D1 batch, drizzle reads each row as an object keyed by column name, then takes its values in
 * order. A query selecting two columns of the same name (a join's two `id`s) loses one of them there and
 * every later field shifts by one — silently wrong data, not an error. (Outside a batch rows come back as
 * arrays and the same query is right.) So a batch refuses such a query before it runs.
 */
export function assertBatchableColumns(query: unknown): void {
  const fields = (query as { _?: { selectedFields?: unknown } })._?.selectedFields;
  if (!fields || typeof fields !== "object") return;
  const seen = new Set<string>();
  for (const name of columnNames(fields)) {
    if (seen.has(name)) {
      throw new Error(`A batched query selects two columns named "${name}": D1 batch rows are keyed by name, so one would overwrite the other. Select one of them under another column (or alias it).`);
    }
    seen.add(name);
  }
}

function* columnNames(fields: object): Generator<string> {
  for (const value of Object.values(fields)) {
    if (is(value, Column)) yield value.name;
    else if (is(value, SQL.Aliased)) yield value.fieldAlias;
    else if (is(value, SQL)) continue; // an unaliased expression is named by its own text
    else if (value && typeof value === "object") yield* columnNames(value);
  }
}
