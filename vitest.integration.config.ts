import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// The whole Worker inside workerd with real D1 (migrated), R2, Queues and the Durable Object.
// Outbound calls (OAuth providers, later OpenAI and Plaid) are intercepted at fetch in each test.
export default defineConfig(async () => ({
  resolve: {
    alias: {
      "~": path.resolve(__dirname, "app"),
      // As wrangler.toml: the Worker's router with per-isolate route caches (scripts/lib/route-cache-patch.mjs).
      "@remix-run/router": path.resolve(__dirname, "build/remix-router.server.js"),
    },
  },
  plugins: [
    cloudflareTest({
      main: "./workers/app.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(path.join(__dirname, "migrations")),
          SESSION_SECRET: "integration-test-session-secret-0123456789",
          ADMIN_EMAILS: "admin@example.test",
          OAUTH_PROVIDERS: "acme",
          OAUTH_ACME_LABEL: "Acme ID",
          OAUTH_ACME_CLIENT_ID: "acme-client",
          OAUTH_ACME_CLIENT_SECRET: "acme-secret",
          OAUTH_ACME_AUTHORIZE_URL: "https://id.acme.test/oauth/authorize",
          OAUTH_ACME_TOKEN_URL: "https://id.acme.test/oauth/token",
          OAUTH_ACME_USERINFO_URL: "https://id.acme.test/oauth/userinfo",
          // Plaid calls are answered by tests/plaid-double (fetch intercepted in each test that links a bank).
          PLAID_CLIENT_ID: "test-client-id",
          PLAID_SECRET: "test-secret",
          PLAID_TOKEN_KEY: "AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA=",
        },
      },
    }),
  ],
  test: {
    include: ["tests/integration/**/*.test.ts"],
    setupFiles: ["./tests/integration/apply-migrations.ts"],
    // The router stays out of the pre-bundled @remix-run/cloudflare: it is the generated build file (alias above),
    // which the optimizer's cache (keyed by config and lockfile, not by that file) would otherwise keep stale.
    deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"], exclude: ["@remix-run/router"] } } },
    testTimeout: 30_000,
    // Vitest's on-disk module cache hands the Worker a cached module (the 2.4 MB server bundle) inline in
    // one WebSocket message, over workerd's 1 MiB limit: the second test file's worker then dies with
    // "Message is too large". Without the cache each worker loads the bundle the normal way.
    fsModuleCache: false,
  },
}));
