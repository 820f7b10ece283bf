// `npm run bench`: serves the built Worker locally (wrangler dev, free port, fresh state) with a large seeded
// household, measures request latency and the client JavaScript of `/`, prints a table and writes
// bench/results.json. This is a report: nothing here fails on slow figures.
//
// Later issues add figures by appending to ENDPOINTS (latency), PAGES (client JS sizes) or GOALS below;
// results.json keeps `latency` as an array of { name, path, mode, … } and `sizes` keyed by page.
//
// Knobs (environment): BENCH_N (requests per endpoint and mode, default 300), BENCH_CONCURRENCY (default 8),
// BENCH_WARMUP (warm-up requests per endpoint, default 30), BENCH_KEEP_STATE=1 (keep .wrangler/bench-state).
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "../scripts/lib/wrangler.mjs";
import { clientJs, load, pairedWithFloor } from "./measure.mjs";
import { parserThroughput } from "./parser.mjs";
import { resetBench } from "./reset.mjs";
import { statementsBench } from "./statements.mjs";
import { hostileUploadsBench } from "./hostile-uploads.mjs";
import { bankBench } from "./bank.mjs";
import { BENCH_HOUSEHOLD, freePort, prepareState, signIn, startWorker, waitReady } from "./server.mjs";

const N = Number(process.env.BENCH_N ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const STATE_DIR = path.join(ROOT, ".wrangler/bench-state");
const RESULTS = path.join(ROOT, "bench/results.json");

/**
 * GET endpoints to time, signed in as the owner unless `signedOut`. `goal` names an entry of GOALS that applies
 * to every mode; `modes` limits the modes (default both); `expectStatus` (default 200) is what counts as a success.
 */
const ENDPOINTS = [
  // `staticRatioGoal` (issue 24): p50 against the static-asset floor, measured alternating request by request.
  { name: "GET /", path: "/", kind: "ssr", goal: "ssr", staticRatioGoal: 3.5 },
  { name: "GET /budget-panel", path: "/budget-panel", kind: "ssr", goal: "ssr", floorRatioGoal: 2.5, staticRatioGoal: 4 },
  { name: "GET /api/budget", path: "/api/budget", kind: "api", goal: "api-budget", staticRatioGoal: 2 },
  { name: "GET /api/init", path: "/api/init", kind: "api" },
  { name: "GET /settings", path: "/settings", kind: "ssr", staticRatioGoal: 3.5 },
  { name: "GET /api/export-data (bench owner)", path: "/api/export-data", kind: "api", modes: ["sequential"] },
  // Issue 7: one chat message that logs one expense through the rules engine and BudgetRoom. `prepare` runs
  // once after sign-in and returns the request's method, body and extra headers.
  {
    name: "POST /api/messages (log one expense)",
    path: "/api/messages",
    kind: "api",
    floorRatioGoal: 3,
    staticRatioGoal: 3,
    // Its goal (p50 ≤ 3× the signed-out floor) is a ratio, printed on its own line after the table.
    prepare: async (origin, headers) => {
      const conversation = await (await fetch(`${origin}/api/conversation`, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: "{}" })).json();
      return { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ conversationId: conversation.id, content: "coffee $4" }) };
    },
  },
  // Issue 12: compare the three strategies and apply one for a budget with 50 debts (the maximum);
  // the answer carries the comparison, the chart series and the applied plan's schedule.
  {
    name: "POST /api/debt-strategies (50 debts)",
    path: "/api/debt-strategies",
    kind: "api",
    floorRatioGoal: 3,
    staticRatioGoal: 3.5,
    prepare: async (origin, headers) => {
      const have = await (await fetch(`${origin}/api/debts`, { headers })).json();
      const types = ["credit_card", "auto_loan", "mortgage", "heloc", "student_loan", "personal_loan"];
      for (let i = have.length; i < 50; i++) {
        const balance = 500 + ((i * 7919) % 30_000);
        const rate = 0.03 + ((i * 37) % 27) / 100;
        const body = { name: `Bench debt ${i + 1}`, type: types[i % types.length], currentBalance: balance, interestRate: rate, minimumPayment: Math.ceil(balance * (rate / 12 + 0.01)), paymentDueDate: (i % 28) + 1 };
        const res = await fetch(`${origin}/api/debts`, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) });
        if (res.status !== 201) throw new Error(`adding bench debt ${i + 1}: ${res.status} ${await res.text()}`);
      }
      return { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ strategyType: "avalanche", extraPaymentAmount: "250" }) };
    },
  },
  // Issue 6: adding one expense through BudgetRoom for the large household (goal p50 ≤ 3× the signed-out floor).
  {
    name: "POST /api/expenses",
    path: "/api/expenses",
    kind: "api",
    floorRatioGoal: 3,
    staticRatioGoal: 3,
    prepare: async () => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ amount: "4.50", description: "Bench tea", categoryId: "coffee" }) }),
    expectStatus: 201,
  },
  // Issue 9: the history screens over two years of a busy family's archive.
  { name: "GET /expense-history", path: "/expense-history", kind: "ssr", floorRatioGoal: 3, staticRatioGoal: 3.5 },
  { name: "GET /history", path: "/history", kind: "ssr", floorRatioGoal: 3, staticRatioGoal: 3.5 },
  // The other signed-in pages (issue 24: each ≤ 3.5× the static floor).
  { name: "GET /debt-management (50 debts)", path: "/debt-management", kind: "ssr", staticRatioGoal: 3.5, modes: ["sequential"] },
  { name: "GET /new-features", path: "/new-features", kind: "ssr", staticRatioGoal: 3.5, modes: ["sequential"] },
  { name: "GET /transaction-upload", path: "/transaction-upload", kind: "ssr", staticRatioGoal: 3.5, modes: ["sequential"] },
  { name: "GET /admin", path: "/admin", kind: "ssr", staticRatioGoal: 3.5, modes: ["sequential"] },
  // Floors for reading the figures above (sequential only): a static asset (no Worker code runs) and a
  // signed-out API call (Worker + Remix routing, no D1 query).
  { name: "static asset (floor)", path: "/favicon.svg", kind: "baseline", signedOut: true, modes: ["sequential"] },
  { name: "GET /api/auth/user signed out (floor)", path: "/api/auth/user", kind: "baseline", signedOut: true, expectStatus: 401, modes: ["sequential"] },
];

// Reads are measured before writes: every POST row adds hundreds of expenses to the current month, which
// would otherwise inflate the pages measured after it. Floors stay last.
ENDPOINTS.sort((a, b) => rank(a) - rank(b));
function rank(e) {
  return e.kind === "baseline" ? 2 : e.prepare && /^POST /.test(e.name) ? 1 : 0;
}

/** The signed-out floor the earlier issues' ratios are taken against. */
const FLOOR_PATH = "/api/auth/user";
/** The static-asset floor (served without running our code) issue 24's ratios are taken against. */
const STATIC_FLOOR_PATH = "/favicon.svg";

/** Pages whose up-front client JavaScript is measured. */
const PAGES = [
  { name: "/ (signed in)", path: "/", signedIn: true, goal: "first-load-js" },
  { name: "/ (signed out)", path: "/", signedIn: false },
];

/** Goals from the issues. `check(row)` returns a list of missed limits (empty = pass). */
const GOALS = {
  ssr: { text: "SSR p50 ≤ 25 ms, p95 ≤ 60 ms", check: (r) => [r.p50 > 25 && `p50 ${fmt(r.p50)} > 25`, r.p95 > 60 && `p95 ${fmt(r.p95)} > 60`].filter(Boolean) },
  "api-budget": { text: "/api/budget p50 ≤ 10 ms", check: (r) => [r.p50 > 10 && `p50 ${fmt(r.p50)} > 10`].filter(Boolean) },
  "first-load-js": { text: "first-load JS of / ≤ 150 KB gzip (150,000 bytes)", check: (s) => [s.gzip > 150_000 && `${kb(s.gzip)} > 150 KB`].filter(Boolean) },
};

function fmt(x) {
  return x === null || x === undefined ? "—" : x.toFixed(1);
}
function kb(bytes) {
  return `${(bytes / 1000).toFixed(1)} KB`;
}
function table(header, rows) {
  const widths = header.map((h, i) => Math.max(String(h).length, ...rows.map((r) => String(r[i]).length)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => /^[\d.,—]+$/.test(String(r[i]))));
  const line = (cells) => cells.map((c, i) => (numeric[i] ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join("  ").trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

function machine() {
  const cpus = os.cpus();
  let wrangler = null;
  let commit = null;
  try {
    wrangler = JSON.parse(readFileSync(path.join(ROOT, "node_modules/wrangler/package.json"), "utf8")).version;
  } catch {}
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {}
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? null,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverageAtEnd: os.loadavg().map((x) => Math.round(x * 100) / 100),
    wrangler,
    commit,
  };
}

async function main() {
  const started = performance.now();
  const loadAtStart = os.loadavg().map((x) => Math.round(x * 100) / 100);
  const log = (msg) => console.log(`[bench] ${msg}`);
  const h = BENCH_HOUSEHOLD;
  log(`fresh state in ${path.relative(ROOT, STATE_DIR)}: migrations + ${h.members.length} members, ${h.months} months, ${h.expenseCount.toLocaleString("en-US")} expenses`);
  const setup = await prepareState(STATE_DIR);
  log(`migrated in ${(setup.migrateMs / 1000).toFixed(1)} s, seeded in ${(setup.seedMs / 1000).toFixed(1)} s`);

  const port = await freePort();
  // The per-user chat limit (60 a minute) would answer most of the bench's messages 429: scaled up, the same
  // count still runs on every message, so the figure is the real request's cost.
  const worker = startWorker({ port, stateDir: STATE_DIR, vars: { USER_LIMIT_SCALE: "1000" } });
  try {
    log(`wrangler dev on ${worker.origin}`);
    const readyMs = await waitReady(worker);
    log(`ready in ${(readyMs / 1000).toFixed(1)} s`);

    const owner = h.members.find((m) => m.role === "owner");
    const cookie = await signIn(worker.origin, owner.email, owner.password);
    const headers = { Cookie: cookie };
    log(`signed in as ${owner.email}`);

    // Sanity: the session sees the seeded budget and a complete profile (not the landing / profile screen).
    const init = await (await fetch(`${worker.origin}/api/init`, { headers })).json();
    if (init.user?.id !== owner.id) throw new Error(`/api/init did not return the owner: ${JSON.stringify(init).slice(0, 300)}`);
    const home = await (await fetch(`${worker.origin}/`, { headers })).text();
    if (/Complete Your Profile/.test(home)) throw new Error("Signed-in / shows the profile-completion screen; the seeded profile is incomplete");

    // Sizes first: the window in which a concurrent rebuild of the working tree could change the assets is short.
    const sizes = {};
    for (const p of PAGES) {
      const s = await clientJs(worker.origin, p.path, { headers: p.signedIn ? headers : {} });
      const missed = p.goal ? GOALS[p.goal].check(s) : null;
      sizes[p.name] = { ...s, goal: p.goal ?? null, pass: missed ? missed.length === 0 : null, missed: missed ?? [] };
    }

    const prepared = new Map();
    for (const e of ENDPOINTS) {
      const extra = e.prepare ? await e.prepare(worker.origin, headers) : {};
      prepared.set(e, { method: extra.method, body: extra.body, headers: { ...(e.signedOut ? {} : headers), ...extra.headers } });
    }
    for (const e of ENDPOINTS) {
      const r = await load(`${worker.origin}${e.path}`, { n: WARMUP, concurrency: 2, ...prepared.get(e), expectStatus: e.expectStatus });
      if (r.errors) throw new Error(`${e.name} failed during warm-up: ${JSON.stringify(r.statuses)}`);
    }
    log(`warmed up (${WARMUP} requests per endpoint); measuring ${N} sequential + ${N} at concurrency ${CONCURRENCY} per endpoint`);

    const latency = [];
    const paired = [];
    const pairedStatic = [];
    for (const e of ENDPOINTS) {
      for (const [mode, concurrency] of [["sequential", 1], ["concurrent", CONCURRENCY]]) {
        if (e.modes && !e.modes.includes(mode)) continue;
        const r = await load(`${worker.origin}${e.path}`, { n: N, concurrency, ...prepared.get(e), expectStatus: e.expectStatus });
        const missed = e.goal ? GOALS[e.goal].check(r) : null;
        latency.push({ name: e.name, path: e.path, kind: e.kind, mode, concurrency, status: e.expectStatus ?? 200, ...r, goal: e.goal ?? null, pass: missed ? missed.length === 0 : null, missed: missed ?? [] });
        log(`${e.name} ${mode}${concurrency > 1 ? ` ×${concurrency}` : ""}: p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms${r.errors ? `, ${r.errors} errors ${JSON.stringify(r.statuses)}` : ""}`);
      }
      // The issues' ratio goals, measured with the floor alternating request by request (same load for both).
      if (e.floorRatioGoal) {
        const r = await pairedWithFloor(`${worker.origin}${e.path}`, `${worker.origin}${FLOOR_PATH}`, { n: N, ...prepared.get(e), expectStatus: e.expectStatus });
        paired.push({ name: e.name, goal: e.floorRatioGoal, pass: r.ratioP50 !== null && r.ratioP50 <= e.floorRatioGoal, ...r });
        log(`${e.name} paired with the floor: p50 ${fmt(r.target.p50)} / ${fmt(r.floor.p50)} ms = ${r.ratioP50}×, p95 ${r.ratioP95}× (goal p50 ≤ ${e.floorRatioGoal}×)${r.errors ? `, ${r.errors} errors` : ""}`);
      }
      if (e.staticRatioGoal) {
        const r = await pairedWithFloor(`${worker.origin}${e.path}`, `${worker.origin}${STATIC_FLOOR_PATH}`, { n: N, ...prepared.get(e), expectStatus: e.expectStatus, floorStatus: 200 });
        pairedStatic.push({ name: e.name, goal: e.staticRatioGoal, pass: r.ratioP50 !== null && r.ratioP50 <= e.staticRatioGoal, ...r });
        log(`${e.name} paired with the static floor: p50 ${fmt(r.target.p50)} / ${fmt(r.floor.p50)} ms = ${r.ratioP50}×, p95 ${r.ratioP95}× (goal p50 ≤ ${e.staticRatioGoal}×)${r.errors ? `, ${r.errors} errors` : ""}`);
      }
    }

    // Issue 7: the chat send as a ratio to the signed-out floor, and the parser's throughput on one core.
    const floor = latency.find((r) => r.name.startsWith("GET /api/auth/user signed out"));
    const chat = latency.find((r) => r.name.startsWith("POST /api/messages") && r.mode === "sequential");
    const chatRatio = floor && chat && floor.p50 ? { p50: Math.round((chat.p50 / floor.p50) * 10) / 10, p95: Math.round((chat.p95 / floor.p95) * 10) / 10 } : null;
    const parser = await parserThroughput();
    log(`POST /api/messages sequential p50/p95 = ${chatRatio ? `${chatRatio.p50}× / ${chatRatio.p95}×` : "—"} the floor row (measured separately, last; see the paired table) (goal p50 ≤ 3×); parser ${parser.perSecond.toLocaleString("en-US")} messages/s (goal ≥ 5,000/s)`);

    // Issue 6: the budget page (goal p50 ≤ 2.5×) and adding an expense (goal p50 ≤ 3×) as ratios to the same floor.
    for (const [name, goal] of [["GET /budget-panel", 2.5], ["POST /api/expenses", 3]]) {
      const row = latency.find((r) => r.name.startsWith(name) && r.mode === "sequential");
      if (floor && row && floor.p50) log(`${name} sequential p50/p95 = ${Math.round((row.p50 / floor.p50) * 10) / 10}× / ${Math.round((row.p95 / floor.p95) * 10) / 10}× the floor row (measured separately, last; see the paired table)`);
    }
    // Issue 12: the debt-strategies call as a ratio to the same floor (goal p50 ≤ 3×).
    const debtRow = latency.find((r) => r.name.startsWith("POST /api/debt-strategies") && r.mode === "sequential");
    if (floor && debtRow && floor.p50) log(`POST /api/debt-strategies (50 debts) sequential p50/p95 = ${Math.round((debtRow.p50 / floor.p50) * 10) / 10}× / ${Math.round((debtRow.p95 / floor.p95) * 10) / 10}× the floor row (measured separately, last; see the paired table)`);
    // Issue 9: the history pages as a ratio to the signed-out floor (goal ≤ 3×), and the monthly reset of
    // BENCH_RESET_BUDGETS budgets (default 10,000; 0 skips it) through cron + queue (goal ≤ 60 s).
    const ratio = (name) => {
      const row = latency.find((r) => r.name === name && r.mode === "sequential");
      return floor && row && floor.p50 ? { p50: row.p50, p95: row.p95, ratioP50: Math.round((row.p50 / floor.p50) * 10) / 10 } : null;
    };
    const history = { expenseHistory: ratio("GET /expense-history"), history: ratio("GET /history") };
    log(`GET /expense-history p50 = ${history.expenseHistory?.ratioP50 ?? "—"}×, GET /history p50 = ${history.history?.ratioP50 ?? "—"}× the floor row (measured separately, last; see the paired table)`);
    const reset = Number(process.env.BENCH_RESET_BUDGETS ?? 10_000) > 0 ? await resetBench(log) : null;
    // Issue 10: the statement parsers on a 10 MB CSV and a 300-page PDF under a 64 MB heap cap (BENCH_STATEMENTS=0 skips).
    const statements = process.env.BENCH_STATEMENTS === "0" ? null : await statementsBench(log);
    // Issue 18: the two hostile upload shapes end in a failed job within 5 s while signed-in reads keep answering
    // (BENCH_HOSTILE=0 skips).
    const hostileUploads = process.env.BENCH_HOSTILE === "0" ? null : await hostileUploadsBench(worker.origin, headers, log);
    // Issue 20: a first bank sync of 5,000 transactions from the Plaid double (goal ≤ 10 s, peak Worker heap) and
    // the daily cron enqueuing BENCH_BANK_ITEMS (default 10,000) Item syncs (goal ≤ 60 s), on their own Worker
    // (BENCH_BANK=0 skips both).
    const bank = process.env.BENCH_BANK === "0" ? null : await bankBench(log);

    const goals = [];
    for (const [id, g] of Object.entries(GOALS)) {
      const rows = [...latency.filter((r) => r.goal === id).map((r) => ({ what: `${r.name} ${r.mode}`, missed: r.missed })), ...Object.entries(sizes).filter(([, s]) => s.goal === id).map(([name, s]) => ({ what: name, missed: s.missed }))];
      goals.push({ id, goal: g.text, pass: rows.every((r) => r.missed.length === 0), misses: rows.filter((r) => r.missed.length).map((r) => `${r.what}: ${r.missed.join(", ")}`) });
    }

    const results = {
      schema: 1,
      date: new Date().toISOString(),
      machine: { ...machine(), loadAverageAtStart: loadAtStart },
      config: { requestsPerMode: N, concurrency: CONCURRENCY, warmup: WARMUP, household: { members: h.members.length, months: h.months, expenses: h.expenseCount, incomeLines: h.income.length, fixedLines: h.fixed.length }, server: "wrangler dev (local workerd, D1 on local SQLite), loopback" },
      reloadsDuringRun: worker.reloads,
      setup: { migrateMs: Math.round(setup.migrateMs), seedMs: Math.round(setup.seedMs), readyMs: Math.round(readyMs) },
      latency,
      pairedWithFloor: paired,
      pairedWithStaticFloor: pairedStatic,
      sizes,
      goals,
      chat: { ratioToFloor: chatRatio, parser },
      history,
      reset,
      statements,
      hostileUploads,
      bank,
    };
    writeFileSync(RESULTS, JSON.stringify(results, null, 2) + "\n");

    console.log("\nLatency (ms, signed in as the owner of the large household; body read in full)\n");
    console.log(
      table(
        ["endpoint", "mode", "n", "p50", "p95", "mean", "max", "req/s", "d1/do/r2", "goal"],
        latency.map((r) => [r.name, r.mode === "sequential" ? "sequential" : `concurrent ×${r.concurrency}`, r.ok === r.n ? r.n : `${r.ok}/${r.n}`, fmt(r.p50), fmt(r.p95), fmt(r.mean), fmt(r.max), fmt(r.rps), `${r.roundTrips.d1}/${r.roundTrips.do}/${r.roundTrips.r2}`, r.pass === null ? "—" : r.pass ? "pass" : `MISS ${r.missed.map((x) => x.split(" ")[0]).join("+")}`]),
      ),
    );
    console.log("\nClient JavaScript loaded up front (scripts + modulepreloads under /build/, gzip -9)\n");
    console.log(
      table(
        ["page", "files", "raw KB", "gzip KB", "css gzip KB", "html gzip KB", "goal"],
        Object.entries(sizes).map(([name, s]) => [name, s.count, (s.raw / 1000).toFixed(1), (s.gzip / 1000).toFixed(1), (s.css.gzip / 1000).toFixed(1), (s.html.gzip / 1000).toFixed(1), s.pass === null ? "—" : s.pass ? "pass" : `MISS (${s.missed.join(", ")})`]),
      ),
    );
    for (const [name, s] of Object.entries(sizes)) {
      console.log(`\n  ${name}: ${s.files.map((f) => `${f.path.replace(/^\/build\//, "")} ${(f.gzip / 1000).toFixed(1)}`).join(", ")}`);
      if (s.notPreloaded.length) console.log(`  (imported but not preloaded: ${s.notPreloaded.join(", ")})`);
    }
    console.log("\nGoals (a report, not a test: nothing fails on a miss)\n");
    for (const g of goals) {
      console.log(`  ${g.pass ? "pass" : "MISS"}  ${g.goal}`);
      for (const miss of g.misses) console.log(`          ${miss}`);
    }
    console.log("\nRatios to the signed-out floor, each measured alternating request by request with the floor\n");
    console.log(
      table(
        ["endpoint", "p50", "floor p50", "ratio p50", "ratio p95", "goal"],
        paired.map((r) => [r.name, fmt(r.target.p50), fmt(r.floor.p50), `${r.ratioP50}×`, `${r.ratioP95}×`, `${r.pass ? "pass" : "MISS"} ≤ ${r.goal}×`]),
      ),
    );
    console.log("\nRatios to the static-asset floor (issue 24), each measured alternating request by request with /favicon.svg\n");
    console.log(
      table(
        ["endpoint", "p50", "static p50", "ratio p50", "ratio p95", "goal"],
        pairedStatic.map((r) => [r.name, fmt(r.target.p50), fmt(r.floor.p50), `${r.ratioP50}×`, `${r.ratioP95}×`, `${r.pass ? "pass" : "MISS"} ≤ ${r.goal}×`]),
      ),
    );
    if (reset) console.log(`\n  Monthly reset: ${reset.budgets.toLocaleString("en-US")} budgets through cron + queue + BudgetRoom in ${reset.seconds} s (goal ≤ 60 s)`);
    if (bank) {
      const f = bank.firstSync;
      console.log(`  Bank sync: first sync of ${f.transactions.toLocaleString("en-US")} transactions (${f.imported.toLocaleString("en-US")} expenses) in ${f.seconds} s (goal ≤ ${f.goalSeconds} s: ${f.pass ? "pass" : "MISS"}); Worker heap peak ${f.peakHeapMiB ?? "—"} MiB sampled (+${f.heapGrowthMiB ?? "—"} MiB); the sync rules ${f.rules.hold ? "hold" : `BROKEN ${JSON.stringify(f.rules.checks)}`}`);
      if (bank.cron) console.log(`  Daily bank cron: ${bank.cron.enqueued.toLocaleString("en-US")} of ${bank.cron.items.toLocaleString("en-US")} Item syncs enqueued in ${bank.cron.seconds} s (goal ≤ ${bank.cron.goalSeconds} s: ${bank.cron.pass ? "pass" : "MISS"})`);
    }
    const m = results.machine;
    console.log(`\nNode ${m.node}, ${m.cpus} × ${m.cpuModel}, ${m.platform}, wrangler ${m.wrangler}, commit ${m.commit}`);
    console.log(`Load average (1/5/15 min) at start ${m.loadAverageAtStart.join(" / ")}, at end ${m.loadAverageAtEnd.join(" / ")}${Math.max(m.loadAverageAtStart[0], m.loadAverageAtEnd[0]) > m.cpus ? " — the machine was busy with other work; figures are noisy" : ""}.`);
    if (worker.reloads) console.log(`WARNING: wrangler dev reloaded the Worker ${worker.reloads} time(s) during the run (the build changed underneath it); rerun for clean figures.`);
    console.log(`Wrote ${path.relative(ROOT, RESULTS)} in ${((performance.now() - started) / 1000).toFixed(0)} s (build not included).`);
  } catch (error) {
    if (worker.log.length) console.error(`\n[bench] last wrangler output:\n${worker.log.slice(-40).join("\n")}\n`);
    throw error;
  } finally {
    await worker.stop();
    if (process.env.BENCH_KEEP_STATE !== "1") rmSync(STATE_DIR, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`[bench] failed: ${error.stack ?? error.message}`);
  process.exitCode = 1;
});
