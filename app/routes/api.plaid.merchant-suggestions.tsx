import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { merchantQuerySchema } from "~/domain/bank";
import { jsonError, methodNotAllowed } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { merchantSuggestions } from "~/server/plaid/index.server";

/** GET ?query= (≥ 2 characters, else 400) → up to 10 merchant names, most frequent first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(context.app, request);
  const access = await requireBudget(context.app, user);
  const parsed = merchantQuerySchema.safeParse({ query: new URL(request.url).searchParams.get("query") ?? "" });
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? "Type at least 2 characters.");
  return Response.json(await merchantSuggestions(context.app, access, parsed.data.query), { headers: { "Cache-Control": "private, max-age=300" } });
}

export const action = () => methodNotAllowed(["GET"]);
