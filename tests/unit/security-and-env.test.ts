import { describe, expect, it } from "vitest";
import { PBKDF2_ITERATIONS, hashPassword, verifyPassword } from "~/server/auth/password.server";
import { isCrossSiteRequest } from "~/server/security.server";
import { EnvError, parseEnv } from "~/server/env.server";

describe("password hashing", () => {
  it("stays within production workerd's PBKDF2 cap of 100,000 iterations", () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(100_000); // and uses all of it
  });

  it("hashes with a per-user salt and verifies", async () => {
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a).not.toBe(b);
    expect(a.startsWith(`pbkdf2-sha256$${PBKDF2_ITERATIONS}$`)).toBe(true);
    expect(await verifyPassword("correct horse", a)).toBe(true);
    expect(await verifyPassword("correct horsE", a)).toBe(false);
    expect(await verifyPassword("anything", null)).toBe(false);
    expect(await verifyPassword("x", "md5$1$abc$def")).toBe(false);
  });
});

describe("cross-site refusal", () => {
  const req = (method: string, headers: Record<string, string>) => new Request("https://app.test/api/x", { method, headers });
  it("refuses state-changing requests from other sites", () => {
    expect(isCrossSiteRequest(req("POST", { Origin: "https://evil.test" }))).toBe(true);
    expect(isCrossSiteRequest(req("DELETE", { "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossSiteRequest(req("POST", { "Sec-Fetch-Site": "same-site" }))).toBe(true);
    expect(isCrossSiteRequest(req("POST", { Origin: "null" }))).toBe(true);
  });
  it("allows same-origin, user-initiated and safe requests", () => {
    expect(isCrossSiteRequest(req("POST", { Origin: "https://app.test", "Sec-Fetch-Site": "same-origin" }))).toBe(false);
    expect(isCrossSiteRequest(req("POST", { "Sec-Fetch-Site": "none" }))).toBe(false);
    expect(isCrossSiteRequest(req("POST", {}))).toBe(false); // non-browser clients send neither
    expect(isCrossSiteRequest(req("GET", { Origin: "https://evil.test" }))).toBe(false);
    expect(isCrossSiteRequest(req("POST", { Origin: "https://budget.example" }), "https://budget.example")).toBe(false);
  });
});

describe("env validation", () => {
  it("a missing SESSION_SECRET is a clear error naming the fix", () => {
    expect(() => parseEnv({} as Env)).toThrow(EnvError);
    expect(() => parseEnv({} as Env)).toThrow(/SESSION_SECRET is missing/);
  });
  it("parses admins and defaults", () => {
    const config = parseEnv({ SESSION_SECRET: "x".repeat(32), ADMIN_EMAILS: " Boss@Example.com, ,ops@example.com" } as Env);
    expect([...config.adminEmails]).toEqual(["boss@example.com", "ops@example.com"]);
    expect(config.PLAID_ENV).toBe("sandbox");
  });
  it("per-user limits are unscaled unless the bench scales them, and a bad scale is refused", () => {
    expect(parseEnv({ SESSION_SECRET: "x".repeat(32) } as Env).USER_LIMIT_SCALE).toBe(1);
    expect(parseEnv({ SESSION_SECRET: "x".repeat(32), USER_LIMIT_SCALE: "1000" } as unknown as Env).USER_LIMIT_SCALE).toBe(1000);
    for (const bad of ["0", "-5", "1.5", "lots"]) expect(() => parseEnv({ SESSION_SECRET: "x".repeat(32), USER_LIMIT_SCALE: bad } as unknown as Env)).toThrow(EnvError);
  });
});
