import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { listBankAccounts } from "~/server/plaid/index.server";

/** GET → the budget's bank accounts (every member sees them). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(context.app, request);
  const access = await requireBudget(context.app, user);
  return Response.json(await listBankAccounts(context.app, user, access));
}

export const action = () => methodNotAllowed(["GET"]);
