// Runs the project's wrangler with the project's Node 22 (see STACK-NOTES.md: wrangler needs >= 22.12).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const localNode = path.join(ROOT, "node_modules/.bin/node");
export const NODE = existsSync(localNode) ? localNode : process.execPath;
export const WRANGLER = path.join(ROOT, "node_modules/wrangler/bin/wrangler.js");

export function wranglerSync(args, options = {}) {
  const result = spawnSync(NODE, [WRANGLER, ...args], { cwd: ROOT, stdio: options.quiet ? "pipe" : "inherit", encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false", ...options.env } });
  if (result.status !== 0) {
    if (options.quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    throw new Error(`wrangler ${args.join(" ")} exited with ${result.status}`);
  }
  return result.stdout ?? "";
}

export function wranglerSpawn(args, options = {}) {
  return spawn(NODE, [WRANGLER, ...args], { cwd: ROOT, stdio: options.stdio ?? "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false", ...options.env } });
}

/** Applies migrations to the local D1 kept in `persistTo` (default .wrangler/state). */
export function migrateLocal(persistTo) {
  wranglerSync(["d1", "migrations", "apply", "DB", "--local", ...(persistTo ? ["--persist-to", persistTo] : [])], { quiet: true, env: { CI: "true" } });
}

export function executeLocal(sqlFile, persistTo) {
  wranglerSync(["d1", "execute", "DB", "--local", "--file", sqlFile, ...(persistTo ? ["--persist-to", persistTo] : [])], { quiet: true });
}

/**
 * One statement against a local D1 that a running `wrangler dev` may hold open. SQLite then answers "database is
 * locked" now and then (one CI run of the sharing journey failed on it), so a failed try waits and tries again:
 * the statements the tests send are single idempotent reads or updates.
 */
export function queryLocal(sql, persistTo, tries = 5) {
  const args = ["d1", "execute", "DB", "--local", "--json", "--command", sql, ...(persistTo ? ["--persist-to", persistTo] : [])];
  for (let attempt = 1; ; attempt++) {
    try {
      return JSON.parse(wranglerSync(args, { quiet: true }))[0]?.results ?? [];
    } catch (error) {
      if (attempt >= tries) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250 * attempt);
    }
  }
}
