import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, apiJson, htmlText, signUpComplete, uniqueEmail, uniqueIp, type SignedIn } from "./helpers/http";

// The sharing screens without JavaScript (issue 8): Settings → Budget Sharing / Your budgets, and
// /accept-invitation. Every form is a real POST; the browser follows the redirects.

async function page(path: string, cookie?: string, headers?: Record<string, string>) {
  const res = await api(path, { cookie, headers });
  return { status: res.status, text: htmlText(await res.text()) };
}

const settingsPost = (who: SignedIn, form: Record<string, string>) => api("/settings", { cookie: who.cookie, form });

async function inviteLink(owner: SignedIn, email: string): Promise<{ id: string; token: string; url: string }> {
  const { body } = await apiJson("/api/budget/invite", { cookie: owner.cookie, json: { email } });
  return { id: body.invitation.id, token: body.invitation.inviteToken, url: body.invitation.inviteUrl };
}

describe("Settings → Budget Sharing", () => {
  it("the owner invites by e-mail and sees the link with its 7-day expiry, then revokes it", async () => {
    const owner = await signUpComplete(uniqueEmail("owner"));
    const email = uniqueEmail("kid");
    const res = await settingsPost(owner, { intent: "invite", email, role: "member" });
    expect(res.status).toBe(303);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(/^\/settings\?invited=[A-Za-z0-9_-]+#budget-sharing$/);
    const shown = await page(location.replace(/#.*/, ""), owner.cookie);
    expect(shown.text).toContain("Budget Sharing");
    expect(shown.text).toContain(`Invitation link for ${email}`);
    expect(shown.text).toContain("It expires in 7 days");
    expect(shown.text).toMatch(/http:\/\/localhost\/accept-invitation\?token=[A-Za-z0-9_-]{43}/);
    expect(shown.text).toContain("Pending invitations (1)");

    const id = decodeURIComponent(/invited=([^#&]+)/.exec(location)![1]);
    const revoked = await settingsPost(owner, { intent: "revoke-invitation", invitationId: id });
    expect(revoked.status).toBe(303);
    const after = await page("/settings", owner.cookie);
    expect(after.text).toContain("Pending invitations (0)");
    expect(after.text).toMatch(/revoked/i);
  });

  it("a blank e-mail answers the spec's text; a duplicate answers the server's reason with 409", async () => {
    const owner = await signUpComplete(uniqueEmail("owner"));
    const blank = await api("/settings", { cookie: owner.cookie, form: { intent: "invite", email: " " } });
    expect(blank.status).toBe(400);
    expect(htmlText(await blank.text())).toContain("Please enter an email address to create an invitation");
    const email = uniqueEmail("dup");
    expect((await settingsPost(owner, { intent: "invite", email })).status).toBe(303);
    const dup = await settingsPost(owner, { intent: "invite", email });
    expect(dup.status).toBe(409);
    const dupText = htmlText(await dup.text());
    expect(dupText).toContain(`An invitation for ${email} is already pending.`);
    // What was typed stays in the field.
    expect(dupText).toContain(`value="${email}"`);
  });

  it("a member sees the member view (what they can do, the list) with no invite or remove controls, and is refused those intents", async () => {
    const owner = await signUpComplete(uniqueEmail("owner"), { firstName: "Olive" });
    const memberEmail = uniqueEmail("member");
    const link = await inviteLink(owner, memberEmail);
    const member = await signUpComplete(memberEmail, { firstName: "Max" });
    expect((await api(`/api/budget/accept-invitation/${link.token}`, { method: "POST", cookie: member.cookie })).status).toBe(200);

    const view = await page("/settings", member.cookie);
    expect(view.text).toContain("As a member you can:");
    expect(view.text).toContain("See family members' expenses");
    expect(view.text).toContain(owner.email);
    expect(view.text).not.toContain("Invite a family member by e-mail");
    expect(view.text).not.toContain("Remove ");

    const ownerView = await page("/settings", owner.cookie);
    expect(ownerView.text).toContain(`Remove Olive User`.replace("Olive User", "Max User"));
    expect(ownerView.text).not.toContain("Remove Olive");

    const refused = await settingsPost(member, { intent: "invite", email: uniqueEmail() });
    expect(refused.status).toBe(403);
    expect(htmlText(await refused.text())).toContain("Only the budget owner can invite members.");
    const removeOwner = await settingsPost(member, { intent: "remove-member", userId: owner.user.id });
    expect(removeOwner.status).toBe(403);
  });

  it("Your budgets lists own and shared budgets, switches, and lets a member leave; the owner removes a member", async () => {
    const owner = await signUpComplete(uniqueEmail("owner"), { firstName: "Olive" });
    const memberEmail = uniqueEmail("member");
    const link = await inviteLink(owner, memberEmail);
    const member = await signUpComplete(memberEmail, { firstName: "Max" });
    await api(`/api/budget/accept-invitation/${link.token}`, { method: "POST", cookie: member.cookie });
    const shared = (await apiJson("/api/budget", { cookie: owner.cookie })).body.id as string;
    const personal = `personal-${member.user.id}`;

    const list = await page("/settings", member.cookie);
    expect(list.text).toContain("Your budgets");
    expect(list.text).toContain("Olive's Budget");
    expect(list.text).toContain("Max's Budget");
    expect(list.text).toContain("Shared by Olive User");
    expect(list.text).toContain("Leave Olive's Budget");

    const sw = await settingsPost(member, { intent: "switch-budget", budgetId: personal });
    expect(sw.status).toBe(303);
    expect((await apiJson("/api/budget", { cookie: member.cookie })).body.id).toBe(personal);
    const foreign = await settingsPost(owner, { intent: "switch-budget", budgetId: personal });
    expect(foreign.status).toBe(404);

    const leave = await settingsPost(member, { intent: "leave-budget", budgetId: shared });
    expect(leave.status).toBe(303);
    expect((await page("/settings", member.cookie)).text).not.toContain("Olive's Budget");

    // Join again through a new invitation, then the owner removes them.
    const again = await inviteLink(owner, memberEmail);
    await api(`/api/budget/accept-invitation/${again.token}`, { method: "POST", cookie: member.cookie });
    const removed = await settingsPost(owner, { intent: "remove-member", userId: member.user.id });
    expect(removed.status).toBe(303);
    expect((await apiJson("/api/budget", { cookie: member.cookie })).body.id).toBe(personal);
  });
});

describe("/accept-invitation", () => {
  it("without a token: Invalid Invitation", async () => {
    const res = await page("/accept-invitation");
    expect(res.status).toBe(200);
    expect(res.text).toContain("Invalid Invitation");
  });

  it("signed out: Sign In Required, with sign-in and sign-up links that come back to the invitation", async () => {
    const res = await page("/accept-invitation?token=abcDEF_123-abcDEF_123-abc");
    expect(res.text).toContain("Sign In Required");
    const back = encodeURIComponent("/accept-invitation?token=abcDEF_123-abcDEF_123-abc");
    expect(res.text).toContain(`/api/login?returnTo=${back}`);
    expect(res.text).toContain(`/api/login?returnTo=${back}&mode=signup`);
  });

  it("a signed-out visitor signs up from the link, comes back, and accepts with the form", async () => {
    const owner = await signUpComplete(uniqueEmail("owner"));
    const email = uniqueEmail("newcomer");
    const link = await inviteLink(owner, email);
    const returnTo = `/accept-invitation?token=${link.token}`;
    const signup = await api(`/api/login?returnTo=${encodeURIComponent(returnTo)}`, {
      form: { intent: "signup", email, password: "correct horse battery", firstName: "New", lastName: "Comer", returnTo },
      headers: { "CF-Connecting-IP": uniqueIp() },
    });
    expect(signup.status).toBe(302);
    expect(signup.headers.get("Location")).toBe(returnTo);
    const cookie = /__session=[^;]+/.exec(signup.headers.get("Set-Cookie") ?? "")![0];

    // The browser follows the sign-up's redirect: a same-origin navigation, so the page accepts on its own
    // (from another site it would ask first, issue 18 #8).
    const processing = await page(returnTo, cookie, { "Sec-Fetch-Site": "same-origin" });
    expect(processing.text).toContain("Processing Invitation...");
    expect(processing.text).toContain("Accept Invitation");

    const accepted = await api("/accept-invitation", { cookie, form: { token: link.token } });
    expect(accepted.status).toBe(200);
    const welcome = htmlText(await accepted.text());
    expect(welcome).toContain("Welcome to the Budget!");
    expect(welcome).toContain("View the budget and spendable amount");
    expect(welcome).toContain('content="2;url=/chat"');
    expect((await apiJson("/api/budget", { cookie })).body).toMatchObject({ id: (await apiJson("/api/budget", { cookie: owner.cookie })).body.id, role: "member" });

    const again = await api("/accept-invitation", { cookie, form: { token: link.token } });
    expect(again.status).toBe(409);
    // Their own used invitation: one clear message that they are in, not an error with its causes (issue 22 #16).
    const member = htmlText(await again.text());
    expect(member).toContain("Already a Member");
    expect(member).toContain("You are already a member of this budget.");
    expect(member).not.toContain("Invitation Error");
    expect(member).not.toContain("already been used");
    expect(member).not.toContain("Try Again");
  });

  it("revoked and expired links show Invitation Error with the reason", async () => {
    const owner = await signUpComplete(uniqueEmail("owner"));
    const email = uniqueEmail("late");
    const guest = await signUpComplete(email);
    const revokedLink = await inviteLink(owner, email);
    await api(`/api/budget/invitations/${revokedLink.id}`, { method: "DELETE", cookie: owner.cookie });
    const revoked = await api("/accept-invitation", { cookie: guest.cookie, form: { token: revokedLink.token } });
    expect(revoked.status).toBe(409);
    expect(htmlText(await revoked.text())).toContain("This invitation was revoked by the budget owner.");

    const expiredLink = await inviteLink(owner, email);
    await env.DB.prepare("UPDATE invitations SET expires_at = 1 WHERE id = ?").bind(expiredLink.id).run();
    const expired = await api("/accept-invitation", { cookie: guest.cookie, form: { token: expiredLink.token } });
    expect(expired.status).toBe(410);
    const text = htmlText(await expired.text());
    expect(text).toContain("Invitation Error");
    expect(text).toContain("This invitation has expired.");

    const anonymous = await api("/accept-invitation", { form: { token: expiredLink.token } });
    expect(anonymous.status).toBe(401);
    expect(htmlText(await anonymous.text())).toContain("Sign In Required");
  });
});
