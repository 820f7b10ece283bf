import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { threadReplySchema } from "~/domain/support";
import { adminTargetId, findUserQuery, requireAdmin, requireTargetUser, toAdminUser } from "~/server/admin.server";
import { riddenUserRows, rideWithSessionLookup, sessionUserIdOf } from "~/server/auth/session.server";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { listSupportMessages, replySubject, sendAdminMessage, supportMessagesQuery } from "~/server/support.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const app = context.app;
  const id = params.userId ?? "";
  const ridden = rideWithSessionLookup(app, request, (hash) => {
    const target = adminTargetId(sessionUserIdOf(app, hash), id);
    return [findUserQuery(app, target), supportMessagesQuery(app, target)] as const;
  });
  await requireAdmin(app, request);
  const rows = riddenUserRows(await ridden);
  const user = await requireTargetUser(app, params.userId, rows?.[0]);
  return Response.json({ user: toAdminUser(user), messages: await listSupportMessages(app, user.id, rows?.[1]) });
}

/** POST: an admin's reply in the thread (it also marks the user's messages read). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const admin = await requireAdmin(context.app, request);
  const user = await requireTargetUser(context.app, params.userId);
  const input = await readBody(request, threadReplySchema);
  const subject = input.subject || (await replySubject(context.app, user.id));
  const message = await sendAdminMessage(context.app, admin.id, { userId: user.id, subject, content: input.content, priority: "normal", category: "general" });
  return Response.json({ message: "Message sent successfully", supportMessage: message }, { status: 201 });
}
