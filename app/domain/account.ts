import * as z from "zod/mini";

// Account deletion (spec part 1 §4 and issue 11): what happens, said exactly, in one place.
export const DELETE_ACCOUNT_CONFIRMATION =
  "This permanently deletes your account: your profile, sessions, conversations, support messages and uploaded statements, and every budget only you belong to, with all its budget lines, expenses and conversations. A shared budget you own passes to its longest-standing other member, who is told in chat. Expenses you added to a budget that still has members stay, shown as added by \"Former member\", so the family's figures stay true. This cannot be undone.";

/** Who added an expense whose author deleted their account (expenses.user_id is NULL then). */
export const FORMER_MEMBER = "Former member";

export function addedByName(user: { firstName?: string | null; lastName?: string | null; email?: string | null } | null | undefined): string {
  if (!user) return FORMER_MEMBER;
  const full = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return full || user.email || FORMER_MEMBER;
}

const truthy = z.pipe(
  z.union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("off"), z.literal("")]),
  z.transform((v) => v === true || v === "on" || v === "true"),
);

/** POST /api/auth/user/sms-consent. */
export const smsConsentSchema = z.object({ consent: truthy });

export const ACCOUNT_STATUSES = ["active", "suspended", "pending"] as const;
/** Only an active account signs in or keeps a session; suspended and pending ones do neither (issue 18 #19). */
export function canSignIn(status: (typeof ACCOUNT_STATUSES)[number]): boolean {
  return status === "active";
}
export const NOT_ACTIVE_YET = "This account is not active yet. Please contact support.";
export const accountStatusSchema = z.object({ status: z.enum(ACCOUNT_STATUSES, { error: "Status must be active, suspended or pending" }) });
export const adminFlagSchema = z.object({ isAdmin: truthy });

/** The JSON file name of a data export: the product and the day it was made. */
export function exportFileName(day: string): string {
  return `hearth-budget-export-${day}.json`;
}
