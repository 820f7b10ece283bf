import { env } from "cloudflare:test";
import { decode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import { adminAccount } from "./helpers/admin";
import { api, apiJson, htmlText, signUpComplete } from "./helpers/http";

// The findings of the second black-box probe (issue 18), each reproduced against the Worker.

/** The chat page's loader data as a client navigation gets it (single fetch), sent with this Sec-Fetch-Site. */
async function chatData(cookie: string, query: string, site?: string): Promise<{ presend: boolean }> {
  const headers: Record<string, string> = site ? { "Sec-Fetch-Site": site } : {};
  const res = await api(`/_root.data?index&${query}&_routes=routes%2F_app._index`, { cookie, headers });
  expect(res.status).toBe(200);
  const decoded = await decode(res.body!);
  await decoded.done;
  return (decoded.value as Record<string, { data: { presend: boolean } }>)["routes/_app._index"].data;
}

describe("#1 ?message= pre-sends only when the app itself led there", () => {
  it.each([
    ["cross-site", false],
    ["same-site", false],
    ["none", false],
    [undefined, false],
    ["same-origin", true],
  ])("Sec-Fetch-Site %s → presend %s", async (site, presend) => {
    const account = await signUpComplete();
    expect((await chatData(account.cookie, "message=rent%20%244999", site)).presend).toBe(presend);
  });

  it("without a message there is nothing to pre-send", async () => {
    const account = await signUpComplete();
    expect((await chatData(account.cookie, "", "same-origin")).presend).toBe(false);
  });

  it("another site's link (no JavaScript either) puts the text in the box and writes nothing", async () => {
    const account = await signUpComplete();
    const res = await api("/?message=rent%20%244999", { cookie: account.cookie, headers: { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate" } });
    expect(res.status).toBe(200);
    // The box is an <input> before JavaScript runs (a <textarea> after): either way the text waits in it.
    const html = htmlText(await res.text());
    expect(/<input[^>]*name="content"[^>]*value="rent \$4999"|<textarea[^>]*name="content"[^>]*>rent \$4999<\/textarea>/.test(html)).toBe(true);
    const written = await env.DB.prepare("SELECT COUNT(*) AS n FROM expenses e JOIN budget_members m ON m.budget_id = e.budget_id WHERE m.user_id = ?").bind(account.user.id).first<{ n: number }>();
    expect(written?.n).toBe(0);
  });
});

/** A second account joined to the owner's budget as a member, with that budget active. */
async function sharedBudget() {
  const owner = await signUpComplete(undefined, { firstName: "Olive", lastName: "Owner" });
  const member = await signUpComplete(undefined, { firstName: "Max", lastName: "Member" });
  const budget = await env.DB.prepare("SELECT active_budget_id AS id FROM users WHERE id = ?").bind(owner.user.id).first<{ id: string }>();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO budget_members (id, budget_id, user_id, role, joined_at) VALUES (?, ?, ?, 'member', 0)").bind(crypto.randomUUID(), budget!.id, member.user.id),
    env.DB.prepare("UPDATE users SET active_budget_id = ? WHERE id = ?").bind(budget!.id, member.user.id),
  ]);
  return { owner, member, budgetId: budget!.id };
}

describe("#15 members add expenses and change their own; the owner everything else", () => {
  it("expenses over the API", async () => {
    const { owner, member } = await sharedBudget();
    const add = async (who: { cookie: string }, description: string) => {
      const res = await apiJson<{ id: string }>("/api/expenses", { cookie: who.cookie, json: { amount: "12.50", description, categoryId: "food" } });
      expect(res.status).toBe(201);
      return res.body.id;
    };
    const ownerLunch = await add(owner, "Owner lunch");
    const memberSnack = await add(member, "Member snack");
    // The member's own expense: edit, toggle, delete.
    expect((await api(`/api/expenses/${memberSnack}`, { method: "PATCH", cookie: member.cookie, json: { amount: "3" } })).status).toBe(200);
    expect((await api(`/api/expenses/${memberSnack}/toggle`, { method: "PATCH", cookie: member.cookie })).status).toBe(200);
    // The owner's: refused with a clear message, and nothing changed.
    for (const [method, path, json] of [
      ["PATCH", `/api/expenses/${ownerLunch}`, { amount: "0.01" }],
      ["PATCH", `/api/expenses/${ownerLunch}/toggle`, undefined],
      ["DELETE", `/api/expenses/${ownerLunch}`, undefined],
    ] as const) {
      const res = await apiJson<{ message: string }>(path, { method, cookie: member.cookie, json });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toBe("Only the budget owner can change expenses other members added.");
    }
    expect((await apiJson(`/api/expenses/${ownerLunch}`, { cookie: owner.cookie })).body).toMatchObject({ amount: "12.50", enabled: true });
    // The owner changes anyone's.
    expect((await api(`/api/expenses/${memberSnack}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
  });

  it("the chat's undo of a member cannot reach the owner's expense either", async () => {
    const { owner, member } = await sharedBudget();
    await apiJson("/api/expenses", { cookie: owner.cookie, json: { amount: "40", description: "Owner fuel", categoryId: "transport" } });
    const conversation = (await apiJson<{ id: string }>("/api/conversation", { method: "POST", cookie: member.cookie, json: {} })).body;
    const res = await apiJson<{ messages: { content: string }[] }>("/api/messages", { cookie: member.cookie, json: { conversationId: conversation.id, content: "undo" } });
    expect(res.status).toBe(200);
    expect((await apiJson<unknown[]>("/api/expenses", { cookie: owner.cookie })).body).toHaveLength(1);
  });

  it("the budget page shows a member the lines read-only and edit buttons only on their own expenses", async () => {
    const { owner, member } = await sharedBudget();
    await apiJson("/api/budget/details", { cookie: owner.cookie, json: { income: [{ id: "new-income-1", label: "Salary", amount: 3000 }], expenses: [{ id: "new-expense-1", label: "Rent", amount: 1200 }] } });
    await apiJson("/api/expenses", { cookie: owner.cookie, json: { amount: "9", description: "Owner coffee", categoryId: "coffee" } });
    await apiJson("/api/expenses", { cookie: member.cookie, json: { amount: "7", description: "Member tea", categoryId: "coffee" } });
    const memberPage = htmlText(await (await api("/budget-panel", { cookie: member.cookie })).text());
    expect(memberPage).toContain("Only the budget owner can change income and fixed expenses.");
    expect(memberPage).toContain('value="Rent"');
    expect(memberPage).not.toContain('name="expenses.0.amount"');
    expect(memberPage).not.toContain("+ New Income");
    expect(memberPage).not.toContain('aria-label="Delete Rent"');
    expect(memberPage).toContain('aria-label="Edit Member tea"');
    expect(memberPage).not.toContain('aria-label="Edit Owner coffee"');
    const ownerPage = htmlText(await (await api("/budget-panel", { cookie: owner.cookie })).text());
    expect(ownerPage).toContain('aria-label="Delete Rent"');
    expect(ownerPage).toContain('aria-label="Edit Member tea"');
    expect(ownerPage).toContain('aria-label="Edit Owner coffee"');
  });
});

describe("#16 expense dates at most one day ahead; spent counts only the period's dates", () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  it("the API takes tomorrow (a member a time zone ahead) and refuses later days, on add and on edit", async () => {
    const user = await signUpComplete(); // a new budget's zone is UTC: "today" is the UTC day
    const ok = await apiJson<{ id: string }>("/api/expenses", { cookie: user.cookie, json: { amount: "5", description: "Tea", categoryId: "coffee", date: day(1) } });
    expect(ok.status).toBe(201);
    const later = await apiJson<{ message: string }>("/api/expenses", { cookie: user.cookie, json: { amount: "5", description: "Tea", categoryId: "coffee", date: day(2) } });
    expect(later.status).toBe(400);
    expect(later.body.message).toBe("The date can be at most one day in the future.");
    const edit = await apiJson<{ message: string }>(`/api/expenses/${ok.body.id}`, { method: "PATCH", cookie: user.cookie, json: { date: "2999-12-31" } });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe("The date can be at most one day in the future.");
  });

  it("the budget page's add form refuses a far date with the message, and adds nothing", async () => {
    const user = await signUpComplete();
    const res = await api("/budget-panel", { cookie: user.cookie, form: { intent: "add-expense", amount: "4.50", description: "Future tea", categoryId: "coffee", date: day(9) } });
    expect(res.status).toBe(400);
    expect(htmlText(await res.text())).toContain("The date can be at most one day in the future.");
    expect((await apiJson<unknown[]>("/api/expenses", { cookie: user.cookie })).body).toEqual([]);
  });

  it("an expense dated after the period (stored before the rule) does not count toward this period's spent", async () => {
    const user = await signUpComplete();
    const budget = (await env.DB.prepare("SELECT id, period_start AS start FROM budgets WHERE id = (SELECT active_budget_id FROM users WHERE id = ?)").bind(user.user.id).first<{ id: string; start: string }>())!;
    const insert = (date: string, cents: number) =>
      env.DB.prepare("INSERT INTO expenses (id, budget_id, user_id, amount_cents, description, category_id, date, created_at, enabled, source, period_start) VALUES (?, ?, ?, ?, 'x', 'other', ?, 0, 1, 'upload', ?)").bind(
        crypto.randomUUID(),
        budget.id,
        user.user.id,
        cents,
        date,
        budget.start,
      );
    await env.DB.batch([insert(budget.start, 1000), insert("9999-12-31", 500_000), insert("2999-01-01", 700)]);
    const summary = await apiJson<{ spent: string }>("/api/budget", { cookie: user.cookie });
    expect(summary.body.spent).toBe("10.00");
    const page = htmlText(await (await api("/budget-panel", { cookie: user.cookie })).text());
    expect(page).not.toContain("5,010.00");
  });
});

describe("#5 #6 chat setup answers keep the 200-line limit and never pass D1's bound-value limit", () => {
  async function onboarding(cookie: string) {
    const conversation = (await apiJson<{ id: string; phase: string }>("/api/conversation", { method: "POST", cookie, json: {} })).body;
    expect(conversation.phase).toBe("onboarding");
    return (content: string) => apiJson<{ messages: { sender: string; content: string }[] }>("/api/messages", { cookie, json: { conversationId: conversation.id, content } });
  }
  const lineCount = async (cookie: string) => {
    const details = (await apiJson<{ income: unknown[]; expenses: unknown[] }>("/api/budget/details", { cookie })).body;
    return details.income.length + details.expenses.length;
  };
  const dollars = (n: number) => Array.from({ length: n }, () => "$1").join(",");

  it("an answer with 60 items adds them all in one go (was a 500 from 20 items)", async () => {
    const user = await signUpComplete();
    const say = await onboarding(user.cookie);
    const res = await say(dollars(60));
    expect(res.status).toBe(200);
    expect(await lineCount(user.cookie)).toBe(60);
  });

  it("an answer past the budget's 200 lines adds nothing and says why", async () => {
    const user = await signUpComplete();
    const say = await onboarding(user.cookie);
    // 666 "$1," items, as the probe sent.
    const res = await say(Array.from({ length: 666 }, () => "$1").join(","));
    expect(res.status).toBe(200);
    expect(await lineCount(user.cookie)).toBe(0);
    // 150 lines, then 60 more: the second answer would pass 200.
    expect((await say(dollars(150))).status).toBe(200);
    expect(await lineCount(user.cookie)).toBe(150);
    const over = await say(dollars(60));
    expect(over.status).toBe(200);
    expect(over.body.messages.map((m) => m.content).join(" ")).toContain("A budget can have at most 200 lines.");
    expect(await lineCount(user.cookie)).toBe(150);
  });

  it("a budget page save dropping 300 lines at once deletes them all (ids chunked under D1's limit)", async () => {
    const user = await signUpComplete();
    const lines = (kind: string, n: number) => Array.from({ length: n }, (_, i) => ({ id: `new-${kind}-${i}`, label: `${kind} ${i}`, amount: 1 }));
    const saved = await apiJson<{ income: { id: string }[]; expenses: { id: string }[] }>("/api/budget/details", { cookie: user.cookie, json: { income: lines("income", 100), expenses: lines("expense", 100) } });
    expect(saved.status).toBe(200);
    const loadedIds = [...saved.body.income, ...saved.body.expenses].map((l) => l.id);
    const dropped = await apiJson("/api/budget/details", { cookie: user.cookie, json: { income: [], expenses: [], loadedIds } });
    expect(dropped.status).toBe(200);
    expect(await lineCount(user.cookie)).toBe(0);
  });

  it("a message that logs 40 expenses answers with its 40 receipts (the replies are inserted in chunks)", async () => {
    const user = await signUpComplete();
    await apiJson("/api/budget/details", { cookie: user.cookie, json: { income: [{ id: "new-income-1", label: "Pay", amount: 5000 }], expenses: [] } });
    const conversation = (await apiJson<{ id: string; phase: string }>("/api/conversation", { method: "POST", cookie: user.cookie, json: {} })).body;
    const say = (content: string) => apiJson<{ messages: { messageType: string }[] }>("/api/messages", { cookie: user.cookie, json: { conversationId: conversation.id, content } });
    const logged = await say(Array.from({ length: 40 }, (_, i) => `coffee ${i + 1}`).join(", "));
    expect(logged.status).toBe(200);
    expect(logged.body.messages.filter((m) => m.messageType === "expense_logged")).toHaveLength(40);
    expect((await apiJson<unknown[]>("/api/expenses", { cookie: user.cookie })).body).toHaveLength(40);
    expect((await say("undo")).status).toBe(200);
  });

});

describe("#7 admin user search of any length", () => {
  it.each([49, 60, 100, 500])("a %s-character search answers 200 (was a 500 from 49)", async (n) => {
    const admin = await adminAccount();
    const q = "ab%_\\".repeat(100).slice(0, n);
    const res = await api(`/api/admin/users?search=${encodeURIComponent(q)}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    const page = await api(`/admin?tab=users&search=${encodeURIComponent(q)}`, { cookie: admin.cookie });
    expect(page.status).toBe(200);
  });

  it("still finds people by a long e-mail, case-insensitively, and by a non-ASCII name", async () => {
    const admin = await adminAccount();
    const email = `a-rather-long-address-for-searching-${crypto.randomUUID()}@example.test`;
    const person = await signUpComplete(email, { firstName: "Émile", lastName: "Zola" });
    const find = async (q: string) => (await apiJson<{ id: string }[]>(`/api/admin/users?search=${encodeURIComponent(q)}`, { cookie: admin.cookie })).body.map((u) => u.id);
    expect(await find(email.toUpperCase())).toContain(person.user.id);
    expect(await find("Émile Zola")).toContain(person.user.id);
    expect(await find("%")).not.toContain(person.user.id);
  });
});

describe("#8 /accept-invitation from outside the app asks before joining", () => {
  async function invited() {
    const owner = await signUpComplete(undefined, { firstName: "Olive", lastName: "Owner" });
    const invitee = await signUpComplete();
    const res = await apiJson<{ invitation: { inviteToken: string } }>("/api/budget/invite", { cookie: owner.cookie, json: { email: invitee.email, role: "member" } });
    expect(res.status).toBe(201);
    return { owner, invitee, token: res.body.invitation.inviteToken };
  }
  async function pageData(cookie: string, token: string, site?: string) {
    const res = await api(`/accept-invitation.data?token=${token}&_routes=routes%2Faccept-invitation`, { cookie, headers: site ? { "Sec-Fetch-Site": site } : {} });
    const decoded = await decode(res.body!);
    await decoded.done;
    return (decoded.value as Record<string, { data: { autoAccept: boolean; preview: { budgetName: string; ownerName: string } | null } }>)["routes/accept-invitation"].data;
  }

  it.each(["cross-site", "same-site", "none", undefined])("Sec-Fetch-Site %s: no accept on arrival; the owner's and budget's names and a Join form", async (site) => {
    const { invitee, token } = await invited();
    expect(await pageData(invitee.cookie, token, site)).toMatchObject({ autoAccept: false, preview: { ownerName: "Olive Owner", budgetName: expect.any(String) } });
    const html = htmlText(await (await api(`/accept-invitation?token=${token}`, { cookie: invitee.cookie, headers: site ? { "Sec-Fetch-Site": site } : {} })).text());
    expect(html).toContain("Join a Shared Budget?");
    expect(html).toContain("Olive Owner");
    expect(html).toMatch(/<form method="post"[^>]*>.*name="token".*>Join<\/button>/s);
    expect((await apiJson<{ role: string }>("/api/budget", { cookie: invitee.cookie })).body.role).toBe("owner");
  });

  it("the app's own hand-off (back from signing in) keeps the automatic accept", async () => {
    const { invitee, token } = await invited();
    expect(await pageData(invitee.cookie, token, "same-origin")).toMatchObject({ autoAccept: true, preview: null });
  });

  it("a used token shows no names", async () => {
    const { invitee, token } = await invited();
    expect((await api("/accept-invitation", { cookie: invitee.cookie, form: { token } })).status).toBe(200);
    expect((await pageData(invitee.cookie, token, "cross-site")).preview).toBeNull();
  });
});

describe("#9 pending invitations are capped, and every pending one is listed", () => {
  it("the 21st live invitation is refused with a clear 400", async () => {
    const owner = await signUpComplete();
    for (let i = 0; i < 20; i++) {
      expect((await api("/api/budget/invite", { cookie: owner.cookie, json: { email: `cap-${i}-${crypto.randomUUID()}@example.test`, role: "member" } })).status).toBe(201);
    }
    const over = await apiJson<{ message: string }>("/api/budget/invite", { cookie: owner.cookie, json: { email: `cap-over-${crypto.randomUUID()}@example.test`, role: "member" } });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe("A budget can have at most 20 pending invitations. Revoke one you no longer need first.");
  });

  it("an old pending invitation behind 250 newer settled ones is still listed (its link still works)", async () => {
    const owner = await signUpComplete();
    const budgetId = (await env.DB.prepare("SELECT active_budget_id AS id FROM users WHERE id = ?").bind(owner.user.id).first<{ id: string }>())!.id;
    const oldEmail = `old-${crypto.randomUUID()}@example.test`;
    const old = await apiJson<{ invitation: { id: string } }>("/api/budget/invite", { cookie: owner.cookie, json: { email: oldEmail, role: "member" } });
    await env.DB.prepare("UPDATE invitations SET created_at = 1 WHERE id = ?").bind(old.body.invitation.id).run();
    const settled = Array.from({ length: 250 }, (_, i) =>
      env.DB.prepare("INSERT INTO invitations (id, budget_id, invitee_email, role, status, token, expires_at, created_by, created_at) VALUES (?, ?, ?, 'member', 'revoked', ?, ?, ?, ?)").bind(
        crypto.randomUUID(),
        budgetId,
        `gone-${i}@example.test`,
        crypto.randomUUID(),
        Date.now() + 86_400_000,
        owner.user.id,
        1000 + i,
      ),
    );
    await env.DB.batch(settled);
    const list = await apiJson<{ id: string; status: string }[]>("/api/budget/invitations", { cookie: owner.cookie });
    expect(list.status).toBe(200);
    expect(list.body.filter((i) => i.status === "pending").map((i) => i.id)).toEqual([old.body.invitation.id]);
    expect(list.body.length).toBeLessThanOrEqual(200);
    const page = htmlText(await (await api("/settings", { cookie: owner.cookie })).text());
    expect(page).toContain(oldEmail);
  });
});

describe("#10 per-user limits: a clear 429 long before a family notices", () => {
  const now = () => Date.now();
  async function withConversation() {
    const user = await signUpComplete();
    await apiJson("/api/budget/details", { cookie: user.cookie, json: { income: [{ id: "new-income-1", label: "Pay", amount: 3000 }], expenses: [] } });
    const conversation = (await apiJson<{ id: string }>("/api/conversation", { method: "POST", cookie: user.cookie, json: {} })).body;
    return { user, conversation };
  }
  /** `n` rows of the user's own recent activity, as if they had just done it. */
  const userMessages = (conversationId: string, n: number) =>
    env.DB.batch(Array.from({ length: n }, (_, i) => env.DB.prepare("INSERT INTO messages (id, conversation_id, sender, content, created_at) VALUES (?, ?, 'user', 'hi', ?)").bind(crypto.randomUUID(), conversationId, now() - 1000 - i)));

  it("chat messages: the 61st within a minute is refused (API and form), and nothing is written", async () => {
    const { user, conversation } = await withConversation();
    await userMessages(conversation.id, 59);
    expect((await api("/api/messages", { cookie: user.cookie, json: { conversationId: conversation.id, content: "coffee 3" } })).status).toBe(200);
    const refused = await apiJson<{ message: string }>("/api/messages", { cookie: user.cookie, json: { conversationId: conversation.id, content: "coffee 4" } });
    expect(refused.status).toBe(429);
    expect(refused.response.headers.get("Retry-After")).toBe("60");
    expect(refused.body.message).toBe("You're sending messages faster than anyone types. Wait a minute and try again.");
    const form = await api("/?index", { cookie: user.cookie, form: { intent: "send-message", conversationId: conversation.id, content: "coffee 5" } });
    expect(form.status).toBe(429);
    expect(htmlText(await form.text())).toContain("You're sending messages faster than anyone types.");
    expect((await apiJson<unknown[]>("/api/expenses", { cookie: user.cookie })).body).toHaveLength(1);
  });

  it("messages older than the minute do not count", async () => {
    const { user, conversation } = await withConversation();
    await env.DB.batch(Array.from({ length: 80 }, () => env.DB.prepare("INSERT INTO messages (id, conversation_id, sender, content, created_at) VALUES (?, ?, 'user', 'hi', ?)").bind(crypto.randomUUID(), conversation.id, now() - 120_000)));
    expect((await api("/api/messages", { cookie: user.cookie, json: { conversationId: conversation.id, content: "coffee 3" } })).status).toBe(200);
  });

  it("new conversations: 20 an hour", async () => {
    const { user } = await withConversation();
    const budgetId = (await env.DB.prepare("SELECT active_budget_id AS id FROM users WHERE id = ?").bind(user.user.id).first<{ id: string }>())!.id;
    await env.DB.batch(Array.from({ length: 19 }, () => env.DB.prepare("INSERT INTO conversations (id, user_id, budget_id, phase, created_at, updated_at) VALUES (?, ?, ?, 'active', ?, ?)").bind(crypto.randomUUID(), user.user.id, budgetId, now() - 5000, now() - 5000)));
    expect((await api("/api/conversation", { method: "POST", cookie: user.cookie, json: {} })).status).toBe(429);
  });

  it("support messages: 5 an hour (API and the settings form)", async () => {
    const user = await signUpComplete();
    for (let i = 0; i < 5; i++) expect((await api("/api/user/admin-messages", { cookie: user.cookie, json: { subject: `Help ${i}`, content: "A question", priority: "urgent" } })).status).toBe(201);
    const refused = await apiJson<{ message: string }>("/api/user/admin-messages", { cookie: user.cookie, json: { subject: "Help 6", content: "A question" } });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("You've sent support several messages already. We'll answer them; write again in an hour.");
    const form = await api("/settings", { cookie: user.cookie, form: { intent: "support", subject: "Help 7", content: "A question" } });
    expect(form.status).toBe(429);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM support_messages WHERE user_id = ?").bind(user.user.id).first<{ n: number }>();
    expect(count?.n).toBe(5);
  });

  it("uploads: 10 an hour, refused before the file is read", async () => {
    const user = await signUpComplete();
    const budgetId = (await env.DB.prepare("SELECT active_budget_id AS id FROM users WHERE id = ?").bind(user.user.id).first<{ id: string }>())!.id;
    await env.DB.batch(
      Array.from({ length: 10 }, () => {
        const id = crypto.randomUUID();
        return env.DB.prepare("INSERT INTO uploads (id, budget_id, user_id, file_name, size_bytes, r2_key, status, progress, created_at, updated_at) VALUES (?, ?, ?, 'a.csv', 10, ?, 'failed', 0, ?, ?)").bind(id, budgetId, user.user.id, `uploads/files/${budgetId}/${id}`, now() - 1000, now() - 1000);
      }),
    );
    const body = new FormData();
    body.set("file", new File(["Date,Description,Amount\n2026-11-01,Coffee,-4.00\n"], "s.csv", { type: "text/csv" }));
    const res = await apiJson<{ message: string }>("/api/upload-transactions", { cookie: user.cookie, body });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe("You've uploaded many statements lately. Wait a while before uploading more.");
  });
});

describe("#8 the Join page shows names to the invitee only", () => {
  it("another signed-in account holding the link sees no budget or owner name", async () => {
    const owner = await signUpComplete(undefined, { firstName: "Olive", lastName: "Owner" });
    const res = await apiJson<{ invitation: { inviteToken: string } }>("/api/budget/invite", { cookie: owner.cookie, json: { email: `someone-${crypto.randomUUID()}@example.test`, role: "member" } });
    const stranger = await signUpComplete();
    const html = htmlText(await (await api(`/accept-invitation?token=${res.body.invitation.inviteToken}`, { cookie: stranger.cookie, headers: { "Sec-Fetch-Site": "cross-site" } })).text());
    // Someone else's link joins nobody, so it is not offered as a Join question; it goes to its error.
    expect(html).not.toContain("Join a Shared Budget?");
    expect(html).not.toContain("Olive Owner");
    const members = await env.DB.prepare("SELECT COUNT(*) AS n FROM budget_members WHERE user_id = ?").bind(stranger.user.id).first<{ n: number }>();
    expect(members?.n).toBe(1);
  });
});

describe("#17 X-Content-Type-Options: nosniff on every answer of the Worker", () => {
  it.each([
    ["GET", "/", undefined],
    ["GET", "/api/auth/user", undefined],
    ["GET", "/api/no-such-thing", undefined],
    ["GET", "/no-such-page", undefined],
    ["GET", "/api/budget/live", undefined],
    ["POST", "/api/expenses", { Origin: "https://evil.example" }],
    ["GET", "/api/messages", "signed-in"],
    ["GET", "/api/expenses/export?month=2026-01&format=csv", "signed-in"],
  ] as const)("%s %s", async (method, path, extra) => {
    const cookie = extra === "signed-in" ? (await signUpComplete()).cookie : undefined;
    const headers = typeof extra === "object" ? { ...extra } : undefined;
    const res = await api(path, { method, cookie, headers, body: method === "POST" ? "{}" : undefined });
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
