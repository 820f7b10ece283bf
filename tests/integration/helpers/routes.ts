/// <reference types="vite/client" />
// Every route module in app/routes, read at build time (Vite's import.meta.glob), with the URL it serves
// under Remix flat-route conventions. Tests that must cover "every route" (the body fuzz, the permission
// matrix) build on this, so a new route file is covered without anyone remembering to add it.

const sources = import.meta.glob("../../../app/routes/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

export interface RouteInfo {
  /** Path under app/routes, e.g. "api.expenses.$id.toggle.tsx". */
  file: string;
  /** The URL pattern, e.g. "/api/expenses/:id/toggle" ("*" for a splat). */
  pattern: string;
  /** A concrete URL to call (params filled with sample values; "?index" for index routes). */
  url: string;
  hasAction: boolean;
  hasLoader: boolean;
  /** A UI route renders a page (has a default export); otherwise it is a resource route. */
  isPage: boolean;
  source: string;
}

const exported = (source: string, name: string) =>
  new RegExp(`export\\s+(?:async\\s+)?function\\s+${name}\\b|export\\s+const\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(source);

/** Sample values for dynamic segments; unknown params get a random-looking id. */
const SAMPLE_PARAMS: Record<string, string> = { provider: "acme", token: "0000000000000000000000000000000000000000000" };

function routeId(file: string): string {
  const withoutExt = file.replace(/\.(tsx|ts)$/, "");
  // Folder routes: "foo.bar/route" → "foo.bar"
  return withoutExt.replace(/\/route$/, "");
}

export function patternOf(file: string): { pattern: string; isIndex: boolean } {
  const segments = routeId(file).split(".");
  const out: string[] = [];
  let isIndex = false;
  for (const raw of segments) {
    if (raw === "_index") {
      isIndex = true;
      continue;
    }
    if (raw.startsWith("_")) continue; // pathless layout
    const seg = raw.endsWith("_") ? raw.slice(0, -1) : raw; // "user_" opts out of nesting, same URL text
    if (seg === "$") out.push("*");
    else if (seg.startsWith("$")) out.push(`:${seg.slice(1)}`);
    else out.push(seg);
  }
  return { pattern: `/${out.join("/")}`, isIndex };
}

export function sampleUrl(pattern: string, isIndex: boolean, params: Record<string, string> = {}): string {
  const path = pattern
    .split("/")
    .map((seg) => (seg === "*" ? "fuzz/splat" : seg.startsWith(":") ? encodeURIComponent(params[seg.slice(1)] ?? SAMPLE_PARAMS[seg.slice(1)] ?? "00000000-0000-4000-8000-000000000000") : seg))
    .join("/");
  return isIndex ? `${path === "/" ? "/" : path}?index` : path;
}

export function discoverRoutes(): RouteInfo[] {
  return Object.entries(sources)
    // In a folder, only route.tsx is the route; other files there are its helpers.
    .filter(([key]) => {
      const file = key.replace(/^.*\/app\/routes\//, "");
      return !file.includes("/") || /\/route\.tsx?$/.test(file);
    })
    .map(([key, source]) => {
      const file = key.replace(/^.*\/app\/routes\//, "");
      const { pattern, isIndex } = patternOf(file);
      return {
        file,
        pattern,
        url: sampleUrl(pattern, isIndex),
        hasAction: exported(source, "action"),
        hasLoader: exported(source, "loader"),
        isPage: /export\s+default\b/.test(source),
        source,
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}
