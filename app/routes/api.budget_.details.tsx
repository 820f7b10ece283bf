import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { detailsSaveSchema } from "~/domain/budget-details";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { getBudgetDetails, saveBudgetDetails } from "~/server/budget-details.server";
import { requireBudget } from "~/server/budget.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(context.app, request);
  return Response.json(await getBudgetDetails(context.app, await requireBudget(context.app, user)));
}

/** POST: the page's autosave. Merges by line id; answers the stored details and `idMap` (temporary id → real id). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiUser(context.app, request);
  const access = await requireBudget(context.app, user);
  const input = await readBody(request, detailsSaveSchema);
  return Response.json(await saveBudgetDetails(context.app, user, access, input));
}
