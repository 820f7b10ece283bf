import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { supportMessageSchema } from "~/domain/support";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { listSupportMessages, sendSupportMessage } from "~/server/support.server";
import { rateLimitedResponse } from "~/server/rate-limits.server";

// The user's conversation with support (spec part 1 §7). Reading it marks nothing: opening the
// Settings section posts to /api/user/admin-messages/read (no GET changes anything).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(context.app, request);
  return Response.json(await listSupportMessages(context.app, user.id));
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiUser(context.app, request);
  const limited = await rateLimitedResponse(context.app, user.id, "support");
  if (limited) return limited;
  const input = await readBody(request, supportMessageSchema);
  return Response.json(await sendSupportMessage(context.app, user.id, input), { status: 201 });
}
