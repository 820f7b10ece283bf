import type { AppContext } from "./context.server";
import { getSessionUser } from "./auth/session.server";
import { budgetAccess, requireBudget } from "./budget.server";
import { budgetRoom } from "./budget-room/client.server";

/**
 * GET /api/budget/live: a WebSocket to the budget's room. Signed-out callers get 401, and a caller
 * asking for a budget they are not a member of gets 403; only members ever reach the room.
 */
export async function connectLive(app: AppContext, request: Request): Promise<Response> {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    return Response.json({ message: "This endpoint speaks WebSocket." }, { status: 426 });
  }
  // The cross-site check skips GETs, and a WebSocket handshake is a GET carrying the user's cookies:
  // a page on another origin must not be able to listen in.
  const origin = request.headers.get("Origin");
  const allowed = [new URL(request.url).origin, app.config.APP_ORIGIN].filter(Boolean);
  if (origin && !allowed.includes(origin)) return Response.json({ message: "Cross-site requests are not allowed." }, { status: 403 });
  const user = await getSessionUser(app, request);
  if (!user) return Response.json({ message: "Unauthorized" }, { status: 401 });
  const requested = new URL(request.url).searchParams.get("budgetId");
  const access = requested ? await budgetAccess(app, user.id, requested) : await requireBudget(app, user);
  if (!access) return Response.json({ message: "You are not a member of this budget." }, { status: 403 });
  const headers = new Headers(request.headers);
  headers.set("X-Budget-User", user.id);
  const stub = budgetRoom(app.env, access.budget.id) as unknown as { fetch(r: Request): Promise<Response> };
  return stub.fetch(new Request(request.url, { headers }));
}
