import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 24 (layers): the queue consumer (jobs.server.ts) imports the statement job's runner; the upload
// module only enqueues, through job-messages.server.ts. Walks the real relative imports of app/server so the
// circle cannot come back through any path.
const ROOT = path.join(__dirname, "../../../app");

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)[^"']*?from\s+["']([^"']+)["']/gm)) {
    const spec = m[1];
    let target: string | null = null;
    if (spec.startsWith("./") || spec.startsWith("../")) target = path.resolve(path.dirname(file), spec);
    else if (spec.startsWith("~/")) target = path.join(ROOT, spec.slice(2));
    if (!target) continue;
    for (const ext of [".ts", ".tsx", "/index.ts"]) if (existsSync(target + ext)) out.push(target + ext);
  }
  return out;
}

function reaches(from: string, to: string): boolean {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    for (const next of importsOf(f)) {
      if (next === to) return true;
      stack.push(next);
    }
  }
  return false;
}

describe("statement jobs: no import circle", () => {
  const jobs = path.join(ROOT, "server/jobs.server.ts");
  const uploads = path.join(ROOT, "server/uploads.server.ts");
  it("jobs.server.ts imports the upload runner; nothing uploads.server.ts imports leads back to jobs.server.ts", () => {
    expect(reaches(jobs, uploads)).toBe(true);
    expect(reaches(uploads, jobs)).toBe(false);
  });
});
