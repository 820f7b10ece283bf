import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { api, apiJson, signUpComplete } from "./helpers/http";

// Issue 18 #14: invitation tokens are secrets. The accept call takes the token in the body (the spec's path
// form keeps working), and whatever the app logs has tokens redacted.

async function invited() {
  const owner = await signUpComplete();
  const invitee = await signUpComplete();
  const res = await apiJson<{ invitation: { inviteToken: string } }>("/api/budget/invite", { cookie: owner.cookie, json: { email: invitee.email, role: "member" } });
  expect(res.status).toBe(201);
  return { owner, invitee, token: res.body.invitation.inviteToken };
}

describe("POST /api/budget/accept-invitation with the token in the body", () => {
  it("JSON: joins the budget", async () => {
    const { invitee, token } = await invited();
    const res = await apiJson("/api/budget/accept-invitation", { cookie: invitee.cookie, json: { token } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "Invitation accepted", role: "member" });
    expect((await apiJson<{ role: string }>("/api/budget", { cookie: invitee.cookie })).body.role).toBe("member");
  });

  it("a form body works too; a used token is refused like on the path form", async () => {
    const { invitee, token } = await invited();
    expect((await api("/api/budget/accept-invitation", { cookie: invitee.cookie, form: { token }, headers: { Origin: "http://localhost" } })).status).toBe(200);
    const again = await apiJson("/api/budget/accept-invitation", { cookie: invitee.cookie, json: { token } });
    const pathForm = await apiJson(`/api/budget/accept-invitation/${token}`, { method: "POST", cookie: invitee.cookie });
    expect(again.status).toBe(pathForm.status);
    expect(again.body.message).toBe(pathForm.body.message);
  });

  it("no token, or not a token: 400 with the field; signed out: 401", async () => {
    const { invitee, token } = await invited();
    for (const json of [{}, { token: 42 }, { token: "short" }]) {
      const res = await apiJson("/api/budget/accept-invitation", { cookie: invitee.cookie, json });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors.token).toEqual(["Send the invitation's token."]);
    }
    expect((await api("/api/budget/accept-invitation", { json: { token } })).status).toBe(401);
    expect((await api("/api/budget/accept-invitation")).status).toBe(405);
  });

  it("the path form (spec) still joins", async () => {
    const { invitee, token } = await invited();
    expect((await apiJson(`/api/budget/accept-invitation/${token}`, { method: "POST", cookie: invitee.cookie })).status).toBe(200);
  });
});

describe("the Join page posts the token in the body, not in the URL", () => {
  it("its form's action is the bare page, and posting there joins", async () => {
    const { invitee, token } = await invited();
    const html = await (await api(`/accept-invitation?token=${token}`, { cookie: invitee.cookie, headers: { "Sec-Fetch-Site": "cross-site" } })).text();
    const forms = [...html.matchAll(/<form[^>]*>/g)].map((m) => m[0]);
    expect(forms.length).toBeGreaterThan(0);
    for (const form of forms) expect(form).toContain('action="/accept-invitation"');
    expect(html).toContain(`name="token" value="${token}"`);
    expect((await api("/accept-invitation", { cookie: invitee.cookie, form: { token }, headers: { Origin: "http://localhost", Host: "localhost" } })).status).toBe(200);
    expect((await apiJson<{ role: string }>("/api/budget", { cookie: invitee.cookie })).body.role).toBe("member");
  });
});

describe("logs never carry an invitation token", () => {
  let spies: MockInstance[];
  beforeEach(() => {
    spies = [vi.spyOn(console, "error"), vi.spyOn(console, "warn"), vi.spyOn(console, "log")];
  });
  afterEach(() => {
    for (const spy of spies) spy.mockRestore();
  });
  const loggedText = () =>
    spies
      .flatMap((s) => s.mock.calls.flat())
      .map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === "string" ? a : JSON.stringify(a)))
      .join("\n");

  it("an error Remix logs about a request whose path holds the token names the path with the token redacted", async () => {
    const { invitee, token } = await invited();
    // A data request naming a route that is not on this path: Remix logs an error quoting the URL's path.
    await api(`/api/budget/accept-invitation/${token}?_data=routes%2Fnot-here`, { cookie: invitee.cookie });
    const text = loggedText();
    expect(text).toContain("/api/budget/accept-invitation/[redacted]");
    expect(text).not.toContain(token);
  });

  it("a logged URL with the token in its query (plain or percent-encoded) is redacted", async () => {
    const { redactSecrets } = await import("../../app/server/log.server");
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-";
    expect(redactSecrets(`GET https://x.test/accept-invitation?token=${token}&a=1`)).toBe("GET https://x.test/accept-invitation?token=[redacted]&a=1");
    expect(redactSecrets(`/api/login?returnTo=%2Faccept-invitation%3Ftoken%3D${token}`)).toBe("/api/login?returnTo=%2Faccept-invitation%3Ftoken%3D[redacted]");
    expect(redactSecrets(`/api/budget/accept-invitation/${token}`)).toBe("/api/budget/accept-invitation/[redacted]");
    expect(redactSecrets(`/api%2Fbudget%2Faccept-invitation%2F${token}`)).toBe("/api%2Fbudget%2Faccept-invitation%2F[redacted]");
  });
});
