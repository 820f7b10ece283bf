import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { priceAnalysisSchema } from "~/domain/bank";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { bankResponse, priceAnalysis } from "~/server/plaid/index.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST { merchants, currentAmount } → { suggestedAmount, confidence } from the last 3 months' matching debits. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const app = context.app;
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  const input = await readBody(request, priceAnalysisSchema);
  return bankResponse(await priceAnalysis(app, access, (params.lineId ?? "").slice(0, 100), input));
}
