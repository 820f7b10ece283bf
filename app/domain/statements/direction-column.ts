import { DIRECTION_WORD_SOURCE } from "./words";

// A fixed-width statement whose debit/credit word stands in a column of its own, wide of the amount
// ("1.245,80        Wn      7.166,75", "87,45          addebito"). The row pattern reads a word up to three spaces
// after its amount; further out it could be a description's first word or a channel column. It is read here only
// where the words stand at one position down the statement (a column, left- or right-aligned), and then pulled next
// to its amount, the line's width kept so every column after it stays where it was.

/** An amount with decimals, a wide gap, a direction word, then the line's end or another column. */
const WIDE_WORD = new RegExp(String.raw`(\d[.,]\d{2})(\s{4,40})(${DIRECTION_WORD_SOURCE})\.?(?![A-Za-z\u00c0-\u024f\d])(?=\s{2,}\S|\s*$)`, "gi");
/** Longer lines are left alone (the row patterns skip them too). */
const MAX_LINE = 1_000;
/** A row holds its amount, maybe a second one and its balance: a line of more figures is no row of such a table. */
const MAX_FIGURES = 4;
/** At least this many rows, and this share of them at the one position, make a column. */
const MIN_ROWS = 2;
const SHARE = 0.8;

interface Hit {
  line: number;
  index: number;
  amountEnd: number;
  start: number;
  end: number;
  word: string;
}

/** The lines with a consistent column of direction words pulled next to their amounts; the same lines otherwise. */
export function withDirectionWordColumn(lines: string[]): { lines: string[]; column: boolean } {
  const hits: Hit[] = [];
  for (const [i, l] of lines.entries()) {
    if (l.length > MAX_LINE || !/\d[.,]\d{2}/.test(l) || (l.match(/\d[.,]\d{2}(?!\d)/g)?.length ?? 0) > MAX_FIGURES) continue;
    let last: Hit | null = null;
    for (const m of l.matchAll(WIDE_WORD)) {
      const amountEnd = m.index! + m[1].length;
      const start = amountEnd + m[2].length;
      last = { line: i, index: m.index!, amountEnd, start, end: start + m[0].length - m[1].length - m[2].length, word: m[0].slice(m[1].length + m[2].length) };
    }
    if (last) hits.push(last);
  }
  if (hits.length < MIN_ROWS) return { lines, column: false };
  const mode = (key: (h: Hit) => number) => {
    const counts = new Map<number, number>();
    for (const h of hits) counts.set(key(h), (counts.get(key(h)) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  };
  // Left-aligned words share their start, right-aligned ones their end.
  const [start, byStart] = mode((h) => h.start);
  const [end, byEnd] = mode((h) => h.end);
  const [key, at, n] = byStart >= byEnd ? [(h: Hit) => h.start, start, byStart] : [(h: Hit) => h.end, end, byEnd];
  if (n < MIN_ROWS || n < hits.length * SHARE) return { lines, column: false };
  const out = lines.slice();
  for (const h of hits) {
    if (key(h) !== at) continue;
    const l = lines[h.line];
    const pulled = ` ${h.word}`;
    const width = h.end - h.amountEnd;
    out[h.line] = l.slice(0, h.amountEnd) + pulled.padEnd(width, " ") + l.slice(h.end);
  }
  return { lines: out, column: true };
}
