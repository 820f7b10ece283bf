import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, apiJson, CookieJar, findSetCookie, htmlText, signUp, signUpComplete, uniqueEmail, type PublicUserJson } from "./helpers/http";

// The user endpoints (profile completion, preferences, init, budget, categories, unread counts) and the
// profile form on "/", through the Worker's real fetch against migrated D1.

const MSG = {
  firstName: "Please enter your first name",
  lastName: "Please enter your last name",
  phoneMissing: "Please enter your cell phone number",
  phoneInvalid: "Please enter a valid cell phone number",
};

interface ErrorBody {
  message: string;
  fieldErrors?: Record<string, string[]>;
}

interface BudgetJson {
  id: string;
  name: string;
  totalIncome: string;
  fixedExpenses: string;
  spendableAmount: string;
  spent: string;
  left: string;
  perDay: string;
  daysLeft: number;
  onTrack: boolean;
  resetDay: number;
  periodStart: string;
  timeZone: string;
  today: string;
  role: "owner" | "member";
  memberCount: number;
}

function completeProfile(cookie: string, json: unknown) {
  return apiJson<{ user: PublicUserJson; message: string } & ErrorBody>("/api/auth/complete-profile", { method: "POST", cookie, json });
}

async function userRow(id: string) {
  return (await env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(id).first<Record<string, unknown>>())!;
}

describe("every user endpoint answers 401 when signed out", () => {
  const endpoints: Array<[method: string, path: string, json?: unknown]> = [
    ["GET", "/api/auth/user"],
    ["PATCH", "/api/auth/user/preferences", { languagePreference: "saving" }],
    ["POST", "/api/auth/complete-profile", { firstName: "A", lastName: "B", phoneNumber: "+15551234567" }],
    ["GET", "/api/init"],
    ["GET", "/api/budget"],
    ["GET", "/api/categories"],
    ["GET", "/api/features/unread-count"],
    ["GET", "/api/user/admin-messages/unread-count"],
    ["GET", "/api/admin/message-threads/unread-count"],
  ];

  it.each(endpoints)("%s %s", async (method, path, json) => {
    for (const cookie of [undefined, "__session=forged.value", "__session="]) {
      const res = await apiJson<ErrorBody>(path, { method, json, cookie });
      expect(res.status, `${method} ${path} with cookie ${cookie}`).toBe(401);
      expect(res.body).toEqual({ message: "Unauthorized" });
      expect(res.response.headers.get("Content-Type")).toContain("application/json");
    }
  });

  it("and each one answers a signed-in user (so the 401s above are about the session)", async () => {
    const admin = await signUp("admin@example.test");
    for (const [method, path, json] of endpoints) {
      if (path === "/api/auth/complete-profile") continue; // exercised below; it changes the profile
      const res = await api(path, { method, json, cookie: admin.cookie });
      expect(res.status, `${method} ${path}`).toBe(200);
    }
  });
});

describe("POST /api/auth/complete-profile", () => {
  it("reports every missing field with the spec's messages", async () => {
    const account = await signUp();
    for (const body of [{}, { firstName: "", lastName: "", phoneNumber: "" }, { firstName: "   ", lastName: "\t", phoneNumber: "  " }]) {
      const res = await completeProfile(account.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(MSG.firstName);
      expect(res.body.fieldErrors).toEqual({ firstName: [MSG.firstName], lastName: [MSG.lastName], phoneNumber: [MSG.phoneMissing] });
    }
    const onlyLast = await completeProfile(account.cookie, { firstName: "Ann", phoneNumber: "+15551234567" });
    expect(onlyLast.status).toBe(400);
    expect(onlyLast.body).toEqual({ message: MSG.lastName, fieldErrors: { lastName: [MSG.lastName] } });

    // Nothing was saved.
    const row = await userRow(account.user.id);
    expect(row.phone).toBeNull();
    expect((await apiJson<PublicUserJson>("/api/auth/user", { cookie: account.cookie })).body.profileComplete).toBe(false);
  });

  it.each(["0123456789", "12345678901234567", "+0 555 123 4567", "555-CALL-NOW", "++15551234567", "1.555.123.4567", "+", "+1 555 123 4567 ext 9"])(
    "rejects the phone number %j",
    async (phoneNumber) => {
      const account = await signUp();
      const res = await completeProfile(account.cookie, { firstName: "Pat", lastName: "Lee", phoneNumber });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: MSG.phoneInvalid, fieldErrors: { phoneNumber: [MSG.phoneInvalid] } });
      expect((await userRow(account.user.id)).phone).toBeNull();
    },
  );

  it.each([
    ["+1 (555) 123-4567", "+15551234567"],
    ["555 123 4567", "5551234567"],
    ["(44) 20-7946-0958", "442079460958"],
    ["1234567890123456", "1234567890123456"], // 16 digits: the longest allowed
    ["+9 123 456", "+9123456"], // 7 digits: the shortest allowed (issue 18 #12; "+9" is refused)
  ])("accepts %j and stores it as %j", async (phoneNumber, stored) => {
    const account = await signUp();
    const res = await completeProfile(account.cookie, { firstName: "  Pat ", lastName: " Lee  ", phoneNumber });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Profile completed!");
    expect(res.body.user).toMatchObject({ firstName: "Pat", lastName: "Lee", phoneNumber: stored, profileComplete: true, smsOptInConsent: false, smsOptInDate: null });
    const row = await userRow(account.user.id);
    expect(row.phone).toBe(stored);
    expect(row.first_name).toBe("Pat");
    expect(row.last_name).toBe("Lee");
  });

  it("records SMS consent with its date, and the user endpoint reflects the completed profile", async () => {
    const account = await signUp();
    const before = Date.now();
    const res = await completeProfile(account.cookie, { firstName: "Sam", lastName: "Text", phoneNumber: "+44 7700 900123", smsOptInConsent: true });
    expect(res.status).toBe(200);
    expect(res.body.user.smsOptInConsent).toBe(true);
    const row = await userRow(account.user.id);
    expect(row.sms_opt_in_consent).toBe(1);
    expect(row.sms_opt_in_date as number).toBeGreaterThanOrEqual(before - 1000);
    expect(res.body.user.smsOptInDate).toBe(new Date(row.sms_opt_in_date as number).toISOString());

    const me = await apiJson<PublicUserJson>("/api/auth/user", { cookie: account.cookie });
    expect(me.body).toMatchObject({ firstName: "Sam", lastName: "Text", phoneNumber: "+447700900123", profileComplete: true, smsOptInConsent: true });
  });

  it("answers bad bodies and methods with 400/415/405, never 500", async () => {
    const account = await signUp();
    const json = { "Content-Type": "application/json" };
    // An empty JSON body is an empty object: every field is missing.
    const empty = await api("/api/auth/complete-profile", { method: "POST", cookie: account.cookie, headers: json });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as ErrorBody).message).toBe(MSG.firstName);
    const garbage = await api("/api/auth/complete-profile", { method: "POST", cookie: account.cookie, headers: json, body: "{not json" });
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toEqual({ message: "The request body is not valid JSON." });
    const text = await api("/api/auth/complete-profile", { method: "POST", cookie: account.cookie, headers: { "Content-Type": "text/plain" }, body: "firstName=Pat" });
    expect(text.status).toBe(415);
    const wrongType = await completeProfile(account.cookie, { firstName: 42, lastName: ["x"], phoneNumber: 5551234567 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.fieldErrors).toEqual({ firstName: [MSG.firstName], lastName: [MSG.lastName], phoneNumber: [MSG.phoneMissing] });
    const get = await api("/api/auth/complete-profile", { cookie: account.cookie });
    expect(get.status).toBe(405);
  });
});

describe("the profile form on / (intent=complete-profile)", () => {
  it("re-renders with the spec's messages and 400 when fields are missing or invalid", async () => {
    const account = await signUp(uniqueEmail("form-profile"), { firstName: "" });
    const page = await api("/", { cookie: account.cookie });
    expect(page.status).toBe(200);
    expect(htmlText(await page.text())).toContain("Complete Your Profile");

    const missing = await api("/?index", { cookie: account.cookie, form: { intent: "complete-profile", firstName: "", lastName: "", phoneNumber: "" } });
    expect(missing.status).toBe(400);
    const html = htmlText(await missing.text());
    expect(html).toContain("Complete Your Profile");
    expect(html).toContain(MSG.firstName);
    expect(html).toContain(MSG.lastName);
    expect(html).toContain(MSG.phoneMissing);

    const invalid = await api("/?index", { cookie: account.cookie, form: { intent: "complete-profile", firstName: "Form", lastName: "Filler", phoneNumber: "00-123" } });
    expect(invalid.status).toBe(400);
    const invalidHtml = htmlText(await invalid.text());
    expect(invalidHtml).toContain(MSG.phoneInvalid);
    expect(invalidHtml).not.toContain(MSG.firstName);
    expect((await userRow(account.user.id)).phone).toBeNull();

    const unknown = await api("/?index", { cookie: account.cookie, form: { intent: "something-else" } });
    expect(unknown.status).toBe(400);
  });

  it("saves the normalized profile and redirects to / with a confirmation", async () => {
    const account = await signUp(uniqueEmail("form-profile-ok"));
    const jar = new CookieJar().set("__session", account.cookie.slice("__session=".length));
    const res = await api("/?index", {
      cookie: jar,
      form: { intent: "complete-profile", firstName: "Form", lastName: "Filler", phoneNumber: "+1 (555) 000-1111", smsOptInConsent: "on" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(findSetCookie(res, "__flash")?.attributes).toHaveProperty("httponly");

    const row = await userRow(account.user.id);
    expect(row).toMatchObject({ first_name: "Form", last_name: "Filler", phone: "+15550001111", sms_opt_in_consent: 1 });

    // Following the redirect: the signed-in shell, not the profile screen, and the confirmation once.
    const home = await api("/", { cookie: jar });
    expect(home.status).toBe(200);
    const html = htmlText(await home.text());
    expect(html).not.toContain("Complete Your Profile");
    expect(html).toContain("Profile completed!");
    const again = htmlText(await (await api("/", { cookie: jar })).text());
    expect(again).not.toContain("Profile completed!");
  });

  it("sends a signed-out visitor to sign in instead", async () => {
    const res = await api("/?index", { form: { intent: "complete-profile", firstName: "A", lastName: "B", phoneNumber: "+15551234567" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/api\/login\?returnTo=/);
  });
});

describe("PATCH /api/auth/user/preferences", () => {
  it("switches the wording preference and back", async () => {
    const account = await signUp();
    const saving = await apiJson<PublicUserJson>("/api/auth/user/preferences", { method: "PATCH", cookie: account.cookie, json: { languagePreference: "saving" } });
    expect(saving.status).toBe(200);
    expect(saving.body).toMatchObject({ id: account.user.id, languagePreference: "saving" });
    expect((await userRow(account.user.id)).language_preference).toBe("saving");
    expect((await apiJson<PublicUserJson>("/api/auth/user", { cookie: account.cookie })).body.languagePreference).toBe("saving");

    const spending = await apiJson<PublicUserJson>("/api/auth/user/preferences", { method: "PATCH", cookie: account.cookie, json: { languagePreference: "spending" } });
    expect(spending.status).toBe(200);
    expect((await userRow(account.user.id)).language_preference).toBe("spending");
  });

  it("rejects anything else with 400 and leaves the preference alone", async () => {
    const account = await signUp();
    const message = 'languagePreference must be "spending" or "saving"';
    for (const json of [{ languagePreference: "hoarding" }, {}, { languagePreference: null }]) {
      const res = await apiJson<ErrorBody>("/api/auth/user/preferences", { method: "PATCH", cookie: account.cookie, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body).toEqual({ message, fieldErrors: { languagePreference: [message] } });
    }
    expect((await userRow(account.user.id)).language_preference).toBe("spending");
    expect((await api("/api/auth/user/preferences", { method: "POST", cookie: account.cookie, json: { languagePreference: "saving" } })).status).toBe(405);
    expect((await api("/api/auth/user/preferences", { cookie: account.cookie })).status).toBe(405);
    expect((await userRow(account.user.id)).language_preference).toBe("spending");
  });
});

describe("GET /api/categories", () => {
  it("returns the nine seeded categories in order", async () => {
    const account = await signUp();
    const res = await apiJson<Array<{ id: string; name: string; emoji: string }>>("/api/categories", { cookie: account.cookie });
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.name)).toEqual([
      "Food & Groceries",
      "Dining Out",
      "Coffee & Drinks",
      "Gas & Transportation",
      "Shopping",
      "Entertainment",
      "Health & Fitness",
      "Utilities",
      "Other",
    ]);
    const { results } = await env.DB.prepare("SELECT id, name, emoji FROM categories ORDER BY position").all();
    expect(res.body).toEqual(results);
    for (const c of res.body) expect(c.emoji.length).toBeGreaterThan(0);
  });
});

describe("unread counts", () => {
  it("a new user has every active feature announcement unread; viewing one lowers the count", async () => {
    const account = await signUp();
    const active = await env.DB.prepare("SELECT id FROM features WHERE is_active = 1 ORDER BY id").all<{ id: string }>();
    expect(active.results).toHaveLength(4);
    const first = await apiJson<{ count: number }>("/api/features/unread-count", { cookie: account.cookie });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ count: 4 });

    await env.DB.prepare("INSERT INTO feature_views (feature_id, user_id, viewed_at) VALUES (?, ?, ?)").bind(active.results[0].id, account.user.id, Date.now()).run();
    expect((await apiJson<{ count: number }>("/api/features/unread-count", { cookie: account.cookie })).body).toEqual({ count: 3 });
    // Someone else's views do not count for this user.
    const other = await signUp();
    expect((await apiJson<{ count: number }>("/api/features/unread-count", { cookie: other.cookie })).body).toEqual({ count: 4 });
  });

  it("counts only unread replies from support to this user", async () => {
    const account = await signUp();
    const other = await signUp();
    expect((await apiJson<{ count: number }>("/api/user/admin-messages/unread-count", { cookie: account.cookie })).body).toEqual({ count: 0 });
    const insert = env.DB.prepare(
      "INSERT INTO support_messages (id, user_id, sender, subject, content, status, created_at) VALUES (?, ?, ?, 'Hello', 'Body', ?, ?)",
    );
    await env.DB.batch([
      insert.bind(crypto.randomUUID(), account.user.id, "admin", "unread", Date.now()),
      insert.bind(crypto.randomUUID(), account.user.id, "admin", "unread", Date.now()),
      insert.bind(crypto.randomUUID(), account.user.id, "admin", "read", Date.now()),
      insert.bind(crypto.randomUUID(), account.user.id, "user", "unread", Date.now()),
      insert.bind(crypto.randomUUID(), other.user.id, "admin", "unread", Date.now()),
    ]);
    expect((await apiJson<{ count: number }>("/api/user/admin-messages/unread-count", { cookie: account.cookie })).body).toEqual({ count: 2 });
    expect((await apiJson<{ count: number }>("/api/user/admin-messages/unread-count", { cookie: other.cookie })).body).toEqual({ count: 1 });
  });

  it("the admin thread count is for admins only", async () => {
    const user = await signUp();
    const res = await apiJson<ErrorBody>("/api/admin/message-threads/unread-count", { cookie: user.cookie });
    expect(res.status).toBe(403);
    expect(res.body.message).toBeTruthy();

    const admin = await signUp(uniqueEmail("not-listed"));
    await env.DB.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").bind(admin.user.id).run();
    const before = (await apiJson<{ count: number }>("/api/admin/message-threads/unread-count", { cookie: admin.cookie })).body.count;
    const insert = env.DB.prepare("INSERT INTO support_messages (id, user_id, sender, subject, content, status, created_at) VALUES (?, ?, ?, 'Help', 'Please', ?, ?)");
    await env.DB.batch([
      insert.bind(crypto.randomUUID(), user.user.id, "user", "unread", Date.now()),
      insert.bind(crypto.randomUUID(), user.user.id, "user", "unread", Date.now()), // same thread
      insert.bind(crypto.randomUUID(), user.user.id, "admin", "unread", Date.now()), // a reply, not a thread
    ]);
    const after = await apiJson<{ count: number }>("/api/admin/message-threads/unread-count", { cookie: admin.cookie });
    expect(after.status).toBe(200);
    expect(after.body.count).toBe(before + 1);
  });
});

describe("GET /api/budget", () => {
  function dayBefore(day: string): string {
    const d = new Date(`${day}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - 1);
    return d.toISOString().slice(0, 10);
  }

  function daysBetween(from: string, to: string): number {
    return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  }

  function decimal(cents: number): string {
    const sign = cents < 0 ? "-" : "";
    const abs = Math.abs(cents);
    return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
  }

  async function addLine(budgetId: string, kind: "income" | "expense", label: string, cents: number) {
    await env.DB.prepare("INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(crypto.randomUUID(), budgetId, kind, label, cents, kind === "income" ? "income" : "housing", Date.now(), Date.now())
      .run();
  }

  async function addExpense(budgetId: string, userId: string, cents: number, date: string, periodStart: string, extra: { enabled?: boolean; archived?: boolean } = {}) {
    await env.DB.prepare(
      "INSERT INTO expenses (id, budget_id, user_id, amount_cents, description, category_id, date, created_at, enabled, period_start, archived_at) VALUES (?, ?, ?, ?, ?, 'food', ?, ?, ?, ?, ?)",
    )
      .bind(crypto.randomUUID(), budgetId, userId, cents, `Expense ${cents}`, date, Date.now(), extra.enabled === false ? 0 : 1, periodStart, extra.archived ? Date.now() : null)
      .run();
  }

  it("a new budget is all zeros, owned, with the period running to the next reset day", async () => {
    const account = await signUp();
    const todayBefore = new Date().toISOString().slice(0, 10);
    const res = await apiJson<BudgetJson>("/api/budget", { cookie: account.cookie });
    const todayAfter = new Date().toISOString().slice(0, 10);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalIncome: "0.00",
      fixedExpenses: "0.00",
      spendableAmount: "0.00",
      spent: "0.00",
      left: "0.00",
      perDay: "0.00",
      onTrack: true,
      resetDay: 1,
      timeZone: "UTC",
      role: "owner",
      memberCount: 1,
    });
    expect([todayBefore, todayAfter]).toContain(res.body.today);
    // Reset day 1: the period began on the 1st of this month and ends on the 1st of the next.
    expect(res.body.periodStart).toBe(`${res.body.today.slice(0, 8)}01`);
    const [y, m] = res.body.today.split("-").map(Number);
    const nextReset = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
    expect(res.body.daysLeft).toBe(daysBetween(res.body.today, nextReset));
  });

  it("computes income, fixed expenses, spendable, spent, left and per-day from the rows in D1", async () => {
    const account = await signUp();
    const other = await signUp();
    const { body: b0 } = await apiJson<BudgetJson>("/api/budget", { cookie: account.cookie });
    const { body: otherBudget } = await apiJson<BudgetJson>("/api/budget", { cookie: other.cookie });

    await addLine(b0.id, "income", "Salary", 500_000);
    await addLine(b0.id, "income", "Side gig", 25_050);
    await addLine(b0.id, "expense", "Rent", 120_000);
    await addLine(b0.id, "expense", "Phone", 9_999);
    await addLine(otherBudget.id, "income", "Not ours", 1_000_000);

    const p = b0.periodStart;
    await addExpense(b0.id, account.user.id, 4_525, b0.today, p);
    await addExpense(b0.id, account.user.id, 10_000, p, p); // first day of the period counts
    await addExpense(b0.id, null as unknown as string, 1, b0.today, p); // a member who left: still spent
    await addExpense(b0.id, account.user.id, 7_700, dayBefore(p), dayBefore(p)); // last period: not counted
    await addExpense(b0.id, account.user.id, 99_900, b0.today, p, { archived: true }); // archived by a reset
    await addExpense(b0.id, account.user.id, 50_000, b0.today, p, { enabled: false }); // switched off
    await addExpense(otherBudget.id, other.user.id, 33_300, otherBudget.today, otherBudget.periodStart); // another budget

    const income = 500_000 + 25_050;
    const fixed = 120_000 + 9_999;
    const spendable = income - fixed;
    const spent = 4_525 + 10_000 + 1;
    const left = spendable - spent;

    const { status, body } = await apiJson<BudgetJson>("/api/budget", { cookie: account.cookie });
    expect(status).toBe(200);
    expect(body.totalIncome).toBe("5250.50");
    expect(body.totalIncome).toBe(decimal(income));
    expect(body.fixedExpenses).toBe("1299.99");
    expect(body.spendableAmount).toBe("3950.51");
    expect(body.spendableAmount).toBe(decimal(spendable));
    expect(body.spent).toBe("145.26");
    expect(body.spent).toBe(decimal(spent));
    expect(body.left).toBe("3805.25");
    expect(body.left).toBe(decimal(left));
    expect(body.perDay).toBe(decimal(Math.floor(left / body.daysLeft)));
    expect(body.onTrack).toBe(true);

    // Overspending: left goes negative and the budget is no longer on track.
    await addExpense(b0.id, account.user.id, 400_000, b0.today, p);
    const over = (await apiJson<BudgetJson>("/api/budget", { cookie: account.cookie })).body;
    expect(over.spent).toBe(decimal(spent + 400_000));
    expect(over.left).toBe(decimal(left - 400_000));
    expect(over.left).toBe("-194.75");
    expect(over.perDay).toBe(decimal(Math.floor((left - 400_000) / over.daysLeft)));
    expect(over.onTrack).toBe(false);

    // The other household's numbers are its own.
    const theirs = (await apiJson<BudgetJson>("/api/budget", { cookie: other.cookie })).body;
    expect(theirs).toMatchObject({ totalIncome: "10000.00", fixedExpenses: "0.00", spent: "333.00", left: "9667.00" });
  });
});

describe("the active budget is always one the user belongs to", () => {
  it("after losing membership of the active budget, the user falls back to a budget they own, never the old one", async () => {
    const account = await signUp(uniqueEmail("fallback"), { firstName: "Fallback" });
    const first = await apiJson<{ id: string }>("/api/budget", { cookie: account.cookie });
    await env.DB.prepare("DELETE FROM budget_members WHERE budget_id = ? AND user_id = ?").bind(first.body.id, account.user.id).run();

    const after = await apiJson<{ id: string; role: string }>("/api/budget", { cookie: account.cookie });
    expect(after.status).toBe(200);
    expect(after.body.id).not.toBe(first.body.id);
    expect(after.body.role).toBe("owner");
    const member = await env.DB.prepare("SELECT role FROM budget_members WHERE budget_id = ? AND user_id = ?").bind(after.body.id, account.user.id).first<{ role: string }>();
    expect(member?.role).toBe("owner");
  });
});

describe("GET /api/init", () => {
  it("returns the user, the budget summary and the unread counts in one call", async () => {
    const account = await signUpComplete(uniqueEmail("init"), { firstName: "Ina", lastName: "It" });
    const [init, me, budget] = await Promise.all([
      apiJson<{ user: PublicUserJson; budget: BudgetJson; unreadCounts: Record<string, number> }>("/api/init", { cookie: account.cookie }),
      apiJson<PublicUserJson>("/api/auth/user", { cookie: account.cookie }),
      apiJson<BudgetJson>("/api/budget", { cookie: account.cookie }),
    ]);
    expect(init.status).toBe(200);
    expect(init.body.user).toEqual(me.body);
    expect(init.body.user).toMatchObject({ firstName: "Ina", lastName: "It", profileComplete: true });
    expect(init.body.budget).toEqual(budget.body);
    expect(init.body.budget.role).toBe("owner");
    expect(init.body.unreadCounts).toEqual({ features: 4, adminMessages: 0, adminThreads: 0 });

    await env.DB.prepare("INSERT INTO support_messages (id, user_id, sender, subject, content, status, created_at) VALUES (?, ?, 'admin', 'Hi', 'Welcome', 'unread', ?)")
      .bind(crypto.randomUUID(), account.user.id, Date.now())
      .run();
    const again = await apiJson<{ unreadCounts: Record<string, number> }>("/api/init", { cookie: account.cookie });
    expect(again.body.unreadCounts).toEqual({ features: 4, adminMessages: 1, adminThreads: 0 });
  });

  it("shows admins their unread support threads", async () => {
    const user = await signUp();
    const admin = await signUp(uniqueEmail("init-admin"));
    await env.DB.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").bind(admin.user.id).run();
    const before = (await apiJson<{ unreadCounts: Record<string, number> }>("/api/init", { cookie: admin.cookie })).body.unreadCounts.adminThreads;
    await env.DB.prepare("INSERT INTO support_messages (id, user_id, sender, subject, content, status, created_at) VALUES (?, ?, 'user', 'Help', 'Please', 'unread', ?)")
      .bind(crypto.randomUUID(), user.user.id, Date.now())
      .run();
    const after = await apiJson<{ user: PublicUserJson; unreadCounts: Record<string, number> }>("/api/init", { cookie: admin.cookie });
    expect(after.body.user.isAdmin).toBe(true);
    expect(after.body.unreadCounts.adminThreads).toBe(before + 1);
  });
});
