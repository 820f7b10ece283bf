import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { parseServerTiming, type Tally } from "~/server/meter.server";
import { api, signUpComplete, uniqueEmail, type ApiOptions } from "./helpers/http";
import { discoverRoutes, type RouteInfo } from "./helpers/routes";
import { installPlaidDouble } from "./helpers/plaid";

// =====================================================================================================
// ROUND TRIPS (issue 24). On D1 at the edge a round trip costs more than anything we render, so every
// response says what it waited on (`Server-Timing: d1;desc="1";dur=…, do;desc="0";dur=…, r2;desc="0";dur=…`)
// and this test walks every route as a signed-in member (also an admin, so the admin screens answer) of
// a large household, asserting the counts:
//   - a page view or a read (GET): one D1 round trip (the session lookup carries the page's queries,
//     `rideWithSessionLookup`), no room call;
//   - a write: at most two D1 round trips (the session, a read the command needs) and one room call
//     (the command's own batch runs inside the room).
// A call that needs more says why in `why`, with its own limits in `max`. Every route module in
// app/routes needs a row (a new route without one fails here), like the permission matrix.
// Each page is also read as a client navigation (`<page>.data`, all loaders and the page's alone).
// =====================================================================================================

type Limits = { d1: number; do: number; r2: number };
const READ: Limits = { d1: 1, do: 0, r2: 0 };
const WRITE: Limits = { d1: 2, do: 1, r2: 0 };

interface World {
  memberId: string;
  budgetId: string;
  strangerId: string;
  expenseId: string;
  lineId: string;
  debtId: string;
  uploadId: string;
  conversationId: string;
  invitationId: string;
  invitationToken: string;
  featureId: string;
}

interface Call {
  method?: string;
  url?: (w: World) => string;
  json?: (w: World) => unknown;
  form?: (w: World) => Record<string, string>;
  headers?: Record<string, string>;
  /** The status this call must answer (so the walk measures the real path, not a refusal). */
  status: number;
  /** Limits above the defaults, and why they are needed. */
  max?: Partial<Limits>;
  why?: string;
  /** Runs as a throwaway member of the household (for calls that end a session or a membership). */
  own?: boolean;
  /** Signed out. */
  anonymous?: boolean;
}

const NAVIGATION = { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate" };
/** Reads that still make the session lookup and then their own query (not yet riding with the lookup). */
const NOT_YET: Pick<Call, "max" | "why"> = { max: { d1: 2 }, why: "the session lookup, then its read: does not ride with the lookup yet" };
const POLLS = "waits for the statement's parse job, reading the upload's row every 200 ms until it is ready (bounded)";

const ROWS: Record<string, Call[]> = {
  // Pages (each also read as a client navigation, see below).
  "_app._index.tsx": [{ url: () => "/", status: 200 }],
  "_app.tsx": [], // pathless layout: every page below renders through it
  "_app.admin.tsx": [
    { status: 200 },
    { url: () => "/admin?search=household", status: 200 },
    { url: (w) => `/admin?user=${w.strangerId}`, status: 200 },
    { url: (w) => `/admin?tab=messages&thread=${w.strangerId}`, status: 200 },
    { url: () => "/admin?tab=activity&type=login", status: 200 },
  ],
  "_app.bank-connections.tsx": [{ status: 200 }],
  "_app.budget-panel.tsx": [
    { status: 200 },
    { method: "POST", form: () => ({ intent: "add-expense", amount: "4.50", description: "Tea", categoryId: "coffee" }), status: 303 },
  ],
  "_app.chat.tsx": [{ status: 302 }],
  "_app.debt-management.tsx": [
    { status: 200 },
    { url: () => "/debt-management?tab=strategies&schedule=all", status: 200 },
    { method: "POST", form: () => ({ intent: "apply-strategy", strategyType: "snowball", extraPaymentAmount: "5" }), status: 403, max: { d1: 2, do: 1 }, why: "owner-only since issue 18 #15: the member is refused after the session and the membership read (the refusal path)" },
  ],
  "_app.expense-history.tsx": [{ status: 200 }],
  "_app.history.tsx": [{ status: 200 }],
  "_app.new-features.tsx": [{ status: 200 }, { method: "POST", form: (w) => ({ intent: "view", featureId: w.featureId }), status: 303, max: { d1: 3 }, why: "not budget data (no room): the session, the feature, then the view" }],
  "_app.settings.tsx": [{ status: 200 }, { method: "POST", form: () => ({ intent: "sms-consent", consent: "true" }), status: 303 }],
  "_app.transaction-upload.tsx": [{ status: 200 }, { url: (w) => `/transaction-upload?upload=${w.uploadId}`, status: 200, max: { r2: 1 }, why: "the upload's parsed result is in R2, read after its row" }],
  "_app.upload.tsx": [{ status: 302 }],
  "privacy-terms.tsx": [{ status: 200 }],
  "privacy-policy-plaid.tsx": [{ status: 200 }],
  "_app.expenses.tsx": [{ status: 302 }],
  "offline.tsx": [{ status: 200 }],
  "accept-invitation.tsx": [{ url: (w) => `/accept-invitation?token=${w.invitationToken}`, status: 200, max: { d1: 2 }, why: "not same-origin, so it asks before joining (issue 18 #8): the session, then the invitation's budget and owner for the question" }],
  "$.tsx": [{ status: 404 }],
  "api.$.tsx": [{ status: 404 }],

  // Reads under /api/.
  "api.admin.activity.tsx": [{ status: 200 }],
  "api.admin.message-threads.tsx": [{ status: 200 }],
  "api.admin.message-threads_.$userId.tsx": [
    { url: (w) => `/api/admin/message-threads/${w.strangerId}`, status: 200 },
    { method: "POST", url: (w) => `/api/admin/message-threads/${w.strangerId}`, json: () => ({ content: "Hello" }), status: 201, max: { d1: 5 }, why: "an admin reply is not budget data (no room): the session, the user, the message, its activity row and the thread read back" },
  ],
  "api.admin.message-threads_.unread-count.tsx": [{ status: 200 }],
  "api.admin.users.tsx": [{ status: 200 }],
  "api.admin.users_.$id.tsx": [
    { url: (w) => `/api/admin/users/${w.strangerId}`, status: 200 },
  ],
  "api.admin.users_.$id_.activity.tsx": [{ url: (w) => `/api/admin/users/${w.strangerId}/activity`, status: 200 }],
  "api.admin.users_.$id_.details.tsx": [{ url: (w) => `/api/admin/users/${w.strangerId}/details`, status: 200 }],
  "api.auth.user.tsx": [{ status: 200 }],
  "api.budget.tsx": [{ status: 200 }],
  "api.budget_.details.tsx": [{ status: 200 }, { method: "POST", json: () => ({ income: [], expenses: [] }), status: 403, why: "owner-only since issue 18 #15: the member is refused after the session and the membership read (the refusal path)" }],
  "api.budget_.invitations.tsx": [{ status: 403 }],
  "api.budget_.members.tsx": [{ status: 200 }],
  "api.categories.tsx": [{ status: 200 }],
  "api.conversation.tsx": [{ status: 200 }, { method: "POST", json: () => ({}), status: 201, max: { d1: 3 }, why: "the session with the per-user limit's count (issue 18 #10) in its batch, the budget's figures for the welcome, then the new conversation with its first message" }],
  "api.debt-reminders.tsx": [{ status: 200 }],
  "api.debt-strategies.tsx": [{ status: 200 }, { url: () => "/api/debt-strategies?schedule=all", status: 200 }, { method: "POST", json: () => ({ strategyType: "avalanche", extraPaymentAmount: "10" }), status: 403, why: "owner-only since issue 18 #15: the member is refused after the session and the membership read (the refusal path)" }],
  "api.debts.tsx": [
    { status: 200 },
    { method: "POST", json: () => ({ name: "Card", type: "credit_card", currentBalance: "100", interestRate: 0.2, minimumPayment: "25", paymentDueDate: 5 }), status: 201 },
  ],
  "api.debts_.$id.tsx": [{ method: "PATCH", url: (w) => `/api/debts/${w.debtId}`, json: () => ({ minimumPayment: "30" }), status: 200 }],
  "api.expenses.tsx": [
    { status: 200 },
    { method: "POST", json: () => ({ amount: "5", description: "Tea", categoryId: "coffee" }), status: 201, max: { d1: 1 }, why: "below the defaults: the session, then the room's command, whose answer carries what the new expense's JSON needs (no read back)" },
  ],
  "api.expenses_.$id.tsx": [
    { url: (w) => `/api/expenses/${w.expenseId}`, status: 200 },
    { method: "PATCH", url: (w) => `/api/expenses/${w.expenseId}`, json: () => ({ amount: "43.21" }), status: 200 },
  ],
  "api.expenses_.$id_.toggle.tsx": [{ method: "PATCH", url: (w) => `/api/expenses/${w.expenseId}/toggle`, status: 200 }],
  "api.expenses_.export.tsx": [{ url: () => "/api/expenses/export?month=2026-01&format=csv", status: 200 }],
  "api.expenses_.history.tsx": [{ status: 200 }],
  "api.export-data.tsx": [{ status: 200, max: { d1: 3 }, why: "the whole account's export: the session, the budgets, then every table of them in one batch" }],
  "api.features.tsx": [{ status: 200 }],
  "api.features_.unread-count.tsx": [{ status: 200 }],
  "api.features_.view.tsx": [{ method: "POST", json: (w) => ({ featureId: w.featureId }), status: 200, max: { d1: 4 }, why: "not budget data (no room): the session, the feature, the view, the unread count" }],
  "api.init.tsx": [{ status: 200 }],
  "api.login.tsx": [{ status: 302 }],
  "api.messages.tsx": [
    { url: (w) => `/api/messages?conversationId=${w.conversationId}`, status: 200 },
    // The session's batch carries the per-user limit's count (issue 18 #10), the conversation, the chat's memory
    // and the budget's figures; then the command (a room call) and the messages saved.
    { method: "POST", json: (w) => ({ conversationId: w.conversationId, content: "coffee $4" }), status: 200 },
    { method: "POST", headers: { "Idempotency-Key": "round-trips-key-1" }, json: (w) => ({ conversationId: w.conversationId, content: "tea $3" }), status: 200 },
    { method: "POST", headers: { "Idempotency-Key": "round-trips-key-1" }, json: (w) => ({ conversationId: w.conversationId, content: "tea $3" }), status: 200, max: { d1: 1, do: 0 }, why: "below the defaults: a replayed key's stored answer rode with the session lookup, so nothing more is read or written" },
  ],
  "api.plaid.has-connected-accounts.tsx": [{ status: 200 }],
  // Bank sync (issue 20); Plaid is the test double.
  "api.plaid.link-token.tsx": [{ status: 200 }, { url: () => `/api/plaid/link-token?accountId=${crypto.randomUUID()}`, status: 404 }],
  "api.plaid.exchange-token.tsx": [{ method: "POST", json: () => ({ publicToken: "public-sandbox-not-issued" }), status: 400 }],
  "api.plaid.sandbox-link.tsx": [
    { method: "POST", json: () => ({}), status: 200, own: true, max: { d1: 8, do: 3 }, why: "links a bank (the Item's command), then runs its first sync: the Item read, its lease taken and released, the sync's command" },
  ],
  "api.plaid.accounts.tsx": [{ status: 200 }],
  "api.plaid.accounts_.$id.tsx": [{ method: "DELETE", url: () => `/api/plaid/accounts/${crypto.randomUUID()}`, status: 404 }],
  "api.plaid.sync-history.tsx": [{ status: 200 }],
  // The sandbox-link row (run before these) linked a bank to the household.
  "api.plaid.sync-and-import.tsx": [{ method: "POST", json: () => ({}), status: 200, max: { d1: 5, do: 2 }, why: "a sync per linked bank: the Items read, each Item's lease taken and released, its update applied in one room command" }],
  "api.plaid.sync-transactions.tsx": [{ method: "POST", json: () => ({ days: 7, autoImport: true }), status: 200, max: { d1: 5, do: 2 }, why: "a sync per linked bank: the Items read, each Item's lease taken and released, its update applied in one room command" }],
  "api.plaid.cleanup-transactions.tsx": [{ method: "POST", json: () => ({}), status: 200 }],
  "api.plaid.merchant-suggestions.tsx": [{ url: () => "/api/plaid/merchant-suggestions?query=ne", status: 200 }],
  "api.plaid.price-analysis.$lineId.tsx": [
    { method: "POST", url: (w) => `/api/plaid/price-analysis/${w.lineId}`, json: () => ({ merchants: ["Netflix"], currentAmount: 15.49 }), status: 200, max: { d1: 3 }, why: "the session, the line (scoped to the budget), then its debits" },
  ],
  "api.plaid.webhook.tsx": [{ method: "POST", json: () => ({ webhook_type: "TRANSACTIONS" }), status: 401, anonymous: true }],
  "api.budget_.line-items.$id.bank-sync.tsx": [
    { url: (w) => `/api/budget/line-items/${w.lineId}/bank-sync`, status: 200 },
    { method: "PUT", url: (w) => `/api/budget/line-items/${w.lineId}/bank-sync`, json: () => ({ bankSyncEnabled: true, matchingMerchants: ["Landlord"] }), status: 403 },
  ],
  "api.transaction-uploads.$uploadId.tsx": [{ url: (w) => `/api/transaction-uploads/${w.uploadId}`, status: 200, max: { r2: 1 }, why: "the upload's row rides with the session lookup, then its parsed result is read from R2" }],
  "api.user.admin-messages.tsx": [{ status: 200 }, { method: "POST", json: () => ({ subject: "Help", content: "A question" }), status: 201 }],
  "api.user.admin-messages_.read.tsx": [{ method: "POST", status: 200 }],
  "api.user.admin-messages_.unread-count.tsx": [{ status: 200 }],

  // Writes with no read of their own.
  "api.admin.features.tsx": [{ method: "POST", json: () => ({ title: "New", description: "Short", detailedDescription: "Long", category: "other" }), status: 201 }],
  "api.admin.message-threads_.$userId_.read.tsx": [{ method: "POST", url: (w) => `/api/admin/message-threads/${w.strangerId}/read`, status: 200, max: { d1: 4 }, why: "not budget data (no room): the session, the user, marking read, the activity row" }],
  "api.admin.send-message.tsx": [{ method: "POST", json: (w) => ({ userId: w.strangerId, subject: "Hi", content: "Hello" }), status: 201, max: { d1: 3 }, why: "not budget data (no room): the session, the user, then the message with its activity row" }],
  "api.admin.users_.$id_.admin.tsx": [{ method: "PATCH", url: (w) => `/api/admin/users/${w.strangerId}/admin`, json: () => ({ isAdmin: false }), status: 200, max: { d1: 3 }, why: "not budget data (no room): the session, the user, then the change with its activity row" }],
  "api.admin.users_.$id_.status.tsx": [{ method: "PATCH", url: (w) => `/api/admin/users/${w.strangerId}/status`, json: () => ({ status: "active" }), status: 200, max: { d1: 3 }, why: "not budget data (no room): the session, the user, then the change with its activity row" }],
  "api.auth.complete-profile.tsx": [{ method: "POST", json: () => ({ firstName: "Same", lastName: "Person", phoneNumber: "+15551234567" }), status: 200 }],
  "api.auth.oauth.$provider.tsx": [{ url: () => "/api/auth/oauth/acme", status: 302, anonymous: true }],
  "api.auth.oauth.$provider_.callback.tsx": [{ url: () => "/api/auth/oauth/acme/callback", status: 302, anonymous: true }],
  "api.auth.user_.preferences.tsx": [{ method: "PATCH", json: () => ({ languagePreference: "spending" }), status: 200 }],
  "api.auth.user_.sms-consent.tsx": [{ method: "POST", json: () => ({ consent: true }), status: 200 }],
  "api.budget_.accept-invitation.$token.tsx": [{ method: "POST", url: (w) => `/api/budget/accept-invitation/${w.invitationToken}`, status: 403 }],
  "api.budget_.accept-invitation_.tsx": [{ method: "POST", json: (w) => ({ token: w.invitationToken }), status: 403 }],
  "api.budget_.invitations_.$id.tsx": [{ method: "DELETE", url: (w) => `/api/budget/invitations/${w.invitationId}`, status: 403 }],
  "api.budget_.invite.tsx": [{ method: "POST", json: () => ({ email: uniqueEmail("invitee"), role: "member" }), status: 403 }],
  "api.budget_.leave.tsx": [{ method: "POST", status: 200, own: true, max: { d1: 3, do: 2 }, why: "the membership change goes through the room, then the leaver's live sockets are closed (a second room call) and their active budget moves to their own"}],
  "api.budget_.members_.$userId.tsx": [{ method: "DELETE", url: (w) => `/api/budget/members/${w.memberId}`, status: 403 }],
  "api.budgets.active.tsx": [{ method: "POST", json: (w) => ({ budgetId: w.budgetId }), status: 200, max: { d1: 3 }, why: "the session, the membership of the asked budget, then the user's active budget (not budget data: no room)" }],
  "api.chat-history.tsx": [{ method: "DELETE", status: 200, own: true }],
  "api.logout.tsx": [
    { headers: NAVIGATION, status: 302, own: true, max: { d1: 2, do: 1 }, why: "a same-origin GET signs out: the session is deleted and the live sockets closed (a room call)" },
    { method: "POST", status: 302, own: true },
  ],
  "api.smart-onboarding.tsx": [{ method: "POST", json: () => ({}), status: 200, max: { d1: 3 }, why: "the session, the conversation, then the budget's figures for the message" }],
  "api.smart-welcome.tsx": [{ method: "POST", json: () => ({}), status: 200 }],
  "api.transaction-uploads_.$uploadId_.approve.tsx": [
    { method: "POST", url: (w) => `/api/transaction-uploads/${w.uploadId}/approve`, json: () => ({ approvedTransactions: [{ id: "row-1" }], rejectedTransactions: [] }), status: 200, max: { r2: 1 }, why: "reads the parsed result from R2" },
  ],
  "api.upload-transactions.tsx": [{ method: "POST", form: () => ({ note: "no file" }), status: 400 }],
};

// -----------------------------------------------------------------------------------------------------
// The household: four members, a year of expenses (current period and archived months), income and
// fixed lines, debts, a conversation, support messages, a parsed statement upload and an invitation.

const EXPENSES = 1500;
const MONTHS = 12;

async function join(userId: string, budgetId: string, role = "member") {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO budget_members (id, budget_id, user_id, role, joined_at) VALUES (?, ?, ?, ?, 0)").bind(crypto.randomUUID(), budgetId, userId, role),
    env.DB.prepare("UPDATE users SET active_budget_id = ? WHERE id = ?").bind(budgetId, userId),
  ]);
}

async function member(budgetId: string, prefix: string) {
  const signed = await signUpComplete(uniqueEmail(prefix), { firstName: prefix, lastName: "Household" });
  await join(signed.user.id, budgetId);
  return signed;
}

function pad(n: number) {
  return String(n).padStart(2, "0");
}

async function seedHousehold(budgetId: string, memberIds: string[]) {
  const period = (await env.DB.prepare("SELECT period_start AS p FROM budgets WHERE id = ?").bind(budgetId).first<{ p: string }>())!.p;
  const now = Date.now();
  const lines = [
    ["income", "Salary A", 520000, "income"],
    ["income", "Salary B", 310000, "income"],
    ["expense", "Rent", 210000, "housing"],
    ["expense", "Electricity", 9500, "utilities"],
    ["expense", "Internet", 6000, "utilities"],
    ["expense", "Car payment", 32000, "transportation"],
    ["expense", "Netflix", 1549, "subscriptions"],
  ] as const;
  const statements: D1PreparedStatement[] = lines.map(([kind, label, cents, category], i) =>
    env.DB.prepare("INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)").bind(
      `${budgetId}-line-${i}`,
      budgetId,
      kind,
      label,
      cents,
      category,
      i,
      now,
      now,
    ),
  );
  const categories = ["food", "dining", "coffee", "transport", "shopping", "entertainment", "health", "utilities", "other"];
  const [py, pm] = period.split("-").map(Number) as [number, number];
  for (let i = 0; i < EXPENSES; i++) {
    const monthsBack = i % (MONTHS + 1);
    const d = new Date(Date.UTC(py, pm - 1 - monthsBack, 1 + (i % 27)));
    const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    const archived = monthsBack > 0;
    const date = archived ? day : period;
    statements.push(
      env.DB.prepare(
        "INSERT INTO expenses (id, budget_id, user_id, amount_cents, description, category_id, date, created_at, enabled, source, period_start, budget_month, archived_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 'seed', ?, ?, ?)",
      ).bind(
        `${budgetId}-e${i}`,
        budgetId,
        memberIds[i % memberIds.length],
        500 + ((i * 7919) % 9000),
        `Seeded expense ${i}`,
        categories[i % categories.length],
        date,
        now - i * 60_000,
        archived ? day.slice(0, 8) + "01" : period,
        archived ? day.slice(0, 7) : null,
        archived ? now - monthsBack * 30 * 86_400_000 : null,
      ),
    );
  }
  for (let i = 0; i < 12; i++) {
    statements.push(
      env.DB.prepare(
        "INSERT INTO debts (id, budget_id, name, type, current_balance_cents, interest_rate, minimum_payment_cents, payment_due_date, created_at, updated_at, created_by) VALUES (?, ?, ?, 'credit_card', ?, ?, ?, ?, 0, 0, ?)",
      ).bind(`${budgetId}-debt-${i}`, budgetId, `Card ${i}`, 100_000 + i * 25_000, 0.05 + i / 100, 3_000 + i * 500, (i % 28) + 1, memberIds[i % memberIds.length]),
    );
  }
  for (let i = 0; i < statements.length; i += 100) await env.DB.batch(statements.slice(i, i + 100));
}

async function seedUpload(budgetId: string, userId: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO uploads (id, budget_id, user_id, file_name, size_bytes, r2_key, status, progress, created_at, updated_at) VALUES (?, ?, ?, 'statement.csv', 10, ?, 'ready', 100, ?, ?)",
  )
    .bind(id, budgetId, userId, `uploads/files/${budgetId}/${id}`, now, now)
    .run();
  const transactions = [{ id: "row-1", fingerprint: `fp-${id}`, date: "2026-01-03", description: "Corner shop", amount: "12.50", isIncome: false, category: "food", categoryName: "Food", confidence: 0.9 }];
  // The shape runParseJob stores (uploads.server.ts).
  const result = {
    uploadId: id,
    format: "csv",
    transactions,
    processingNotes: "",
    confidence: 0.9,
    summary: { totalTransactions: 1, totalExpenses: "12.50", totalIncome: "0.00" },
    duplicateAnalysis: { duplicatesFound: 0, potentialDuplicates: [] },
    recurring: [],
  };
  await env.STATEMENTS.put(`uploads/results/${id}.json`, JSON.stringify(result));
  return id;
}

let world: World;
let walker: { cookie: string };

async function worldOf(): Promise<World> {
  const owner = await signUpComplete(uniqueEmail("owner"), { firstName: "Owner", lastName: "Household" });
  const budgetId = (await env.DB.prepare("SELECT active_budget_id AS id FROM users WHERE id = ?").bind(owner.user.id).first<{ id: string }>())!.id;
  const walking = await member(budgetId, "Walker");
  const others = [await member(budgetId, "Kid"), await member(budgetId, "Grandma")];
  const stranger = await signUpComplete(uniqueEmail("stranger"), { firstName: "Stranger", lastName: "Elsewhere" });
  await env.DB.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").bind(walking.user.id).run();
  await seedHousehold(budgetId, [owner.user.id, walking.user.id, ...others.map((o) => o.user.id)]);
  walker = { cookie: walking.cookie };
  const conversation = await api("/api/conversation", { cookie: walking.cookie, json: {} });
  const { id: conversationId } = (await conversation.json()) as { id: string };
  await api("/api/messages", { cookie: walking.cookie, json: { conversationId, content: "lunch $12" } });
  await api("/api/user/admin-messages", { cookie: stranger.cookie, json: { subject: "Hi", content: "A question from elsewhere" } });
  const invitation = await api("/api/budget/invite", { cookie: owner.cookie, json: { email: uniqueEmail("pending"), role: "member" } });
  const { id: invitationId, inviteToken: invitationToken } = ((await invitation.json()) as { invitation: { id: string; inviteToken: string } }).invitation;
  const feature = await env.DB.prepare("SELECT id FROM features WHERE is_active = 1 LIMIT 1").first<{ id: string }>();
  return {
    memberId: others[0]!.user.id,
    budgetId,
    strangerId: stranger.user.id,
    // The walking member's own current expense and debt (members change only their own, issue 18 #15):
    // e13 is memberIds[13 % 4] = the walker, dated in the open period (13 % 13 = 0 months back).
    expenseId: `${budgetId}-e13`,
    lineId: `${budgetId}-line-2`,
    debtId: `${budgetId}-debt-1`,
    uploadId: await seedUpload(budgetId, walking.user.id),
    conversationId,
    invitationId,
    invitationToken,
    featureId: feature!.id,
  };
}

function timingOf(response: Response): Record<"d1" | "do" | "r2", Tally> {
  const timing = parseServerTiming(response.headers.get("Server-Timing"));
  if (!timing) throw new Error(`no Server-Timing in the form d1;desc="N";dur=…, do;…, r2;…: ${response.headers.get("Server-Timing")}`);
  return timing;
}

async function cookieFor(call: Call): Promise<string | null> {
  if (call.anonymous) return null;
  if (call.own) return (await member(world.budgetId, "Throwaway")).cookie;
  return walker.cookie;
}

async function measure(route: RouteInfo, call: Call, url: string) {
  const options: ApiOptions = { method: call.method ?? "GET", cookie: await cookieFor(call), headers: call.headers };
  if (call.json) options.json = call.json(world);
  if (call.form) options.form = call.form(world);
  const response = await api(url, options);
  await response.arrayBuffer();
  return { status: response.status, timing: timingOf(response) };
}

function limitsOf(call: Call): Limits {
  const base = (call.method ?? "GET") === "GET" ? READ : WRITE;
  return { ...base, ...call.max };
}

/** The page's client navigations: all loaders (`.data`), and the page's own loader alone. */
function dataUrls(route: RouteInfo, url: string): string[] {
  const path = url.replace(/\?index$/, "");
  const base = path === "/" ? "/_root.data" : `${path.split("?")[0]}.data`;
  const query = path.includes("?") ? `&${path.split("?")[1]}` : "";
  const id = `routes/${route.file.replace(/\.tsx?$/, "")}`;
  return [`${base}${query ? `?${query.slice(1)}` : ""}`, `${base}?_routes=${encodeURIComponent(id)}${query}`];
}

const routes = discoverRoutes();
const report: string[] = [];

describe("round trips: Server-Timing on every response, one D1 round trip per page view and read", () => {
  beforeAll(async () => {
    installPlaidDouble();
    world = await worldOf();
  }, 120_000);

  it("has a row for every route module in app/routes, and none for a route that is gone", () => {
    const files = routes.map((r) => r.file);
    expect(files.filter((f) => !(f in ROWS)), "routes without a row").toEqual([]);
    expect(Object.keys(ROWS).filter((f) => !files.includes(f)), "rows for routes that no longer exist").toEqual([]);
  });

  it("every limit above the defaults says why", () => {
    for (const [file, calls] of Object.entries(ROWS)) for (const call of calls) if (call.max) expect(call.why, file).toBeTruthy();
  });

  it("the header has the exact form tools read", async () => {
    const res = await api("/api/budget", { cookie: walker.cookie });
    expect(res.headers.get("Server-Timing")).toMatch(/^d1;desc="1";dur=\d+(\.\d)?, do;desc="0";dur=0, r2;desc="0";dur=0$/);
    // Signed out, a static-free route: no D1 at all, still reported.
    const out = await api("/api/auth/user");
    expect(out.status).toBe(401);
    expect(out.headers.get("Server-Timing")).toMatch(/^d1;desc="\d+";dur=[\d.]+, do;desc="0";dur=0, r2;desc="0";dur=0$/);
  });

  for (const route of routes) {
    const calls = ROWS[route.file] ?? [];
    calls.forEach((call, i) => {
      const method = call.method ?? "GET";
      it(`${route.file}: ${method} ${call.url ? "(url from the world)" : route.url}${calls.length > 1 ? ` #${i + 1}` : ""}`, async () => {
        const url = call.url ? call.url(world) : route.url;
        const limits = limitsOf(call);
        const urls = method === "GET" && route.isPage && call.status === 200 && !call.anonymous ? [url, ...dataUrls(route, url)] : [url];
        for (const u of urls) {
          const { status, timing } = await measure(route, call, u);
          const line = `${method} ${u} → ${status}: d1 ${timing.d1.count}, do ${timing.do.count}, r2 ${timing.r2.count}`;
          report.push(line);
          if (u === url) expect(status, line).toBe(call.status);
          else expect(status, line).toBe(200);
          expect({ d1: timing.d1.count <= limits.d1, do: timing.do.count <= limits.do, r2: timing.r2.count <= limits.r2 }, `${line} (limits ${JSON.stringify(limits)})`).toEqual({ d1: true, do: true, r2: true });
        }
      });
    });
  }

  it("prints what it measured", () => {
    console.log(`round trips (${report.length} requests):\n${report.join("\n")}`);
  });
});
