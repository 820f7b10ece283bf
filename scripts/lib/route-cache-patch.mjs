// The Worker's copy of @remix-run/router, patched to keep what Remix's router rebuilds on every request
// (issue 24): `matchRoutes` flattens and ranks the whole route tree and compiles each path's pattern into a
// RegExp on every call, and a request calls it two to five times (the request's match, the static
// handler's query, single fetch's handler URL, every partial path of a lazy-discovery manifest request).
// On the server the route arrays never change after `createRequestHandler` derives them, so the ranked
// branches are kept per routes array (a WeakMap) and compiled patterns per (path, caseSensitive, end).
//
// Server only: wrangler.toml's `alias` (and the integration tests' vite alias) point the Worker's bundle
// at the generated file. The browser keeps the stock router, whose lazy route discovery adds children to
// route arrays it has already matched, which a cache keyed by the array would miss.
//
// The replacements are anchored on the stock text: if an upgrade changes it, the build stops here and
// tests/unit/route-cache-patch.test.ts fails, rather than silently shipping the uncached router.

/** The counters the patched router keeps (the integration test reads them to see nothing is rebuilt). */
export const STATS_KEY = "hearth.routeCache";

const FLATTEN = "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n";
const COMPILE = "function compilePath(path, caseSensitive, end) {\n";

const CACHE = `
// --- Hearth (scripts/lib/route-cache-patch.mjs): route branches and patterns kept per isolate. ---
const hearthRouteStats = globalThis[Symbol.for(${JSON.stringify(STATS_KEY)})] ??= { flattened: 0, compiled: 0 };
const hearthBranches = new WeakMap();
function hearthRankedBranches(routes) {
  let branches = hearthBranches.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    hearthBranches.set(routes, branches);
    hearthRouteStats.flattened++;
  }
  return branches;
}
// Bounded: matchPath is public, and a caller could pass patterns without end.
const hearthPatterns = new Map();
function compilePath(path, caseSensitive, end) {
  const key = (caseSensitive === true ? "1" : "0") + (end === false ? "0" : "1") + path;
  let compiled = hearthPatterns.get(key);
  if (!compiled) {
    compiled = hearthCompilePathUncached(path, caseSensitive, end);
    if (hearthPatterns.size < 2000) hearthPatterns.set(key, compiled);
    hearthRouteStats.compiled++;
  }
  return compiled;
}
// --- end Hearth ---
`;

function replaceOnce(source, anchor, replacement, what) {
  const at = source.indexOf(anchor);
  if (at < 0 || source.indexOf(anchor, at + 1) >= 0) {
    throw new Error(`route cache patch: the stock text for ${what} is not found exactly once in @remix-run/router; re-check scripts/lib/route-cache-patch.mjs against the installed version`);
  }
  return source.slice(0, at) + replacement + source.slice(at + anchor.length);
}

/** The stock ESM router's text with the caches in; throws if an anchor is missing. */
export function patchRouterSource(source) {
  let out = replaceOnce(source, FLATTEN, "  let branches = hearthRankedBranches(routes);\n", "matchRoutes' flatten-and-rank");
  out = replaceOnce(out, COMPILE, "function hearthCompilePathUncached(path, caseSensitive, end) {\n", "compilePath");
  const exportAt = out.lastIndexOf("\nexport {");
  if (exportAt < 0) throw new Error("route cache patch: no export list in @remix-run/router");
  // The stock source map describes the stock text: drop the reference rather than mislead.
  return (out.slice(0, exportAt) + CACHE + out.slice(exportAt)).replace(/\n\/\/# sourceMappingURL=.*\n?$/, "\n");
}
