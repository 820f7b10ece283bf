// Refuse state-changing requests that another site caused a browser to send (CSRF), before any
// route runs. SameSite=Lax cookies already stop most of it; this closes the rest (e.g. subdomains).
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteRequest(request: Request, appOrigin?: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") {
    const allowed = new Set([new URL(request.url).origin]);
    if (appOrigin) allowed.add(new URL(appOrigin).origin);
    return !allowed.has(origin);
  }
  // An opaque origin ("null") on a state-changing request comes from sandboxed or privacy-redirected contexts.
  return origin === "null";
}

export function crossSiteRefusal(): Response {
  return Response.json({ message: "Cross-site requests are not allowed." }, { status: 403 });
}

/**
 * A GET that this site caused (a link or script on our pages) or the user typed: Sec-Fetch-Site says so
 * in every current browser; without it, a Referer from another origin marks it as cross-site.
 */
export function isSameOriginNavigation(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site === "same-origin" || site === "none";
  const referer = request.headers.get("Referer");
  if (!referer) return true;
  try {
    return new URL(referer).origin === new URL(request.url).origin;
  } catch {
    return false;
  }
}

/**
 * A request the app itself caused (a link, redirect or fetch from one of our pages): only then may a
 * `?message=` send itself. A typed URL, a bookmark or a link in a mail app says "none", another site
 * says "cross-site" or "same-site", and a browser that sends no Sec-Fetch-Site gets the safe answer.
 */
export function isFromOwnPages(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Site") === "same-origin";
}
