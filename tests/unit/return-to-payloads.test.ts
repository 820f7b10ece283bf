import { describe, expect, it } from "vitest";
import { safeReturnTo } from "~/domain/return-to";

// Open-redirect payloads (security issue 5, finding 1): whatever the input, the value used must be a
// same-origin relative path. Each is checked the way a browser would resolve the Location header.
const PAYLOADS = [
  "/./",
  "/.//evil.com",
  "%2F.%2F%2Fevil.com",
  "/..//evil.com",
  "/%2e//evil.com",
  "/%2E//evil.com",
  "/%2e%2e//evil.com",
  "/a/..//evil.com",
  "/a/b/../..//evil.com",
  "/././/evil.com",
  "/.%2f/evil.com",
  "//evil.com",
  "///evil.com",
  "////evil.com",
  "/\\evil.com",
  "\\/evil.com",
  "/\\/evil.com",
  "\\\\evil.com",
  "/%5cevil.com",
  "/%5c%5cevil.com",
  "https://evil.com",
  "http:evil.com",
  "HTTPS://evil.com",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox",
  " //evil.com",
  "\t//evil.com",
  "/\t/evil.com",
  "/\n/evil.com",
  "/\r/evil.com",
  "/\u0000/evil.com",
  "/\u007f/evil.com",
  "/%09/evil.com",
  "/%0d%0a/evil.com",
  "evil.com",
  "@evil.com",
  "/@evil.com",
  "//@evil.com",
  "/.evil.com",
  "/..;/evil.com",
  "/%252e%252e//evil.com",
  "/\u3002/evil.com",
  "//evil%E3%80%82com",
  "/api/logout",
  "/API/logout",
  "/api/login?returnTo=//evil.com",
  "",
];

describe("safeReturnTo on open-redirect payloads", () => {
  it("has a table of at least 40 payloads", () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(PAYLOADS)("%j stays on this site", (payload) => {
    const out = safeReturnTo(payload);
    expect(out.startsWith("/")).toBe(true);
    expect(out.startsWith("//")).toBe(false);
    expect(out.startsWith("/\\")).toBe(false);
    expect(out).not.toMatch(/[\u0000-\u001f\u007f\\]/);
    // As a browser resolves a Location header against the page it came from.
    expect(new URL(out, "https://app.example/some/page").origin).toBe("https://app.example");
  });

  it.each([
    ["/a/../b", "/b"],
    ["/budget-panel?x=1", "/budget-panel?x=1"],
    ["/accept-invitation?token=abc-123_XYZ", "/accept-invitation?token=abc-123_XYZ"],
    ["/history#top", "/history#top"],
  ])("keeps the ordinary path %j", (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });
});
