import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { completeProfileSchema } from "~/domain/profile";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { completeProfile, toPublicUser } from "~/server/users.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(context.app, request);
  const input = await readBody(request, completeProfileSchema);
  const updated = await completeProfile(context.app, user.id, input);
  return Response.json({ user: toPublicUser(updated), message: "Profile completed!" });
}
