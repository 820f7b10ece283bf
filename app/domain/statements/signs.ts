// Which way the money went when a statement prints one signed amount. Banks disagree: checking accounts
// print withdrawals negative, card issuers print purchases positive and payments negative. The rows that
// are certainly income (salary, deposits, refunds, card payments) tell the two apart.

const INCOME_LIKE = /\b(payroll|salary|salaris|gehalt|lohn|loon|salaire|n[óo]mina|salario|sal[áa]rio|stipendio|direct dep(osit)?|dir dep|deposit|interest paid|interest earned|refund|reembolso|remboursement|rimborso|erstattung|r[üu]ckerstattung|terugbetaling|devoluci[óo]n|estorno|payment received|pago recibido|zahlung erhalten|zahlungseingang|gutschrift|paiement re[çc]u|virement re[çc]u|betaling ontvangen|pagamento ricevuto|pagamento recebido|bonifico ricevuto|transferencia recibida|payment - thank you|payment thank you|thank you|autopay payment|online payment|cashback|reversal)\b/i;
// Japanese and Chinese words have no \b word boundaries: salary, bonus, refund, interest received.
const INCOME_LIKE_CJK = /給与|給料|賞与|返金|返品|払戻|受取利息|ご入金|工资|退款/;

export function looksLikeIncome(description: string): boolean {
  return INCOME_LIKE.test(description) || INCOME_LIKE_CJK.test(description);
}

/** "unsigned": no amount is negative, so the sign says nothing; each row's wording decides. */
export type SignConvention = "negative-is-expense" | "positive-is-expense" | "unsigned";

/** Whether a row with signed `cents` is income under `convention`. */
export function incomeBySign(convention: SignConvention, cents: number, description: string): boolean {
  if (convention === "unsigned") return looksLikeIncome(description);
  return convention === "negative-is-expense" ? cents > 0 : cents < 0;
}

/**
 * Decides from the rows themselves: where the income-like rows fall, else a card statement's wording,
 * else the checking-account convention (negative is money out).
 */
export function detectSignConvention(rows: Iterable<{ description: string; cents: number }>, hints: { cardStatement?: boolean } = {}): { convention: SignConvention; reason: string } {
  let incomeNegative = 0;
  let incomePositive = 0;
  let negatives = 0;
  let positives = 0;
  for (const r of rows) {
    if (r.cents < 0) negatives++;
    else if (r.cents > 0) positives++;
    if (!looksLikeIncome(r.description)) continue;
    if (r.cents < 0) incomeNegative++;
    else if (r.cents > 0) incomePositive++;
  }
  if (negatives === 0) return { convention: "unsigned", reason: "no amount is negative: salary, deposits, refunds and payments read as income, the rest as spending" };
  if (incomeNegative > incomePositive) return { convention: "positive-is-expense", reason: "income-like rows (deposits, refunds, payments) are negative" };
  if (incomePositive > incomeNegative) return { convention: "negative-is-expense", reason: "income-like rows (salary, deposits, refunds) are positive" };
  if (hints.cardStatement) return { convention: "positive-is-expense", reason: "a card statement: purchases positive, payments and credits negative" };
  // Nothing says which way: a household's many rows are spending and its few are money in, so a file of mostly
  // positive amounts (a card export with no card words) prints purchases positive. Reading a purchase as income
  // is the worst error, so the lopsided case goes this way.
  if (positives >= 3 && positives >= negatives * 3) return { convention: "positive-is-expense", reason: "most amounts are positive and none reads as income: positive amounts are purchases (a card export), negative ones credits" };
  return { convention: "negative-is-expense", reason: "negative amounts are money out" };
}
