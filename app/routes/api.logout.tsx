import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { destroySession, getSessionUser, takePrefetchedAccess } from "~/server/auth/session.server";
import { budgetRoom } from "~/server/budget-room/client.server";

// The spec navigates to GET /api/logout to sign out; POST works too (forms, fetch).
async function logout({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const app = context.app;
  const user = await getSessionUser(app, request);
  const cookie = await destroySession(app, request);
  const budgetId = user ? (takePrefetchedAccess(user)?.budget.id ?? user.activeBudgetId) : null;
  if (user && budgetId) {
    // Live sockets do not outlive the sign-out: the room closes this user's sockets, and any other
    // signed-in tab reconnects on its own while a signed-out one is sent to sign in.
    app.ctx.waitUntil(budgetRoom(app.env, budgetId).disconnectUser(user.id).catch(() => 0));
  }
  return redirect("/", { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

export const loader = logout;
export const action = logout;
