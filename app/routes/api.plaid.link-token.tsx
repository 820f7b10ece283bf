import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { jsonError, methodNotAllowed } from "~/server/api.server";
import { memberBudgetIdOf, requireApiUser, riddenRowsFor, rideWithSessionLookup } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { appOrigin, bankResponse, createLinkToken, updateModeItemQuery } from "~/server/plaid/index.server";

const querySchema = z.object({ accountId: z.string().trim().min(1).max(100).optional() });

/** GET → { linkToken }; `?accountId=` of an account whose bank needs its login opens Link in update mode. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const query = querySchema.safeParse({ accountId: new URL(request.url).searchParams.get("accountId") ?? undefined });
  // Update mode's Item rides with the session lookup (one D1 round trip, then Plaid).
  const accountId = query.success ? query.data.accountId : undefined;
  const ridden = accountId ? rideWithSessionLookup(app, request, (hash) => [updateModeItemQuery(app, memberBudgetIdOf(app, hash), accountId)] as const) : null;
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  if (!query.success) return jsonError(400, "accountId must be an account id.");
  return bankResponse(await createLinkToken(app, user, access, { origin: appOrigin(app, request), accountId, ridden: riddenRowsFor(await ridden, access.budget.id)?.[0] }));
}

export const action = () => methodNotAllowed(["GET"]);
