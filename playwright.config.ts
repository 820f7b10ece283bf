import { defineConfig } from "@playwright/test";

// End-to-end tests: the built Worker served by `wrangler dev` on a fresh local state, driven by Debian's
// Chromium (never a downloaded browser; scripts/ensure-chromium.mjs installs it where missing).
// Every journey runs twice: with JavaScript ("js") and without it ("no-js").
// The build is not done here: `npm test` builds first; alone, run `npm run build && npm run test:e2e`.

// E2E_PORT lets several checkouts run their suites side by side without colliding.
const PORT = Number(process.env.E2E_PORT ?? 8790);
const STATE = `.wrangler/e2e-state-${PORT}`;
// 127.0.0.1, not "localhost": serve.mjs binds IPv4 only. Cookies are not Secure on plain local http.
const BASE_URL = `http://127.0.0.1:${PORT}`;

const LATE = /\.late\.spec\.ts$/;

// Bank linking talks to the Plaid test double (tests/plaid-double/server.ts) on its own port, through
// PLAID_BASE_URL (sandbox only). serve.mjs passes these over whatever .dev.vars holds.
const PLAID_DOUBLE_PORT = PORT + 100;
const PLAID_VARS = {
  PLAID_ENV: "sandbox",
  PLAID_BASE_URL: `http://127.0.0.1:${PLAID_DOUBLE_PORT}`,
  PLAID_CLIENT_ID: "test-client-id",
  PLAID_SECRET: "test-secret",
  // 32 bytes, base64: a test key, never a real one.
  PLAID_TOKEN_KEY: "AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA=",
};

const chromium = {
  executablePath: "/usr/bin/chromium",
  // Without the background-networking flags Chromium floods the closed network (STACK-NOTES.md).
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_500 },
  reporter: "list",
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    launchOptions: chromium,
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    timezoneId: "America/New_York",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, testIgnore: LATE },
    // Tests titled "@js-only" exercise client-side behaviour that has no server-rendered equivalent.
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@js-only/, testIgnore: LATE },
    // *.late.spec.ts move the server's clock (the monthly-reset cron at a later time): they run after
    // every other test, so nothing else sees a budget reset or an invitation expire under it.
    { name: "late-js", use: { javaScriptEnabled: true }, testMatch: LATE, dependencies: ["js", "no-js"] },
    { name: "late-no-js", use: { javaScriptEnabled: false }, testMatch: LATE, grepInvert: /@js-only/, dependencies: ["js", "no-js"] },
  ],
  webServer: [
    {
      command: `node tests/plaid-double/server.ts --port ${PLAID_DOUBLE_PORT}`,
      url: `http://127.0.0.1:${PLAID_DOUBLE_PORT}/__double/items`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // A fresh D1/R2/Durable Object state every run: migrations only, no demo household.
      command: `rm -rf ${STATE} && PERSIST_TO=${STATE} SKIP_DEMO_SEED=1 node scripts/setup-local.mjs && PERSIST_TO=${STATE} PORT=${PORT} SERVE_VARS='${JSON.stringify(PLAID_VARS)}' node scripts/serve.mjs`,
      url: `${BASE_URL}/`,
      timeout: 120_000,
      // Never reuse: a server left on this port by an interrupted run has state the tests do not expect.
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
