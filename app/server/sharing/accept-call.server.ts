import type { UserRow } from "../db/schema";
import type { AppContext } from "../context.server";
import { acceptInvitation } from "./invitations.server";
import { refusalResponse } from "./outcome.server";

/** The accept call's JSON answer, the same for the token in the path (spec) or in the body (issue 18 #14). */
export async function acceptInvitationResponse(app: AppContext, user: UserRow, token: unknown): Promise<Response> {
  const result = await acceptInvitation(app, user, token);
  if (!result.ok) return refusalResponse(result);
  return Response.json({ message: "Invitation accepted", budgetId: result.value.budgetId, role: "member" });
}
