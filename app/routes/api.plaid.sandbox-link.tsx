import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { appOrigin, bankResponse, linkSandboxTestBank } from "~/server/plaid/index.server";

export const loader = () => methodNotAllowed(["POST"]);

/** POST → links Plaid's sandbox test bank without Plaid Link (sandbox only; 404 in production). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const app = context.app;
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  // No fields; an unreadable body is still the caller's 4xx.
  await readBody(request, z.object({}).passthrough());
  return bankResponse(await linkSandboxTestBank(app, user, access, { origin: appOrigin(app, request) }));
}
