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

describe("route cache patch of @remix-run/router", () => {
  it("applies to the installed version: matchRoutes uses the kept branches, compilePath the kept patterns", () => {
    const patched: string = patchRouterSource(stock);
    expect(patched).toContain("let branches = hearthRankedBranches(routes);");
    expect(patched).not.toContain("let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);");
    expect(patched).toContain("function hearthCompilePathUncached(path, caseSensitive, end) {");
    expect(patched.match(/function compilePath\(/g)).toHaveLength(1);
  });

  it("refuses a router whose text moved", () => {
    expect(() => patchRouterSource(stock.replace("rankRouteBranches(branches);", "rankRouteBranches(branches, true);"))).toThrow(/not found exactly once/);
  });

  it("matches exactly as the stock router, again and again", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "route-cache-")), "router.mjs");
    writeFileSync(file, patchRouterSource(stock));
    const patched = (await import(pathToFileURL(file).href)) as typeof stockRouter;
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
});
