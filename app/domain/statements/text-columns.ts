// Fixed-width statements with a money-out and a money-in column ("Paid out  Paid in  Balance", "Withdrawals
// Deposits", "Debit  Credit", "Soll  Haben", "Débit  Crédit", "Cargo  Abono"): the column an unsigned amount
// stands under says which way it went (issue 21). Read from the table header's labels and where each amount
// stands on its line; used only where the lines keep their layout (a text statement, not a PDF's rejoined text).

export type ColumnKind = "in" | "out" | "balance";

export interface ColumnLabel {
  kind: ColumnKind;
  start: number;
  end: number;
}

const LABELS: Array<[ColumnKind, string]> = [
  ["balance", String.raw`(?:ending daily |running |closing )?balance|saldo|solde|kontostand`],
  ["out", String.raw`paid out|money out|withdrawn|withdrawals?(?: ?\/ ?subtractions)?|payments? ?-? ?out|debits?|soll|belastung(?:en)?|lastschrift(?:en)?|d[ée]bits?|cargos?|af|uitgaven|dare|uscite|retiros?|sa[íi]das?|ausg[äa]nge?|charges|outgoings`],
  ["in", String.raw`paid in|money in|deposits?(?: ?\/ ?additions)?|payments? ?-? ?in|credits?|receipts|haben|gutschrift(?:en)?|cr[ée]dits?|abonos?|bij|inkomsten|avere|entrate|dep[óo]sitos?|ingresos|entradas|eing[äa]nge?|incomings`],
];
const LABEL = new RegExp(LABELS.map(([, source]) => `(?<=^|[\\s(/|])(${source})(?=$|[\\s(/:|£$€)])`).join("|"), "gi");
/** A header holds names, not money. */
const MONEY = /\d[.,]\d{2}\b/;

/**
 * The money columns a header line names, with where each stands, or null when the line names no money-out and
 * money-in column apart from each other ("Debit/Credit" is one column of signed amounts, not two).
 */
export function columnLabels(line: string): ColumnLabel[] | null {
  if (line.length > 400 || MONEY.test(line)) return null;
  const labels: ColumnLabel[] = [];
  for (const m of line.matchAll(LABEL)) {
    const kind = LABELS[m.slice(1).findIndex((g) => g !== undefined)]?.[0];
    if (kind) labels.push({ kind, start: m.index!, end: m.index! + m[0].length });
  }
  const outs = labels.filter((l) => l.kind === "out");
  const ins = labels.filter((l) => l.kind === "in");
  if (outs.length !== 1 || ins.length !== 1) return null;
  const [a, b] = outs[0].start < ins[0].start ? [outs[0], ins[0]] : [ins[0], outs[0]];
  if (!/\s{2,}/.test(line.slice(a.end, b.start))) return null;
  return labels;
}

/**
 * Which column an amount printed at [start, end) of its line stands under: the label nearest to it (amounts are
 * right- or left-aligned to their label, so the gap between the two spans). Null when it stands nearest the
 * balance, or as near the money-out as the money-in label.
 */
export function columnOf(labels: ColumnLabel[], start: number, end: number): "in" | "out" | null {
  const gap = (l: ColumnLabel) => Math.max(0, l.start - end, start - l.end);
  let best: ColumnLabel | null = null;
  let tie = false;
  for (const l of labels) {
    if (!best || gap(l) < gap(best)) [best, tie] = [l, false];
    else if (gap(l) === gap(best) && l.kind !== best.kind) tie = true;
  }
  if (!best || tie || best.kind === "balance") return null;
  return best.kind;
}
