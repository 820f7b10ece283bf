import type { BankTxn } from "./rules";

// A bank unlinked and linked again is a new Plaid Item, and Plaid gives the same purchases new
// transaction ids. Rule 5 (one expense per purchase) then needs more than the id: a new transaction is
// the successor of a stored one from a removed account of the same bank (institution) with the same mask,
// date, amount and normalised name. Each stored transaction is taken at most once, so two identical
// coffees on the same day stay two purchases.

/** A transaction stored for an account that was removed from the budget. */
export interface OrphanTxn {
  transactionId: string;
  institutionKey: string;
  mask: string | null;
  date: string;
  amountCents: number;
  name: string;
  merchantName: string | null;
}

/** Lower-case letters and digits only: "WHOLEFDS MKT #10234" and "Wholefds Mkt 10234" are one name. */
export function normalizeBankName(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Which bank an account belongs to: Plaid's institution id when known, else its name. */
export function institutionKey(institutionId: string | null, institutionName: string | null): string {
  return institutionId ? `id:${institutionId}` : `name:${(institutionName ?? "").trim().toLowerCase()}`;
}

function key(institution: string, mask: string | null, date: string, amountCents: number, name: string, merchantName: string | null): string {
  return [institution, mask ?? "", date, amountCents, normalizeBankName(merchantName?.trim() || name)].join("|");
}

/**
 * New transaction id → the removed account's transaction it replaces. `incoming` are this update's new
 * transactions (not stored under their own id yet) with their account's mask; `orphans` are candidates.
 */
export function findRelinked(
  incoming: ReadonlyArray<Pick<BankTxn, "transactionId" | "date" | "amountCents" | "name" | "merchantName"> & { mask: string | null }>,
  institution: string,
  orphans: readonly OrphanTxn[],
): Map<string, string> {
  const pool = new Map<string, string[]>();
  for (const o of orphans) {
    const k = key(o.institutionKey, o.mask, o.date, o.amountCents, o.name, o.merchantName);
    const list = pool.get(k);
    if (list) list.push(o.transactionId);
    else pool.set(k, [o.transactionId]);
  }
  const out = new Map<string, string>();
  for (const t of incoming) {
    const list = pool.get(key(institution, t.mask, t.date, t.amountCents, t.name, t.merchantName));
    const old = list?.shift();
    if (old) out.set(t.transactionId, old);
  }
  return out;
}
