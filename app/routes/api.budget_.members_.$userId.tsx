import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { removeMember } from "~/server/sharing/members.server";
import { refusalResponse } from "~/server/sharing/outcome.server";

export const loader = () => methodNotAllowed(["DELETE"]);

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const app = context.app;
  const user = await requireApiUser(app, request);
  const result = await removeMember(app, user, await requireBudget(app, user), params.userId ?? "");
  if (!result.ok) return refusalResponse(result);
  return Response.json({ message: "Member removed", userId: result.value.userId });
}
