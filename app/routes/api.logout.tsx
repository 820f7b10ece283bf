import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form } from "@remix-run/react";
import { methodNotAllowed } from "~/server/api.server";
import { destroySession, getSessionUser, takePrefetchedAccess } from "~/server/auth/session.server";
import { budgetRoom } from "~/server/budget-room/client.server";
import type { AppContext } from "~/server/context.server";
import { isSameOriginNavigation } from "~/server/security.server";

export const meta: MetaFunction = () => [{ title: "Sign out? · Hearth Budget" }];

async function signOut(app: AppContext, request: Request): Promise<Response> {
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

/**
 * The spec navigates to GET /api/logout to sign out. That stays for navigations from this site (or typed
 * in); a GET another site caused (a link, an <img>) only shows a confirmation, so nobody can be signed
 * out by a cross-site request. HEAD changes nothing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (request.method !== "GET") throw methodNotAllowed(["GET", "POST"]);
  if (!isSameOriginNavigation(request)) return { confirm: true as const };
  throw await signOut(context.app, request);
}

// Cross-site POSTs never get here: the Worker refuses them before any route runs.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["GET", "POST"]);
  return signOut(context.app, request);
}

export default function ConfirmSignOut() {
  return (
    <main className="flex min-h-full items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-xl font-bold">Sign out?</h1>
        <p className="mt-2 text-sm text-slate-600">Another site sent you here. Sign out of Hearth Budget only if you meant to.</p>
        <Form method="post" reloadDocument className="mt-6 flex justify-center gap-3">
          <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Sign out
          </button>
          <a href="/" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium">
            Stay signed in
          </a>
        </Form>
      </div>
    </main>
  );
}
