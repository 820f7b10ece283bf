import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { detailsSaveSchema } from "~/domain/budget-details";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { memberBudgetIdOf, requireApiUser, riddenOr, rideWithSessionLookup } from "~/server/auth/session.server";
import { detailsQueries, saveBudgetDetails, shapeDetails } from "~/server/budget-details.server";
import { requireBudget } from "~/server/budget.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const ridden = rideWithSessionLookup(app, request, (hash) => detailsQueries(app, memberBudgetIdOf(app, hash)));
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  return Response.json(shapeDetails(access, await riddenOr(ridden, access.budget.id, () => app.db.batch(detailsQueries(app, access.budget.id)))));
}

/** POST: the page's autosave. Merges by line id; answers the stored details and `idMap` (temporary id → real id). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiUser(context.app, request);
  const access = await requireBudget(context.app, user);
  const input = await readBody(request, detailsSaveSchema);
  return Response.json(await saveBudgetDetails(context.app, user, access, input));
}
