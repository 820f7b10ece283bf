import { isGenericWord, normalizeWords, type CategoryId } from "./categories";
import { allowedEdits, editDistance } from "./typos";

// A budget's learned merchant → category choices: "Joe's" filed under Dining once is Dining for everyone.

/** Remembered keys (see merchantKey) to the category the household chose. */
export type MerchantMemory = ReadonlyMap<string, CategoryId>;

const NOISE = new Set([
  "a", "an", "the", "at", "from", "for", "on", "in", "to", "of", "and", "with", "my", "our", "some", "this", "that",
  "i", "we", "me", "us", "it", "was", "is", "new", "another", "more", "got", "bought", "paid", "spent",
]);

/** The words that name a merchant or thing, without filler or numbers: "Lunch at Joe's!" → "lunch joes". */
export function merchantKey(description: string): string {
  const words = normalizeWords(description)
    .split(" ")
    .filter((w) => w && !NOISE.has(w) && !/^[\d.,$]+$/.test(w));
  // "Lunch at Joe's" is remembered as "joes", so "Joe's 14" finds it; all-generic text keeps its words.
  const specific = words.filter((w) => !isGenericWord(w));
  return (specific.length > 0 ? specific : words).join(" ").slice(0, 80);
}

/** The remembered category for a key: the same key, else the longest remembered key it contains. */
export function recall(memory: MerchantMemory, key: string): CategoryId | null {
  if (!key) return null;
  const exact = memory.get(key);
  if (exact) return exact;
  let best: { len: number; category: CategoryId } | null = null;
  const padded = ` ${key} `;
  for (const [k, category] of memory) {
    if (k.length < 3) continue;
    if (padded.includes(` ${k} `) && (!best || k.length > best.len)) best = { len: k.length, category };
  }
  if (best) return best.category;
  // The same place typed with a slip ("zorbic hal" after "Zorbic Hall" was filed): one edit in six letters or
  // more, the first letter kept; two remembered places equally close with different categories guess nothing.
  let near: CategoryId | null = null;
  let tie = false;
  for (const [k, category] of memory) {
    const max = Math.min(1, allowedEdits(k.length));
    if (max === 0 || k[0] !== key[0] || editDistance(key, k, max) > max) continue;
    if (near && near !== category) tie = true;
    near = category;
  }
  return tie ? null : near;
}
