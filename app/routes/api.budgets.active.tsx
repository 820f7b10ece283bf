import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { budgetChoiceSchema } from "~/domain/sharing";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { switchActiveBudget } from "~/server/sharing/members.server";
import { refusalResponse } from "~/server/sharing/outcome.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const app = context.app;
  const user = await requireApiUser(app, request);
  const { budgetId } = await readBody(request, budgetChoiceSchema);
  const result = await switchActiveBudget(app, user, budgetId);
  return result.ok ? Response.json(result.value) : refusalResponse(result);
}
