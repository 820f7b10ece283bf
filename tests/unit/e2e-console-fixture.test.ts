import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Issue 22 #11: the e2e suite fails on any console or page error along every journey because every spec
// takes `test` from tests/e2e/fixtures.ts (its auto fixture watches each page). A spec that imported
// Playwright's own `test` would silently escape that check.
const E2E = join(__dirname, "..", "e2e");

describe("every e2e spec runs under the console-error fixture", () => {
  const specs = readdirSync(E2E).filter((name) => name.endsWith(".spec.ts"));

  it("finds the specs", () => {
    expect(specs.length).toBeGreaterThan(10);
  });

  it.each(specs)("%s takes test and expect from ./fixtures", (name) => {
    const source = readFileSync(join(E2E, name), "utf8");
    expect(source).toMatch(/import \{[^}]*\btest\b[^}]*\} from "\.\/fixtures";/);
    expect(source).not.toMatch(/import \{[^}]*\b(?<!type )test\b[^}]*\} from "@playwright\/test";/);
  });
});
