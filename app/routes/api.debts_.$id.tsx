import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { debtPatchSchema } from "~/domain/debts/forms";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { deleteDebt, updateDebt } from "~/server/debts/debts.server";
import { refusalResponse } from "~/server/sharing/outcome.server";

export const loader = () => methodNotAllowed(["PATCH", "DELETE"]);

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["PATCH", "DELETE"]);
  const app = context.app;
  const user = await requireApiUser(app, request);
  const id = params.id ?? "";
  if (request.method === "DELETE") {
    const result = await deleteDebt(app, user, await requireBudget(app, user), id);
    return result.ok ? Response.json({ message: "Debt deleted", id }) : refusalResponse(result);
  }
  const patch = await readBody(request, debtPatchSchema);
  const result = await updateDebt(app, user, await requireBudget(app, user), id, patch);
  return result.ok ? Response.json(result.value) : refusalResponse(result);
}
