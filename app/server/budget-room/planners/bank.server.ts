import { and, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import { memoryFromRows } from "../../merchant-memory.server";
import { decideBankTransactions, type BankTxn, type HandExpense, type StoredDisposition, type StoredTxn } from "~/domain/bank-sync/rules";
import { findRelinked, institutionKey } from "~/domain/bank-sync/relink";
import { monthOf } from "~/domain/reset-period";
import { bankAccounts, bankTransactions, expenses, lineItems, merchantCategories, plaidItems, syncEvents } from "../../db/schema";
import { batchableRun, inJson, insertJsonRows } from "../../db/json-rows.server";
import { CommandRejected, requireOwner, type Planners, type Statement } from "../plan-context.server";
import { RECONCILE_WINDOW_DAYS, TRANSFER_WINDOW_DAYS } from "~/domain/bank-sync/rules";

// Bank sync writes (issue 20). Every planner reads what it needs in one batch and returns its writes as
// one batch; rows travel as JSON parameters (db/json-rows.server.ts), never one statement per row.

type BankCommand = "linkBankItem" | "applyBankSync" | "setBankItemStatus" | "removeBankAccount" | "setLineBankSync" | "cleanupBankExpenses";

const EXTERNAL_PREFIX = "plaid:";
/** Removed accounts' transactions read per part to find re-linked ones (a household's two years is ~5,000). */
const MAX_ORPHANS_READ = 20_000;

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export const bankPlanners: Planners<BankCommand> = {
  /**
   * Stores a newly linked Item and its accounts. A bank already linked to this budget (same institution,
   * every mask already present on an active account) adds nothing: the caller removes the new Item at Plaid.
   */
  async linkBankItem({ db, budgetId, actorId, now }, command) {
    const existing = await db
      .select({ mask: bankAccounts.mask, institutionName: bankAccounts.institutionName, institutionId: plaidItems.institutionId })
      .from(bankAccounts)
      .innerJoin(plaidItems, eq(plaidItems.id, bankAccounts.plaidItemId))
      .where(and(eq(bankAccounts.budgetId, budgetId), ne(bankAccounts.status, "removed"), ne(plaidItems.status, "removed")));
    const sameBank = existing.filter((a) =>
      command.institutionId && a.institutionId ? a.institutionId === command.institutionId : (a.institutionName ?? "").toLowerCase() === (command.institutionName ?? "").toLowerCase(),
    );
    const knownMasks = new Set(sameBank.map((a) => a.mask ?? ""));
    if (sameBank.length > 0 && command.accounts.every((a) => knownMasks.has(a.mask ?? ""))) {
      return { statements: [], result: { alreadyLinked: true, accountsAdded: 0 } };
    }
    const statements: Statement[] = [
      db.insert(plaidItems).values({
        id: command.plaidItemRowId,
        budgetId,
        userId: actorId,
        itemId: command.itemId,
        accessTokenEncrypted: command.accessTokenEncrypted,
        institutionId: command.institutionId,
        institutionName: command.institutionName,
        cursor: null,
        status: "active",
        createdAt: now,
        updatedAt: now,
      }),
      ...insertJsonRows(
        db,
        "bank_accounts",
        ["id", "plaid_item_id", "budget_id", "account_id", "name", "official_name", "institution_name", "mask", "type", "subtype", "current_balance_cents", "available_balance_cents", "status", "created_at", "updated_at"],
        command.accounts.map((a) => [crypto.randomUUID(), command.plaidItemRowId, budgetId, a.accountId, a.name, a.officialName, command.institutionName, a.mask, a.type, a.subtype, a.currentCents, a.availableCents, "active", now, now]),
      ),
    ];
    return { statements, result: { alreadyLinked: false, accountsAdded: command.accounts.length } };
  },

  /**
   * Applies one part of a /transactions/sync update by the sync rules (app/domain/bank-sync/rules.ts).
   * The last part (`finish`) also saves the cursor, records the sync event, marks the Item active and
   * releases its lease, all in this same batch: a cursor is never saved without its transactions.
   */
  async applyBankSync({ db, budgetId, now, member }, command) {
    const incoming = [...command.added, ...command.modified];
    const touchedIds = [...new Set([...incoming.map((t) => t.transactionId), ...command.removed])];
    const dates = incoming.map((t) => t.date).sort();
    const from = dates.length ? shiftDay(dates[0], -Math.max(TRANSFER_WINDOW_DAYS, RECONCILE_WINDOW_DAYS)) : "9999-12-31";
    const to = dates.length ? shiftDay(dates[dates.length - 1], Math.max(TRANSFER_WINDOW_DAYS, RECONCILE_WINDOW_DAYS)) : "0000-01-01";
    const [items, accounts, touched, nearby, bills, hand, memoryRows, orphans] = await db.batch([
      db.select({ id: plaidItems.id, userId: plaidItems.userId, status: plaidItems.status, institutionId: plaidItems.institutionId, institutionName: plaidItems.institutionName }).from(plaidItems).where(and(eq(plaidItems.id, command.plaidItemRowId), eq(plaidItems.budgetId, budgetId))).limit(1),
      db
        .select({ id: bankAccounts.id, plaidItemId: bankAccounts.plaidItemId, accountId: bankAccounts.accountId, mask: bankAccounts.mask, status: bankAccounts.status })
        .from(bankAccounts)
        .where(eq(bankAccounts.budgetId, budgetId)),
      db
        .select({ transactionId: bankTransactions.transactionId, bankAccountId: bankTransactions.bankAccountId, disposition: bankTransactions.disposition, importedExpenseId: bankTransactions.importedExpenseId, date: bankTransactions.date, amountCents: bankTransactions.amountCents })
        .from(bankTransactions)
        .where(and(eq(bankTransactions.budgetId, budgetId), inJson(sql`${bankTransactions.transactionId}`, touchedIds))),
      db
        .select({ transactionId: bankTransactions.transactionId, bankAccountId: bankTransactions.bankAccountId, disposition: bankTransactions.disposition, importedExpenseId: bankTransactions.importedExpenseId, date: bankTransactions.date, amountCents: bankTransactions.amountCents })
        .from(bankTransactions)
        .where(and(eq(bankTransactions.budgetId, budgetId), eq(bankTransactions.pending, false), gte(bankTransactions.date, from), lte(bankTransactions.date, to))),
      db
        .select({ id: lineItems.id, amountCents: lineItems.amountCents, matchingMerchants: lineItems.matchingMerchants, amountTolerancePercent: lineItems.amountTolerancePercent, matchingAccountMasks: lineItems.matchingAccountMasks })
        .from(lineItems)
        .where(and(eq(lineItems.budgetId, budgetId), eq(lineItems.kind, "expense"), eq(lineItems.bankSyncEnabled, true))),
      // Expenses logged by hand near these dates, with the bank transaction already linked to each (if any).
      db
        .select({ id: expenses.id, amountCents: expenses.amountCents, date: expenses.date, linkedTo: bankTransactions.transactionId })
        .from(expenses)
        .leftJoin(bankTransactions, eq(bankTransactions.importedExpenseId, expenses.id))
        .where(and(eq(expenses.budgetId, budgetId), inArray(expenses.source, ["chat", "form"]), gte(expenses.date, from), lte(expenses.date, to))),
      db.select({ key: merchantCategories.merchantKey, categoryId: merchantCategories.categoryId }).from(merchantCategories).where(eq(merchantCategories.budgetId, budgetId)),
      // Transactions of removed accounts on these dates: a bank linked again re-sends them under new ids.
      db
        .select({
          transactionId: bankTransactions.transactionId,
          institutionId: plaidItems.institutionId,
          institutionName: plaidItems.institutionName,
          mask: bankAccounts.mask,
          date: bankTransactions.date,
          amountCents: bankTransactions.amountCents,
          name: bankTransactions.name,
          merchantName: bankTransactions.merchantName,
          disposition: bankTransactions.disposition,
          matchedLineItemId: bankTransactions.matchedLineItemId,
          importedExpenseId: bankTransactions.importedExpenseId,
        })
        .from(bankTransactions)
        .innerJoin(bankAccounts, eq(bankAccounts.id, bankTransactions.bankAccountId))
        .innerJoin(plaidItems, eq(plaidItems.id, bankAccounts.plaidItemId))
        .where(and(eq(bankTransactions.budgetId, budgetId), eq(bankAccounts.status, "removed"), gte(bankTransactions.date, dates[0] ?? "9999-12-31"), lte(bankTransactions.date, dates[dates.length - 1] ?? "0000-01-01")))
        .limit(MAX_ORPHANS_READ),
    ]);
    const item = items[0];
    if (!item || item.status === "removed") throw new CommandRejected(404, "Bank connection not found.");

    // Plaid account id → our row, for this Item's accounts; masks of every linked account (transfer legs).
    const rowOf = new Map<string, string>();
    for (const a of accounts) if (a.plaidItemId === item.id) rowOf.set(a.accountId, a.id);
    const accountIdOfRow = new Map(accounts.map((a) => [a.id, a.accountId]));
    const accountMasks = new Map<string, string | null>();
    for (const a of accounts) if (a.status !== "removed") accountMasks.set(a.accountId, a.mask);

    const storedById = new Map(touched.map((t) => [t.transactionId, t]));
    const toStored = (t: (typeof nearby)[number]): StoredTxn => ({
      transactionId: t.transactionId,
      accountId: accountIdOfRow.get(t.bankAccountId) ?? "",
      date: t.date,
      amountCents: t.amountCents,
      disposition: t.disposition as StoredDisposition,
      importedExpenseId: t.importedExpenseId,
    });
    const known = incoming.filter((t) => rowOf.has(t.accountId));
    // Re-link (rule 5 across links): a new id for a purchase a removed account of this bank already
    // brought in takes that transaction's place (its expense, bill or hand-logged link) instead of being decided again.
    const maskOf = new Map(accounts.map((a) => [a.accountId, a.mask]));
    const relinked = findRelinked(
      known.filter((t) => !storedById.has(t.transactionId)).map((t) => ({ ...t, mask: maskOf.get(t.accountId) ?? null })),
      institutionKey(item.institutionId, item.institutionName),
      orphans.map((o) => ({ ...o, institutionKey: institutionKey(o.institutionId, o.institutionName) })),
    );
    const orphanById = new Map(orphans.map((o) => [o.transactionId, o]));
    const usable = known.filter((t) => !relinked.has(t.transactionId));
    const usableIds = new Set(usable.map((t) => t.transactionId));
    // Hand-logged expenses not linked yet, plus those linked to a transaction this update re-decides.
    const handExpenses: HandExpense[] = hand.filter((e) => e.linkedTo === null || usableIds.has(e.linkedTo)).map((e) => ({ id: e.id, amountCents: e.amountCents, date: e.date }));
    const { decisions, storedNowTransfers } = decideBankTransactions({
      incoming: usable as BankTxn[],
      stored: nearby.map(toStored),
      accountMasks,
      bills: bills.map((b) => ({ ...b, matchingMerchants: b.matchingMerchants ?? [], matchingAccountMasks: b.matchingAccountMasks ?? [] })),
      handExpenses,
      memory: memoryFromRows(memoryRows),
    });

    const statements: Statement[] = [];
    const externalOf = (id: string) => `${EXTERNAL_PREFIX}${id}`;
    // autoImport off: new spending is kept for review (stored, matched, not an expense), and stays so when
    // Plaid updates it later; an expense that already exists stays one and follows its transaction.
    const kindOf = new Map<string, StoredDisposition>();
    for (const t of usable) {
      const decision = decisions.get(t.transactionId)!;
      const stored = storedById.get(t.transactionId);
      const hadExpense = stored?.disposition === "spending" && stored.importedExpenseId !== null;
      const review = !command.autoImport || stored?.disposition === "review";
      kindOf.set(t.transactionId, decision.kind === "spending" && review && !hadExpense ? "review" : decision.kind);
    }
    // 0. Re-linked transactions: their expense takes the new id, the removed account's row gives way.
    if (relinked.size > 0) {
      const pairs = JSON.stringify([...relinked].map(([fresh, old]) => [externalOf(old), externalOf(fresh)]));
      statements.push(
        batchableRun(db, sql`UPDATE expenses SET external_id = (SELECT json_extract(value, '$[1]') FROM json_each(${pairs}) WHERE json_extract(value, '$[0]') = expenses.external_id)
          WHERE budget_id = ${budgetId} AND source = 'bank' AND external_id IN (SELECT json_extract(value, '$[0]') FROM json_each(${pairs}))`),
        db.delete(bankTransactions).where(and(eq(bankTransactions.budgetId, budgetId), inJson(sql`${bankTransactions.transactionId}`, [...relinked.values()]))),
      );
    }
    // 1. Bank expenses that must go: removed transactions, and ones now decided as not spending.
    const dropExpensesFor = [
      ...command.removed,
      ...usable.filter((t) => kindOf.get(t.transactionId) !== "spending").map((t) => t.transactionId),
      ...storedNowTransfers,
    ];
    if (dropExpensesFor.length > 0) {
      statements.push(db.delete(expenses).where(and(eq(expenses.budgetId, budgetId), eq(expenses.source, "bank"), inJson(sql`${expenses.externalId}`, dropExpensesFor.map(externalOf)))));
    }
    if (command.removed.length > 0) {
      statements.push(db.delete(bankTransactions).where(and(eq(bankTransactions.budgetId, budgetId), inJson(sql`${bankTransactions.transactionId}`, command.removed))));
    }
    if (storedNowTransfers.length > 0) {
      statements.push(
        db
          .update(bankTransactions)
          .set({ disposition: "transfer", importedExpenseId: null })
          .where(and(eq(bankTransactions.budgetId, budgetId), inJson(sql`${bankTransactions.transactionId}`, storedNowTransfers))),
      );
    }

    // 2. The transactions themselves, upserted by (budget, transaction id): rule 5, one row per id ever.
    let imported = 0;
    let billsMatched = 0;
    let held = 0;
    const txnRows: unknown[][] = [];
    const expenseRows: unknown[][] = [];
    for (const t of usable) {
      const decision = decisions.get(t.transactionId)!;
      const kind = kindOf.get(t.transactionId)!;
      const stored = storedById.get(t.transactionId);
      if (decision.kind === "bill") billsMatched++;
      if (kind === "review") held++;
      if (decision.kind === "spending" && kind === "spending") {
        const past = t.date < member.periodStart;
        const hadExpense = stored?.disposition === "spending" && stored.importedExpenseId !== null;
        if (!hadExpense) imported++;
        expenseRows.push([crypto.randomUUID(), budgetId, item.userId, t.amountCents, decision.description, decision.categoryId, t.date, now, 1, null, "bank", externalOf(t.transactionId), past ? t.date : member.periodStart, past ? monthOf(t.date) : null, past ? now : null]);
      }
      txnRows.push([
        crypto.randomUUID(),
        budgetId,
        rowOf.get(t.accountId)!,
        t.transactionId,
        t.date,
        t.name,
        t.merchantName,
        t.amountCents,
        t.pending ? 1 : 0,
        t.pendingTransactionId,
        t.categoryPrimary,
        t.categoryDetailed,
        kind,
        decision.kind === "bill" ? decision.lineId : null,
        decision.kind === "reconciled" ? decision.expenseId : null,
        now,
      ]);
    }
    const knownById = new Map(known.map((t) => [t.transactionId, t]));
    for (const [fresh, old] of relinked) {
      const t = knownById.get(fresh)!;
      const was = orphanById.get(old)!;
      txnRows.push([crypto.randomUUID(), budgetId, rowOf.get(t.accountId)!, t.transactionId, t.date, t.name, t.merchantName, t.amountCents, t.pending ? 1 : 0, t.pendingTransactionId, t.categoryPrimary, t.categoryDetailed, was.disposition, was.matchedLineItemId, was.importedExpenseId, now]);
    }
    statements.push(
      ...insertJsonRows(
        db,
        "bank_transactions",
        ["id", "budget_id", "bank_account_id", "transaction_id", "date", "name", "merchant_name", "amount_cents", "pending", "pending_transaction_id", "category_primary", "category_detailed", "disposition", "matched_line_item_id", "imported_expense_id", "created_at"],
        txnRows,
        sql.raw(
          `ON CONFLICT(budget_id, transaction_id) DO UPDATE SET bank_account_id = excluded.bank_account_id, date = excluded.date, name = excluded.name, merchant_name = excluded.merchant_name, amount_cents = excluded.amount_cents, pending = excluded.pending, pending_transaction_id = excluded.pending_transaction_id, category_primary = excluded.category_primary, category_detailed = excluded.category_detailed, disposition = excluded.disposition, matched_line_item_id = excluded.matched_line_item_id, imported_expense_id = excluded.imported_expense_id`,
        ),
      ),
    );
    // 3. Their expenses: new ones inserted; a modified one keeps its row, category and period, takes the new amount and date.
    statements.push(
      ...insertJsonRows(
        db,
        "expenses",
        ["id", "budget_id", "user_id", "amount_cents", "description", "category_id", "date", "created_at", "enabled", "original_input", "source", "external_id", "period_start", "budget_month", "archived_at"],
        expenseRows,
        sql.raw(`ON CONFLICT(budget_id, external_id) DO UPDATE SET amount_cents = excluded.amount_cents, date = excluded.date, description = excluded.description`),
      ),
    );
    const spendingIds = usable.filter((t) => kindOf.get(t.transactionId) === "spending").map((t) => t.transactionId);
    if (spendingIds.length > 0) {
      statements.push(
        db
          .update(bankTransactions)
          .set({ importedExpenseId: sql`(SELECT e.id FROM expenses e WHERE e.budget_id = ${budgetId} AND e.external_id = ${EXTERNAL_PREFIX} || ${bankTransactions.transactionId})` })
          .where(and(eq(bankTransactions.budgetId, budgetId), inJson(sql`${bankTransactions.transactionId}`, spendingIds))),
      );
    }
    // 4. Balances of the Item's accounts.
    const balances = command.accounts.filter((a) => rowOf.has(a.accountId)).map((a) => [rowOf.get(a.accountId)!, a.currentCents, a.availableCents]);
    if (balances.length > 0) {
      const json = JSON.stringify(balances);
      statements.push(
        batchableRun(db, sql`UPDATE bank_accounts SET
          current_balance_cents = (SELECT json_extract(value, '$[1]') FROM json_each(${json}) WHERE json_extract(value, '$[0]') = bank_accounts.id),
          available_balance_cents = (SELECT json_extract(value, '$[2]') FROM json_each(${json}) WHERE json_extract(value, '$[0]') = bank_accounts.id),
          updated_at = ${now}
          WHERE budget_id = ${budgetId} AND id IN (SELECT json_extract(value, '$[0]') FROM json_each(${json}))`),
      );
    }
    if (command.finish) {
      const f = command.finish;
      const totalImported = imported + f.carried.imported;
      // Rule 8's other half: the next successful sync sets the Item and its accounts back to active.
      statements.push(
        db.update(plaidItems).set({ cursor: f.cursor, status: "active", errorCode: null, syncLeaseUntil: null, lastSyncedAt: now, updatedAt: now }).where(eq(plaidItems.id, item.id)),
        db.update(bankAccounts).set({ status: "active", updatedAt: now }).where(and(eq(bankAccounts.plaidItemId, item.id), ne(bankAccounts.status, "removed"))),
        db.insert(syncEvents).values({
          id: crypto.randomUUID(),
          budgetId,
          plaidItemId: item.id,
          syncType: f.syncType,
          status: "success",
          transactionsImported: totalImported,
          // Against the transactions seen, not a sum per part: a restarted update sees its first pages again.
          transactionsSkipped: Math.max(0, incoming.length + f.carried.incoming - totalImported),
          billsMatched: billsMatched + f.carried.billsMatched,
          rangeStart: f.rangeStart,
          rangeEnd: f.rangeEnd,
          errorMessage: null,
          createdAt: now,
        }),
      );
    }
    return { statements, result: { imported, incoming: incoming.length, billsMatched, held, relinked: relinked.size } };
  },

  /** Item status from a failed sync or a webhook; a failed sync also leaves an error in the history. */
  async setBankItemStatus({ db, budgetId, now }, command) {
    const rows = await db.select({ id: plaidItems.id, status: plaidItems.status }).from(plaidItems).where(and(eq(plaidItems.id, command.plaidItemRowId), eq(plaidItems.budgetId, budgetId))).limit(1);
    if (!rows[0] || rows[0].status === "removed") throw new CommandRejected(404, "Bank connection not found.");
    const statements: Statement[] = [
      db.update(plaidItems).set({ status: command.status, errorCode: command.errorCode, syncLeaseUntil: null, updatedAt: now }).where(eq(plaidItems.id, command.plaidItemRowId)),
      db.update(bankAccounts).set({ status: command.status, updatedAt: now }).where(and(eq(bankAccounts.plaidItemId, command.plaidItemRowId), ne(bankAccounts.status, "removed"))),
    ];
    if (command.syncEvent) {
      statements.push(
        db.insert(syncEvents).values({
          id: crypto.randomUUID(),
          budgetId,
          plaidItemId: command.plaidItemRowId,
          syncType: command.syncEvent.syncType,
          status: command.syncEvent.partial ? "partial" : "error",
          transactionsImported: command.syncEvent.partial?.imported ?? 0,
          transactionsSkipped: command.syncEvent.partial?.skipped ?? 0,
          billsMatched: command.syncEvent.partial?.billsMatched ?? 0,
          rangeStart: command.syncEvent.partial?.rangeStart ?? null,
          rangeEnd: command.syncEvent.partial?.rangeEnd ?? null,
          errorMessage: command.syncEvent.message,
          createdAt: now,
        }),
      );
    }
    return { statements, result: { status: command.status } };
  },

  /**
   * Removes an account from the budget (the member who linked its bank, or the owner). Its transactions
   * and the expenses already imported stay: they are the household's history. When the Item's last
   * account goes, its access token is deleted (the caller removes the Item at Plaid).
   */
  async removeBankAccount({ db, budgetId, actorId, now, member }, command) {
    const rows = await db
      .select({ id: bankAccounts.id, itemRowId: bankAccounts.plaidItemId, linkedBy: plaidItems.userId })
      .from(bankAccounts)
      .innerJoin(plaidItems, eq(plaidItems.id, bankAccounts.plaidItemId))
      .where(and(eq(bankAccounts.id, command.bankAccountId), eq(bankAccounts.budgetId, budgetId), ne(bankAccounts.status, "removed")))
      .limit(1);
    const account = rows[0];
    if (!account) throw new CommandRejected(404, "Bank account not found.");
    if (member.role !== "owner" && account.linkedBy !== actorId) throw new CommandRejected(403, "Only the member who linked this bank or the budget's owner can remove it.");
    const others = await db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.plaidItemId, account.itemRowId), ne(bankAccounts.status, "removed"), ne(bankAccounts.id, account.id)))
      .limit(1);
    const lastOfItem = others.length === 0;
    const statements: Statement[] = [db.update(bankAccounts).set({ status: "removed", updatedAt: now }).where(eq(bankAccounts.id, account.id))];
    if (lastOfItem) {
      statements.push(db.update(plaidItems).set({ status: "removed", accessTokenEncrypted: "", cursor: null, syncLeaseUntil: null, updatedAt: now }).where(eq(plaidItems.id, account.itemRowId)));
    }
    return { statements, result: { itemRemoved: lastOfItem, plaidItemRowId: account.itemRowId } };
  },

  /** A fixed bill's matching rules (spec part 1, bank-sync matching panel). Owner only, as every line edit. */
  async setLineBankSync(ctx, command) {
    const { db, budgetId, now } = ctx;
    const rows = await db.select({ id: lineItems.id }).from(lineItems).where(and(eq(lineItems.id, command.lineItemId), eq(lineItems.budgetId, budgetId), eq(lineItems.kind, "expense"))).limit(1);
    if (!rows[0]) throw new CommandRejected(404, "Fixed expense not found.");
    requireOwner(ctx, "Only the budget's owner can change a bill's bank sync settings.");
    const set: Partial<typeof lineItems.$inferInsert> = {
      bankSyncEnabled: command.bankSyncEnabled,
      matchingMerchants: command.matchingMerchants,
      amountTolerancePercent: command.amountTolerancePercent,
      updatedAt: now,
    };
    if (command.matchingAccountMasks) set.matchingAccountMasks = command.matchingAccountMasks;
    return { statements: [db.update(lineItems).set(set).where(eq(lineItems.id, command.lineItemId))], result: { lineItemId: command.lineItemId } };
  },

  /**
   * Removes bank expenses whose bank transaction no longer exists or no longer counts as spending, and
   * re-links bank transactions to their expense where the link was lost. Hand-logged expenses are never touched.
   */
  async cleanupBankExpenses({ db, budgetId }) {
    const orphans = await db
      .select({ id: expenses.id })
      .from(expenses)
      .where(
        and(
          eq(expenses.budgetId, budgetId),
          eq(expenses.source, "bank"),
          sql`${expenses.externalId} LIKE 'plaid:%'`,
          sql`NOT EXISTS (SELECT 1 FROM bank_transactions bt WHERE bt.budget_id = ${budgetId} AND bt.disposition = 'spending' AND ${EXTERNAL_PREFIX} || bt.transaction_id = ${expenses.externalId})`,
        ),
      );
    const statements: Statement[] = [];
    if (orphans.length > 0) {
      statements.push(db.delete(expenses).where(and(eq(expenses.budgetId, budgetId), inJson(sql`${expenses.id}`, orphans.map((o) => o.id)))));
    }
    const unlinked = await db
      .select({ id: bankTransactions.id })
      .from(bankTransactions)
      .innerJoin(expenses, and(eq(expenses.budgetId, budgetId), sql`${expenses.externalId} = ${EXTERNAL_PREFIX} || ${bankTransactions.transactionId}`))
      .where(and(eq(bankTransactions.budgetId, budgetId), eq(bankTransactions.disposition, "spending"), sql`(${bankTransactions.importedExpenseId} IS NULL OR ${bankTransactions.importedExpenseId} <> ${expenses.id})`));
    if (unlinked.length > 0) {
      statements.push(
        db
          .update(bankTransactions)
          .set({ importedExpenseId: sql`(SELECT e.id FROM expenses e WHERE e.budget_id = ${budgetId} AND e.external_id = ${EXTERNAL_PREFIX} || ${bankTransactions.transactionId})` })
          .where(and(eq(bankTransactions.budgetId, budgetId), inJson(sql`${bankTransactions.id}`, unlinked.map((u) => u.id)))),
      );
    }
    return { statements, result: { removed: orphans.length, relinked: unlinked.length } };
  },
};
