import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { bankSyncSettingsSchema } from "~/domain/bank";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { memberBudgetIdOf, requireApiUser, riddenRowsFor, rideWithSessionLookup } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { bankResponse, getLineBankSync, lineBankSyncQuery, updateLineBankSync } from "~/server/plaid/index.server";

/** GET → the fixed expense's bank sync settings (the matching panel opens with them). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const app = context.app;
  const lineId = (params.id ?? "").slice(0, 100);
  // The line rides with the session lookup (one D1 round trip), scoped to the session's budget in SQL.
  const ridden = rideWithSessionLookup(app, request, (hash) => [lineBankSyncQuery(app, memberBudgetIdOf(app, hash), lineId)] as const);
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  return bankResponse(await getLineBankSync(app, access, lineId, riddenRowsFor(await ridden, access.budget.id)?.[0]));
}

/**
 * PUT { bankSyncEnabled, matchingMerchants, amountTolerancePercent } → the updated line. Tolerance 0–50,
 * merchants trimmed and de-duplicated, enabled with no merchant 400; owner only; another budget's line 404.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const app = context.app;
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  const settings = await readBody(request, bankSyncSettingsSchema);
  return bankResponse(await updateLineBankSync(app, user, access, (params.id ?? "").slice(0, 100), settings));
}
