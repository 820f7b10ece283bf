import { env, evictDurableObject } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BudgetCommand, CommandOutcome } from "../../app/server/budget-room/commands";
import type { BudgetRoom } from "../../workers/budget-room";
import { signUp, type SignedInUser } from "./helpers/users";

function room(budgetId: string) {
  const ns = env.BUDGET_ROOM as unknown as DurableObjectNamespace<BudgetRoom>;
  return ns.get(ns.idFromName(budgetId));
}

async function apply(budgetId: string, actorId: string, command: BudgetCommand): Promise<CommandOutcome> {
  return (await room(budgetId).apply({ budgetId, actorId, command })) as CommandOutcome;
}

const addRent: BudgetCommand = { type: "addLineItem", kind: "expense", label: "Rent", amountCents: 120_000, category: "housing", isSingleMonth: false };

interface Live {
  ws: WebSocket;
  messages: unknown[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first message (received so far or later) that matches. */
  next(match: (m: any) => boolean, timeoutMs?: number): Promise<any>;
}

function liveUrl(budgetId?: string): string {
  return budgetId ? `http://localhost/api/budget/live?budgetId=${encodeURIComponent(budgetId)}` : "http://localhost/api/budget/live";
}

async function connect(user: SignedInUser, budgetId?: string): Promise<Live> {
  const res = await exports.default.fetch(liveUrl(budgetId), { headers: { Upgrade: "websocket", Cookie: user.cookie } });
  expect(res.status).toBe(101);
  const ws = res.webSocket;
  if (!ws) throw new Error("101 without a WebSocket");
  const messages: unknown[] = [];
  const waiters: { match: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason }));
  });
  ws.addEventListener("message", (event) => {
    const data = typeof event.data === "string" ? event.data : new TextDecoder().decode(event.data as ArrayBuffer);
    let parsed: unknown = data;
    try {
      parsed = JSON.parse(data);
    } catch {
      // plain text ("pong")
    }
    messages.push(parsed);
    for (const w of [...waiters]) {
      if (w.match(parsed)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(parsed);
      }
    }
  });
  ws.accept();
  return {
    ws,
    messages,
    closed,
    next(match, timeoutMs = 5_000) {
      const seen = messages.find(match);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(messages)}`)), timeoutMs);
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
  };
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms))]);
}

async function addMember(budgetId: string, userId: string) {
  await env.DB.prepare("INSERT INTO budget_members (id, budget_id, user_id, role, joined_at) VALUES (?, ?, ?, 'member', ?)")
    .bind(crypto.randomUUID(), budgetId, userId, Date.now())
    .run();
}

describe("GET /api/budget/live", () => {
  it("tells a connected member 'changed' after a command on their budget", async () => {
    const user = await signUp("Listener");
    const live = await connect(user);
    await live.next((m) => m?.type === "hello");

    const outcome = await apply(user.budgetId, user.userId, addRent);
    expect(outcome.ok).toBe(true);
    const changed = await live.next((m) => m?.type === "changed");
    expect(changed).toEqual({ type: "changed", seq: (outcome as Extract<CommandOutcome, { ok: true }>).seq, command: "addLineItem" });
    live.ws.close(1000, "done");
  });

  it("says nothing for a rejected command, and answers ping", async () => {
    const user = await signUp("Quiet");
    const live = await connect(user);
    await live.next((m) => m?.type === "hello");
    const refused = await apply(user.budgetId, user.userId, { type: "setResetDay", resetDay: 40 });
    expect(refused.ok).toBe(false);
    // The socket is ordered: by the time "pong" arrives, a "changed" for the refused command would have too.
    live.ws.send("ping");
    await live.next((m) => m === "pong");
    expect(live.messages.filter((m: any) => m?.type === "changed")).toEqual([]);
    live.ws.close(1000, "done");
  });

  it("reaches every member of the budget and no one else's sockets", async () => {
    const owner = await signUp("Owner");
    const partner = await signUp("Partner");
    const stranger = await signUp("Stranger");
    await addMember(owner.budgetId, partner.userId);

    const ownerLive = await connect(owner);
    const partnerLive = await connect(partner, owner.budgetId);
    const strangerLive = await connect(stranger);
    await Promise.all([ownerLive, partnerLive, strangerLive].map((l) => l.next((m) => m?.type === "hello")));

    const outcome = await apply(owner.budgetId, owner.userId, addRent);
    expect(outcome.ok).toBe(true);
    await ownerLive.next((m) => m?.type === "changed");
    await partnerLive.next((m) => m?.type === "changed");
    strangerLive.ws.send("ping");
    await strangerLive.next((m) => m === "pong");
    expect(strangerLive.messages.some((m: any) => m?.type === "changed")).toBe(false);
    for (const l of [ownerLive, partnerLive, strangerLive]) l.ws.close(1000, "done");
  });

  it("refuses a signed-out caller with 401", async () => {
    const res = await exports.default.fetch(liveUrl(), { headers: { Upgrade: "websocket" } });
    expect(res.status).toBe(401);
    expect(res.webSocket).toBeNull();
    const forged = await exports.default.fetch(liveUrl(), { headers: { Upgrade: "websocket", Cookie: "__session=not-a-real-session" } });
    expect(forged.status).toBe(401);
  });

  it("refuses a handshake from another origin, even with the member's cookie", async () => {
    const owner = await signUp("Origin");
    const res = await exports.default.fetch(liveUrl(), { headers: { Upgrade: "websocket", Cookie: owner.cookie, Origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(res.webSocket).toBeNull();
    const same = await exports.default.fetch(liveUrl(), { headers: { Upgrade: "websocket", Cookie: owner.cookie, Origin: "http://localhost" } });
    expect(same.status).toBe(101);
    same.webSocket?.accept();
    same.webSocket?.close(1000, "done");
  });

  it("refuses a non-member with 403", async () => {
    const owner = await signUp("Private");
    const other = await signUp("Nosy");
    const ownerLive = await connect(owner);
    await ownerLive.next((m) => m?.type === "hello");

    const res = await exports.default.fetch(liveUrl(owner.budgetId), { headers: { Upgrade: "websocket", Cookie: other.cookie } });
    expect(res.status).toBe(403);
    expect(res.webSocket).toBeNull();
    const missing = await exports.default.fetch(liveUrl(crypto.randomUUID()), { headers: { Upgrade: "websocket", Cookie: other.cookie } });
    expect(missing.status).toBe(403);

    // Only the owner is connected to that room.
    const sockets = await room(owner.budgetId).disconnectUser(other.userId);
    expect(sockets).toBe(0);
    ownerLive.ws.close(1000, "done");
  });

  it("answers a plain GET with 426", async () => {
    const user = await signUp("Plain");
    const res = await exports.default.fetch(liveUrl(), { headers: { Cookie: user.cookie } });
    expect(res.status).toBe(426);
    const anonymous = await exports.default.fetch(liveUrl());
    expect(anonymous.status).toBe(426);
  });

  it("disconnectUser closes that user's sockets and leaves the others open", async () => {
    const owner = await signUp("Stays");
    const leaver = await signUp("Leaves");
    await addMember(owner.budgetId, leaver.userId);
    const ownerLive = await connect(owner);
    const leaverTabs = [await connect(leaver, owner.budgetId), await connect(leaver, owner.budgetId)];
    await Promise.all([ownerLive, ...leaverTabs].map((l) => l.next((m) => m?.type === "hello")));

    const closedCount = await room(owner.budgetId).disconnectUser(leaver.userId);
    expect(closedCount).toBe(2);
    for (const tab of leaverTabs) {
      const { code } = await within(tab.closed, 5_000, "the leaver's socket to close");
      expect(code).toBe(4003);
    }

    const outcome = await apply(owner.budgetId, owner.userId, addRent);
    expect(outcome.ok).toBe(true);
    await ownerLive.next((m) => m?.type === "changed");
    for (const tab of leaverTabs) expect(tab.messages.some((m: any) => m?.type === "changed")).toBe(false);
    ownerLive.ws.close(1000, "done");
  });

  it("signing out closes that user's live sockets", async () => {
    const owner = await signUp("SignsOut");
    const live = await connect(owner);
    await live.next((m) => m?.type === "hello");
    const res = await exports.default.fetch("http://localhost/api/logout", { headers: { Cookie: owner.cookie }, redirect: "manual" });
    expect(res.status).toBe(302);
    const { code } = await within(live.closed, 5_000, "the socket to close after sign-out");
    expect(code).toBe(4003);
    // And the old cookie cannot open a new one.
    const again = await exports.default.fetch(liveUrl(), { headers: { Upgrade: "websocket", Cookie: owner.cookie } });
    expect(again.status).toBe(401);
  });

  it("keeps sockets through hibernation: the woken room still broadcasts and still knows whose socket is whose", async () => {
    const owner = await signUp("Sleeper");
    const partner = await signUp("Sleeper2");
    await addMember(owner.budgetId, partner.userId);
    const ownerLive = await connect(owner);
    const partnerLive = await connect(partner, owner.budgetId);
    await Promise.all([ownerLive, partnerLive].map((l) => l.next((m) => m?.type === "hello")));

    // Tears the instance down (in-memory state gone) while the hibernatable sockets stay open.
    await evictDurableObject(room(owner.budgetId));

    const outcome = await apply(owner.budgetId, owner.userId, addRent);
    expect(outcome.ok).toBe(true);
    await ownerLive.next((m) => m?.type === "changed");
    await partnerLive.next((m) => m?.type === "changed");

    await evictDurableObject(room(owner.budgetId));
    expect(await room(owner.budgetId).disconnectUser(partner.userId)).toBe(1);
    expect((await within(partnerLive.closed, 5_000, "the partner's socket to close")).code).toBe(4003);
    ownerLive.ws.close(1000, "done");
  });
});
