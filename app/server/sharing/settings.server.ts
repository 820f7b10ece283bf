import type { SharingIntent } from "~/domain/sharing-forms";
import { riddenRowsFor, type Ridden } from "../auth/session.server";
import { budgetAccess, requireBudget } from "../budget.server";
import type { AppContext } from "../context.server";
import type { UserRow } from "../db/schema";
import type { SettingsPageRows } from "../settings.server";
import { formFailure, redirectWithFlash } from "../form-action.server";
import { appOrigin, createInvitation, listInvitations, revokeInvitation } from "./invitations.server";
import { leaveBudget, listMembers, listMyBudgets, removeMember, switchActiveBudget } from "./members.server";
import type { InvitationView, SharingSettings } from "~/domain/sharing";

// Settings → Budget Sharing and Your budgets (issue 8): the loader data under one key, and the intents.

const SECTION = "/settings#budget-sharing";

export async function loadSharingSettings(app: AppContext, user: UserRow, request: Request, ridden?: Ridden<SettingsPageRows> | null): Promise<SharingSettings> {
  const access = await requireBudget(app, user);
  const origin = appOrigin(app, request);
  const rows = riddenRowsFor(ridden, access.budget.id);
  const [members, invitations, budgets] = await Promise.all([
    listMembers(app, access, rows?.[1]),
    access.role === "owner" ? listInvitations(app, access, origin, rows?.[2]) : Promise.resolve(null),
    listMyBudgets(app, user, access.budget.id, rows?.[3]),
  ]);
  const all: InvitationView[] = invitations?.ok ? invitations.value : [];
  // The link just created (post/redirect/get carries its id), shown with its copy button.
  const createdId = new URL(request.url).searchParams.get("invited");
  return {
    role: access.role,
    budgetName: access.budget.name,
    userId: user.id,
    members,
    invitations: all,
    created: all.find((i) => i.id === createdId && i.status === "pending") ?? null,
    budgets,
  };
}


type SharingData =
  | { intent: "invite"; email: string; role: "member" }
  | { intent: "revoke-invitation"; invitationId: string }
  | { intent: "remove-member"; userId: string }
  | { intent: "switch-budget"; budgetId: string }
  | { intent: "leave-budget"; budgetId: string };

/** Runs one sharing form; a refusal answers the page's FormReply with the server's message and status. */
export async function handleSharingIntent(app: AppContext, request: Request, user: UserRow, data: SharingData, values: Record<string, string>): Promise<Response> {
  const fail = (r: { status: number; message: string }) => formFailure(values, r.message, { status: r.status, intent: data.intent as SharingIntent });
  switch (data.intent) {
    case "invite": {
      const result = await createInvitation(app, user, await requireBudget(app, user), data, appOrigin(app, request));
      if (!result.ok) return fail(result);
      return redirectWithFlash(app, request, `/settings?invited=${encodeURIComponent(result.value.id)}#budget-sharing`, {
        title: "Invitation Created",
        description: `Share the link with ${result.value.inviteeEmail}. It expires in 7 days.`,
      });
    }
    case "revoke-invitation": {
      const result = await revokeInvitation(app, user, await requireBudget(app, user), data.invitationId);
      if (!result.ok) return fail(result);
      return redirectWithFlash(app, request, SECTION, { title: "Invitation Revoked", description: "The link no longer works." });
    }
    case "remove-member": {
      const result = await removeMember(app, user, await requireBudget(app, user), data.userId);
      if (!result.ok) return fail(result);
      return redirectWithFlash(app, request, SECTION, { title: "Member Removed", description: "They no longer have access to this budget. Their expenses stay." });
    }
    case "switch-budget": {
      const result = await switchActiveBudget(app, user, data.budgetId);
      if (!result.ok) return fail(result);
      const access = await budgetAccess(app, user.id, data.budgetId);
      return redirectWithFlash(app, request, "/settings#your-budgets", { title: "Budget Switched", description: `You are now looking at ${access?.budget.name ?? "that budget"}.` });
    }
    case "leave-budget": {
      const access = await budgetAccess(app, user.id, data.budgetId);
      const result = await leaveBudget(app, user, data.budgetId);
      if (!result.ok) return fail(result);
      return redirectWithFlash(app, request, "/settings#your-budgets", { title: "You Left the Budget", description: `You are no longer a member of ${access?.budget.name ?? "that budget"}.` });
    }
  }
}
