import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { exchangeTokenSchema } from "~/domain/bank";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { bankResponse, exchangePublicToken } from "~/server/plaid/index.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST { publicToken } → the bank linked (accounts stored, first sync run); missing token 400. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const app = context.app;
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  const { publicToken } = await readBody(request, exchangeTokenSchema);
  return bankResponse(await exchangePublicToken(app, user, access, publicToken));
}
