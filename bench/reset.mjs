// Issue 9's figure: the monthly reset of many budgets through the real cron → queue → BudgetRoom path.
// A separate wrangler dev with its own fresh state holds BENCH_RESET_BUDGETS (default 10,000) one-member
// budgets whose period ended, each with two expenses, a fixed line and a one-time line. The cron is fired
// once through the local runtime's scheduled hook; the clock stops when every budget has moved on.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, executeLocal, migrateLocal, queryLocal } from "../scripts/lib/wrangler.mjs";
import { freePort, startWorker, waitReady } from "./server.mjs";

const COUNT = Number(process.env.BENCH_RESET_BUDGETS ?? 10_000);
// In memory when the machine has a tmpfs: the local emulator fsyncs each of 10,000 rooms' and D1's SQLite
// files to disk, a cost of the emulator and this VM's disk, not of the reset (D1 and Durable Objects keep
// their storage elsewhere). BENCH_RESET_STATE_DIR=.wrangler/bench-reset-state measures it on disk.
const STATE_DIR = process.env.BENCH_RESET_STATE_DIR
  ? path.resolve(ROOT, process.env.BENCH_RESET_STATE_DIR)
  : existsSync("/dev/shm") ? path.join("/dev/shm", `bench-reset-state-${process.pid}`) : path.join(ROOT, ".wrangler/bench-reset-state");

function seedSql(count, periodStart, now) {
  const out = [];
  const q = (v) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
  for (let i = 0; i < count; i += 250) {
    const users = [];
    const budgets = [];
    const members = [];
    const lines = [];
    const expenses = [];
    for (let j = i; j < Math.min(count, i + 250); j++) {
      const u = `bench-reset-u${j}`;
      const b = `bench-reset-b${j}`;
      users.push(`(${[u, `reset-${j}@bench.local`, "Reset", "User", "+15550000000", 0, "active", j % 3 === 0 ? "saving" : "spending", 0, null, b, now, now].map(q).join(",")})`);
      budgets.push(`(${[b, "Bench budget", u, 1, ["UTC", "America/New_York", "Asia/Tokyo", "Europe/Berlin"][j % 4], periodStart, "USD", now, now, 0].map(q).join(",")})`);
      members.push(`(${[`${b}-m`, b, u, "owner", now].map(q).join(",")})`);
      lines.push(`(${[`${b}-i`, b, "income", "Salary", 500_000, "income", 0, 0, now, now].map(q).join(",")})`, `(${[`${b}-f`, b, "expense", "Rent", 150_000, "housing", 0, 0, now, now].map(q).join(",")})`, `(${[`${b}-o`, b, "expense", "Repair", 20_000, "other", 1, 1, now, now].map(q).join(",")})`);
      expenses.push(`(${[`${b}-e1`, b, u, 8_000, "Groceries", "food", periodStart, now, 1, "seed", periodStart].map(q).join(",")})`, `(${[`${b}-e2`, b, u, 450, "Latte", "coffee", periodStart, now, 1, "seed", periodStart].map(q).join(",")})`);
    }
    out.push(`INSERT INTO users (id, email, first_name, last_name, phone, is_admin, account_status, language_preference, sms_opt_in_consent, password_hash, active_budget_id, created_at, updated_at) VALUES ${users.join(",")};`);
    out.push(`INSERT INTO budgets (id, name, owner_id, reset_day, time_zone, period_start, currency, created_at, updated_at, reset_due_at) VALUES ${budgets.join(",")};`);
    out.push(`INSERT INTO budget_members (id, budget_id, user_id, role, joined_at) VALUES ${members.join(",")};`);
    out.push(`INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, is_single_month, position, created_at, updated_at) VALUES ${lines.join(",")};`);
    out.push(`INSERT INTO expenses (id, budget_id, user_id, amount_cents, description, category_id, date, created_at, enabled, source, period_start) VALUES ${expenses.join(",")};`);
  }
  return out.join("\n");
}

/**
 * Counts rows straight from the local D1 file (read-only, WAL readers never block the writer): a
 * `wrangler d1 execute` per look costs about a core-second, which would be taken from the run it measures.
 */
async function localCounter(stateDir) {
  const dir = path.join(stateDir, "v3/d1/miniflare-D1DatabaseObject");
  const file = existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite") : undefined;
  try {
    if (!file) throw new Error("no local D1 file");
    const { DatabaseSync } = await import("node:sqlite");
    const db = new DatabaseSync(path.join(dir, file), { readOnly: true });
    return { count: (sql) => Number(db.prepare(sql).get()?.n ?? 0), pauseMs: 250, close: () => db.close() };
  } catch {
    return { count: (sql) => Number(queryLocal(sql, stateDir)[0]?.n ?? 0), pauseMs: 3000, close: () => {} };
  }
}

/** Returns { budgets, seconds, periodsClosed } or throws when the reset does not finish in time. */
export async function resetBench(log = console.log) {
  const now = Date.now();
  const today = new Date(now);
  // Two months back: every budget's period ended (and one more period ended after it), in every zone.
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  rmSync(STATE_DIR, { recursive: true, force: true });
  migrateLocal(STATE_DIR);
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-reset-"));
  try {
    const file = path.join(dir, "reset.sql");
    writeFileSync(file, seedSql(COUNT, start, now));
    executeLocal(file, STATE_DIR);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  log(`reset bench: ${COUNT.toLocaleString("en-US")} budgets seeded with periods from ${start}`);
  const port = await freePort();
  const worker = startWorker({ port, stateDir: STATE_DIR });
  try {
    await waitReady(worker);
    const t0 = performance.now();
    const res = await fetch(`${worker.origin}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("0 * * * *")}&time=${now}`);
    if (!res.ok) throw new Error(`scheduled hook answered ${res.status}`);
    const deadline = t0 + 15 * 60_000;
    const counter = await localCounter(STATE_DIR);
    let summaries = 0;
    let seconds = 0;
    try {
      for (;;) {
        const left = counter.count(`SELECT count(*) AS n FROM budgets WHERE period_start = '${start}'`);
        if (left === 0) break;
        if (performance.now() > deadline) throw new Error(`reset bench: ${left} budgets still not reset after 15 minutes`);
        await new Promise((r) => setTimeout(r, counter.pauseMs));
      }
    } finally {
      seconds = (performance.now() - t0) / 1000;
      summaries = counter.count("SELECT count(*) AS n FROM messages");
      counter.close();
    }
    log(`reset bench: ${COUNT.toLocaleString("en-US")} budgets reset (${summaries} month summaries) in ${seconds.toFixed(1)} s (local state on ${STATE_DIR.startsWith("/dev/shm") ? "tmpfs" : "disk"})`);
    if (process.env.BENCH_DEBUG) console.log(worker.log.filter((l) => /QUEUE|cron|rror/.test(l)).slice(-30).join("\n"));
    return { budgets: COUNT, seconds: Math.round(seconds * 10) / 10, summaries, stateOn: STATE_DIR.startsWith("/dev/shm") ? "tmpfs" : "disk" };
  } finally {
    await worker.stop();
    if (!process.env.BENCH_KEEP_STATE) rmSync(STATE_DIR, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  resetBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
