import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("worker", () => {
  it("serves the landing page to visitors", async () => {
    const res = await exports.default.fetch("http://localhost/");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Get Started");
  });
});
