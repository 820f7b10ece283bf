import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { syncTransactionsSchema } from "~/domain/bank";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { bankResponse, syncAndImport } from "~/server/plaid/index.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST { days: 7, autoImport: true } (the budget page's Bank Sync, after the clean-up call). Plaid's
 * cursor sync hands over every change since the last sync whatever the window, so `days` only bounds
 * the call's input; the answer is the same as the bank page's Sync. autoImport false keeps the update's
 * spending for review and matching (stored, not added as expenses).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const app = context.app;
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  const input = await readBody(request, syncTransactionsSchema);
  return bankResponse(await syncAndImport(app, user, access, { syncType: "manual", days: input.days, autoImport: input.autoImport }));
}
