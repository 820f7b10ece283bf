// A large, plain-JSON part of a loader's data sent to the browser as one JSON string. Remix's single fetch
// (turbo-stream) encodes loader data value by value, deduplicating each through a map: for thousands of
// numbers that costs far more than the native JSON.stringify (the debts page's month-by-month schedule,
// 50 debts × 24 months, was ~10% of the page's CPU). Only for data with nothing but JSON values in it.

/** The JSON text of a `T`, typed so it can only be unpacked as what was packed. */
export type PackedJson<T> = string & { readonly __packedJson: T };

export function packJson<T>(value: T): PackedJson<T> {
  return JSON.stringify(value) as PackedJson<T>;
}

export function unpackJson<T>(packed: PackedJson<T>): T {
  return JSON.parse(packed) as T;
}
