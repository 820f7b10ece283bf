import { and, asc, count, eq, inArray, ne, or, sql } from "drizzle-orm";
import { plaidSettings } from "./plaid/client.server";
import { removeUserItemsAtPlaid } from "./plaid/items.server";
import { todayIn } from "~/domain/dates";
import { centsToDecimal } from "~/domain/money";
import { activityInsert } from "./activity.server";
import type { AppContext } from "./context.server";
import {
  budgetMembers,
  budgets,
  conversations,
  debtPlans,
  debts,
  expenses,
  lineItems,
  messages,
  sessions,
  supportMessages,
  uploads,
  users,
  type UserRow,
} from "./db/schema";
import { applyBudgetCommand, budgetRoom } from "./budget-room/client.server";
import { toSupportMessage } from "./support.server";
import { toPublicUser } from "./users.server";

/** A refusal the caller can explain (last admin, a budget that would not let go): 409 with this message. */
export class AccountConflict extends Error {}

export const LAST_ADMIN_MESSAGE = "This is the last admin account. Make someone else an admin first: the app always keeps at least one admin.";

/** Active admins other than `userId`: the last one can never be removed, suspended or demoted. */
export async function otherActiveAdmins(app: AppContext, userId: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.accountStatus, "active"), ne(users.id, userId)));
  return row?.n ?? 0;
}

export async function assertNotLastAdmin(app: AppContext, user: Pick<UserRow, "id" | "isAdmin" | "accountStatus">): Promise<void> {
  if (user.isAdmin && user.accountStatus === "active" && (await otherActiveAdmins(app, user.id)) === 0) throw new AccountConflict(LAST_ADMIN_MESSAGE);
}

function displayName(user: Pick<UserRow, "firstName" | "lastName" | "email">): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || user.email;
}

/** The budgets the user belongs to, so sockets can be closed and budgets handed over. */
async function membershipsOf(app: AppContext, userId: string) {
  return app.db.select({ budgetId: budgetMembers.budgetId, role: budgetMembers.role }).from(budgetMembers).where(eq(budgetMembers.userId, userId)).orderBy(asc(budgetMembers.joinedAt));
}

/** Closes the user's live sockets in every budget they belong to (sign-out, suspension, deletion). */
export async function disconnectEverywhere(app: AppContext, userId: string, budgetIds?: string[]): Promise<void> {
  const ids = budgetIds ?? (await membershipsOf(app, userId)).map((m) => m.budgetId);
  await Promise.all(ids.map((id) => budgetRoom(app.env, id).disconnectUser(userId).catch(() => 0)));
}

/** Suspension and deletion: every session of the user stops working at once, and their sockets close. */
export async function endAllSessions(app: AppContext, userId: string): Promise<void> {
  await app.db.delete(sessions).where(eq(sessions.userId, userId));
  await disconnectEverywhere(app, userId);
}

export interface DeletionReport {
  budgetsDeleted: number;
  budgetsTransferred: number;
  budgetsLeft: number;
  filesDeleted: number;
}

/**
 * Deletes an account (the user themselves, or an admin). Each budget is settled first, through its
 * BudgetRoom: a budget only they belong to is deleted, a shared one they own passes to the
 * longest-standing other member (told in chat), and their expenses in budgets that keep members stay as
 * "Former member". Then their statement files leave R2, and the user row goes with everything that
 * cascades from it (sessions, OAuth links, conversations, support messages, uploads, feature views).
 */
export async function deleteAccount(app: AppContext, user: UserRow, actor: { id: string; isAdmin: boolean }): Promise<DeletionReport> {
  await assertNotLastAdmin(app, user);
  const memberships = await membershipsOf(app, user.id);
  const budgetIds = memberships.map((m) => m.budgetId);
  // Budgets they alone belong to lose their uploads by cascade: note those files before the rows go.
  const soleBudgets = sql`(SELECT ${budgetMembers.budgetId} FROM ${budgetMembers} WHERE ${budgetMembers.userId} = ${user.id} AND (SELECT count(*) FROM ${budgetMembers} AS others WHERE others.budget_id = ${budgetMembers.budgetId}) = 1)`;
  const files = await app.db
    .select({ key: uploads.r2Key })
    .from(uploads)
    .where(or(eq(uploads.userId, user.id), inArray(uploads.budgetId, soleBudgets)));

  // Sockets first: nobody keeps listening as this user while the budgets change under them.
  await app.db.delete(sessions).where(eq(sessions.userId, user.id));
  await disconnectEverywhere(app, user.id, budgetIds);

  // Banks they linked are removed at Plaid before their rows go (a deleted budget or user cascades them).
  await removeUserItemsAtPlaid(app.db, plaidSettings(app), user.id);

  const report: DeletionReport = { budgetsDeleted: 0, budgetsTransferred: 0, budgetsLeft: 0, filesDeleted: 0 };
  for (const { budgetId } of memberships) {
    const outcome = await applyBudgetCommand(app, budgetId, user.id, { type: "leaveOnAccountDeletion", departingName: displayName(user) });
    // The membership may have ended meanwhile (removed by the owner): nothing left to settle there.
    if (!outcome.ok && (outcome.status === 403 || outcome.status === 404)) continue;
    // Anything else would let the user row's cascade take a shared budget with it: stop here.
    if (!outcome.ok) throw new AccountConflict(`Could not settle a budget before deleting the account: ${outcome.message}`);
    const result = outcome.result.outcome;
    if (result === "deleted") report.budgetsDeleted += 1;
    else if (result === "transferred") report.budgetsTransferred += 1;
    else report.budgetsLeft += 1;
  }

  const keys = files.map((f) => f.key).filter(Boolean);
  for (let i = 0; i < keys.length; i += 1000) await app.env.STATEMENTS.delete(keys.slice(i, i + 1000));
  report.filesDeleted = keys.length;

  const self = actor.id === user.id;
  await app.db.batch([
    app.db.delete(users).where(eq(users.id, user.id)),
    // The record of an admin's deletion belongs to the admin; a self-deletion keeps no trace of the user.
    activityInsert(app.db, {
      userId: self ? null : actor.id,
      type: self ? "budget" : "admin",
      description: self
        ? `An account was deleted by its owner (${report.budgetsDeleted} budgets deleted, ${report.budgetsTransferred} handed over)`
        : `Deleted the account ${user.email} (${report.budgetsDeleted} budgets deleted, ${report.budgetsTransferred} handed over)`,
      at: app.now,
    }),
  ]);
  return report;
}

/**
 * GET /api/export-data: everything the user owns or wrote, nothing anyone else wrote. Budgets they own
 * come whole (lines, debts); in a budget they only belong to, only their own expenses are theirs.
 */
export async function exportUserData(app: AppContext, user: UserRow) {
  const db = app.db;
  const [memberships, ownExpenses, convs, support, userUploads] = await db.batch([
    db
      .select({ id: budgets.id, name: budgets.name, ownerId: budgets.ownerId, resetDay: budgets.resetDay, timeZone: budgets.timeZone, currency: budgets.currency, periodStart: budgets.periodStart, role: budgetMembers.role, joinedAt: budgetMembers.joinedAt })
      .from(budgetMembers)
      .innerJoin(budgets, eq(budgets.id, budgetMembers.budgetId))
      .where(eq(budgetMembers.userId, user.id)),
    db.select().from(expenses).where(eq(expenses.userId, user.id)).orderBy(asc(expenses.createdAt)),
    db.select().from(conversations).where(eq(conversations.userId, user.id)).orderBy(asc(conversations.createdAt)),
    db.select().from(supportMessages).where(eq(supportMessages.userId, user.id)).orderBy(asc(supportMessages.createdAt)),
    db.select().from(uploads).where(eq(uploads.userId, user.id)).orderBy(asc(uploads.createdAt)),
  ]);
  // Subqueries, not id lists: D1 caps bound parameters per query at 100.
  const owned = db.select({ id: budgets.id }).from(budgets).where(eq(budgets.ownerId, user.id));
  const [lines, ownedDebts, plans, chat] = await db.batch([
    db.select().from(lineItems).where(inArray(lineItems.budgetId, owned)).orderBy(asc(lineItems.kind), asc(lineItems.position)),
    db.select().from(debts).where(inArray(debts.budgetId, owned)),
    db.select().from(debtPlans).where(inArray(debtPlans.budgetId, owned)),
    db.select().from(messages).where(inArray(messages.conversationId, userConversations(app, user.id))).orderBy(asc(messages.createdAt)),
  ]);
  const iso = (ms: number | null) => (ms ? new Date(ms).toISOString() : null);
  return {
    exportedAt: new Date(app.now).toISOString(),
    profile: toPublicUser(user),
    budgets: memberships.map((m) => ({
      id: m.id,
      name: m.name,
      role: m.role,
      joinedAt: iso(m.joinedAt),
      resetDay: m.resetDay,
      timeZone: m.timeZone,
      currency: m.currency,
      periodStart: m.periodStart,
      // Lines and debts are the owner's: a member's export leaves them with the owner.
      ...(m.ownerId === user.id
        ? {
            income: lines.filter((l) => l.budgetId === m.id && l.kind === "income").map(exportLine),
            fixedExpenses: lines.filter((l) => l.budgetId === m.id && l.kind === "expense").map(exportLine),
            debts: ownedDebts
              .filter((d) => d.budgetId === m.id)
              .map((d) => ({
                id: d.id,
                name: d.name,
                type: d.type,
                currentBalance: centsToDecimal(d.currentBalanceCents),
                interestRate: d.interestRate,
                minimumPayment: centsToDecimal(d.minimumPaymentCents),
                currentPayment: d.currentPaymentCents === null ? null : centsToDecimal(d.currentPaymentCents),
                creditor: d.creditor,
                paymentDueDate: d.paymentDueDate,
              })),
            debtPlan: exportPlan(plans.find((p) => p.budgetId === m.id)),
          }
        : {}),
    })),
    expenses: ownExpenses.map((e) => ({
      id: e.id,
      budgetId: e.budgetId,
      amount: centsToDecimal(e.amountCents),
      description: e.description,
      categoryId: e.categoryId,
      date: e.date,
      createdAt: iso(e.createdAt),
      enabled: e.enabled,
      originalInput: e.originalInput,
      source: e.source,
      budgetMonth: e.budgetMonth,
      archivedAt: iso(e.archivedAt),
    })),
    conversations: convs.map((c) => ({
      id: c.id,
      budgetId: c.budgetId,
      phase: c.phase,
      createdAt: iso(c.createdAt),
      messages: chat
        .filter((msg) => msg.conversationId === c.id)
        .map((msg) => ({ id: msg.id, sender: msg.sender, content: msg.content, messageType: msg.messageType, metadata: msg.metadata, createdAt: iso(msg.createdAt) })),
    })),
    supportMessages: support.map(toSupportMessage),
    uploads: userUploads.map((u) => ({
      id: u.id,
      budgetId: u.budgetId,
      fileName: u.fileName,
      sizeBytes: u.sizeBytes,
      status: u.status,
      createdAt: iso(u.createdAt),
      transactions: Array.isArray(u.result?.transactions) ? u.result.transactions : [],
    })),
  };
}

function userConversations(app: AppContext, userId: string) {
  return app.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.userId, userId));
}

function exportPlan(plan: typeof debtPlans.$inferSelect | undefined) {
  return plan ? { strategy: plan.strategy, extraPayment: centsToDecimal(plan.extraPaymentCents) } : null;
}

function exportLine(l: typeof lineItems.$inferSelect) {
  return { id: l.id, label: l.label, amount: centsToDecimal(l.amountCents), category: l.category, isSingleMonth: l.isSingleMonth };
}

export function exportDay(app: AppContext): string {
  return todayIn("UTC", app.now);
}

export async function setSmsConsent(app: AppContext, userId: string, consent: boolean): Promise<UserRow> {
  const [row] = await app.db
    .update(users)
    .set({ smsOptInConsent: consent, smsOptInDate: consent ? app.now : null, updatedAt: app.now })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** DELETE /api/chat-history: the user's chat messages in every budget; conversations restart empty. */
export async function clearChatHistory(app: AppContext, userId: string): Promise<number> {
  const deleted = await app.db.delete(messages).where(inArray(messages.conversationId, userConversations(app, userId))).returning({ id: messages.id });
  return deleted.length;
}
