import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { api, signUpComplete } from "./helpers/http";
import { discoverRoutes } from "./helpers/routes";

// Issue 18 #13: a method a route has no handler for is answered 405 with `Allow`, in one place for every
// route (the Worker, before Remix), and nothing is logged: before, a GET on a POST-only route answered 400
// "Unexpected Server Error" and a POST on a loader-only route logged a 15-line stack.

let logged: MockInstance[];
beforeEach(() => {
  logged = [vi.spyOn(console, "error"), vi.spyOn(console, "warn")];
});
afterEach(() => {
  for (const spy of logged) spy.mockRestore();
});
const nothingLogged = () => {
  for (const spy of logged) expect(spy.mock.calls).toEqual([]);
};

describe("405 with Allow, nothing logged", () => {
  it.each([
    ["GET", "/api/upload-transactions", "POST"],
    ["HEAD", "/api/upload-transactions", "POST"],
    ["GET", "/api/transaction-uploads/some-upload/approve", "POST"],
    ["POST", "/api/categories", "GET, HEAD"],
    ["DELETE", "/api/budget", "GET, HEAD"],
    ["PUT", "/api/features/unread-count", "GET, HEAD"],
  ])("%s %s → 405, Allow: %s (signed out too)", async (method, path, allow) => {
    for (const cookie of [null, (await signUpComplete()).cookie]) {
      const res = await api(path, { method, cookie, headers: { Origin: "http://localhost" } });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe(allow);
      if (method !== "HEAD") expect(((await res.json()) as { message: string }).message).toBe(`Use ${allow.replace(", HEAD", "").replace(", ", " or ")} for this endpoint.`);
    }
    nothingLogged();
  });

  it("a page with no action (a form posted to /history) answers the 405 page with Allow, no stack", async () => {
    const me = await signUpComplete();
    const res = await api("/history", { cookie: me.cookie, form: { intent: "x" }, headers: { Origin: "http://localhost", Host: "localhost" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
    expect(res.headers.get("Content-Type")).toContain("text/html");
    await res.text();
    nothingLogged();
  });

  it("a single-fetch submission to a page with no action is a 405 too", async () => {
    const me = await signUpComplete();
    const res = await api("/history.data", { cookie: me.cookie, form: { intent: "x" }, headers: { Origin: "http://localhost", Host: "localhost" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
    nothingLogged();
  });

  it("a method no route implements is a 501; OPTIONS on an action-only route a 405", async () => {
    const res = await api("/api/categories", { method: "PROPFIND" });
    expect(res.status).toBe(501);
    const options = await api("/api/upload-transactions", { method: "OPTIONS" });
    expect(options.status).toBe(405);
    expect(options.headers.get("Allow")).toBe("POST");
    nothingLogged();
  });

  it("methods a route handles itself are untouched: its own 405 and its own answers", async () => {
    const me = await signUpComplete();
    const own = await api("/api/debts", { method: "PUT", cookie: me.cookie, json: {}, headers: { Origin: "http://localhost" } });
    expect(own.status).toBe(405);
    expect(own.headers.get("Allow")).toBe("GET, POST");
    expect((await api("/api/categories", { cookie: me.cookie })).status).toBe(200);
    expect((await api("/history", { cookie: me.cookie })).status).toBe(200);
    // The app's own page forms still post to their pages.
    expect((await api("/settings", { cookie: me.cookie, form: { intent: "no-such-intent" }, headers: { Origin: "http://localhost", Host: "localhost" } })).status).toBeLessThan(500);
  });

  it("every resource route: the method it lacks answers 405 with Allow", async () => {
    const routes = discoverRoutes().filter((r) => !r.isPage && r.hasLoader !== r.hasAction && !r.pattern.includes("*"));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const method = route.hasLoader ? "POST" : "GET";
      const res = await api(route.url, { method, headers: method === "POST" ? { Origin: "http://localhost" } : {} });
      expect([route.file, res.status]).toEqual([route.file, 405]);
      expect([route.file, res.headers.get("Allow")]).toEqual([route.file, route.hasLoader ? "GET, HEAD" : "POST"]);
    }
    nothingLogged();
  });
});
