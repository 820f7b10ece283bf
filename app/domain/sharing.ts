// Budget sharing rules and texts shared by the Settings forms (browser) and the API (server).
import * as z from "zod/mini";

/** Invitation links stop working after this long (spec part 1 §9: "expires in 7 days"). */
/** Live (pending, unexpired) invitations a budget may have at once (issue 18 #9); a family needs a few. */
export const MAX_PENDING_INVITATIONS = 20;
/** Settled invitations (accepted, revoked, expired) the owner's list shows, newest first. */
export const SETTLED_INVITATIONS_SHOWN = 50;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Where /accept-invitation keeps a token while the visitor signs in (spec: a pending-invitation key). */
export const PENDING_INVITATION_KEY = "pendingInvitationToken";

/** Opening one's own invitation again (or any invitation to a budget one is in): not an error to fix. */
export const ALREADY_MEMBER_TEXT = "You are already a member of this budget.";

export const EMAIL_REQUIRED_TITLE = "Email Required";
export const EMAIL_REQUIRED_TEXT = "Please enter an email address to create an invitation";

// A pragmatic check: one @, something before it, a dot in the domain, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** POST /api/budget/invite and the Settings invite form. */
export const inviteSchema = z.object({
  email: z
    .string({ error: EMAIL_REQUIRED_TEXT })
    .check(
      z.trim(),
      z.minLength(1, { error: EMAIL_REQUIRED_TEXT }),
      z.maxLength(254, { error: "That e-mail address is too long." }),
      z.regex(EMAIL_PATTERN, { error: "Please enter a valid e-mail address." }),
      z.toLowerCase(),
    ),
  role: z._default(z.literal("member", { error: 'Invitations are for the "member" role.' }), "member"),
});

export type InviteInput = z.output<typeof inviteSchema>;

/** POST /api/budgets/active and POST /api/budget/leave name a budget the caller belongs to. */
export const budgetChoiceSchema = z.object({
  budgetId: z.string({ error: "Choose a budget." }).check(z.minLength(1, { error: "Choose a budget." }), z.maxLength(100)),
});

export const leaveSchema = z.object({
  budgetId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});

/** Tokens are URL-safe base64; anything else cannot be one of ours. */
export function looksLikeToken(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{22,128}$/.test(token);
}

/**
 * POST /api/budget/accept-invitation with `{ token }`: the token in the body, out of request paths and so out
 * of access logs (issue 18 #14). The spec's path form (/api/budget/accept-invitation/{token}) keeps working.
 */
export const acceptInvitationBodySchema = z.object({
  token: z.custom<string>((v) => looksLikeToken(v), { error: "Send the invitation's token." }),
});

export function inviteUrlFor(origin: string, token: string): string {
  return `${origin}/accept-invitation?token=${encodeURIComponent(token)}`;
}

export type InvitationStatus = "pending" | "accepted" | "revoked" | "expired";

/** A pending invitation past its expiry is expired, whether or not a job has marked it yet. */
export function effectiveStatus(status: InvitationStatus, expiresAt: number, now: number): InvitationStatus {
  return status === "pending" && expiresAt <= now ? "expired" : status;
}

/** What a member of a shared budget can do (Settings member view and the welcome screen). */
export const MEMBER_ABILITIES = [
  "View the budget and spendable amount",
  "Add expenses",
  "See family members' expenses",
  "Chat with the AI assistant",
] as const;

export function displayName(user: { firstName: string | null; lastName: string | null; email: string }): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || user.email;
}

/** A member of the budget, as Settings → Budget sharing lists them. */
export interface MemberView {
  id: string;
  userId: string;
  role: "owner" | "member";
  joinedAt: string;
  user: { firstName: string | null; lastName: string | null; email: string };
}

/** An invitation as its budget's owner sees it (the token and link only while it can be used). */
export interface InvitationView {
  id: string;
  inviteeEmail: string;
  role: "member";
  status: InvitationStatus;
  createdAt: string;
  expiresAt: string;
  inviteToken: string | null;
  inviteUrl: string | null;
}

/** One budget the user belongs to (Settings → Your budgets). */
export interface MyBudget {
  id: string;
  name: string;
  role: "owner" | "member";
  active: boolean;
  memberCount: number;
  owner: { firstName: string | null; lastName: string | null; email: string } | null;
}

/** Settings' sharing sections. */
export interface SharingSettings {
  role: "owner" | "member";
  budgetName: string;
  userId: string;
  members: MemberView[];
  invitations: InvitationView[];
  /** The invitation just created (its link shown once). */
  created: InvitationView | null;
  budgets: MyBudget[];
}
