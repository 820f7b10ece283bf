import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/api.server";
import { handlePlaidWebhook } from "~/server/plaid/index.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST from Plaid: verified by its Plaid-Verification JWT (no session); unverified → 401, nothing done. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const outcome = await handlePlaidWebhook(context.app, request);
  return Response.json(outcome.body, { status: outcome.status });
}
