import { sql, type SQL } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { AppContext } from "./context.server";
import { budgetMembers, type UserRow } from "./db/schema";
import { invitationsQuery } from "./sharing/invitations.server";
import { membersQuery, myBudgetsQuery } from "./sharing/members.server";
import { listSupportMessages, supportMessagesQuery } from "./support.server";
import { toPublicUser } from "./users.server";

/** Where "Back" goes without JavaScript: the same-origin page the user came from, else the chat. */
export function backLink(request: Request): string {
  const referer = request.headers.get("Referer");
  if (!referer) return "/";
  try {
    const from = new URL(referer);
    const here = new URL(request.url);
    if (from.origin !== here.origin || from.pathname === here.pathname || from.pathname.startsWith("/api/")) return "/";
    return from.pathname + from.search;
  } catch {
    return "/";
  }
}

/**
 * Everything the Settings page reads, for the user `userId` and their budget `budgetId` (ids, or SQL to
 * ride with the session lookup): the support thread, the members, the invitations (only an owner's
 * budget has any here), the user's budgets.
 */
export function settingsPageQueries(app: AppContext, userId: SQL, budgetId: SQL) {
  const ownedBudget = sql`(SELECT ${budgetMembers.budgetId} FROM ${budgetMembers} WHERE ${budgetMembers.budgetId} = ${budgetId} AND ${budgetMembers.userId} = ${userId} AND ${budgetMembers.role} = 'owner')`;
  return [supportMessagesQuery(app, userId), membersQuery(app, budgetId), invitationsQuery(app, ownedBudget), myBudgetsQuery(app, userId)] as const;
}

export type SettingsPageRows = BatchResponse<ReturnType<typeof settingsPageQueries>>;

/** The Settings page's own sections; each key is one section, so more sections add keys. */
export async function loadSettings(app: AppContext, user: UserRow, request: Request, supportRows?: SettingsPageRows[0] | null) {
  const messages = await listSupportMessages(app, user.id, supportRows);
  return {
    account: toPublicUser(user),
    support: { messages, unread: messages.filter((m) => m.sender === "admin" && m.status === "unread").length },
    backTo: backLink(request),
  };
}

export type SettingsData = Awaited<ReturnType<typeof loadSettings>>;
