import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { effectiveStatus, INVITATION_TTL_MS, inviteUrlFor, looksLikeToken, type InvitationStatus, type InvitationView, type InviteInput } from "~/domain/sharing";
import type { BudgetAccess } from "../budget.server";
import { applyBudgetCommand } from "../budget-room/client.server";
import type { AppContext } from "../context.server";
import { budgets, invitations, users, type UserRow } from "../db/schema";
import { refused, type SharingResult } from "./outcome.server";
import { invitationToken, newInvitationId, tokenHash } from "./tokens.server";

export function appOrigin(app: AppContext, request: Request): string {
  return app.config.APP_ORIGIN ? new URL(app.config.APP_ORIGIN).origin : new URL(request.url).origin;
}

async function toView(app: AppContext, origin: string, row: typeof invitations.$inferSelect): Promise<InvitationView> {
  const status = effectiveStatus(row.status, row.expiresAt, app.now);
  let token = status === "pending" ? await invitationToken(app.config.SESSION_SECRET, row.id) : null;
  // After SESSION_SECRET changed the re-derived token is not the one handed out: offer no wrong link.
  if (token && (await tokenHash(token)) !== row.token) token = null;
  return {
    id: row.id,
    inviteeEmail: row.inviteeEmail ?? "",
    role: "member",
    status,
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
    inviteToken: token,
    inviteUrl: token ? inviteUrlFor(origin, token) : null,
  };
}

const OWNER_ONLY = "Only the budget owner can manage invitations.";

/** The budget's invitations, newest first (a query: `budgetId` may be SQL, to ride with the session lookup). */
export function invitationsQuery(app: AppContext, budgetId: string | SQL) {
  // Every live invitation first (its link works, so the owner must see and be able to revoke it; at most
  // MAX_PENDING_INVITATIONS are made), then the newest settled ones (issue 18 #9).
  const live = sql`(${invitations.status} = 'pending' AND ${invitations.expiresAt} > ${app.now})`;
  return app.db.select().from(invitations).where(eq(invitations.budgetId, budgetId)).orderBy(desc(live), desc(invitations.createdAt)).limit(200);
}

export async function listInvitations(app: AppContext, access: BudgetAccess, origin: string, ridden?: Awaited<ReturnType<typeof invitationsQuery>> | null): Promise<SharingResult<InvitationView[]>> {
  if (access.role !== "owner") return refused(403, OWNER_ONLY);
  const rows = ridden ?? (await invitationsQuery(app, access.budget.id));
  return { ok: true, value: await Promise.all(rows.map((row) => toView(app, origin, row))) };
}

export async function createInvitation(app: AppContext, user: UserRow, access: BudgetAccess, input: InviteInput, origin: string): Promise<SharingResult<InvitationView>> {
  if (access.role !== "owner") return refused(403, "Only the budget owner can invite members.");
  const id = newInvitationId();
  const token = await invitationToken(app.config.SESSION_SECRET, id);
  const outcome = await applyBudgetCommand(app, access.budget.id, user.id, {
    type: "createInvitation",
    invitationId: id,
    inviteeEmail: input.email,
    tokenHash: await tokenHash(token),
    expiresAt: app.now + INVITATION_TTL_MS,
  });
  if (!outcome.ok) return refused(outcome.status, outcome.message);
  const [row] = await app.db.select().from(invitations).where(eq(invitations.id, id)).limit(1);
  return { ok: true, value: await toView(app, origin, row) };
}

export async function revokeInvitation(app: AppContext, user: UserRow, access: BudgetAccess, invitationId: string): Promise<SharingResult<{ id: string }>> {
  if (access.role !== "owner") return refused(403, OWNER_ONLY);
  const outcome = await applyBudgetCommand(app, access.budget.id, user.id, { type: "revokeInvitation", invitationId: invitationId.slice(0, 100) });
  if (!outcome.ok) return refused(outcome.status, outcome.message);
  return { ok: true, value: { id: invitationId } };
}

export const UNKNOWN_INVITATION = "This invitation link is not valid. Check that you copied the whole link.";

/**
 * Joins the budget the token's invitation belongs to. The token finds the budget (the caller names
 * none); the budget's room then checks the invitation again, with the e-mail and expiry, and joins.
 */
/**
 * What a pending invitation invites to (the budget's and its owner's names), shown before joining when
 * the link came from outside the app (issue 18 #8); null for a token that cannot be accepted, or that
 * was sent to another address than the signed-in user's (they learn nothing about the budget).
 */
export async function invitationPreview(app: AppContext, user: UserRow, token: unknown): Promise<{ budgetName: string; ownerName: string } | null> {
  if (!looksLikeToken(token)) return null;
  const [row] = await app.db
    .select({ status: invitations.status, expiresAt: invitations.expiresAt, inviteeEmail: invitations.inviteeEmail, budgetName: budgets.name, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(invitations)
    .innerJoin(budgets, eq(budgets.id, invitations.budgetId))
    .innerJoin(users, eq(users.id, budgets.ownerId))
    .where(eq(invitations.token, await tokenHash(token)))
    .limit(1);
  if (!row || effectiveStatus(row.status, row.expiresAt, app.now) !== "pending") return null;
  if (row.inviteeEmail && row.inviteeEmail.toLowerCase() !== user.email.toLowerCase()) return null;
  const ownerName = [row.firstName, row.lastName].filter(Boolean).join(" ") || row.email;
  return { budgetName: row.budgetName, ownerName };
}

export async function acceptInvitation(app: AppContext, user: UserRow, token: unknown): Promise<SharingResult<{ budgetId: string }>> {
  if (!looksLikeToken(token)) return refused(404, UNKNOWN_INVITATION);
  const hash = await tokenHash(token);
  const [row] = await app.db.select({ budgetId: invitations.budgetId }).from(invitations).where(and(eq(invitations.token, hash))).limit(1);
  if (!row) return refused(404, UNKNOWN_INVITATION);
  const outcome = await applyBudgetCommand(app, row.budgetId, user.id, { type: "acceptInvitation", tokenHash: hash });
  if (!outcome.ok) return refused(outcome.status, outcome.message);
  return { ok: true, value: { budgetId: row.budgetId } };
}
