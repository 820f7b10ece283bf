import { createExecutionContext, env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";

describe("worker", () => {
  it("serves the landing page to visitors", async () => {
    const res = await exports.default.fetch("http://localhost/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Get Started");
    expect(html).toContain('href="/api/login"');
  });

  it("a missing SESSION_SECRET is a clear start-up error naming the fix, not a crash later", async () => {
    const broken = { ...env, SESSION_SECRET: undefined } as Env;
    const request = new Request("http://localhost/api/budget") as Request<unknown, IncomingRequestCfProperties>;
    const res = await worker.fetch(request, broken, createExecutionContext());
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).toContain("The Worker is misconfigured");
    expect(text).toContain("SESSION_SECRET is missing");
    expect(text).not.toMatch(/at \w+ \(/); // no stack trace
  });

  it("elsewhere than this machine, visitors get a generic message and only the log names the secret", async () => {
    const broken = { ...env, SESSION_SECRET: undefined } as Env;
    const request = new Request("https://budget.example.com/") as Request<unknown, IncomingRequestCfProperties>;
    const res = await worker.fetch(request, broken, createExecutionContext());
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).toContain("misconfigured");
    expect(text).not.toContain("SESSION_SECRET");
  });

  it("unknown API paths answer JSON 404, for any method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await exports.default.fetch("http://localhost/api/no-such-endpoint", { method });
      expect(res.status).toBe(404);
      expect(res.headers.get("Content-Type")).toContain("application/json");
      expect(await res.json()).toEqual({ message: "There is no such API endpoint." });
    }
  });

  it("a malformed flash cookie is dropped, not a broken page", async () => {
    const res = await exports.default.fetch("http://localhost/", { headers: { Cookie: "__flash=a" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie") ?? "").toMatch(/__flash=;.*Max-Age=0/);
  });

  it("sends security headers with pages", async () => {
    const res = await exports.default.fetch("http://localhost/");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  });
});
