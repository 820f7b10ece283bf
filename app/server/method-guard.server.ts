// One answer for a method a route has no handler for (issue 18 #13): 405 with `Allow`, decided here for every
// route before Remix runs, so no route repeats it and nothing is logged. Left to Remix, a GET on an action-only
// route answered 400 "Unexpected Server Error" and a POST on a loader-only route logged a 15-line stack.
//
// Routes are matched with Remix's own router (the package Remix itself matches with) over the build's route
// manifest, the way Remix picks the route that handles a request: a resource route (no component) is its
// leaf; a page's submission goes to the deepest route with a path (or the index route with `?index`).
import type { ServerBuild } from "@remix-run/cloudflare";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";

type Manifest = ServerBuild["routes"];
type Entry = Manifest[string];
type Node = AgnosticRouteObject & { entry: Entry };

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** What Remix serves: reads (OPTIONS runs a loader, as in Remix) and submissions. Anything else: 501. */
const KNOWN = new Set(["GET", "HEAD", "OPTIONS", ...MUTATIONS]);
const READS = ["GET", "HEAD"];
/** Every action of this app takes POST; an action taking other methods answers those itself, with its own Allow. */
const SUBMIT = ["POST"];

export type MethodVerdict =
  | { kind: "ok" }
  /** `page`: a page's form posted where the page has no action; Remix renders its 405 page, we add Allow. */
  | { kind: "refuse"; allow: string[]; page: boolean }
  | { kind: "not-implemented" };

const OK: MethodVerdict = { kind: "ok" };

function tree(manifest: Manifest): Node[] {
  const byParent = new Map<string, Entry[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const key = route.parentId ?? "";
    byParent.set(key, [...(byParent.get(key) ?? []), route]);
  }
  const build = (parentId: string): Node[] =>
    (byParent.get(parentId) ?? []).map(
      (route) =>
        ({
          id: route.id,
          path: route.path,
          index: route.index,
          caseSensitive: route.caseSensitive,
          entry: route,
          children: route.index ? undefined : build(route.id),
        }) as Node,
    );
  return build("");
}

/** Remix's choice of the route whose action a submission runs (its getTargetMatch). */
function submissionTarget(matches: Array<{ route: Node }>, search: string): Entry {
  const last = matches[matches.length - 1];
  if (last.route.index && new URLSearchParams(search).getAll("index").some((v) => v === "")) return last.route.entry;
  const withPath = matches.filter((m, i) => i === 0 || (m.route.path && m.route.path.length > 0));
  return withPath[withPath.length - 1].route.entry;
}

/** Builds the check once per Worker isolate (the manifest is fixed at build time). */
export function createMethodGuard(manifest: Manifest): (request: Request) => MethodVerdict {
  let routes: Node[] | null = null;
  return (request) => {
    const method = request.method.toUpperCase();
    if (!KNOWN.has(method)) return { kind: "not-implemented" };
    const url = new URL(request.url);
    // Remix's own data requests (?_data=<route id>) name their route: Remix answers them.
    if (url.searchParams.has("_data")) return OK;
    const singleFetch = url.pathname.endsWith(".data");
    const pathname = singleFetch ? url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") : url.pathname;
    routes ??= tree(manifest);
    const matches = matchRoutes(routes, pathname) as Array<{ route: Node }> | null;
    if (!matches || matches.length === 0) return OK;
    const mutation = MUTATIONS.has(method);
    const leaf = matches[matches.length - 1].route.entry;
    const resource = !singleFetch && leaf.module.default == null && leaf.module.ErrorBoundary == null;
    if (resource) {
      const hasLoader = typeof leaf.module.loader === "function";
      const hasAction = typeof leaf.module.action === "function";
      if (mutation ? hasAction : hasLoader) return OK;
      const allow = [...(hasLoader ? READS : []), ...(hasAction ? SUBMIT : [])];
      return { kind: "refuse", allow, page: false };
    }
    // A page always renders for a read (its loaders are optional).
    if (!mutation) return OK;
    if (typeof submissionTarget(matches, url.search).module.action === "function") return OK;
    return { kind: "refuse", allow: READS, page: !singleFetch };
  };
}

/** The JSON 405 every API client gets: `Allow` lists the methods; a HEAD gets the headers only. */
export function methodRefusal(request: Request, allow: string[]): Response {
  const headers = { Allow: allow.join(", "), "Content-Type": "application/json" };
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: 405, headers });
  const named = allow.filter((m) => m !== "HEAD");
  return new Response(JSON.stringify({ message: `Use ${named.join(" or ")} for this endpoint.` }), { status: 405, headers });
}

/** A method no route of this app implements (PROPFIND, TRACE, …). */
export function methodNotImplemented(): Response {
  return Response.json({ message: "This method is not supported." }, { status: 501 });
}

/** Remix's own 405 page for a page without an action, with the Allow header it lacks. */
export function withAllow(response: Response, allow: string[]): Response {
  if (response.status !== 405) return response;
  const out = new Response(response.body, response);
  out.headers.set("Allow", allow.join(", "));
  return out;
}
