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
  const names: string[] = [];
  collectNames(fields, names);
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) {
      throw new Error(`A batched query selects two columns named "${name}": D1 batch rows are keyed by name, so one would overwrite the other. Select one of them under another column (or alias it).`);
    }
    seen.add(name);
  }
}

/**
 * Every batch of every request runs this, so the common shapes are told apart by `instanceof` (drizzle's `is`
 * walks the prototype chain on every miss, measured at ~5% of a chat message's CPU), and a table's names are
 * worked out once: tables live as long as the isolate, the selections around them are built per request.
 */
const namesOfEntity = new WeakMap<object, readonly string[]>();

function collectNames(fields: object, out: string[]): void {
  for (const value of Object.values(fields)) {
    if (!value || typeof value !== "object") continue;
    if (value instanceof Column) out.push(value.name);
    else if (value instanceof SQL.Aliased) out.push(value.fieldAlias);
    else if (value instanceof SQL) continue; // an unaliased expression is named by its own text
    else if (Object.getPrototypeOf(value) === Object.prototype) collectNames(value, out);
    else {
      let names = namesOfEntity.get(value);
      if (!names) {
        names = [...entityNames(value)];
        namesOfEntity.set(value, names);
      }
      out.push(...names);
    }
  }
}

/** A table (or an entity from another copy of drizzle, which `instanceof` misses): drizzle's own checks. */
function* entityNames(fields: object): Generator<string> {
  if (is(fields, Column)) {
    yield (fields as Column).name;
    return;
  }
  if (is(fields, SQL.Aliased)) {
    yield (fields as SQL.Aliased).fieldAlias;
    return;
  }
  if (is(fields, SQL)) return;
  for (const value of Object.values(fields)) {
    if (is(value, Column)) yield value.name;
    else if (is(value, SQL.Aliased)) yield value.fieldAlias;
    else if (is(value, SQL)) continue;
    else if (value && typeof value === "object") yield* entityNames(value);
  }
}
