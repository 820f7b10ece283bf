import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/server/env.server";
import { plaidSettings } from "~/server/plaid/client.server";
import { decryptToken, encryptToken } from "~/server/plaid/token-crypto.server";

const KEY = btoa(String.fromCharCode(...new Uint8Array(32).map((_, i) => i + 1)));
const env = (over: Record<string, string | undefined>) => ({ SESSION_SECRET: "x".repeat(32), ...over }) as unknown as Env;

describe("Plaid configuration", () => {
  it("PLAID_ENV is sandbox or production; anything else is refused by name", () => {
    expect(parseEnv(env({ PLAID_ENV: "production" })).PLAID_ENV).toBe("production");
    expect(parseEnv(env({})).PLAID_ENV).toBe("sandbox");
    expect(() => parseEnv(env({ PLAID_ENV: "development" }))).toThrow(EnvError);
    expect(() => parseEnv(env({ PLAID_ENV: "development" }))).toThrow(/PLAID_ENV must be "sandbox" or "production" \(got "development"\)/);
  });
  it("PLAID_TOKEN_KEY must be 32 bytes of base64", () => {
    expect(() => parseEnv(env({ PLAID_TOKEN_KEY: btoa("short") }))).toThrow(/PLAID_TOKEN_KEY must be 32 random bytes/);
    expect(parseEnv(env({ PLAID_TOKEN_KEY: KEY })).PLAID_TOKEN_KEY).toBe(KEY);
  });
  it("PLAID_BASE_URL: trailing / stripped, sandbox only", () => {
    const config = parseEnv(env({ PLAID_CLIENT_ID: "c", PLAID_SECRET: "s", PLAID_TOKEN_KEY: KEY, PLAID_BASE_URL: "http://127.0.0.1:8890//" }));
    expect(config.PLAID_BASE_URL).toBe("http://127.0.0.1:8890");
    expect(plaidSettings({ config })?.basePath).toBe("http://127.0.0.1:8890");
    expect(() => parseEnv(env({ PLAID_ENV: "production", PLAID_BASE_URL: "http://127.0.0.1:8890" }))).toThrow(/PLAID_BASE_URL is accepted only with PLAID_ENV=sandbox/);
  });
  it("without all three keys bank linking is off (everything else works)", () => {
    expect(plaidSettings({ config: parseEnv(env({ PLAID_CLIENT_ID: "c", PLAID_SECRET: "s" })) })).toBeNull();
    expect(plaidSettings({ config: parseEnv(env({ PLAID_CLIENT_ID: "c", PLAID_SECRET: "s", PLAID_TOKEN_KEY: KEY, PLAID_ENV: "production" })) })?.basePath).toBe("https://production.plaid.com");
  });
});

describe("access token encryption (AES-GCM)", () => {
  it("round-trips, never stores the token in clear, and is bound to its Item", async () => {
    const sealed = await encryptToken(KEY, "access-sandbox-secret-token", "item-row-1");
    expect(sealed).not.toContain("access-sandbox");
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(await decryptToken(KEY, sealed, "item-row-1")).toBe("access-sandbox-secret-token");
    await expect(decryptToken(KEY, sealed, "item-row-2")).rejects.toThrow();
    const otherKey = btoa(String.fromCharCode(...new Uint8Array(32).fill(9)));
    await expect(decryptToken(otherKey, sealed, "item-row-1")).rejects.toThrow();
    expect(await encryptToken(KEY, "access-sandbox-secret-token", "item-row-1")).not.toBe(sealed);
  });
});
