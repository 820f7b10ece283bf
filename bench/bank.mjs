// Issue 20's figures, on their own wrangler dev (fresh state, Plaid pointed at the test double over HTTP):
// 1. a first sync of 5,000 transactions (two years, three accounts: the double's "big" scenario) imported end
//    to end — link + first sync inside POST /api/plaid/sandbox-link — with the Worker isolate's peak heap,
//    sampled through the DevTools inspector (Runtime.getHeapUsage), and the sync rules checked on the result;
// 2. the daily cron (30 6 * * *) enqueuing the syncs of BENCH_BANK_ITEMS (default 10,000) Items, timed from
//    firing the cron to the handler's own report line (it runs in waitUntil, after the trigger answers).
// Knob: BENCH_BANK_ITEMS (0 skips the cron figure).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, NODE, executeLocal, migrateLocal } from "../scripts/lib/wrangler.mjs";
import { freePort, startWorker, waitReady } from "./server.mjs";

const ITEMS = Number(process.env.BENCH_BANK_ITEMS ?? 10_000);
const SYNC_GOAL_S = 10;
const CRON_GOAL_S = 60;
// Local state on tmpfs when there is one, as the reset bench (the emulator's fsyncs are not the figure).
const STATE_DIR = existsSync("/dev/shm") ? path.join("/dev/shm", `bench-bank-state-${process.pid}`) : path.join(ROOT, ".wrangler/bench-bank-state");
const DAILY_CRON = "30 6 * * *";
// A test key (32 bytes, base64), never a real one.
const TOKEN_KEY = "AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA=";

/** 10,000 active Items over 100 budgets (a user and a budget each). Their tokens are not readable on purpose:
 * each queued sync then ends at once with an error event, so the consumers running beside the cron stay light. */
function itemsSql(count, now) {
  const q = (v) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
  const budgets = Math.max(1, Math.ceil(count / 100));
  const out = [];
  const users = [];
  const budgetRows = [];
  const members = [];
  for (let b = 0; b < budgets; b++) {
    users.push(`(${[`bank-u${b}`, `bank-${b}@bench.local`, "Bank", "User", "+15550000000", 0, "active", "spending", 0, null, `bank-b${b}`, now, now].map(q).join(",")})`);
    budgetRows.push(`(${[`bank-b${b}`, "Bank bench", `bank-u${b}`, 1, "UTC", "2026-11-01", "USD", now, now].map(q).join(",")})`);
    members.push(`(${[`bank-b${b}-m`, `bank-b${b}`, `bank-u${b}`, "owner", now].map(q).join(",")})`);
  }
  out.push(`INSERT INTO users (id, email, first_name, last_name, phone, is_admin, account_status, language_preference, sms_opt_in_consent, password_hash, active_budget_id, created_at, updated_at) VALUES ${users.join(",")};`);
  out.push(`INSERT INTO budgets (id, name, owner_id, reset_day, time_zone, period_start, currency, created_at, updated_at) VALUES ${budgetRows.join(",")};`);
  out.push(`INSERT INTO budget_members (id, budget_id, user_id, role, joined_at) VALUES ${members.join(",")};`);
  for (let i = 0; i < count; i += 250) {
    const rows = [];
    for (let j = i; j < Math.min(count, i + 250); j++) {
      const b = Math.floor(j / 100);
      rows.push(`(${[`bank-item-${String(j).padStart(6, "0")}`, `bank-b${b}`, `bank-u${b}`, `item-bench-${j}`, "unreadable.token", "First Platypus Bank", "ins_109508", null, "active", now, now].map(q).join(",")})`);
    }
    out.push(`INSERT INTO plaid_items (id, budget_id, user_id, item_id, access_token_encrypted, institution_name, institution_id, cursor, status, created_at, updated_at) VALUES ${rows.join(",")};`);
  }
  return out.join("\n");
}

/** The Plaid double over HTTP (tests/plaid-double/server.ts) with the big scenario; resolves once it listens. */
async function startDouble(port) {
  const child = spawn(NODE, ["tests/plaid-double/server.ts", "--port", String(port), "--scenario", "big"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const log = [];
  child.stdout.on("data", (c) => log.push(String(c)));
  child.stderr.on("data", (c) => log.push(String(c)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/__double/items`)).ok) return { url, stop: () => child.kill("SIGTERM") };
    } catch {}
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGTERM");
  throw new Error(`Plaid double did not start: ${log.join("")}`);
}

/**
 * Samples the Worker isolate's used heap through the inspector wrangler dev exposes, every ~20 ms, until
 * stopped: { baseline (after a GC), peak, growth } in bytes. Null when the inspector cannot be reached.
 */
async function heapSampler(inspectorPort) {
  let targets;
  try {
    targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  } catch {
    return null;
  }
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target) return null;
  // wrangler's inspector proxy wants an Origin it knows (Node's WebSocket sends none of its own).
  const ws = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: "http://localhost" } });
  const opened = await new Promise((resolve) => {
    ws.onopen = () => resolve(true);
    ws.onerror = () => resolve(false);
  });
  if (!opened) return null;
  let id = 0;
  const waiting = new Map();
  ws.onmessage = (event) => {
    const msg = JSON.parse(String(event.data));
    if (msg.id && waiting.has(msg.id)) {
      waiting.get(msg.id)(msg.result ?? null);
      waiting.delete(msg.id);
    }
  };
  const call = (method) =>
    new Promise((resolve) => {
      const n = ++id;
      waiting.set(n, resolve);
      ws.send(JSON.stringify({ id: n, method }));
      setTimeout(() => waiting.has(n) && (waiting.delete(n), resolve(null)), 2000);
    });
  await call("HeapProfiler.collectGarbage");
  const baseline = (await call("Runtime.getHeapUsage"))?.usedSize ?? null;
  let peak = baseline ?? 0;
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const usage = await call("Runtime.getHeapUsage");
      if (usage?.usedSize) {
        peak = Math.max(peak, usage.usedSize);
        samples++;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      ws.close();
      return { baseline, peak, growth: baseline === null ? null : peak - baseline, samples };
    },
  };
}

/** Read-only look at the local D1 file (WAL readers never block the Worker). */
async function openLocalD1(stateDir) {
  const dir = path.join(stateDir, "v3/d1/miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  const { DatabaseSync } = await import("node:sqlite");
  return new DatabaseSync(path.join(dir, file), { readOnly: true });
}

/** The sync rules on the big sync's result, as counts that must be zero (or equal). */
function checkRules(db, budgetId) {
  const n = (sql) => Number(db.prepare(sql).get(budgetId)?.n ?? 0);
  const checks = {
    // Rule 5: one expense per transaction id; every spending transaction has its expense.
    duplicateExpenses: n("SELECT count(*) AS n FROM (SELECT external_id FROM expenses WHERE budget_id = ? AND source = 'bank' GROUP BY external_id HAVING count(*) > 1)"),
    spendingWithoutExpense: n("SELECT count(*) AS n FROM bank_transactions bt WHERE bt.budget_id = ? AND bt.disposition = 'spending' AND bt.imported_expense_id IS NULL"),
    // Rule 1: money in is never spending.
    moneyInAsExpense: n("SELECT count(*) AS n FROM bank_transactions WHERE budget_id = ? AND amount_cents <= 0 AND disposition = 'spending'"),
    // Rule 2: card payments (both legs) are transfers.
    cardPaymentAsSpending: n("SELECT count(*) AS n FROM bank_transactions WHERE budget_id = ? AND (name LIKE 'CREDIT CARD % PAYMENT' OR name LIKE 'PAYMENT - THANK YOU') AND disposition <> 'transfer'"),
    // Rule 3: pending never counts.
    pendingAsSpending: n("SELECT count(*) AS n FROM bank_transactions WHERE budget_id = ? AND pending = 1 AND disposition <> 'pending'"),
    // Rule 7: only the current period is current; older expenses are in history under their month.
    olderInCurrent: n("SELECT count(*) AS n FROM expenses e JOIN budgets b ON b.id = e.budget_id WHERE e.budget_id = ? AND e.source = 'bank' AND e.date < b.period_start AND e.archived_at IS NULL"),
  };
  const stored = n("SELECT count(*) AS n FROM bank_transactions WHERE budget_id = ?");
  const expenses = n("SELECT count(*) AS n FROM expenses WHERE budget_id = ? AND source = 'bank'");
  return { stored, expenses, checks, hold: Object.values(checks).every((v) => v === 0) };
}

async function signUp(origin) {
  const email = `bank-bench-${Date.now()}@bench.local`;
  const res = await fetch(`${origin}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ intent: "signup", email, password: "bench-password-1", firstName: "Bank", lastName: "Bench" }),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`bank bench sign-up: ${res.status} ${body.slice(0, 300)}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.startsWith("__session="));
  const budget = await (await fetch(`${origin}/api/budget`, { headers: { Cookie: cookie } })).json();
  return { cookie, budgetId: budget.id ?? budget.budget?.id };
}

/** Waits for the cron's report line in the Worker's output; returns it parsed, or null after `timeoutMs`. */
async function cronReport(worker, since, timeoutMs) {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    for (let i = since; i < worker.log.length; i++) {
      const match = /cron (\{.*"bankSyncsEnqueued".*\})/.exec(worker.log[i]);
      if (match) return JSON.parse(match[1]);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

export async function bankBench(log = console.log) {
  const now = Date.now();
  rmSync(STATE_DIR, { recursive: true, force: true });
  migrateLocal(STATE_DIR);
  if (ITEMS > 0) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bench-bank-"));
    try {
      writeFileSync(path.join(dir, "items.sql"), itemsSql(ITEMS, now));
      executeLocal(path.join(dir, "items.sql"), STATE_DIR);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    log(`bank bench: ${ITEMS.toLocaleString("en-US")} active Items seeded`);
  }
  const double = await startDouble(await freePort());
  const inspectorPort = await freePort();
  const worker = startWorker({
    port: await freePort(),
    stateDir: STATE_DIR,
    inspectorPort,
    vars: { PLAID_ENV: "sandbox", PLAID_BASE_URL: double.url, PLAID_CLIENT_ID: "test-client-id", PLAID_SECRET: "test-secret", PLAID_TOKEN_KEY: TOKEN_KEY },
  });
  try {
    await waitReady(worker);
    const user = await signUp(worker.origin);

    // 1. The first sync of the big household, inside the linking request.
    const heap = await heapSampler(inspectorPort);
    const t0 = performance.now();
    const res = await fetch(`${worker.origin}/api/plaid/sandbox-link`, { method: "POST", headers: { Cookie: user.cookie, Origin: worker.origin, "Content-Type": "application/json" }, body: "{}" });
    const body = await res.json();
    const syncSeconds = (performance.now() - t0) / 1000;
    const memory = heap ? await heap.stop() : null;
    if (res.status !== 200) throw new Error(`bank bench: sandbox-link answered ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    const d1 = await openLocalD1(STATE_DIR);
    let rules;
    try {
      rules = checkRules(d1, user.budgetId);
    } finally {
      d1.close();
    }
    const mb = (bytes) => (bytes === null || bytes === undefined ? null : Math.round((bytes / 2 ** 20) * 10) / 10);
    const firstSync = {
      transactions: rules.stored,
      imported: body.sync?.transactionsImported ?? null,
      skipped: body.sync?.transactionsSkipped ?? null,
      seconds: Math.round(syncSeconds * 100) / 100,
      goalSeconds: SYNC_GOAL_S,
      pass: syncSeconds <= SYNC_GOAL_S && rules.hold,
      peakHeapMiB: mb(memory?.peak),
      heapGrowthMiB: mb(memory?.growth),
      heapBaselineMiB: mb(memory?.baseline),
      heapSamples: memory?.samples ?? 0,
      rules,
    };
    log(`bank bench: first sync of ${rules.stored.toLocaleString("en-US")} transactions (${firstSync.imported} expenses) in ${firstSync.seconds} s (goal ≤ ${SYNC_GOAL_S} s); Worker heap peak ${firstSync.peakHeapMiB ?? "—"} MiB (+${firstSync.heapGrowthMiB ?? "—"} MiB over ${firstSync.heapBaselineMiB ?? "—"} MiB after GC); rules ${rules.hold ? "hold" : `BROKEN ${JSON.stringify(rules.checks)}`}`);

    // 2. The daily cron enqueuing every active Item's sync.
    let cron = null;
    if (ITEMS > 0) {
      const since = worker.log.length;
      const c0 = performance.now();
      const fire = await fetch(`${worker.origin}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(DAILY_CRON)}&time=${Date.now()}`);
      if (!fire.ok) throw new Error(`bank bench: scheduled hook answered ${fire.status}`);
      const report = await cronReport(worker, since, 5 * 60_000);
      const seconds = (performance.now() - c0) / 1000;
      if (!report) throw new Error("bank bench: the cron's report never came");
      cron = { items: ITEMS + 1, enqueued: report.bankSyncsEnqueued, seconds: Math.round(seconds * 100) / 100, goalSeconds: CRON_GOAL_S, pass: seconds <= CRON_GOAL_S && report.bankSyncsEnqueued === ITEMS + 1 };
      log(`bank bench: daily cron enqueued ${report.bankSyncsEnqueued.toLocaleString("en-US")} Item syncs in ${cron.seconds} s (goal ≤ ${CRON_GOAL_S} s)`);
    }
    return { firstSync, cron, stateOn: STATE_DIR.startsWith("/dev/shm") ? "tmpfs" : "disk" };
  } catch (error) {
    if (worker.log.length) console.error(`\n[bench] bank bench wrangler output:\n${worker.log.slice(-30).join("\n")}\n`);
    throw error;
  } finally {
    await worker.stop();
    double.stop();
    if (!process.env.BENCH_KEEP_STATE) rmSync(STATE_DIR, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  bankBench().then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
