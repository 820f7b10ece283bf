// The Worker's copy of @remix-run/router, patched to keep what Remix's router rebuilds on every request
// (issue 24): `matchRoutes` flattens and ranks the whole route tree and compiles each path's pattern into a
// RegExp on every call, and a request calls it two to five times (the request's match, the static
// handler's query, single fetch's handler URL, every partial path of a lazy-discovery manifest request).
// On the server the route arrays never change after `createRequestHandler` derives them, so the ranked
// branches are kept per routes array (a WeakMap) and compiled patterns per (path, caseSensitive, end).
//
// Even with both kept, one match walks every ranked branch until one fits (for `/`, nearly all ~100 of them, a
// matchPath each): measured at 0.2–0.7 ms a call, and a page calls it four times. So the answer itself is kept
// too, per route tree and pathname: which route at which position, with the params and pathnames, handed out as
// fresh objects each time (callers may change what they get). The page render matches a route array Remix
// builds anew for every request, so a tree is known by its shape (path, index, caseSensitive, children — all
// that matching reads), not only by identity.
//
// Server only: wrangler.toml's `alias` (and the integration tests' vite alias) point the Worker's bundle
// at the generated file. `remix build` leaves the router out of build/index.js (remix.config.js), so the page
// render (react-router's useRoutes) matches with this copy too, not with a stock one bundled inside; for that,
// tsconfig.json maps react-router-dom/server to its ES module file (the package has no exports map, and its
// CommonJS file's require() of an external module fails in a Worker). The browser keeps the stock router, whose lazy route discovery adds children to
// route arrays it has already matched, which a cache keyed by the array would miss.
//
// The replacements are anchored on the stock text: if an upgrade changes it, the build stops here and
// tests/unit/route-cache-patch.test.ts fails, rather than silently shipping the uncached router.

/**
 * The counters the patched router keeps (the integration test reads them to see nothing is rebuilt): trees
 * flattened, patterns compiled, matches worked out, and calls of matchRoutes.
 */
export const STATS_KEY = "hearth.routeCache";

const FLATTEN = "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n";
const MATCH = "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {\n";
const COMPILE = "function compilePath(path, caseSensitive, end) {\n";

const CACHE = `
// --- Hearth (scripts/lib/route-cache-patch.mjs): route branches and patterns kept per isolate. ---
const hearthRouteStats = globalThis[Symbol.for(${JSON.stringify(STATS_KEY)})] ??= { flattened: 0, compiled: 0, matched: 0, calls: 0 };
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
// Answers per route tree and pathname. A tree's shape is all that matching reads of it.
const hearthShapeByRoutes = new WeakMap();
const hearthShapeByPrint = new Map();
function hearthPrint(routes) {
  let out = "";
  for (const route of routes) {
    out += (route.path == null ? "~" : JSON.stringify(route.path)) + (route.index === true ? "i" : route.index ? "j" : "") + (route.caseSensitive === true ? "c" : "");
    if (route.children && route.children.length > 0) out += "[" + hearthPrint(route.children) + "]";
    out += ",";
  }
  return out;
}
function hearthAnswersOf(routes) {
  let answers = hearthShapeByRoutes.get(routes);
  if (!answers) {
    const print = hearthPrint(routes);
    answers = hearthShapeByPrint.get(print);
    if (!answers) {
      answers = new Map();
      if (hearthShapeByPrint.size < 50) hearthShapeByPrint.set(print, answers);
    }
    hearthShapeByRoutes.set(routes, answers);
  }
  return answers;
}
function matchRoutesImpl(routes, locationArg, basename, allowPartial) {
  let location = typeof locationArg === "string" ? parsePath(locationArg) : locationArg;
  let pathname = stripBasename(location.pathname || "/", basename);
  if (pathname == null) {
    return null;
  }
  hearthRouteStats.calls++;
  const answers = hearthAnswersOf(routes);
  const key = (allowPartial ? "1" : "0") + pathname;
  const known = answers.get(key);
  if (known !== undefined) return hearthRebuild(routes, known);
  const matches = hearthMatchRoutesUncached(routes, { pathname }, "/", allowPartial);
  hearthRouteStats.matched++;
  const answer = hearthAnswer(routes, matches);
  if (answer !== undefined) {
    // Bounded: paths with ids in them are each their own key.
    if (answers.size >= 1000) answers.delete(answers.keys().next().value);
    answers.set(key, answer);
  }
  return matches;
}
/** Where each matched route sits (child positions from the top), or undefined when a route is not found there. */
function hearthAnswer(routes, matches) {
  if (matches === null) return null;
  const at = [];
  let list = routes;
  for (const match of matches) {
    const i = list ? list.indexOf(match.route) : -1;
    if (i < 0) return undefined;
    at.push(i);
    list = match.route.children;
  }
  return { at, params: Object.assign({}, matches.length ? matches[0].params : {}), pathnames: matches.map((m) => [m.pathname, m.pathnameBase]) };
}
/** The stock shape: one params object shared by every match of the answer. */
function hearthRebuild(routes, answer) {
  if (answer === null) return null;
  const params = Object.assign({}, answer.params);
  const matches = [];
  let list = routes;
  for (let i = 0; i < answer.at.length; i++) {
    const route = list[answer.at[i]];
    matches.push({ params, pathname: answer.pathnames[i][0], pathnameBase: answer.pathnames[i][1], route });
    list = route.children;
  }
  return matches;
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
  out = replaceOnce(out, MATCH, "function hearthMatchRoutesUncached(routes, locationArg, basename, allowPartial) {\n", "matchRoutesImpl");
  out = replaceOnce(out, COMPILE, "function hearthCompilePathUncached(path, caseSensitive, end) {\n", "compilePath");
  const exportAt = out.lastIndexOf("\nexport {");
  if (exportAt < 0) throw new Error("route cache patch: no export list in @remix-run/router");
  // The stock source map describes the stock text: drop the reference rather than mislead.
  return (out.slice(0, exportAt) + CACHE + out.slice(exportAt)).replace(/\n\/\/# sourceMappingURL=.*\n?$/, "\n");
}
