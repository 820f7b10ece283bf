import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { bankResponse, syncAndImport } from "~/server/plaid/index.server";

export const loader = () => methodNotAllowed(["POST"]);

const bodySchema = z.object({}).passthrough();

/** POST → syncs every bank of the budget within the request: { message, transactionsImported, transactionsSkipped, billsMatched }. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const app = context.app;
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  // No fields, but the body is still read by the shared reader (a hostile body is a 4xx, never a 500).
  await readBody(request, bodySchema);
  return bankResponse(await syncAndImport(app, user, access, { syncType: "manual" }));
}
