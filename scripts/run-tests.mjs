// `npm test`: build, typecheck, then unit → integration (workerd) → end-to-end (Chromium), stopping at
// the first failing layer. Prints the count per layer and a closing "N passed, N failed" line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/wrangler.mjs";

const out = path.join(ROOT, "test-results", "counts");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const bin = (name) => path.join(ROOT, "node_modules", ".bin", name);
const started = Date.now();

function run(label, command, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n━━ ${label} ━━`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(`━━ ${label}: ${result.status === 0 ? "ok" : "FAILED"} in ${seconds}s`);
  return result.status === 0;
}

function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, "utf8"));
  return { passed: report.numPassedTests, failed: report.numFailedTests + (report.numFailedTestSuites && !report.numFailedTests ? 1 : 0), skipped: report.numPendingTests + report.numTodoTests };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return null;
  const stats = JSON.parse(readFileSync(file, "utf8")).stats ?? {};
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, skipped: stats.skipped ?? 0 };
}

const layers = [];
let ok =
  run("build", "npm", ["run", "build", "--silent"]) &&
  run("typecheck", bin("tsc"), ["-p", "tsconfig.json", "--noEmit"]);

if (ok) {
  const file = path.join(out, "unit.json");
  ok = run("unit", bin("vitest"), ["run", "--config", "vitest.unit.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`]);
  layers.push(["unit", vitestCounts(file)]);
}
if (ok) {
  const file = path.join(out, "integration.json");
  ok = run("integration (workerd)", bin("vitest"), ["run", "--config", "vitest.integration.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`]);
  layers.push(["integration", vitestCounts(file)]);
}
if (ok) {
  const file = path.join(out, "e2e.json");
  ok =
    run("chromium", process.execPath, [path.join(ROOT, "scripts", "ensure-chromium.mjs")]) &&
    run("end-to-end (Chromium)", bin("playwright"), ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  layers.push(["e2e", playwrightCounts(file)]);
}

let passed = 0;
let failed = 0;
console.log("\nTest counts per layer:");
for (const [name, counts] of layers) {
  if (!counts) continue;
  console.log(`  ${name.padEnd(12)} ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""}`);
  passed += counts.passed;
  failed += counts.failed;
}
console.log(`  total time   ${((Date.now() - started) / 1000).toFixed(0)}s`);
// A layer can fail without a failing test (build, typecheck, a crashed runner): still a failure.
if (!ok && failed === 0) failed = 1;
console.log(`\nTests: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
