import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, apiJson, signUpComplete, uniqueEmail, type SignedIn } from "./helpers/http";

// Budget sharing (issue 8): invitations, accepting, members, leaving, switching, and every refusal rule.

const activeBudgetOf = async (userId: string) =>
  (await env.DB.prepare("SELECT active_budget_id AS id FROM users WHERE id = ?").bind(userId).first<{ id: string | null }>())!.id;

async function invite(owner: SignedIn, email: string) {
  return apiJson<{ invitation: { id: string; inviteeEmail: string; status: string; createdAt: string; inviteToken: string; inviteUrl: string } }>("/api/budget/invite", {
    cookie: owner.cookie,
    json: { email, role: "member" },
  });
}

/** An owner and an invited (not yet joined) person, plus the invitation. */
async function invited() {
  const owner = await signUpComplete(uniqueEmail("owner"), { firstName: "Olive" });
  const guestEmail = uniqueEmail("guest");
  const { status, body } = await invite(owner, guestEmail);
  expect(status).toBe(201);
  return { owner, guestEmail, invitation: body.invitation };
}

async function joined() {
  const { owner, guestEmail, invitation } = await invited();
  const guest = await signUpComplete(guestEmail, { firstName: "Gus" });
  const accept = await api(`/api/budget/accept-invitation/${invitation.inviteToken}`, { method: "POST", cookie: guest.cookie });
  expect(accept.status).toBe(200);
  const budgetId = (await activeBudgetOf(owner.user.id))!;
  return { owner, guest, budgetId, invitation };
}

describe("POST /api/budget/invite", () => {
  it("creates a pending invitation with a ≥128-bit URL-safe token and the accept link, stored only as a hash", async () => {
    const owner = await signUpComplete(uniqueEmail("owner"));
    const email = uniqueEmail("Invitee").toUpperCase();
    const { status, body } = await invite(owner, `  ${email} `);
    expect(status).toBe(201);
    const inv = body.invitation;
    expect(inv).toMatchObject({ inviteeEmail: email.toLowerCase(), status: "pending" });
    expect(Date.parse(inv.createdAt)).toBeGreaterThan(0);
    expect(inv.inviteToken).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(inv.inviteUrl).toBe(`http://localhost/accept-invitation?token=${inv.inviteToken}`);

    const row = await env.DB.prepare("SELECT * FROM invitations WHERE id = ?").bind(inv.id).first<Record<string, unknown>>();
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(inv.inviteToken));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(row!.token).toBe(hex);
    // The token itself is nowhere in the row.
    expect(JSON.stringify(row)).not.toContain(inv.inviteToken);
    const week = 7 * 24 * 60 * 60 * 1000;
    expect(Number(row!.expires_at) - Number(row!.created_at)).toBe(week);
  });

  it("tokens differ for every invitation", async () => {
    const owner = await signUpComplete(uniqueEmail("owner"));
    const a = await invite(owner, uniqueEmail("a"));
    const b = await invite(owner, uniqueEmail("b"));
    expect(a.body.invitation.inviteToken).not.toBe(b.body.invitation.inviteToken);
  });

  it("refuses a blank or malformed e-mail (400), another role (400), a pending address or a member (409)", async () => {
    const { owner, guestEmail } = await invited();
    const blank = await apiJson("/api/budget/invite", { cookie: owner.cookie, json: { email: "  " } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("Please enter an email address to create an invitation");
    const bad = await apiJson("/api/budget/invite", { cookie: owner.cookie, json: { email: "not-an-email" } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.email).toEqual(["Please enter a valid e-mail address."]);
    const role = await apiJson("/api/budget/invite", { cookie: owner.cookie, json: { email: uniqueEmail(), role: "owner" } });
    expect(role.status).toBe(400);

    const again = await invite(owner, guestEmail.toUpperCase());
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: expect.stringContaining("already pending") });
    const self = await invite(owner, owner.email);
    expect(self.status).toBe(409);
    expect((self.body as unknown as { message: string }).message).toContain("already a member");
  });

  it("only the owner invites: a member gets 403, a visitor 401", async () => {
    const { guest } = await joined();
    const res = await apiJson("/api/budget/invite", { cookie: guest.cookie, json: { email: uniqueEmail() } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Only the budget owner can invite members.");
    expect((await api("/api/budget/invite", { json: { email: uniqueEmail() } })).status).toBe(401);
  });
});

describe("POST /api/budget/accept-invitation/{token}", () => {
  it("joins the budget, makes it active, keeps the personal budget, marks the invitation used and tells the room", async () => {
    const { owner, guestEmail, invitation } = await invited();
    const guest = await signUpComplete(guestEmail);
    const personal = await activeBudgetOf(guest.user.id);
    const shared = await activeBudgetOf(owner.user.id);
    const res = await apiJson(`/api/budget/accept-invitation/${invitation.inviteToken}`, { method: "POST", cookie: guest.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ budgetId: shared, role: "member" });
    expect(await activeBudgetOf(guest.user.id)).toBe(shared);
    const summary = await apiJson("/api/budget", { cookie: guest.cookie });
    expect(summary.body).toMatchObject({ id: shared, role: "member", memberCount: 2 });
    const memberships = await env.DB.prepare("SELECT budget_id, role FROM budget_members WHERE user_id = ? ORDER BY role").bind(guest.user.id).all();
    expect(memberships.results).toEqual(expect.arrayContaining([{ budget_id: personal, role: "owner" }, { budget_id: shared, role: "member" }]));
    const row = await env.DB.prepare("SELECT status, accepted_by FROM invitations WHERE id = ?").bind(invitation.id).first();
    expect(row).toEqual({ status: "accepted", accepted_by: guest.user.id });
  });

  it("single use: a second accept is 409, for anyone; its own member is told just that they are in (issue 22 #16)", async () => {
    const { guest, invitation } = await joined();
    const again = await apiJson(`/api/budget/accept-invitation/${invitation.inviteToken}`, { method: "POST", cookie: guest.cookie });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You are already a member of this budget.");
    const other = await signUpComplete(uniqueEmail("late"));
    const late = await apiJson(`/api/budget/accept-invitation/${invitation.inviteToken}`, { method: "POST", cookie: other.cookie });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("This invitation has already been used.");
  });

  it("a wrong account gets 403 and nothing changes", async () => {
    const { invitation } = await invited();
    const other = await signUpComplete(uniqueEmail("other"));
    const res = await apiJson(`/api/budget/accept-invitation/${invitation.inviteToken}`, { method: "POST", cookie: other.cookie });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain("wrong account");
    expect((await env.DB.prepare("SELECT status FROM invitations WHERE id = ?").bind(invitation.id).first())!.status).toBe("pending");
  });

  it("an expired link is 410, a revoked one 409, an unknown or malformed one 404, and a visitor 401", async () => {
    const { owner, guestEmail, invitation } = await invited();
    const guest = await signUpComplete(guestEmail);
    await env.DB.prepare("UPDATE invitations SET expires_at = ? WHERE id = ?").bind(Date.now() - 1, invitation.id).run();
    const expired = await apiJson(`/api/budget/accept-invitation/${invitation.inviteToken}`, { method: "POST", cookie: guest.cookie });
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe("This invitation has expired. Ask the budget owner for a new link.");

    const fresh = await invite(owner, guestEmail);
    expect(fresh.status).toBe(201); // an expired invitation does not block a new one
    expect((await api(`/api/budget/invitations/${fresh.body.invitation.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    const revoked = await apiJson(`/api/budget/accept-invitation/${fresh.body.invitation.inviteToken}`, { method: "POST", cookie: guest.cookie });
    expect(revoked.status).toBe(409);
    expect(revoked.body.message).toBe("This invitation was revoked by the budget owner.");

    const unknown = await apiJson(`/api/budget/accept-invitation/${"A".repeat(43)}`, { method: "POST", cookie: guest.cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain("not valid");
    expect((await api(`/api/budget/accept-invitation/${encodeURIComponent("../x?y")}`, { method: "POST", cookie: guest.cookie })).status).toBe(404);
    expect((await api(`/api/budget/accept-invitation/${invitation.inviteToken}`, { method: "POST" })).status).toBe(401);
    expect((await api(`/api/budget/accept-invitation/${invitation.inviteToken}`, { cookie: guest.cookie })).status).toBe(405);
  });

  it("the invitation list shows the expired invitation as expired, with no link", async () => {
    const { owner, invitation } = await invited();
    await env.DB.prepare("UPDATE invitations SET expires_at = ? WHERE id = ?").bind(Date.now() - 1, invitation.id).run();
    const list = await apiJson<Array<{ id: string; status: string; inviteUrl: string | null }>>("/api/budget/invitations", { cookie: owner.cookie });
    expect(list.body.find((i) => i.id === invitation.id)).toMatchObject({ status: "expired", inviteUrl: null });
  });
});

describe("members and invitations lists", () => {
  it("members see the member list; only the owner sees invitations, with copyable links for pending ones", async () => {
    const { owner, guest, budgetId } = await joined();
    const pending = await invite(owner, uniqueEmail("pending"));
    for (const who of [owner, guest]) {
      const members = await apiJson<Array<{ userId: string; role: string; user: { email: string } }>>("/api/budget/members", { cookie: who.cookie });
      expect(members.status).toBe(200);
      expect(members.body.map((m) => [m.role, m.user.email])).toEqual([
        ["owner", owner.email],
        ["member", guest.email],
      ]);
    }
    const list = await apiJson<Array<{ id: string; status: string; inviteToken: string | null; inviteUrl: string | null }>>("/api/budget/invitations", { cookie: owner.cookie });
    expect(list.status).toBe(200);
    expect(list.body.map((i) => i.status).sort()).toEqual(["accepted", "pending"]);
    // Copy works later too: the listed link is the one handed out at creation.
    expect(list.body.find((i) => i.status === "pending")).toMatchObject({ id: pending.body.invitation.id, inviteUrl: pending.body.invitation.inviteUrl });
    expect(list.body.find((i) => i.status === "accepted")).toMatchObject({ inviteToken: null, inviteUrl: null });
    const denied = await apiJson("/api/budget/invitations", { cookie: guest.cookie });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe("Only the budget owner can manage invitations.");
    expect(budgetId).toBeTruthy();
  });
});

describe("DELETE /api/budget/invitations/{id}", () => {
  it("revokes a pending invitation; a second revoke is 409; a member is refused 403; another budget's id is 404", async () => {
    const { owner, guest } = await joined();
    const inv = (await invite(owner, uniqueEmail("later"))).body.invitation;
    const byMember = await apiJson(`/api/budget/invitations/${inv.id}`, { method: "DELETE", cookie: guest.cookie });
    expect(byMember.status).toBe(403);
    const stranger = await signUpComplete(uniqueEmail("stranger"));
    const foreign = await apiJson(`/api/budget/invitations/${inv.id}`, { method: "DELETE", cookie: stranger.cookie });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Invitation not found.");
    const ok = await apiJson(`/api/budget/invitations/${inv.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ invitation: { id: inv.id, status: "revoked" } });
    const twice = await apiJson(`/api/budget/invitations/${inv.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("This invitation was already revoked.");
  });
});

describe("DELETE /api/budget/members/{userId}", () => {
  it("removes a member at once: their next call answers from their own budget, their expenses stay, the owner cannot be removed", async () => {
    const { owner, guest, budgetId } = await joined();
    const personal = `personal-${guest.user.id}`;
    await env.DB.prepare(
      "INSERT INTO expenses (id, budget_id, user_id, amount_cents, description, category_id, date, created_at, enabled, source, period_start) VALUES (?, ?, ?, 500, 'Guest coffee', (SELECT id FROM categories LIMIT 1), '2026-01-02', 0, 1, 'form', '2026-01-01')",
    )
      .bind(crypto.randomUUID(), budgetId, guest.user.id)
      .run();

    const byMember = await apiJson(`/api/budget/members/${owner.user.id}`, { method: "DELETE", cookie: guest.cookie });
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe("Only the budget owner can remove members.");
    const ownerSelf = await apiJson(`/api/budget/members/${owner.user.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(ownerSelf.status).toBe(403);
    expect(ownerSelf.body.message).toBe("The budget owner cannot be removed.");
    const unknown = await apiJson(`/api/budget/members/${crypto.randomUUID()}`, { method: "DELETE", cookie: owner.cookie });
    expect(unknown.status).toBe(404);

    const removed = await apiJson(`/api/budget/members/${guest.user.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(removed.status).toBe(200);
    expect(await activeBudgetOf(guest.user.id)).toBe(personal);
    expect((await apiJson("/api/budget", { cookie: guest.cookie })).body).toMatchObject({ id: personal, role: "owner" });
    const left = await env.DB.prepare("SELECT user_id FROM expenses WHERE budget_id = ? AND description = 'Guest coffee'").bind(budgetId).first();
    expect(left).toEqual({ user_id: guest.user.id });
    const again = await apiJson(`/api/budget/members/${guest.user.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(again.status).toBe(404);
  });

  it("a non-member owner naming a member of another budget gets 404 (ids are scoped to the caller's budget)", async () => {
    const { guest } = await joined();
    const stranger = await signUpComplete(uniqueEmail("stranger"));
    const res = await apiJson(`/api/budget/members/${guest.user.id}`, { method: "DELETE", cookie: stranger.cookie });
    expect(res.status).toBe(404);
  });
});

describe("POST /api/budget/leave and POST /api/budgets/active", () => {
  it("a member leaves and falls back to their own budget; the owner cannot leave", async () => {
    const { owner, guest, budgetId } = await joined();
    const ownerLeave = await apiJson("/api/budget/leave", { method: "POST", cookie: owner.cookie });
    expect(ownerLeave.status).toBe(403);
    expect(ownerLeave.body.message).toBe("The owner cannot leave their own budget.");
    const res = await apiJson("/api/budget/leave", { method: "POST", cookie: guest.cookie });
    expect(res.status).toBe(200);
    expect(res.body.activeBudgetId).toBe(`personal-${guest.user.id}`);
    const members = await env.DB.prepare("SELECT count(*) AS n FROM budget_members WHERE budget_id = ? AND user_id = ?").bind(budgetId, guest.user.id).first<{ n: number }>();
    expect(members!.n).toBe(0);
    const notMember = await apiJson("/api/budget/leave", { method: "POST", cookie: guest.cookie, json: { budgetId } });
    expect(notMember.status).toBe(404);
  });

  it("switches between the budgets the user belongs to; any other id is 404", async () => {
    const { owner, guest, budgetId } = await joined();
    const personal = `personal-${guest.user.id}`;
    const toOwn = await apiJson("/api/budgets/active", { cookie: guest.cookie, json: { budgetId: personal } });
    expect(toOwn.status).toBe(200);
    expect((await apiJson("/api/budget", { cookie: guest.cookie })).body).toMatchObject({ id: personal, role: "owner" });
    const back = await apiJson("/api/budgets/active", { cookie: guest.cookie, form: { budgetId } });
    expect(back.status).toBe(200);
    expect((await apiJson("/api/budget", { cookie: guest.cookie })).body).toMatchObject({ id: budgetId, role: "member" });
    const foreign = await apiJson("/api/budgets/active", { cookie: owner.cookie, json: { budgetId: personal } });
    expect(foreign.status).toBe(404);
    const missing = await apiJson("/api/budgets/active", { cookie: owner.cookie, json: {} });
    expect(missing.status).toBe(400);
  });
});

describe("live: membership changes reach connected members", () => {
  async function connect(cookie: string) {
    const res = await exports.default.fetch("http://localhost/api/budget/live", { headers: { Upgrade: "websocket", Cookie: cookie } });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const messages: Array<{ type?: string; command?: string }> = [];
    const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
    ws.addEventListener("message", (e) => {
      try {
        messages.push(JSON.parse(String(e.data)));
      } catch {
        // "pong"
      }
    });
    ws.accept();
    return { ws, messages, closed };
  }

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
    return check();
  };

  it("the owner hears 'changed' when someone joins; a removed member's socket closes at once", async () => {
    const { owner, guestEmail, invitation } = await invited();
    const ownerLive = await connect(owner.cookie);
    const guest = await signUpComplete(guestEmail);
    expect((await api(`/api/budget/accept-invitation/${invitation.inviteToken}`, { method: "POST", cookie: guest.cookie })).status).toBe(200);
    expect(await until(() => ownerLive.messages.some((m) => m.type === "changed" && m.command === "acceptInvitation"))).toBe(true);

    const guestLive = await connect(guest.cookie);
    expect((await api(`/api/budget/members/${guest.user.id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    expect(await guestLive.closed).toBe(4003);
    expect(await until(() => ownerLive.messages.some((m) => m.type === "changed" && m.command === "removeMember"))).toBe(true);
    ownerLive.ws.close();
  });

  it("leaving closes the leaver's socket too", async () => {
    const { guest } = await joined();
    const guestLive = await connect(guest.cookie);
    expect((await api("/api/budget/leave", { method: "POST", cookie: guest.cookie })).status).toBe(200);
    expect(await guestLive.closed).toBe(4003);
  });
});

describe("copyable links are never wrong", () => {
  it("an invitation whose stored hash does not match the re-derived token shows no link (e.g. after a secret rotation)", async () => {
    const { owner, invitation } = await invited();
    await env.DB.prepare("UPDATE invitations SET token = ? WHERE id = ?").bind("0".repeat(64), invitation.id).run();
    const list = await apiJson<Array<{ id: string; status: string; inviteUrl: string | null }>>("/api/budget/invitations", { cookie: owner.cookie });
    expect(list.body.find((i) => i.id === invitation.id)).toMatchObject({ status: "pending", inviteUrl: null });
  });
});
