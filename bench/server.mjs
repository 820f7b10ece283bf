// Bench helpers: a fresh local state with a large seeded household, and a `wrangler dev` on a free port
// that is always stopped again. Reuses the shared seed and wrangler helpers of scripts/lib.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { householdSql } from "../scripts/lib/seed.mjs";
import { executeLocal, migrateLocal, ROOT, wranglerSpawn } from "../scripts/lib/wrangler.mjs";

export const BENCH_PASSWORD = "bench-password-1";

/** 4 members, 2 years, 5,000 expenses, income + fixed lines; every profile complete. */
export const BENCH_HOUSEHOLD = {
  budgetId: "bench-budget",
  budgetName: "The Benchmark Household",
  resetDay: 1,
  months: 24,
  expenseCount: 5000,
  members: [
    { id: "bench-owner", email: "owner@bench.hearth.local", firstName: "Olivia", lastName: "Bench", phone: "+15555550201", password: BENCH_PASSWORD, role: "owner", isAdmin: true },
    { id: "bench-m1", email: "m1@bench.hearth.local", firstName: "Marcus", lastName: "Bench", phone: "+15555550202", password: BENCH_PASSWORD, role: "member" },
    { id: "bench-m2", email: "m2@bench.hearth.local", firstName: "Nina", lastName: "Bench", phone: "+15555550203", password: BENCH_PASSWORD, role: "member" },
    { id: "bench-m3", email: "m3@bench.hearth.local", firstName: "Theo", lastName: "Bench", phone: "+15555550204", password: BENCH_PASSWORD, role: "member" },
  ],
  income: [
    ["Olivia's salary", 5200],
    ["Marcus's salary", 3900],
    ["Nina's part-time job", 1400],
    ["Rental income", 650],
  ],
  fixed: [
    ["Mortgage", "housing", 2650],
    ["Electricity", "utilities", 140],
    ["Water", "utilities", 55],
    ["Internet", "utilities", 70],
    ["Car payment", "transportation", 410],
    ["Car insurance", "transportation", 160],
    ["Health insurance", "other", 520],
    ["Daycare", "other", 900],
    ["Netflix", "subscriptions", 15.49],
    ["Spotify family", "subscriptions", 16.99],
  ],
};

/** A free loopback port outside 8787-8799 (used by `npm start` and other sessions). */
export async function freePort() {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await new Promise((resolve, reject) => {
      const server = net.createServer();
      server.unref();
      server.on("error", reject);
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
    });
    if (port < 8787 || port > 8799) return port;
  }
  throw new Error("Could not find a free port");
}

/** Deletes `stateDir`, applies migrations and seeds the household. Returns timings in ms. */
export async function prepareState(stateDir, household = BENCH_HOUSEHOLD) {
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  let t = performance.now();
  migrateLocal(stateDir);
  const migrateMs = performance.now() - t;
  t = performance.now();
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-seed-"));
  const file = path.join(dir, "household.sql");
  try {
    writeFileSync(file, await householdSql(household));
    executeLocal(file, stateDir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { migrateMs, seedMs: performance.now() - t };
}

/**
 * Starts `wrangler dev` on `port` with local state in `stateDir` (and `vars`; the DevTools inspector on
 * `inspectorPort`, 0 = any). Output is kept (last 200 lines) and shown
 * only when something fails. `stop()` is idempotent and also runs on exit / SIGINT / SIGTERM.
 */
export function startWorker({ port, stateDir, vars = {}, inspectorPort = 0 }) {
  const args = ["dev", "--port", String(port), "--ip", "127.0.0.1", "--inspector-port", String(inspectorPort), "--persist-to", stateDir, "--show-interactive-dev-session=false", "--live-reload=false", "--log-level", "log"];
  // Variables for this run only, over whatever .dev.vars holds (the bank bench points Plaid at its double).
  for (const [key, value] of Object.entries(vars)) args.push("--var", `${key}:${value}`);
  // A fresh clone has no .dev.vars yet (`npm start` creates it): give the Worker the one required secret.
  if (!existsSync(path.join(ROOT, ".dev.vars"))) args.push("--var", "SESSION_SECRET:bench-session-secret-0123456789abcdef");
  const child = wranglerSpawn(args, { stdio: ["ignore", "pipe", "pipe"], env: { CI: "true" } });
  const log = [];
  const state = { reloads: 0 };
  const keep = (chunk) => {
    for (const line of String(chunk).split("\n")) {
      if (!line.trim()) continue;
      log.push(line);
      // The working tree was rebuilt while we ran (wrangler dev watches the Worker's inputs).
      if (/Reloading local server/.test(line)) state.reloads++;
    }
    if (log.length > 200) log.splice(0, log.length - 200);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = false;
  const exitPromise = new Promise((resolve) => child.on("exit", (code, signal) => { exited = true; resolve({ code, signal }); }));

  const killNow = () => {
    if (!exited) try { child.kill("SIGTERM"); } catch {}
  };
  const onSignal = (signal) => {
    killNow();
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.on("exit", killNow);
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  async function stop() {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    if (exited) return exitPromise;
    child.kill("SIGTERM");
    const timer = setTimeout(() => { if (!exited) child.kill("SIGKILL"); }, 5000);
    const result = await exitPromise;
    clearTimeout(timer);
    return result;
  }

  return { child, origin: `http://127.0.0.1:${port}`, log, stop, get exited() { return exited; }, get reloads() { return state.reloads; } };
}

/** Polls GET / until it answers 200 (or throws after `timeoutMs`). Returns ms until ready. */
export async function waitReady(worker, timeoutMs = 60_000) {
  const start = performance.now();
  let lastError = "no answer yet";
  while (performance.now() - start < timeoutMs) {
    if (worker.exited) throw new Error(`wrangler dev exited before it was ready:\n${worker.log.join("\n")}`);
    try {
      const res = await fetch(`${worker.origin}/`, { redirect: "manual", signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - start;
      lastError = `GET / answered ${res.status}`;
    } catch (error) {
      lastError = error.cause?.code ?? error.message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev was not ready after ${timeoutMs / 1000} s (${lastError}):\n${worker.log.join("\n")}`);
}

/** JSON sign-in; returns the `__session=…` cookie pair. */
export async function signIn(origin, email, password) {
  const res = await fetch(`${origin}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ intent: "signin", email, password }),
    redirect: "manual",
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`Sign-in failed: ${res.status} ${body.slice(0, 300)}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.startsWith("__session="));
  if (!cookie) throw new Error(`Sign-in answered 200 without a __session cookie: ${res.headers.getSetCookie().join(" | ")}`);
  return cookie;
}
