import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/api.server";
import { memberBudgetIdOf, requireApiUser, riddenRowsFor, rideWithSessionLookup } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { listSyncEvents, syncEventsQuery } from "~/server/plaid/index.server";

/** GET → the budget's sync events, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  // The events ride with the session lookup (one D1 round trip).
  const ridden = rideWithSessionLookup(app, request, (hash) => [syncEventsQuery(app, memberBudgetIdOf(app, hash))] as const);
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  return Response.json(await listSyncEvents(app, access, riddenRowsFor(await ridden, access.budget.id)?.[0]));
}

export const action = () => methodNotAllowed(["GET"]);
