// Names and words as people mistype them ("chipolte", "perscription", "restaraunt", "home depo"). One slip:
// a symmetric delete index; every known spelling is filed under itself and its one-letter deletions, and
// so is the word typed, so substitutions, insertions, deletions and swapped neighbours meet at a shared key.
// Two slips (long words only): the few long spellings with the same first letter and a length within two
// are compared directly. Candidates are checked by true edit distance and the closest wins; two different
// categories equally close are ambiguous, so nothing is guessed.
//
// What a slip of the finger or spelling by ear makes, not what another real word looks like: a typo keeps
// its first letter ("bucks" is not "vbucks", "barking" not "parking"), a wrong letter is a neighbouring
// key, a vowel or a letter that sounds alike ("kroher", "panara", "instacard"; never "packing" for
// "parking"), and two slips are allowed only in long words made of nearly the same letters ("restaraunt",
// never "generated" for "generator").

/** Edits allowed for a known spelling of this length: one from six letters, two from ten. */
export function allowedEdits(length: number): number {
  return length >= 10 ? 2 : length >= 6 ? 1 : 0;
}

/** Optimal string alignment distance (Levenshtein plus swapped neighbours), stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  let before = new Int32Array(width);
  let previous = new Int32Array(width);
  let current = new Int32Array(width);
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    for (let j = 1; j < width; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length];
}

const KEY_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
const ROW_SHIFT = [0, 0.25, 0.75];
const KEY_AT = new Map<string, [number, number]>();
KEY_ROWS.forEach((row, r) => [...row].forEach((ch, c) => KEY_AT.set(ch, [r, c + ROW_SHIFT[r]])));
const VOWELS = "aeiouy";
// Letters that sound alike, so a word spelt by ear swaps them ("instacard"; "insurence" is a vowel).
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

interface Entry<T> {
  spelling: string;
  value: T;
}

export class TypoIndex<T extends { category: string }> {
  /** One-slip keys: each spelling and its one-letter deletions. */
  private readonly keys = new Map<string, Array<Entry<T>>>();
  /** Two-slip candidates: long spellings by first letter and length ("r10"). */
  private readonly long = new Map<string, Array<Entry<T>>>();
  private longest = 0;
  /** First letter and length of every spelling ("r10"): a word with no spelling near its length is skipped at once. */
  private readonly shapes = new Set<string>();

  /** `maxEdits` caps the edits for every spelling (1 for names typed across several words: cheaper, safer). */
  constructor(private readonly maxEdits = 2) {}

  /** Files `spelling` (lower-case letters and digits, no spaces) so that near misses of it find `value`. */
  add(spelling: string, value: T): void {
    const edits = Math.min(this.maxEdits, allowedEdits(spelling.length));
    if (edits === 0) return;
    this.longest = Math.max(this.longest, spelling.length);
    this.shapes.add(`${spelling[0]}${spelling.length}`);
    const entry = { spelling, value };
    const keys = new Set<string>([spelling]);
    for (let i = 0; i < spelling.length; i++) keys.add(spelling.slice(0, i) + spelling.slice(i + 1));
    for (const key of keys) {
      const list = this.keys.get(key);
      if (!list) this.keys.set(key, [entry]);
      else if (!list.some((e) => e.spelling === spelling)) list.push(entry);
    }
    if (edits === 2) {
      const bucket = `${spelling[0]}${spelling.length}`;
      this.long.set(bucket, [...(this.long.get(bucket) ?? []), entry]);
    }
  }

  /** The closest known spelling within its allowed edits, or null when none is (or two categories tie). */
  find(typed: string): T | null {
    // Nothing known is within reach of a word this long (the common case for long unknown words: cheap).
    if (typed.length < 5 || typed.length > this.longest + this.maxEdits) return null;
    let near = false;
    for (let length = typed.length - this.maxEdits; length <= typed.length + this.maxEdits && !near; length++) near = this.shapes.has(`${typed[0]}${length}`);
    if (!near) return null;
    let best: T | null = null;
    let bestDistance = Infinity;
    let tie = false;
    const consider = ({ spelling, value }: Entry<T>, max: number) => {
      if (spelling[0] !== typed[0]) return;
      const d = editDistance(typed, spelling, max);
      if (d > max || d > bestDistance) return;
      if (d === 1 && typed.length === spelling.length && !plausibleSameLength(typed, spelling)) return;
      if (d === 2 && (typed.length < 8 || letterDifference(typed, spelling) > 2)) return;
      if (d < bestDistance) {
        best = value;
        bestDistance = d;
        tie = false;
      } else if (best && best.category !== value.category) tie = true;
    };
    const keys = new Set<string>([typed]);
    for (let i = 0; i < typed.length; i++) keys.add(typed.slice(0, i) + typed.slice(i + 1));
    for (const key of keys) for (const entry of this.keys.get(key) ?? []) consider(entry, 1);
    if (bestDistance > 1 && typed.length >= 8) {
      for (let length = typed.length - 2; length <= typed.length + 2; length++) {
        for (const entry of this.long.get(`${typed[0]}${length}`) ?? []) consider(entry, 2);
      }
    }
    return tie ? null : best;
  }
}

// Spelling by ear and by play: "starbux" is "starbucks", "farmacy" is "pharmacy", "kwik" is "quick", "gass" and
// "coffe" are "gas" and "coffee" with a letter doubled or dropped from a double. The sound-alike key spells
// each sound one way (ph → f, ck/c/q → k, x → ks, z → s, soft c → s, wh → w, y inside a word → i) and
// collapses doubled letters, so the spellings of one sound meet at one key. A real English word that meets a
// known word's key ("poop" and "pop") is meant as typed: the caller keeps a list of those.

/** The sound-alike key of a lower-case word (letters only). */
export function soundKey(word: string): string {
  return keyOf(word);
}

/**
 * The word's sound-alike keys: as spelt, and with a long e sound at its end spelt one way ("coffee", "coffie",
 * "coffey", "smoothy", "dunkies"); "coffe" meets "coffee" by the first, "coffie" by the second.
 */
export function soundKeys(word: string): string[] {
  const plain = keyOf(word);
  const longE = word.replace(/(?<=[^aeiouy])(?:ee|ie|ea|ey|y)(s?)$/, "i$1");
  if (longE === word) return [plain];
  const second = keyOf(longE);
  return second === plain ? [plain] : [plain, second];
}

function keyOf(word: string): string {
  const w = word
    .replace(/(.)\1+/g, "$1")
    .replace(/ph/g, "f")
    .replace(/wh/g, "w")
    .replace(/qu/g, "kw")
    .replace(/q/g, "k")
    .replace(/ch/g, "\u0001")
    .replace(/ck/g, "k")
    .replace(/c(?=[eiy])/g, "s")
    .replace(/c/g, "k")
    .replace(/\u0001/g, "ch")
    .replace(/x/g, "ks")
    .replace(/z/g, "s")
    .replace(/(?<=.)y/g, "i");
  return w.replace(/(.)\1+/g, "$1");
}
