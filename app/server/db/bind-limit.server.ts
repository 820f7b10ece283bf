// D1 binds at most 100 values to one statement ("too many SQL variables" beyond): every place a list
// becomes bound parameters goes through these, leaving room for the few other values a statement binds.

export const D1_MAX_BOUND_VALUES = 100;
/** List items per statement: the rest of the limit is for the statement's other values (a budget id, …). */
export const LIST_CHUNK = 90;

/** `list` in pieces of at most `size` (LIST_CHUNK by default), in order. */
export function chunked<T>(list: readonly T[], size = LIST_CHUNK): T[][] {
  const pieces: T[][] = [];
  for (let i = 0; i < list.length; i += size) pieces.push(list.slice(i, i + size));
  return pieces;
}

/** Rows per multi-row INSERT of a table with `columns` bound columns, under D1's limit. */
export function rowsPerInsert(columns: number): number {
  return Math.max(1, Math.floor(D1_MAX_BOUND_VALUES / columns));
}
