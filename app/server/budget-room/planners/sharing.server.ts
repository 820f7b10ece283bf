import { and, asc, count, desc, eq, gt, lte, ne, sql } from "drizzle-orm";
import { MAX_PENDING_INVITATIONS } from "~/domain/sharing";
import type { Db } from "../../db/client.server";
import { budgetMembers, budgets, invitations, users } from "../../db/schema";
import { CommandRejected, requireOwner, type Planners, type Statement } from "../plan-context.server";
import { ALREADY_MEMBER_TEXT } from "~/domain/sharing";

/**
 * A user leaving budget `budgetId` keeps looking at something: if it was their active budget, the one
 * they own (else the one they joined first) becomes active; with none left, requireBudget creates one.
 */
async function fallBackFrom(db: Db, budgetId: string, userId: string, now: number): Promise<Statement[]> {
  const [next] = await db
    .select({ budgetId: budgetMembers.budgetId })
    .from(budgetMembers)
    .where(and(eq(budgetMembers.userId, userId), ne(budgetMembers.budgetId, budgetId)))
    .orderBy(desc(sql`${budgetMembers.role} = 'owner'`), asc(budgetMembers.joinedAt))
    .limit(1);
  // In a list: an async function returning the query itself would run it (queries are thenables).
  return [
    db
      .update(users)
      .set({ activeBudgetId: next?.budgetId ?? null, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.activeBudgetId, budgetId))),
  ];
}

export const sharingPlanners: Planners<"createInvitation" | "revokeInvitation" | "acceptInvitation" | "removeMember" | "leaveBudget"> = {
  async createInvitation(ctx, command) {
    requireOwner(ctx, "Only the budget owner can invite members.");
    const { db, budgetId, now } = ctx;
    const email = command.inviteeEmail;
    const [member, pending, live] = await db.batch([
      db
        .select({ id: budgetMembers.id })
        .from(budgetMembers)
        .innerJoin(users, eq(users.id, budgetMembers.userId))
        .where(and(eq(budgetMembers.budgetId, budgetId), eq(users.email, email)))
        .limit(1),
      db
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(eq(invitations.budgetId, budgetId), eq(invitations.inviteeEmail, email), eq(invitations.status, "pending"), gt(invitations.expiresAt, now)))
        .limit(1),
      db
        .select({ n: count() })
        .from(invitations)
        .where(and(eq(invitations.budgetId, budgetId), eq(invitations.status, "pending"), gt(invitations.expiresAt, now))),
    ]);
    if (member[0]) throw new CommandRejected(409, `${email} is already a member of this budget.`);
    if (pending[0]) throw new CommandRejected(409, `An invitation for ${email} is already pending. Copy its link from the list, or revoke it first.`);
    // Every live link works, so every one is listed: their number is capped (issue 18 #9).
    if ((live[0]?.n ?? 0) >= MAX_PENDING_INVITATIONS) {
      throw new CommandRejected(400, `A budget can have at most ${MAX_PENDING_INVITATIONS} pending invitations. Revoke one you no longer need first.`);
    }
    return {
      statements: [
        // Lapsed invitations for the same address are settled so the list shows one live link.
        db
          .update(invitations)
          .set({ status: "expired" })
          .where(and(eq(invitations.budgetId, budgetId), eq(invitations.inviteeEmail, email), eq(invitations.status, "pending"), lte(invitations.expiresAt, now))),
        db.insert(invitations).values({
          id: command.invitationId,
          budgetId,
          inviteeEmail: email,
          role: "member",
          status: "pending",
          token: command.tokenHash,
          expiresAt: command.expiresAt,
          createdBy: ctx.actorId,
          createdAt: now,
        }),
      ],
      result: { id: command.invitationId },
    };
  },

  async revokeInvitation(ctx, command) {
    requireOwner(ctx, "Only the budget owner can revoke invitations.");
    const { db, budgetId, now } = ctx;
    const [row] = await db
      .select({ status: invitations.status, expiresAt: invitations.expiresAt })
      .from(invitations)
      .where(and(eq(invitations.id, command.invitationId), eq(invitations.budgetId, budgetId)))
      .limit(1);
    if (!row) throw new CommandRejected(404, "Invitation not found.");
    if (row.status === "accepted") throw new CommandRejected(409, "This invitation was already accepted.");
    if (row.status === "revoked") throw new CommandRejected(409, "This invitation was already revoked.");
    if (row.status === "expired" || row.expiresAt <= now) throw new CommandRejected(409, "This invitation has already expired.");
    return {
      statements: [db.update(invitations).set({ status: "revoked" }).where(eq(invitations.id, command.invitationId))],
      result: { id: command.invitationId, status: "revoked" },
    };
  },

  // Planned without a membership (the actor is joining): the invitation itself is the permission.
  async acceptInvitation({ db, budgetId, actorId, now }, command) {
    const [invitationRows, actorRows, membershipRows, budgetRows] = await db.batch([
      db.select().from(invitations).where(eq(invitations.token, command.tokenHash)).limit(1),
      db.select({ email: users.email }).from(users).where(eq(users.id, actorId)).limit(1),
      db
        .select({ id: budgetMembers.id })
        .from(budgetMembers)
        .where(and(eq(budgetMembers.budgetId, budgetId), eq(budgetMembers.userId, actorId)))
        .limit(1),
      db.select({ id: budgets.id }).from(budgets).where(eq(budgets.id, budgetId)).limit(1),
    ]);
    const invitation = invitationRows[0];
    if (!invitation || invitation.budgetId !== budgetId || !budgetRows[0]) throw new CommandRejected(404, "This invitation link is not valid. Check that you copied the whole link.");
    // Their own invitation, opened again: they are in, and that is the one thing to say.
    if (invitation.status === "accepted" && invitation.acceptedBy === actorId && membershipRows[0]) throw new CommandRejected(409, ALREADY_MEMBER_TEXT);
    if (invitation.status === "accepted") throw new CommandRejected(409, "This invitation has already been used.");
    if (invitation.status === "revoked") throw new CommandRejected(409, "This invitation was revoked by the budget owner.");
    if (invitation.status === "expired" || invitation.expiresAt <= now) {
      throw new CommandRejected(410, "This invitation has expired. Ask the budget owner for a new link.");
    }
    const actor = actorRows[0];
    if (!actor) throw new CommandRejected(403, "Sign in to accept this invitation.");
    if (actor.email !== invitation.inviteeEmail) {
      throw new CommandRejected(403, "This invitation was sent to a different e-mail address (wrong account). Sign in with the address it was sent to.");
    }
    if (membershipRows[0]) throw new CommandRejected(409, ALREADY_MEMBER_TEXT);
    return {
      statements: [
        db.insert(budgetMembers).values({ id: crypto.randomUUID(), budgetId, userId: actorId, role: "member", joinedAt: now }),
        db.update(invitations).set({ status: "accepted", acceptedBy: actorId }).where(eq(invitations.id, invitation.id)),
        // The shared budget becomes what they see; their personal budget stays theirs.
        db.update(users).set({ activeBudgetId: budgetId, updatedAt: now }).where(eq(users.id, actorId)),
      ],
      result: { budgetId, invitationId: invitation.id, role: "member" },
    };
  },

  async removeMember(ctx, command) {
    requireOwner(ctx, "Only the budget owner can remove members.");
    const { db, budgetId, now } = ctx;
    const [target] = await db
      .select({ id: budgetMembers.id, role: budgetMembers.role })
      .from(budgetMembers)
      .where(and(eq(budgetMembers.budgetId, budgetId), eq(budgetMembers.userId, command.userId)))
      .limit(1);
    if (!target) throw new CommandRejected(404, "Member not found.");
    if (target.role === "owner") throw new CommandRejected(403, "The budget owner cannot be removed.");
    return {
      // Their expenses stay in the budget: only the membership goes.
      statements: [db.delete(budgetMembers).where(eq(budgetMembers.id, target.id)), ...(await fallBackFrom(db, budgetId, command.userId, now))],
      result: { userId: command.userId },
    };
  },

  async leaveBudget(ctx) {
    if (ctx.member.role === "owner") throw new CommandRejected(403, "The owner cannot leave their own budget.");
    const { db, budgetId, actorId, now } = ctx;
    return {
      statements: [
        db.delete(budgetMembers).where(and(eq(budgetMembers.budgetId, budgetId), eq(budgetMembers.userId, actorId))),
        ...(await fallBackFrom(db, budgetId, actorId, now)),
      ],
      result: { userId: actorId },
    };
  },
};
