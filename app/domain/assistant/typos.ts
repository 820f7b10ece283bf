// Names and words as people mistype them ("chipolte", "perscription", "restaraunt", "home depo"): a
// symmetric delete index. Every known spelling is filed under its one-letter deletions (and two-letter
// ones when it is long), and so is the word typed; substitutions, insertions, deletions and swapped
// neighbours all meet at a shared deletion. Candidates are then checked by true edit distance, and the
// closest wins; two different categories equally close are ambiguous, so nothing is guessed. What a slip of
// the finger or spelling by ear makes, not what another real word looks like: a typo keeps its first letter
// ("bucks" is not "vbucks", "barking" not "parking"), a wrong letter is a neighbouring key, a vowel or a
// letter that sounds alike ("kroher", "panara", "instacard"; never "packing" for "parking"), and two slips are allowed only in long words made of nearly the same letters ("restaraunt",
// never "generated" for "generator").

/** Edits allowed for a known spelling of this length: one from six letters, two from ten. */
export function allowedEdits(length: number): number {
  return length >= 10 ? 2 : length >= 6 ? 1 : 0;
}

function deletionsOf(word: string, depth: number, into: Set<string>): void {
  if (depth === 0 || word.length <= 3) return;
  for (let i = 0; i < word.length; i++) {
    const shorter = word.slice(0, i) + word.slice(i + 1);
    if (into.has(shorter)) continue;
    into.add(shorter);
    deletionsOf(shorter, depth - 1, into);
  }
}

/** Optimal string alignment distance (Levenshtein plus swapped neighbours), stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i][0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
  }
  return rows[a.length][b.length];
}

const KEY_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
const ROW_SHIFT = [0, 0.25, 0.75];
const KEY_AT = new Map<string, [number, number]>();
KEY_ROWS.forEach((row, r) => [...row].forEach((ch, c) => KEY_AT.set(ch, [r, c + ROW_SHIFT[r]])));
const VOWELS = "aeiouy";
// Letters that sound alike, so a word spelt by ear swaps them ("instacard", "insurence" is a vowel).
const SOUNDS_ALIKE = new Set(["dt", "td", "ck", "kc", "cs", "sc", "sz", "zs", "bp", "pb", "fv", "vf", "gj", "jg"]);

/** A wrong letter people plausibly type: a neighbouring key, a vowel for a vowel, or a letter that sounds alike. */
function plausibleLetter(a: string, b: string): boolean {
  if (VOWELS.includes(a) && VOWELS.includes(b)) return true;
  if (SOUNDS_ALIKE.has(a + b)) return true;
  const p = KEY_AT.get(a);
  const q = KEY_AT.get(b);
  if (!p || !q) return false;
  return Math.abs(p[0] - q[0]) <= 1 && Math.abs(p[1] - q[1]) <= 1;
}

/** One edit apart with equal length: two neighbours swapped, or one plausible wrong letter. */
function plausibleSameLength(a: string, b: string): boolean {
  const diff: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
  if (diff.length === 1) return plausibleLetter(a[diff[0]], b[diff[0]]);
  return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
}

/** How many letters the two words do not share (counting repeats). */
function letterDifference(a: string, b: string): number {
  const counts = new Map<string, number>();
  for (const ch of a) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  for (const ch of b) counts.set(ch, (counts.get(ch) ?? 0) - 1);
  let n = 0;
  for (const v of counts.values()) n += Math.abs(v);
  return n;
}

export class TypoIndex<T extends { category: string }> {
  private readonly keys = new Map<string, Array<{ spelling: string; value: T }>>();

  /** Files `spelling` (lower-case letters and digits, no spaces) so that near misses of it find `value`. */
  add(spelling: string, value: T): void {
    const edits = allowedEdits(spelling.length);
    if (edits === 0) return;
    const keys = new Set<string>([spelling]);
    deletionsOf(spelling, edits, keys);
    for (const key of keys) {
      const list = this.keys.get(key);
      if (!list) this.keys.set(key, [{ spelling, value }]);
      else if (!list.some((e) => e.spelling === spelling)) list.push({ spelling, value });
    }
  }

  /** The closest known spelling within its allowed edits, or null when none is (or two categories tie). */
  find(typed: string): T | null {
    if (typed.length < 5) return null;
    const keys = new Set<string>([typed]);
    deletionsOf(typed, typed.length >= 8 ? 2 : 1, keys);
    let best: T | null = null;
    let bestDistance = Infinity;
    let tie = false;
    for (const key of keys) {
      const list = this.keys.get(key);
      if (!list) continue;
      for (const { spelling, value } of list) {
        if (spelling[0] !== typed[0]) continue;
        const max = allowedEdits(spelling.length);
        const d = editDistance(typed, spelling, max);
        if (d > max || d > bestDistance) continue;
        if (d === 1 && typed.length === spelling.length && !plausibleSameLength(typed, spelling)) continue;
        if (d === 2 && (typed.length < 8 || letterDifference(typed, spelling) > 2)) continue;
        if (d < bestDistance) {
          best = value;
          bestDistance = d;
          tie = false;
        } else if (best && best.category !== value.category) tie = true;
      }
    }
    return tie ? null : best;
  }
}
