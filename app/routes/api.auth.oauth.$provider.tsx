import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { safeReturnTo } from "~/domain/return-to";
import { readRequestData } from "~/server/body.server";
import { isLocalHttp } from "~/server/auth/cookies.server";
import { configuredProviders, startOAuth } from "~/server/auth/oauth.server";

// POST (a button on the sign-in page) starts the provider's authorization-code flow with PKCE.
export async function action({ request, params, context }: ActionFunctionArgs) {
  const provider = configuredProviders(context.app.env).find((p) => p.name === params.provider);
  if (!provider) return redirect("/api/login?error=unknown_provider");
  // An unreadable body only loses the return path; the sign-in itself still starts.
  const form = await readRequestData(request).catch(() => ({}) as Record<string, unknown>);
  const returnTo = safeReturnTo(form.returnTo);
  const response = await startOAuth(context.app, request, provider);
  const headers = new Headers(response.headers);
  headers.append("Set-Cookie", `oauth_return_to=${encodeURIComponent(returnTo)}; Path=/; Max-Age=600; HttpOnly; SameSite=Lax${isLocalHttp(request) ? "" : "; Secure"}`);
  return new Response(null, { status: 302, headers });
}

export async function loader() {
  return redirect("/api/login");
}
