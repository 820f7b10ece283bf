import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { bankResponse, cleanupBankTransactions } from "~/server/plaid/index.server";

export const loader = () => methodNotAllowed(["POST"]);

const bodySchema = z.object({}).passthrough();

/** POST → { message, removed }: stale bank expenses removed, lost links restored; hand-logged ones untouched. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const app = context.app;
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  await readBody(request, bodySchema);
  return bankResponse(await cleanupBankTransactions(app, user, access));
}
