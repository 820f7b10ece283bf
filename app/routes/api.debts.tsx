import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { debtApiSchema } from "~/domain/debts/forms";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { memberBudgetIdOf, requireApiUser, rideWithSessionLookup } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { addDebt, debtRows, listDebts } from "~/server/debts/debts.server";
import { refusalResponse } from "~/server/sharing/outcome.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const ridden = rideWithSessionLookup(app, request, (hash) => [debtRows(app, memberBudgetIdOf(app, hash))] as const);
  const user = await requireApiUser(app, request);
  return Response.json(await listDebts(app, await requireBudget(app, user), await ridden));
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const app = context.app;
  const user = await requireApiUser(app, request);
  const input = await readBody(request, debtApiSchema);
  const result = await addDebt(app, user, await requireBudget(app, user), input);
  return result.ok ? Response.json(result.value, { status: 201 }) : refusalResponse(result);
}
