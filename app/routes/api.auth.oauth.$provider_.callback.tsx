import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { safeReturnTo } from "~/domain/return-to";
import { isLocalHttp } from "~/server/auth/cookies.server";
import { clearStateCookies, configuredProviders, finishOAuth, OAuthSignInError } from "~/server/auth/oauth.server";
import { createSession, revokeCurrentSession } from "~/server/auth/session.server";
import { markSignedIn } from "~/server/users.server";

function readCookie(request: Request, name: string): string | null {
  const match = (request.headers.get("Cookie") ?? "").split(/;\s*/).find((c) => c.startsWith(`${name}=`));
  if (!match) return null;
  try {
    return decodeURIComponent(match.slice(name.length + 1));
  } catch {
    return null; // malformed: safeReturnTo falls back to "/"
  }
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const app = context.app;
  const provider = configuredProviders(app.env).find((p) => p.name === params.provider);
  if (!provider) return redirect("/api/login?error=unknown_provider");
  const clearReturn = `oauth_return_to=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${isLocalHttp(request) ? "" : "; Secure"}`;
  try {
    const user = await finishOAuth(app, request, provider);
    await markSignedIn(app, user);
    await revokeCurrentSession(app, request);
    const headers = new Headers();
    headers.append("Set-Cookie", await createSession(app, request, user.id));
    for (const cookie of clearStateCookies(request, provider)) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", clearReturn);
    return redirect(safeReturnTo(readCookie(request, "oauth_return_to")), { headers });
  } catch (error) {
    if (!(error instanceof OAuthSignInError)) throw error;
    const headers = new Headers();
    for (const cookie of clearStateCookies(request, provider)) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", clearReturn);
    return redirect(`/api/login?error=oauth_${error.code}`, { headers });
  }
}
