import { describe, expect, it } from "vitest";
import { safeReturnTo } from "~/domain/return-to";

describe("safeReturnTo", () => {
  it.each([
    ["/settings", "/settings"],
    ["/budget-panel?tab=x#top", "/budget-panel?tab=x#top"],
    ["/accept-invitation?token=abc", "/accept-invitation?token=abc"],
    ["/a/../b", "/b"],
  ])("keeps same-origin path %s", (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });

  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/\t/evil.example",
    "/%0a",
    "",
    "/api/login?returnTo=/x",
    "/api/logout",
    "/API/LOGOUT",
    "/Api/Login?x=1",
  ])("refuses %j", (input) => {
    const out = safeReturnTo(input);
    expect(out.startsWith("/")).toBe(true);
    expect(out.startsWith("//")).toBe(false);
    expect(new URL(out, "http://app.test").origin).toBe("http://app.test");
    expect(out === "/" || out === "/%0a").toBe(true);
  });

  it("refuses non-strings and oversize values, with a chosen fallback", () => {
    expect(safeReturnTo(undefined)).toBe("/");
    expect(safeReturnTo(42, "/home")).toBe("/home");
    expect(safeReturnTo("/" + "a".repeat(3000))).toBe("/");
  });
});
