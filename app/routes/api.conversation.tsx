import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/api.server";
import { readRequestData } from "~/server/body.server";
import { requireApiUserWithinLimit } from "~/server/rate-limits.server";
import { chatCallerOf, requireChatCaller } from "~/server/chat/api.server";
import { createConversation, currentConversation, currentConversationQuery, toApiConversation } from "~/server/chat/conversations.server";
import { memberBudgetIdOf, riddenRowsFor, rideWithSessionLookup, sessionUserIdOf } from "~/server/auth/session.server";

/** GET: the user's current conversation in their active budget, or null when there is none yet. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const ridden = rideWithSessionLookup(app, request, (hash) => [currentConversationQuery(app, sessionUserIdOf(app, hash), memberBudgetIdOf(app, hash))] as const);
  const { user, access } = await requireChatCaller(app, request);
  const conversation = await currentConversation(app, user.id, access.budget.id, riddenRowsFor(await ridden, access.budget.id)?.[0]);
  return Response.json(conversation ? toApiConversation(conversation) : null);
}

/** POST (empty body): starts a new conversation. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { user: signedIn, limited } = await requireApiUserWithinLimit(context.app, request, "conversation");
  const { user, access } = await chatCallerOf(context.app, signedIn);
  await readRequestData(request);
  if (limited) return limited;
  const conversation = await createConversation(context.app, user.id, access.budget.id);
  return Response.json(toApiConversation(conversation), { status: 201 });
}
