import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// `npm start` runs wrangler with --test-scheduled (anyone reaching the port can run the cron): it must
// listen on loopback only (issue 18 #18). Read from the script itself, so a changed flag fails here.
describe("npm start serves the test cron on loopback only", () => {
  const serve = readFileSync("scripts/serve.mjs", "utf8");
  const args = /wranglerSpawn\(\s*\[([^\]]*)\]/.exec(serve)?.[1] ?? "";

  it("binds 127.0.0.1 whenever --test-scheduled is on", () => {
    expect(args).toContain('"--test-scheduled"');
    expect(args).toMatch(/"--ip",\s*"127\.0\.0\.1"/);
  });

  it("no other script starts wrangler with --test-scheduled on another address", () => {
    const pkg = readFileSync("package.json", "utf8");
    for (const line of pkg.split("\n").filter((l) => l.includes("--test-scheduled"))) expect(line).toMatch(/--ip[ =]127\.0\.0\.1/);
  });

  it("the README says so", () => {
    expect(readFileSync("README.md", "utf8")).toContain("serves on the loopback address only (`127.0.0.1`)");
  });
});
