import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AccountConflict, deleteAccount } from "~/server/account.server";
import { jsonError, methodNotAllowed } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { toPublicUser } from "~/server/users.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(context.app, request);
  return Response.json(toPublicUser(user));
}

/** DELETE /api/auth/user: the account and everything only it owns (see deleteAccount). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const user = await requireApiUser(context.app, request);
  try {
    const report = await deleteAccount(context.app, user, user);
    return Response.json({ message: "Your account has been deleted.", ...report });
  } catch (error) {
    if (error instanceof AccountConflict) return jsonError(409, error.message);
    throw error;
  }
}
