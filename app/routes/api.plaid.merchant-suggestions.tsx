import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { merchantQuerySchema } from "~/domain/bank";
import { jsonError, methodNotAllowed } from "~/server/api.server";
import { memberBudgetIdOf, requireApiUser, riddenRowsFor, rideWithSessionLookup } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { merchantSuggestions, merchantSuggestionsQuery } from "~/server/plaid/index.server";

/** GET ?query= (≥ 2 characters, else 400) → up to 10 merchant names, most frequent first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const parsed = merchantQuerySchema.safeParse({ query: new URL(request.url).searchParams.get("query") ?? "" });
  // A valid query's names ride with the session lookup (one D1 round trip).
  const ridden = parsed.success ? rideWithSessionLookup(app, request, (hash) => [merchantSuggestionsQuery(app, memberBudgetIdOf(app, hash), parsed.data.query)] as const) : null;
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? "Type at least 2 characters.");
  return Response.json(await merchantSuggestions(app, access, parsed.data.query, riddenRowsFor(await ridden, access.budget.id)?.[0]), { headers: { "Cache-Control": "private, max-age=300" } });
}

export const action = () => methodNotAllowed(["GET"]);
