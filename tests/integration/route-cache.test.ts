import { describe, expect, it } from "vitest";
import { api, signUpComplete, uniqueEmail } from "./helpers/http";
// @ts-expect-error -- plain JS shared with the build script
import { STATS_KEY } from "../../scripts/lib/route-cache-patch.mjs";

// Issue 24: Remix's router flattened and ranked every route and compiled each path's pattern on every
// request. The Worker's router (scripts/lib/route-cache-patch.mjs) keeps them, and each answer, per isolate;
// its counters show how often it had to build them. Once every kind of request has been seen, more requests
// of those kinds (documents, client navigations, resource routes, lazy-discovery manifests, 404s) build and
// work out nothing.

type Stats = { flattened: number; compiled: number; matched: number; calls: number };

function stats(): Stats {
  const found = (globalThis as Record<symbol, Stats | undefined>)[Symbol.for(STATS_KEY)];
  if (!found) throw new Error("the Worker's router has no route cache: is the alias to build/remix-router.server.js gone?");
  return { ...found };
}

/** The build's version, as the page hands it to the browser (lazy discovery's manifest calls send it). */
async function buildVersion(cookie: string): Promise<string> {
  const html = await (await api("/", { cookie })).text();
  const version = /"version":\s*"([^"]+)"/.exec(html)?.[1] ?? /\/build\/manifest-([0-9A-F]+)\.js/.exec(html)?.[1]?.toLowerCase();
  if (!version) throw new Error("no build version in the page");
  return version;
}

async function visitAll(cookie: string, version: string) {
  const requests: [string, number][] = [
    ["/", 200],
    ["/budget-panel", 200],
    ["/history", 200],
    ["/budget-panel.data", 200],
    ["/api/budget", 200],
    ["/api/expenses/not-an-id", 404],
    ["/no/such/page", 404],
    [`/__manifest?p=%2Fhistory&p=%2Fsettings&p=%2Fapi%2Fexpenses%2Fx&version=${version}`, 200],
  ];
  for (const [url, status] of requests) {
    const res = await api(url, { cookie });
    await res.arrayBuffer();
    expect(res.status, url).toBe(status);
  }
}

describe("route matching is built once per isolate", () => {
  it("more requests flatten no routes and compile no patterns once each kind was seen", async () => {
    const { cookie } = await signUpComplete(uniqueEmail("router"), { firstName: "Route", lastName: "Cache" });
    const version = await buildVersion(cookie);
    await visitAll(cookie, version);
    const warm = stats();
    expect(warm.flattened, "the route trees were flattened at least once").toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) await visitAll(cookie, version);
    const after = stats();
    expect(after.calls, "the requests matched routes through the Worker's router").toBeGreaterThan(warm.calls);
    expect({ ...after, calls: 0 }).toEqual({ ...warm, calls: 0 });
  });

  it("the page render matches with the same router (not a copy bundled into the server build)", async () => {
    const { cookie } = await signUpComplete(uniqueEmail("router-render"), { firstName: "Route", lastName: "Render" });
    const calls = async (url: string) => {
      const before = stats().calls;
      const res = await api(url, { cookie });
      await res.arrayBuffer();
      expect(res.status, url).toBe(200);
      return stats().calls - before;
    };
    await calls("/budget-panel");
    await calls("/budget-panel.data");
    // The document and the client navigation's data request run the same loaders; only the document renders.
    expect(await calls("/budget-panel")).toBe((await calls("/budget-panel.data")) + 1);
  });
});
