import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { destroySession } from "~/server/auth/session.server";

// The spec navigates to GET /api/logout to sign out; POST works too (forms, fetch).
async function logout({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  const cookie = await destroySession(context.app, request);
  return redirect("/", { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

export const loader = logout;
export const action = logout;
