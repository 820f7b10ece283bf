import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { bankResponse, removeBankAccount } from "~/server/plaid/index.server";

export const loader = () => methodNotAllowed(["DELETE"]);

/** DELETE → "Account Removed" (the member who linked the bank, or the owner; another budget's id 404). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const app = context.app;
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  return bankResponse(await removeBankAccount(app, user, access, (params.id ?? "").slice(0, 100)));
}
