import { parseAmount } from "./amounts";
import { splitLines } from "./decode";
import { detectDateOrder, toIsoDate } from "./dates";
import { looksLikeIncome } from "./signs";
import { MAX_STATEMENT_ROWS, NO_TRANSACTIONS, StatementError, TOO_MANY_ROWS, type ParsedStatement, type StatementRow } from "./types";

// OFX (SGML v1 with unclosed field tags, XML v2), QFX (OFX with an Intuit header) and QIF. Their amounts
// are signed the same way everywhere: negative is money out.

function field(block: string, tag: string): string {
  const m = new RegExp(`<${tag}>([^<\\r\\n]*)`, "i").exec(block);
  return m ? m[1].trim() : "";
}

function unescapeSgml(text: string): string {
  return text.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&apos;/g, "'").replace(/&quot;/g, '"');
}

// OFX transaction types that name a direction (PAYMENT, XFER and OTHER do not: a card payment is money in).
const TYPE_IN = /^(CREDIT|DEP|DIRECTDEP|INT|DIV)$/;
const TYPE_OUT = /^(DEBIT|POS|ATM|CHECK|FEE|SRVCHG|DIRECTDEBIT|CASH)$/;

export function parseOfx(text: string, opts: { today: string }): ParsedStatement {
  const rows: StatementRow[] = [];
  /** The direction each row's TRNTYPE names (true: money in), or null. */
  const types: Array<boolean | null> = [];
  let skipped = 0;
  let index = 0;
  for (const m of text.matchAll(/<STMTTRN>([\s\S]*?)(?=<\/STMTTRN>|<STMTTRN>|<\/BANKTRANLIST>)/gi)) {
    index++;
    const block = m[1];
    const posted = field(block, "DTPOSTED") || field(block, "DTUSER");
    // Some European banks write TRNAMT with a decimal comma ("-12,50"): let the amount reader decide.
    const amount = parseAmount(field(block, "TRNAMT"));
    const date = posted ? toIsoDate(posted.slice(0, 8), "ymd", { today: opts.today }) : null;
    if (!date || !amount || amount.cents === 0) {
      skipped++;
      continue;
    }
    const name = unescapeSgml(field(block, "NAME"));
    const memo = unescapeSgml(field(block, "MEMO"));
    const description = [name, memo && memo !== name ? memo : ""].filter(Boolean).join(" — ") || field(block, "TRNTYPE") || "(no description)";
    if (rows.length >= MAX_STATEMENT_ROWS) throw new StatementError(TOO_MANY_ROWS);
    rows.push({ date, description, amountCents: Math.abs(amount.cents), isIncome: amount.cents > 0, line: index });
    const type = field(block, "TRNTYPE").toUpperCase();
    types.push(TYPE_IN.test(type) ? true : TYPE_OUT.test(type) ? false : null);
  }
  if (rows.length === 0) throw new StatementError(NO_TRANSACTIONS);
  const version = /<\?xml|<\?OFX/i.test(text) ? "OFX 2 (XML)" : "OFX 1 (SGML)";
  // The spec signs TRNAMT from the account holder's side (money out negative), but some card issuers export
  // purchases positive or every amount unsigned. TRNTYPE says the direction too: when most typed rows
  // contradict their signs, the file's signs are the other way round; when no amount is negative, each typed
  // row takes its type's direction.
  let agree = 0;
  let disagree = 0;
  const anyNegative = rows.some((r) => !r.isIncome);
  rows.forEach((r, i) => {
    if (types[i] === null) return;
    if (types[i] === r.isIncome) agree++;
    else disagree++;
  });
  let signs = "negative amounts are money out";
  if (disagree > agree && disagree >= 2 && anyNegative) {
    for (const r of rows) r.isIncome = !r.isIncome;
    signs = "its transaction types (DEBIT, POS, CREDIT…) contradict the signs, so positive amounts are money out";
  } else if (!anyNegative && disagree > 0) {
    rows.forEach((r, i) => {
      r.isIncome = types[i] ?? looksLikeIncome(r.description);
    });
    signs = "no amount is negative: each transaction's type (DEBIT, POS, CREDIT…) gives its direction";
  }
  types.length = 0;
  const notes = [`${/INTU\.BID|<INTU\./i.test(text) ? "QFX" : version}: ${rows.length} transaction(s); ${signs}.`];
  if (skipped) notes.push(`${skipped} transaction(s) without a date or amount skipped.`);
  return { format: "ofx", rows, notes, skipped };
}

export function parseQif(text: string, opts: { today: string }): ParsedStatement {
  const records: Array<{ dateRaw: string; cents: number; payee: string; memo: string; line: number }> = [];
  let current = { dateRaw: "", amount: "", payee: "", memo: "", line: 0 };
  let lineNo = 0;
  let skipped = 0;
  const flush = () => {
    const amount = parseAmount(current.amount);
    if (records.length >= MAX_STATEMENT_ROWS) throw new StatementError(TOO_MANY_ROWS);
    if (current.dateRaw && amount && amount.cents !== 0) records.push({ dateRaw: current.dateRaw, cents: amount.cents, payee: current.payee, memo: current.memo, line: current.line });
    else if (current.dateRaw || current.amount) skipped++;
    current = { dateRaw: "", amount: "", payee: "", memo: "", line: 0 };
  };
  for (const raw of splitLines(text)) {
    lineNo++;
    const l = raw.trim();
    if (!l || l.startsWith("!")) continue;
    const code = l[0];
    const value = l.slice(1).trim();
    if (code === "^") flush();
    else if (code === "D") [current.dateRaw, current.line] = [value.replace(/'\s?/, "/").replace(/\s/g, ""), lineNo];
    else if (code === "T" || (code === "U" && !current.amount)) current.amount = value;
    else if (code === "P") current.payee = value;
    else if (code === "M") current.memo = value;
  }
  flush();
  if (records.length === 0) throw new StatementError(NO_TRANSACTIONS);
  const order = detectDateOrder(records.map((r) => r.dateRaw));
  const rows: StatementRow[] = [];
  for (const r of records) {
    const date = toIsoDate(r.dateRaw, order, { today: opts.today });
    if (!date) {
      skipped++;
      continue;
    }
    rows.push({ date, description: r.payee || r.memo || "(no description)", amountCents: Math.abs(r.cents), isIncome: r.cents > 0, line: r.line });
  }
  if (rows.length === 0) throw new StatementError(NO_TRANSACTIONS);
  return { format: "qif", rows, notes: [`QIF: ${rows.length} transaction(s), dates ${order === "dmy" ? "day-first" : "month-first"}; negative amounts are money out.`], skipped };
}
