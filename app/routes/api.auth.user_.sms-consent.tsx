import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { smsConsentSchema } from "~/domain/account";
import { setSmsConsent } from "~/server/account.server";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { toPublicUser } from "~/server/users.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(context.app, request);
  const { consent } = await readBody(request, smsConsentSchema);
  return Response.json(toPublicUser(await setSmsConsent(context.app, user.id, consent)));
}
