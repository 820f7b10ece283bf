import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { listSyncEvents } from "~/server/plaid/index.server";

/** GET → the budget's sync events, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(context.app, request);
  const access = await requireBudget(context.app, user);
  return Response.json(await listSyncEvents(context.app, access));
}

export const action = () => methodNotAllowed(["GET"]);
