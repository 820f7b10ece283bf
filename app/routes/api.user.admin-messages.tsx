import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { supportMessageSchema } from "~/domain/support";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser, riddenUserRows, rideWithSessionLookup, sessionUserIdOf } from "~/server/auth/session.server";
import { listSupportMessages, sendSupportMessage, supportMessagesQuery } from "~/server/support.server";
import { requireApiUserWithinLimit } from "~/server/rate-limits.server";

// The user's conversation with support (spec part 1 §7). Reading it marks nothing: opening the
// Settings section posts to /api/user/admin-messages/read (no GET changes anything).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const ridden = rideWithSessionLookup(app, request, (hash) => [supportMessagesQuery(app, sessionUserIdOf(app, hash))] as const);
  const user = await requireApiUser(app, request);
  return Response.json(await listSupportMessages(app, user.id, riddenUserRows(await ridden)?.[0]));
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { user, limited } = await requireApiUserWithinLimit(context.app, request, "support");
  if (limited) return limited;
  const input = await readBody(request, supportMessageSchema);
  return Response.json(await sendSupportMessage(context.app, user.id, input), { status: 201 });
}
