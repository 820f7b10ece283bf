// Directions of unsigned amounts from a running balance (issues 10 and 21). A statement that prints money out
// and money in without signs still prints the balance after them: its change says which way each row went.
// Some print the balance only on the last row of a day (HSBC, NatWest, Wells Fargo's "ending daily balance"):
// the change over that day's rows is then their signed sum, and the one way of signing them that adds up to
// it gives each row's direction.

/** Rows between two balances read together at most (2^8 ways of signing them): a day of a household's rows. */
const MAX_RUN = 8;

interface Run {
  /** Indices of the rows the balance's change covers. */
  rows: number[];
  delta: number;
}

/** Per row of the run: true (in), false (out) or null when the ways of signing it that fit disagree; null when none fits. */
function signRun(cents: number[], delta: number): Array<boolean | null> | null {
  const k = cents.length;
  if (k === 0 || k > MAX_RUN) return null;
  let always = (1 << k) - 1;
  let never = (1 << k) - 1;
  let fits = 0;
  for (let mask = 0; mask < 1 << k; mask++) {
    let sum = 0;
    for (let i = 0; i < k; i++) sum += mask & (1 << i) ? cents[i] : -cents[i];
    if (sum !== delta) continue;
    fits++;
    always &= mask;
    never &= ~mask;
  }
  if (fits === 0) return null;
  return cents.map((_, i) => (always & (1 << i) ? true : never & (1 << i) ? false : null));
}

/**
 * Unsigned withdrawals and deposits next to a running balance: the balance's change says which way each row
 * went, also over rows printed without a balance. Works for oldest-first and newest-first statements (whichever
 * order explains more of the balance's changes). `opening` is a balance printed before the first row
 * ("Balance brought forward", "Opening balance"), which places an oldest-first statement's first row too.
 */
export function directionsFromBalance(records: Array<{ cents: number; balance: number | null }>, opening?: number | null): Array<boolean | null> {
  const cents = records.map((r) => Math.abs(r.cents));
  const balances = records.map((r) => r.balance);
  // Oldest first: a balance covers the rows since the previous one (the opening balance stands before row 0).
  // Newest first: it covers the rows down to the next one.
  const forward: Run[] = [];
  const backward: Run[] = [];
  let last = opening === undefined || opening === null ? -2 : -1;
  for (let i = 0; i < records.length; i++) {
    const b = balances[i];
    if (b === null) continue;
    if (last >= -1 && i - last <= MAX_RUN) {
      const before = last === -1 ? opening! : balances[last]!;
      forward.push({ rows: range(last + 1, i + 1), delta: b - before });
      if (last >= 0) backward.push({ rows: range(last, i), delta: before - b });
    }
    last = i;
  }
  const solve = (runs: Run[]) => runs.map((run) => signRun(run.rows.map((i) => cents[i]), run.delta));
  const f = solve(forward);
  const b = solve(backward);
  const hits = (s: Array<unknown>) => s.filter(Boolean).length;
  const out: Array<boolean | null> = records.map(() => null);
  if (hits(f) === 0 && hits(b) === 0) return out;
  const [runs, signs] = hits(f) >= hits(b) ? [forward, f] : [backward, b];
  runs.forEach((run, r) => run.rows.forEach((i, k) => {
    if (signs[r]) out[i] = signs[r]![k];
  }));
  return out;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, k) => from + k);
}
