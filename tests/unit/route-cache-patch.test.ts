import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { pathToFileURL } from "node:url";
import * as stockRouter from "@remix-run/router";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- plain JS shared with the build script
import { patchRouterSource } from "../../scripts/lib/route-cache-patch.mjs";

// The Worker's router caches (issue 24) are a patch of the installed @remix-run/router's text: an upgrade
// that moves the patched code fails here (and in the build), instead of silently dropping the caches.

const require = createRequire(import.meta.url);
const stockPath = path.join(path.dirname(require.resolve("@remix-run/router/package.json")), "dist/router.js");
const stock = readFileSync(stockPath, "utf8");

async function loadPatched(): Promise<typeof stockRouter> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "route-cache-")), "router.mjs");
  writeFileSync(file, patchRouterSource(stock));
  return (await import(pathToFileURL(file).href)) as typeof stockRouter;
}

/** A fresh tree each call, as Remix builds one for every page render. */
function appRoutes(historyPath = "history/:month?"): stockRouter.AgnosticRouteObject[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "index", index: true },
        { id: "app", children: [{ id: "panel", path: "budget-panel" }, { id: "history", path: historyPath }] },
        { id: "expense", path: "api/expenses/:id" },
        { id: "splat", path: "*" },
      ],
    },
  ];
}

describe("route cache patch of @remix-run/router", () => {
  it("applies to the installed version: matchRoutes uses the kept branches, compilePath the kept patterns", () => {
    const patched: string = patchRouterSource(stock);
    expect(patched).toContain("let branches = hearthRankedBranches(routes);");
    expect(patched).not.toContain("let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);");
    expect(patched).toContain("function hearthCompilePathUncached(path, caseSensitive, end) {");
    expect(patched.match(/function compilePath\(/g)).toHaveLength(1);
    expect(patched).toContain("function hearthMatchRoutesUncached(routes, locationArg, basename, allowPartial) {");
    expect(patched.match(/function matchRoutesImpl\(/g)).toHaveLength(1);
  });

  it("refuses a router whose text moved", () => {
    expect(() => patchRouterSource(stock.replace("rankRouteBranches(branches);", "rankRouteBranches(branches, true);"))).toThrow(/not found exactly once/);
  });

  it("matches exactly as the stock router, again and again", async () => {
    const patched = await loadPatched();
    const routes = [
      {
        id: "root",
        path: "",
        children: [
          { id: "index", index: true },
          { id: "app", children: [{ id: "panel", path: "budget-panel" }, { id: "history", path: "history/:month?" }] },
          { id: "expense", path: "api/expenses/:id" },
          { id: "toggle", path: "api/expenses/:id/toggle" },
          { id: "api-splat", path: "api/*" },
          { id: "splat", path: "*" },
        ],
      },
    ];
    const ids = (router: typeof stockRouter, url: string) => router.matchRoutes(routes, url)?.map((m) => [m.route.id, m.params, m.pathnameBase]) ?? null;
    for (let round = 0; round < 3; round++) {
      for (const url of ["/", "/budget-panel", "/history", "/history/2026-01", "/api/expenses/7", "/api/expenses/7/toggle", "/api/nope/x", "/nope", "/Budget-Panel/"]) {
        expect(ids(patched, url), url).toEqual(ids(stockRouter, url));
      }
      expect(patched.matchPath({ path: "/a/:b", end: false }, "/a/1/c")).toEqual(stockRouter.matchPath({ path: "/a/:b", end: false }, "/a/1/c"));
      expect(patched.matchPath("/a/:b", "/a/1/c")).toBeNull();
    }
  });

  it("keeps answers, not objects: each call gets its own matches and params, for the route objects it passed", async () => {
    const patched = await loadPatched();
    const first = appRoutes();
    const a = patched.matchRoutes(first, "/history/2026-01")!;
    (a[0]!.params as Record<string, string>).month = "changed";
    a.pop();
    const again = patched.matchRoutes(first, "/history/2026-01")!;
    expect(again.map((m) => m.route.id)).toEqual(["root", "app", "history"]);
    expect(again[2]!.params).toEqual({ month: "2026-01" });
    // One params object shared by the matches, as the stock router answers.
    expect(again[0]!.params).toBe(again[2]!.params);
    // A tree of the same shape built anew (every page render): matched from the kept answer, its own objects.
    const second = appRoutes();
    const fresh = patched.matchRoutes(second, "/history/2026-01")!;
    expect(fresh[2]!.route).toBe(second[0]!.children![1]!.children![1]);
    expect(fresh.map((m) => [m.route.id, m.pathname, m.pathnameBase])).toEqual(again.map((m) => [m.route.id, m.pathname, m.pathnameBase]));
  });

  it("a tree of another shape gets its own answers", async () => {
    const patched = await loadPatched();
    expect(patched.matchRoutes(appRoutes(), "/history/2026-01")?.at(-1)?.route.id).toBe("history");
    // Same ids, the history path changed: the splat answers now, as the stock router says.
    const other = appRoutes("archive/:month?");
    expect(patched.matchRoutes(other, "/history/2026-01")?.at(-1)?.route.id).toBe("splat");
    expect(stockRouter.matchRoutes(appRoutes("archive/:month?"), "/history/2026-01")?.at(-1)?.route.id).toBe("splat");
  });
});
