import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { preferencesSchema } from "~/domain/auth-schemas";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { toPublicUser, updateLanguagePreference } from "~/server/users.server";

export async function loader() {
  return methodNotAllowed(["PATCH"]);
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const user = await requireApiUser(context.app, request);
  const input = await readBody(request, preferencesSchema);
  const updated = await updateLanguagePreference(context.app, user.id, input.languagePreference);
  return Response.json(toPublicUser(updated));
}
