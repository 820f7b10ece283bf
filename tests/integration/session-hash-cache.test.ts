import { describe, expect, it } from "vitest";
import { api, apiJson, signUpComplete, uniqueEmail } from "./helpers/http";

// The Worker keeps the session key of each Cookie header it verified lately (session.server.ts), so a
// signed-in request skips the HMAC check and hash it did before. What it keeps must never stand in for a
// check: each header is its own entry, a changed signature is checked again, and a revoked session stays revoked.

function tampered(cookie: string): string {
  // `__session=<value>.<signature>`: change one character of the signature.
  const at = cookie.length - 2;
  const swap = cookie[at] === "A" ? "B" : "A";
  return cookie.slice(0, at) + swap + cookie.slice(at + 1);
}

describe("session keys kept per Cookie header", () => {
  it("two people's requests, interleaved, each get their own account", async () => {
    const a = await signUpComplete(uniqueEmail("hash-a"), { firstName: "Ada" });
    const b = await signUpComplete(uniqueEmail("hash-b"), { firstName: "Bo" });
    for (let round = 0; round < 3; round++) {
      expect((await apiJson("/api/auth/user", { cookie: a.cookie })).body.firstName).toBe("Ada");
      expect((await apiJson("/api/auth/user", { cookie: b.cookie })).body.firstName).toBe("Bo");
    }
  });

  it("a cookie whose signature was changed is refused even right after the genuine one was seen", async () => {
    const a = await signUpComplete(uniqueEmail("hash-tamper"), { firstName: "Tam" });
    expect((await api("/api/auth/user", { cookie: a.cookie })).status).toBe(200);
    const bad = tampered(a.cookie);
    expect(bad).not.toBe(a.cookie);
    expect((await api("/api/auth/user", { cookie: bad })).status).toBe(401);
    expect((await api("/api/auth/user", { cookie: a.cookie })).status).toBe(200);
  });

  it("signing out ends the session although its header was seen before", async () => {
    const a = await signUpComplete(uniqueEmail("hash-out"), { firstName: "Out" });
    expect((await api("/api/auth/user", { cookie: a.cookie })).status).toBe(200);
    const out = await api("/api/logout", { cookie: a.cookie });
    expect(out.status).toBe(302);
    expect((await api("/api/auth/user", { cookie: a.cookie })).status).toBe(401);
  });
});
