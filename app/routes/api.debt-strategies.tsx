import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { strategyApiSchema } from "~/domain/debts/forms";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { memberBudgetIdOf, requireApiUser, rideWithSessionLookup } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { applyStrategy, debtPageQueries, getDebtStrategies, scheduleWanted } from "~/server/debts/debts.server";
import { refusalResponse } from "~/server/sharing/outcome.server";

// The plan's month-by-month schedule is sent only when asked for (`?schedule=all`, or `?schedule=<months>`):
// with 50 debts it is most of the answer.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const ridden = rideWithSessionLookup(app, request, (hash) => debtPageQueries(app, memberBudgetIdOf(app, hash)));
  const user = await requireApiUser(app, request);
  return Response.json(await getDebtStrategies(app, await requireBudget(app, user), scheduleWanted(new URL(request.url)), await ridden));
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const app = context.app;
  const user = await requireApiUser(app, request);
  const input = await readBody(request, strategyApiSchema);
  const result = await applyStrategy(app, user, await requireBudget(app, user), input, scheduleWanted(new URL(request.url)));
  return result.ok ? Response.json(result.value) : refusalResponse(result);
}
