import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { inviteSchema } from "~/domain/sharing";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { appOrigin, createInvitation } from "~/server/sharing/invitations.server";
import { refusalResponse } from "~/server/sharing/outcome.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const app = context.app;
  const user = await requireApiUser(app, request);
  const input = await readBody(request, inviteSchema);
  const result = await createInvitation(app, user, await requireBudget(app, user), input, appOrigin(app, request));
  if (!result.ok) return refusalResponse(result);
  return Response.json({ invitation: result.value }, { status: 201 });
}
