import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { jsonError, methodNotAllowed } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { appOrigin, bankResponse, createLinkToken } from "~/server/plaid/index.server";

const querySchema = z.object({ accountId: z.string().trim().min(1).max(100).optional() });

/** GET → { linkToken }; `?accountId=` of an account whose bank needs its login opens Link in update mode. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  const query = querySchema.safeParse({ accountId: new URL(request.url).searchParams.get("accountId") ?? undefined });
  if (!query.success) return jsonError(400, "accountId must be an account id.");
  return bankResponse(await createLinkToken(app, user, access, { origin: appOrigin(app, request), accountId: query.data.accountId }));
}

export const action = () => methodNotAllowed(["GET"]);
