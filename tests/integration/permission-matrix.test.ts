import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, signUpComplete, uniqueEmail, type ApiOptions } from "./helpers/http";
import { discoverRoutes } from "./helpers/routes";
import { installPlaidDouble } from "./helpers/plaid";
import { encryptToken } from "../../app/server/plaid/token-crypto.server";
import type { PlaidDouble } from "../plaid-double/double.ts";

/** Plaid, answered by the test double for the whole matrix (installed in beforeAll). */
let plaid: PlaidDouble;

// =====================================================================================================
// THE PERMISSION MATRIX (issue 8). Every route module in app/routes must have a row in ROWS below, or
// this test fails. Each row lists the calls to make; each call is made as five roles and must answer
// the expected status. Every answer is also searched for data of budgets the caller is not a member of
// (budget names, expense descriptions, line labels, the e-mail of a stranger): none may appear.
//
// The roles (a fresh "world" of six accounts, all with complete profiles):
//   anonymous  no cookie
//   nonMember  signed in, owns only a personal budget of their own (that is their active budget)
//   member     a member (not owner) of the shared budget B, which is their active budget
//   owner      the owner of B
//   admin      an admin (isAdmin) who is not a member of B; their active budget is their own
// Budget ids never come from the client, so a nonMember or admin acting on B's ids is acting on their
// OWN budget, where those ids do not exist: that is a 404 (not a 403).
//
// ADDING A ROW: key = the file name under app/routes; value = a list of calls, e.g.
//   "api.expenses.tsx": [
//     { method: "GET", expect: signedIn(200) },
//     { method: "POST", json: () => ({ amount: "5", description: "Tea", categoryId: "food" }), expect: signedIn(201) },
//   ],
//   "api.expenses.$id.tsx": [
//     { method: "DELETE", url: (w) => `/api/expenses/${w.ids.expenseB}`, expect: { ...memberCan(204), nonMember: 404, admin: 404 } },
//   ],
// Helpers: signedIn(s) (anonymous 401, everyone else s), page(s) (anonymous 302 to sign-in, everyone
// else s), everyone(s), ownerOnly(ok, othersOwn) (member 403; nonMember/admin act on their own budget).
// `url` defaults to the route's sample URL; params come from the world `w` (w.users.owner.id,
// w.ids.expenseB, …; add ids to `World` if you need more). A call that changes who is signed in or who
// belongs where (sign-out, removing a member, deleting the account) sets `fresh: true`: it then runs in
// a new world for each role. A route with no URL of its own (a layout) has `[]` with a comment.
// `mayShow` lists roles allowed to see other budgets' data in that answer (e.g. admin screens).
// =====================================================================================================

type Role = "anonymous" | "nonMember" | "member" | "owner" | "admin";
const ROLES: Role[] = ["anonymous", "nonMember", "member", "owner", "admin"];
type Expect = Record<Role, number>;

interface Call {
  method?: string;
  url?: (w: World) => string;
  json?: (w: World) => unknown;
  form?: (w: World) => Record<string, string>;
  headers?: Record<string, string>;
  expect: Expect;
  fresh?: boolean;
  mayShow?: Role[];
}

const everyone = (s: number): Expect => ({ anonymous: s, nonMember: s, member: s, owner: s, admin: s });
const signedIn = (s: number): Expect => ({ ...everyone(s), anonymous: 401 });
const page = (s: number): Expect => ({ ...everyone(s), anonymous: 302 });
/** Owner-only on the caller's active budget: members 403; nonMember and admin own their personal budget. */
const ownerOnly = (ok: number, othersOwn = ok): Expect => ({ anonymous: 401, nonMember: othersOwn, member: 403, owner: ok, admin: othersOwn });
const adminOnly = (s: number): Expect => ({ ...signedIn(403), admin: s });
/** A same-origin browser navigation (what a signed-in click or typed URL sends). */
const NAVIGATION = { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate" };

const ROWS: Record<string, Call[]> = {
  "$.tsx": [{ expect: everyone(404) }],
  "_app._index.tsx": [{ url: () => "/", expect: everyone(200) }],
  "_app.tsx": [], // pathless layout: every _app.* row below renders through it
  "_app.admin.tsx": [
    { expect: { anonymous: 302, nonMember: 403, member: 403, owner: 403, admin: 200 }, mayShow: ["admin"] },
    // Its forms are refused to everyone but admins, whatever they ask for.
    { method: "POST", form: (w) => ({ intent: "set-status", userId: w.users.stranger.id, status: "active" }), expect: { anonymous: 302, nonMember: 403, member: 403, owner: 403, admin: 303 } },
  ],
  "_app.bank-connections.tsx": [
    { expect: page(200) },
    // Another budget's account is not found in the caller's own budget (nobody here has a bank).
    { method: "POST", form: () => ({ intent: "remove-account", accountId: "acct-of-another-budget" }), expect: { ...everyone(404), anonymous: 302 } },
    // B has a linked bank (the matrix's world): its members sync; a budget with none is told so (400).
    { method: "POST", form: () => ({ intent: "sync-now" }), expect: { anonymous: 302, nonMember: 400, member: 303, owner: 303, admin: 400 } },
  ],
  "_app.expenses.tsx": [{ expect: everyone(302) }],
  "_app.budget-panel.tsx": [
    { expect: page(200) },
    { method: "POST", form: () => ({ intent: "add-expense", amount: "4.50", description: "Tea", categoryId: "coffee" }), expect: { ...everyone(303), anonymous: 302 } },
    // Another budget's expense or line is not found in the caller's own budget.
    { method: "POST", form: (w) => ({ intent: "update-expense", expenseId: w.ids.expenseB, amount: "9.99" }), expect: { anonymous: 302, nonMember: 404, member: 303, owner: 303, admin: 404 } },
    // Lines are the owner's (issue 18 #15): a member's save is refused with the form's 403.
    { method: "POST", form: (w) => ({ intent: "save-details", "expenses.0.id": w.ids.lineB, "expenses.0.label": "Rent", "expenses.0.amount": "10", loadedIds: w.ids.lineB }), expect: { anonymous: 302, nonMember: 404, member: 403, owner: 303, admin: 404 } },
    // The member added expenseB (theirs to change); the owner added expenseOwnerB (not the member's).
    { method: "POST", form: (w) => ({ intent: "update-expense", expenseId: w.ids.expenseOwnerB, amount: "9.99" }), expect: { anonymous: 302, nonMember: 404, member: 403, owner: 303, admin: 404 } },
    { method: "POST", form: (w) => ({ intent: "toggle-expense", expenseId: w.ids.expenseOwnerB }), expect: { anonymous: 302, nonMember: 404, member: 403, owner: 303, admin: 404 }, fresh: true },
    { method: "POST", form: (w) => ({ intent: "delete-expense", expenseId: w.ids.expenseOwnerB }), expect: { anonymous: 302, nonMember: 404, member: 403, owner: 303, admin: 404 }, fresh: true },
    { method: "POST", form: (w) => ({ intent: "delete-expense", expenseId: w.ids.expenseB }), expect: { anonymous: 302, nonMember: 404, member: 303, owner: 303, admin: 404 }, fresh: true },
    // A bill's bank sync rules: the owner's to change.
    { method: "POST", form: (w) => ({ intent: "bank-sync-settings", lineId: w.ids.lineB, bankSyncEnabled: "on", matchingMerchants: "ACME", amountTolerancePercent: "5" }), expect: { anonymous: 302, nonMember: 404, member: 403, owner: 303, admin: 404 } },
    // Updating a bill's amount changes a line: the owner's (issue 18 #15).
    { method: "POST", form: (w) => ({ intent: "bank-sync-update-amount", lineId: w.ids.lineB, amount: "12.34" }), expect: { anonymous: 302, nonMember: 404, member: 403, owner: 303, admin: 404 } },
    // Bank Sync: B's members sync its bank; a budget with none linked gets a clear 400.
    { method: "POST", form: () => ({ intent: "bank-sync-run" }), expect: { anonymous: 302, nonMember: 400, member: 303, owner: 303, admin: 400 } },
  ],
  "_app.chat.tsx": [{ expect: page(302) }],
  "_app.debt-management.tsx": [
    { expect: page(200) },
    // A plan keeps a fixed line: the owner's (issue 18 #15).
    { method: "POST", form: () => ({ intent: "apply-strategy", strategyType: "snowball", extraPaymentAmount: "5" }), expect: { ...everyone(303), anonymous: 302, member: 403 } },
    // Another budget's debt id is not found in the caller's own budget; the member did not add debtB.
    { method: "POST", form: (w) => ({ intent: "delete-debt", debtId: w.ids.debtB }), expect: { anonymous: 302, nonMember: 404, member: 403, owner: 303, admin: 404 }, fresh: true },
    { method: "POST", form: (w) => ({ intent: "delete-debt", debtId: w.ids.debtMemberB }), expect: { anonymous: 302, nonMember: 404, member: 303, owner: 303, admin: 404 }, fresh: true },
  ],
  "_app.expense-history.tsx": [{ expect: page(200) }, { url: () => "/expense-history?month=1999-01", expect: page(200) }],
  "_app.history.tsx": [{ expect: page(200) }, { url: () => "/history?month=2026-01&category=food&page=2", expect: page(200) }],
  "_app.new-features.tsx": [
    { expect: page(200) },
    { method: "POST", form: () => ({ intent: "view", featureId: "statement-upload" }), expect: { ...everyone(303), anonymous: 302 } },
  ],
  "_app.settings.tsx": [
    { expect: page(200) },
    { method: "POST", form: () => ({ intent: "sms-consent", consent: "true" }), expect: { ...everyone(303), anonymous: 302 } },
  ],
  "_app.transaction-upload.tsx": [
    { expect: page(200) },
    // Another budget's upload is simply not found: the page offers a new upload.
    { url: (w) => `/transaction-upload?upload=${w.ids.uploadB}`, expect: page(200) },
    { method: "POST", form: () => ({ intent: "upload" }), expect: { ...signedIn(400), anonymous: 302 } },
    { method: "POST", form: (w) => ({ intent: "import", uploadId: w.ids.uploadB, approve: "row-1" }), expect: { anonymous: 302, nonMember: 404, member: 409, owner: 409, admin: 404 } },
  ],
  "_app.upload.tsx": [{ expect: page(302) }],
  "privacy-terms.tsx": [{ expect: everyone(200) }],
  // The service worker's offline page: no data of anyone's, the same page for every role.
  "offline.tsx": [{ expect: everyone(200) }],
  "privacy-policy-plaid.tsx": [{ expect: everyone(200) }],
  "api.$.tsx": [{ expect: everyone(404) }],
  "api.conversation.tsx": [
    { method: "GET", expect: signedIn(200) },
    { method: "POST", json: () => ({}), expect: signedIn(201) },
  ],
  "api.messages.tsx": [
    { method: "GET", expect: signedIn(400) },
    { method: "GET", url: () => "/api/messages?conversationId=not-yours", expect: signedIn(404) },
    { method: "POST", json: () => ({ conversationId: "not-yours", content: "coffee 4" }), expect: signedIn(404) },
    { method: "POST", json: () => ({ conversationId: "not-yours", content: "   " }), expect: signedIn(400) },
  ],
  "api.smart-welcome.tsx": [
    { method: "GET", expect: everyone(405) },
    { method: "POST", json: () => ({}), expect: signedIn(200) },
  ],
  "api.smart-onboarding.tsx": [
    { method: "GET", expect: everyone(405) },
    { method: "POST", json: () => ({}), expect: signedIn(200) },
  ],
  "api.admin.message-threads_.unread-count.tsx": [{ expect: { ...signedIn(403), admin: 200 } }],
  "api.auth.complete-profile.tsx": [
    { method: "GET", expect: everyone(405) },
    { method: "POST", json: () => ({ firstName: "Same", lastName: "Person", phoneNumber: "+15551234567" }), expect: signedIn(200) },
  ],
  "api.auth.oauth.$provider.tsx": [{ url: () => "/api/auth/oauth/acme", expect: everyone(302) }],
  "api.auth.oauth.$provider_.callback.tsx": [{ url: () => "/api/auth/oauth/acme/callback", expect: everyone(302) }],
  "api.auth.user.tsx": [
    { expect: signedIn(200) },
    { method: "DELETE", expect: signedIn(200), fresh: true },
  ],
  "api.auth.user_.preferences.tsx": [
    { method: "GET", expect: everyone(405) },
    { method: "PATCH", json: () => ({ languagePreference: "spending" }), expect: signedIn(200) },
  ],
  "api.budget.tsx": [{ expect: signedIn(200) }],
  "api.budget_.details.tsx": [
    { expect: signedIn(200) },
    // Lines and the reset day are the owner's (issue 18 #15); members see them read-only.
    { method: "POST", json: () => ({ income: [], expenses: [] }), expect: ownerOnly(200) },
    { method: "POST", json: () => ({ income: [], expenses: [], resetDay: 27 }), expect: ownerOnly(200) },
    // B's line: B's owner may edit it; for anyone else it is another budget's id.
    { method: "POST", json: (w) => ({ income: [], expenses: [{ id: w.ids.lineB, label: `${w.markers.get(w.budgetB)} rent`, amount: "123.45" }] }), expect: { anonymous: 401, nonMember: 404, member: 403, owner: 200, admin: 404 } },
    { method: "PUT", json: () => ({}), expect: { ...everyone(405) } },
  ],
  "api.expenses.tsx": [
    { expect: signedIn(200) },
    { method: "POST", json: () => ({ amount: "5", description: "Tea", categoryId: "coffee" }), expect: signedIn(201) },
    { method: "POST", json: () => ({ amount: "-5", description: "Tea", categoryId: "coffee" }), expect: signedIn(400) },
  ],
  "api.expenses_.$id.tsx": [
    { url: (w) => `/api/expenses/${w.ids.expenseB}`, expect: { anonymous: 401, nonMember: 404, member: 200, owner: 200, admin: 404 } },
    { method: "PATCH", url: (w) => `/api/expenses/${w.ids.expenseB}`, json: () => ({ amount: "43.21" }), expect: { anonymous: 401, nonMember: 404, member: 200, owner: 200, admin: 404 } },
    { method: "PATCH", url: (w) => `/api/expenses/${w.ids.expenseStranger}`, json: () => ({ amount: "1" }), expect: signedIn(404) },
    { method: "DELETE", url: (w) => `/api/expenses/${w.ids.expenseB}`, expect: { anonymous: 401, nonMember: 404, member: 200, owner: 200, admin: 404 }, fresh: true },
    // Members change only the expenses they added; the owner any (issue 18 #15).
    { method: "PATCH", url: (w) => `/api/expenses/${w.ids.expenseOwnerB}`, json: () => ({ amount: "1.23" }), expect: { anonymous: 401, nonMember: 404, member: 403, owner: 200, admin: 404 } },
    { method: "DELETE", url: (w) => `/api/expenses/${w.ids.expenseOwnerB}`, expect: { anonymous: 401, nonMember: 404, member: 403, owner: 200, admin: 404 }, fresh: true },
  ],
  "api.upload-transactions.tsx": [
    // A form without a file: signed-in callers are told to choose one.
    { method: "POST", form: () => ({ note: "no file" }), expect: signedIn(400) },
  ],
  "api.transaction-uploads.$uploadId.tsx": [{ url: (w) => `/api/transaction-uploads/${w.ids.uploadB}`, expect: { anonymous: 401, nonMember: 404, member: 200, owner: 200, admin: 404 } }],
  "api.transaction-uploads_.$uploadId_.approve.tsx": [
    { method: "POST", url: (w) => `/api/transaction-uploads/${w.ids.uploadB}/approve`, json: () => ({ approvedTransactions: [], rejectedTransactions: [] }), expect: { anonymous: 401, nonMember: 404, member: 409, owner: 409, admin: 404 } },
  ],
  "api.expenses_.$id_.toggle.tsx": [
    { method: "PATCH", url: (w) => `/api/expenses/${w.ids.expenseB}/toggle`, expect: { anonymous: 401, nonMember: 404, member: 200, owner: 200, admin: 404 }, fresh: true },
    { method: "PATCH", url: (w) => `/api/expenses/${w.ids.expenseStranger}/toggle`, expect: signedIn(404) },
    { method: "PATCH", url: (w) => `/api/expenses/${w.ids.expenseOwnerB}/toggle`, expect: { anonymous: 401, nonMember: 404, member: 403, owner: 200, admin: 404 }, fresh: true },
  ],
  "api.plaid.has-connected-accounts.tsx": [{ expect: signedIn(200) }],
  // Bank sync (issue 20). Budget B has a bank linked by its owner (the test double's Item).
  "api.plaid.link-token.tsx": [
    { expect: signedIn(200) },
    { url: (w) => `/api/plaid/link-token?accountId=${w.ids.bankAccountB}`, expect: { anonymous: 401, nonMember: 404, member: 200, owner: 200, admin: 404 } },
  ],
  "api.plaid.exchange-token.tsx": [
    { method: "POST", json: () => ({ publicToken: "public-sandbox-not-issued" }), expect: signedIn(400) },
    { method: "POST", json: () => ({}), expect: signedIn(400) },
  ],
  "api.plaid.sandbox-link.tsx": [{ method: "POST", json: () => ({}), expect: signedIn(200), fresh: true }],
  "api.plaid.accounts.tsx": [{ expect: signedIn(200) }],
  "api.plaid.accounts_.$id.tsx": [
    // Linked by the owner: a member may not remove it; other households do not find it.
    { method: "DELETE", url: (w) => `/api/plaid/accounts/${w.ids.bankAccountB}`, expect: { anonymous: 401, nonMember: 404, member: 403, owner: 200, admin: 404 }, fresh: true },
  ],
  "api.plaid.sync-history.tsx": [{ expect: signedIn(200) }],
  "api.plaid.sync-and-import.tsx": [{ method: "POST", json: () => ({}), expect: { anonymous: 401, nonMember: 400, member: 200, owner: 200, admin: 400 } }],
  "api.plaid.sync-transactions.tsx": [
    { method: "POST", json: () => ({ days: 7, autoImport: true }), expect: { anonymous: 401, nonMember: 400, member: 200, owner: 200, admin: 400 } },
    { method: "POST", json: () => ({ days: 0 }), expect: signedIn(400) },
  ],
  "api.plaid.cleanup-transactions.tsx": [{ method: "POST", json: () => ({}), expect: signedIn(200) }],
  "api.plaid.merchant-suggestions.tsx": [
    { url: () => "/api/plaid/merchant-suggestions?query=ne", expect: signedIn(200) },
    { url: () => "/api/plaid/merchant-suggestions?query=n", expect: signedIn(400) },
  ],
  "api.plaid.price-analysis.$lineId.tsx": [
    { method: "POST", url: (w) => `/api/plaid/price-analysis/${w.ids.lineB}`, json: () => ({ merchants: ["Netflix"], currentAmount: 15.49 }), expect: { anonymous: 401, nonMember: 404, member: 200, owner: 200, admin: 404 } },
  ],
  // Plaid's calls carry no session: only a valid Plaid-Verification signature is accepted.
  "api.plaid.webhook.tsx": [{ method: "POST", json: () => ({ webhook_type: "TRANSACTIONS", webhook_code: "SYNC_UPDATES_AVAILABLE", item_id: "x" }), expect: everyone(401) }],
  "api.budget_.line-items.$id.bank-sync.tsx": [
    { url: (w) => `/api/budget/line-items/${w.ids.lineB}/bank-sync`, expect: { anonymous: 401, nonMember: 404, member: 200, owner: 200, admin: 404 } },
    // A bill's matching rules are the owner's to change (as every line edit).
    { method: "PUT", url: (w) => `/api/budget/line-items/${w.ids.lineB}/bank-sync`, json: () => ({ bankSyncEnabled: true, matchingMerchants: ["Landlord"], amountTolerancePercent: 5 }), expect: { anonymous: 401, nonMember: 404, member: 403, owner: 200, admin: 404 } },
    { method: "PUT", url: (w) => `/api/budget/line-items/${w.ids.lineB}/bank-sync`, json: () => ({ bankSyncEnabled: true, matchingMerchants: [] }), expect: signedIn(400) },
  ],
  "api.categories.tsx": [{ expect: signedIn(200) }],
  // History and exports (issue 9): always the caller's own active budget.
  "api.expenses_.history.tsx": [{ expect: signedIn(200) }],
  "api.expenses_.export.tsx": [
    { url: () => "/api/expenses/export?month=2026-01&format=csv", expect: signedIn(200) },
    { url: () => "/api/expenses/export?month=2026-01&format=json", expect: signedIn(200) },
    { url: () => "/api/expenses/export?month=2026-13&format=csv", expect: signedIn(400) },
  ],
  "api.features_.unread-count.tsx": [{ expect: signedIn(200) }],
  "api.init.tsx": [{ expect: signedIn(200) }],
  "api.login.tsx": [{ expect: { ...everyone(302), anonymous: 200 } }],
  "api.logout.tsx": [
    { headers: NAVIGATION, expect: everyone(302), fresh: true },
    { method: "POST", expect: everyone(302), fresh: true },
  ],
  "api.user.admin-messages_.unread-count.tsx": [{ expect: signedIn(200) }],
  "api.user.admin-messages.tsx": [
    { expect: signedIn(200) },
    { method: "POST", json: () => ({ subject: "Help", content: "A question" }), expect: signedIn(201) },
  ],
  "api.user.admin-messages_.read.tsx": [{ method: "POST", expect: signedIn(200) }],
  "api.auth.user_.sms-consent.tsx": [{ method: "POST", json: () => ({ consent: true }), expect: signedIn(200) }],
  "api.chat-history.tsx": [{ method: "DELETE", expect: signedIn(200) }],
  "api.export-data.tsx": [{ expect: signedIn(200) }],
  "api.features.tsx": [{ expect: signedIn(200) }],
  "api.features_.view.tsx": [{ method: "POST", json: () => ({ featureId: "statement-upload" }), expect: signedIn(200) }],
  // Sharing (issue 8). nonMember and admin own their personal budget, so "owner only" lets them act there.
  "api.budget_.members.tsx": [{ expect: signedIn(200) }],
  "accept-invitation.tsx": [
    { url: (w) => `/accept-invitation?token=${w.ids.invitationBToken}`, expect: everyone(200) },
    { method: "POST", form: (w) => ({ token: w.ids.invitationBToken }), expect: { ...signedIn(403) } },
  ],
  "api.budget_.invitations.tsx": [{ expect: ownerOnly(200) }],
  "api.budget_.invite.tsx": [{ method: "POST", json: () => ({ email: uniqueEmail("invitee"), role: "member" }), expect: ownerOnly(201) }],
  "api.budget_.invitations_.$id.tsx": [
    { method: "GET", expect: everyone(405) },
    { method: "DELETE", url: (w) => `/api/budget/invitations/${w.ids.invitationB}`, expect: ownerOnly(200, 404) },
  ],
  "api.budget_.members_.$userId.tsx": [
    { method: "DELETE", url: (w) => `/api/budget/members/${w.users.member.id}`, expect: ownerOnly(200, 404), fresh: true },
  ],
  // Debts (issue 12): every member reads its budget's debts and adds debts; a member changes only the debts
  // they added, the owner every one (issue 18 #15); nonMember/admin act on their own budget.
  "api.debts.tsx": [
    { expect: signedIn(200) },
    { method: "POST", json: () => ({ name: "Card", type: "credit_card", currentBalance: "100", interestRate: 0.2, minimumPayment: "25", paymentDueDate: 5 }), expect: signedIn(201) },
  ],
  "api.debts_.$id.tsx": [
    { method: "GET", expect: everyone(405) },
    { method: "PATCH", url: (w) => `/api/debts/${w.ids.debtB}`, json: () => ({ minimumPayment: "30" }), expect: { anonymous: 401, nonMember: 404, member: 403, owner: 200, admin: 404 } },
    { method: "DELETE", url: (w) => `/api/debts/${w.ids.debtB}`, expect: { anonymous: 401, nonMember: 404, member: 403, owner: 200, admin: 404 }, fresh: true },
    { method: "PATCH", url: (w) => `/api/debts/${w.ids.debtMemberB}`, json: () => ({ minimumPayment: "30" }), expect: { anonymous: 401, nonMember: 404, member: 200, owner: 200, admin: 404 } },
    { method: "DELETE", url: (w) => `/api/debts/${w.ids.debtMemberB}`, expect: { anonymous: 401, nonMember: 404, member: 200, owner: 200, admin: 404 }, fresh: true },
  ],
  "api.debt-strategies.tsx": [
    { expect: signedIn(200) },
    { method: "POST", json: () => ({ strategyType: "avalanche", extraPaymentAmount: "10" }), expect: { ...signedIn(200), member: 403 } },
  ],
  "api.debt-reminders.tsx": [{ expect: signedIn(200) }],
  "api.budget_.accept-invitation.$token.tsx": [
    // Only the invitee's account may use the link; everyone else is the wrong account (403).
    { method: "POST", url: (w) => `/api/budget/accept-invitation/${w.ids.invitationBToken}`, expect: { ...signedIn(403) } },
  ],
  "api.budget_.accept-invitation_.tsx": [
    // The same call with the token in the body (issue 18 #14): the same answers.
    { method: "POST", json: (w) => ({ token: w.ids.invitationBToken }), expect: { ...signedIn(403) } },
  ],
  "api.budget_.leave.tsx": [{ method: "POST", expect: { anonymous: 401, nonMember: 403, member: 200, owner: 403, admin: 403 }, fresh: true }],
  "api.budgets.active.tsx": [
    { method: "POST", json: (w) => ({ budgetId: w.budgetB }), expect: { anonymous: 401, nonMember: 404, member: 200, owner: 200, admin: 404 } },
  ],
  // Admin API: anonymous 401, everyone but the admin 403; the admin sees other users' data by design.
  "api.admin.activity.tsx": [{ expect: adminOnly(200), mayShow: ["admin"] }],
  "api.admin.features.tsx": [
    { method: "POST", json: () => ({ title: "New", description: "Short", detailedDescription: "Long", category: "other" }), expect: adminOnly(201) },
  ],
  "api.admin.message-threads.tsx": [{ expect: adminOnly(200), mayShow: ["admin"] }],
  "api.admin.message-threads_.$userId.tsx": [
    { url: (w) => `/api/admin/message-threads/${w.users.stranger.id}`, expect: adminOnly(200), mayShow: ["admin"] },
    { method: "POST", url: (w) => `/api/admin/message-threads/${w.users.stranger.id}`, json: () => ({ content: "Hello" }), expect: adminOnly(201), mayShow: ["admin"] },
  ],
  "api.admin.message-threads_.$userId_.read.tsx": [
    { method: "POST", url: (w) => `/api/admin/message-threads/${w.users.stranger.id}/read`, expect: adminOnly(200), mayShow: ["admin"] },
  ],
  "api.admin.send-message.tsx": [
    { method: "POST", json: (w) => ({ userId: w.users.stranger.id, subject: "Hi", content: "Hello" }), expect: adminOnly(201), mayShow: ["admin"] },
  ],
  "api.admin.users.tsx": [{ expect: adminOnly(200), mayShow: ["admin"] }],
  "api.admin.users_.$id.tsx": [
    { url: (w) => `/api/admin/users/${w.users.stranger.id}`, expect: adminOnly(200), mayShow: ["admin"] },
    { method: "DELETE", url: (w) => `/api/admin/users/${w.users.stranger.id}`, expect: adminOnly(200), mayShow: ["admin"], fresh: true },
  ],
  "api.admin.users_.$id_.activity.tsx": [{ url: (w) => `/api/admin/users/${w.users.stranger.id}/activity`, expect: adminOnly(200), mayShow: ["admin"] }],
  "api.admin.users_.$id_.details.tsx": [{ url: (w) => `/api/admin/users/${w.users.stranger.id}/details`, expect: adminOnly(200), mayShow: ["admin"] }],
  "api.admin.users_.$id_.admin.tsx": [
    { method: "PATCH", url: (w) => `/api/admin/users/${w.users.stranger.id}/admin`, json: () => ({ isAdmin: true }), expect: adminOnly(200), mayShow: ["admin"], fresh: true },
  ],
  "api.admin.users_.$id_.status.tsx": [
    { method: "PATCH", url: (w) => `/api/admin/users/${w.users.stranger.id}/status`, json: () => ({ status: "suspended" }), expect: adminOnly(200), mayShow: ["admin"], fresh: true },
  ],
};

// -----------------------------------------------------------------------------------------------------
// The world: six accounts and three kinds of budget, each budget marked with text that must never leak.

interface Account {
  id: string;
  email: string;
  cookie: string;
  budgetId: string;
}

interface World {
  users: { owner: Account; member: Account; nonMember: Account; admin: Account; stranger: Account };
  /** B is the owner's budget, shared with the member. */
  budgetB: string;
  ids: { expenseB: string; expenseOwnerB: string; lineB: string; expenseStranger: string; invitationB: string; invitationBToken: string; debtB: string; debtMemberB: string; uploadB: string; bankAccountB: string };
  /** budget id → the marker text written into it. */
  markers: Map<string, string>;
}

async function activeBudget(userId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT active_budget_id AS id FROM users WHERE id = ?").bind(userId).first<{ id: string }>();
  if (!row?.id) throw new Error("sign-up left no active budget");
  return row.id;
}

async function account(prefix: string): Promise<Account> {
  const signed = await signUpComplete(uniqueEmail(prefix), { firstName: prefix, lastName: "Matrix" });
  return { id: signed.user.id, email: signed.email, cookie: signed.cookie, budgetId: await activeBudget(signed.user.id) };
}

/** Writes the marker into the budget's name, a line item and an expense (test setup only). */
async function mark(budgetId: string, userId: string, marker: string): Promise<{ expenseId: string; lineId: string }> {
  const expenseId = crypto.randomUUID();
  const lineId = crypto.randomUUID();
  const period = (await env.DB.prepare("SELECT period_start AS p FROM budgets WHERE id = ?").bind(budgetId).first<{ p: string }>())!.p;
  await env.DB.batch([
    env.DB.prepare("UPDATE budgets SET name = ? WHERE id = ?").bind(`${marker} budget`, budgetId),
    env.DB.prepare(
      "INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, position, created_at, updated_at) VALUES (?, ?, 'expense', ?, 12345, 'housing', 0, 0, 0)",
    ).bind(lineId, budgetId, `${marker} rent`),
    env.DB.prepare(
      "INSERT INTO expenses (id, budget_id, user_id, amount_cents, description, category_id, date, created_at, enabled, source, period_start) VALUES (?, ?, ?, 4321, ?, (SELECT id FROM categories ORDER BY position LIMIT 1), ?, 0, 1, 'form', ?)",
    ).bind(expenseId, budgetId, userId, `${marker} groceries`, period, period),
  ]);
  return { expenseId, lineId };
}

/** The test double's Item linked to a budget, written directly (its token encrypted as the app does). */
async function linkBank(budgetId: string, userId: string): Promise<string> {
  const item = plaid.linkItem();
  const rowId = crypto.randomUUID();
  const accountRow = crypto.randomUUID();
  const account = item.accounts[0];
  const token = await encryptToken(env.PLAID_TOKEN_KEY!, item.accessToken, rowId);
  await env.DB.batch([
    env.DB.prepare("INSERT INTO plaid_items (id, budget_id, user_id, item_id, access_token_encrypted, institution_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'First Platypus Bank', 0, 0)").bind(rowId, budgetId, userId, item.itemId, token),
    env.DB.prepare("INSERT INTO bank_accounts (id, plaid_item_id, budget_id, account_id, name, mask, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, 0)").bind(accountRow, rowId, budgetId, account.account_id, account.name, account.mask),
  ]);
  return accountRow;
}

async function createWorld(): Promise<World> {
  const [owner, member, nonMember, admin, stranger] = await Promise.all(["Owner", "Member", "Outsider", "Admin", "Stranger"].map(account));
  await env.DB.batch([
    env.DB.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").bind(admin.id),
    env.DB.prepare("INSERT INTO budget_members (id, budget_id, user_id, role, joined_at) VALUES (?, ?, ?, 'member', 0)").bind(crypto.randomUUID(), owner.budgetId, member.id),
    env.DB.prepare("UPDATE users SET active_budget_id = ? WHERE id = ?").bind(owner.budgetId, member.id),
  ]);
  const markers = new Map<string, string>();
  const tag = () => `mx${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
  for (const a of [owner, member, nonMember, admin, stranger]) markers.set(a.budgetId, tag());
  const b = await mark(owner.budgetId, member.id, markers.get(owner.budgetId)!);
  const s = await mark(stranger.budgetId, stranger.id, markers.get(stranger.budgetId)!);
  for (const a of [member, nonMember, admin]) await mark(a.budgetId, a.id, markers.get(a.budgetId)!);
  const debtB = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO debts (id, budget_id, name, type, current_balance_cents, interest_rate, minimum_payment_cents, payment_due_date, created_at, updated_at) VALUES (?, ?, ?, 'credit_card', 50000, 0.2, 2500, 1, 0, 0)",
  )
    .bind(debtB, owner.budgetId, `${markers.get(owner.budgetId)} card`)
    .run();
  // What each side of B added: the owner an expense, the member a debt (issue 18 #15: members change their own).
  const expenseOwnerB = crypto.randomUUID();
  const debtMemberB = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO expenses (id, budget_id, user_id, amount_cents, description, category_id, date, created_at, enabled, source, period_start) SELECT ?, id, ?, 999, ?, 'other', period_start, 0, 1, 'form', period_start FROM budgets WHERE id = ?",
    ).bind(expenseOwnerB, owner.id, `${markers.get(owner.budgetId)} owner lunch`, owner.budgetId),
    env.DB.prepare(
      "INSERT INTO debts (id, budget_id, name, type, current_balance_cents, interest_rate, minimum_payment_cents, payment_due_date, created_by, created_at, updated_at) VALUES (?, ?, ?, 'auto_loan', 90000, 0.05, 5000, 1, ?, 0, 0)",
    ).bind(debtMemberB, owner.budgetId, `${markers.get(owner.budgetId)} car`, member.id),
  ]);
  // A statement upload of budget B that could not be read (no parsed rows to import).
  const uploadB = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO uploads (id, budget_id, user_id, file_name, size_bytes, r2_key, status, progress, error, created_at, updated_at) VALUES (?, ?, ?, ?, 10, ?, 'failed', 0, 'No transactions found in this file', ?, ?)",
  )
    .bind(uploadB, owner.budgetId, owner.id, `${markers.get(owner.budgetId)}.csv`, `uploads/files/${owner.budgetId}/${uploadB}`, Date.now(), Date.now())
    .run();
  const invitation = await api("/api/budget/invite", { cookie: owner.cookie, json: { email: uniqueEmail("pending"), role: "member" } });
  if (invitation.status !== 201) throw new Error(`invite failed: ${invitation.status} ${await invitation.text()}`);
  const { id: invitationB, inviteToken: invitationBToken } = ((await invitation.json()) as { invitation: { id: string; inviteToken: string } }).invitation;
  return {
    users: { owner, member, nonMember, admin, stranger },
    budgetB: owner.budgetId,
    ids: { expenseB: b.expenseId, expenseOwnerB, lineB: b.lineId, expenseStranger: s.expenseId, invitationB, invitationBToken, debtB, debtMemberB, uploadB, bankAccountB: await linkBank(owner.budgetId, owner.id) },
    markers,
  };
}

/** The budgets a role belongs to; every other budget's marker (and the stranger's e-mail) is forbidden. */
function ownBudgets(w: World, role: Role): Set<string> {
  const u = w.users;
  switch (role) {
    case "anonymous":
      return new Set();
    case "nonMember":
      return new Set([u.nonMember.budgetId]);
    case "member":
      return new Set([u.member.budgetId, w.budgetB]);
    case "owner":
      return new Set([w.budgetB]);
    case "admin":
      return new Set([u.admin.budgetId]);
  }
}

function cookieOf(w: World, role: Role): string | null {
  return role === "anonymous" ? null : w.users[role].cookie;
}

async function callAs(w: World, role: Role, route: { url: string }, call: Call): Promise<{ status: number; text: string }> {
  const options: ApiOptions = { method: call.method ?? "GET", cookie: cookieOf(w, role), headers: call.headers };
  if (call.json) options.json = call.json(w);
  if (call.form) options.form = call.form(w);
  const res = await api(call.url ? call.url(w) : route.url, options);
  return { status: res.status, text: await res.text() };
}

function leaks(w: World, role: Role, text: string): string[] {
  const own = ownBudgets(w, role);
  const found: string[] = [];
  for (const [budgetId, marker] of w.markers) if (!own.has(budgetId) && text.includes(marker)) found.push(`data of budget ${marker}`);
  if (text.includes(w.users.stranger.email)) found.push("the stranger's e-mail");
  return found;
}

const routes = discoverRoutes();
let shared: World;

describe("permission matrix: every route × anonymous, non-member, member, owner, admin", () => {
  beforeAll(async () => {
    plaid = installPlaidDouble();
    shared = await createWorld();
  }, 60_000);

  it("has a row for every route module in app/routes, and no row for a route that is gone", () => {
    const files = routes.map((r) => r.file);
    expect(files.filter((f) => !(f in ROWS)), "routes without a row in ROWS").toEqual([]);
    expect(Object.keys(ROWS).filter((f) => !files.includes(f)), "rows for routes that no longer exist").toEqual([]);
    // The issue's figure (matrix size) printed with every run, so the note quotes what was really checked.
    const calls = files.reduce((n, f) => n + (ROWS[f]?.length ?? 0), 0);
    console.log(`permission matrix: ${files.length} routes, ${calls} calls × ${ROLES.length} roles = ${calls * ROLES.length} checks`);
  });

  it("the world is what the roles say (a sanity check on the setup)", async () => {
    const budgetOf = async (cookie: string) => ((await (await api("/api/budget", { cookie })).json()) as { id: string; role: string });
    expect(await budgetOf(shared.users.member.cookie)).toMatchObject({ id: shared.budgetB, role: "member" });
    expect(await budgetOf(shared.users.owner.cookie)).toMatchObject({ id: shared.budgetB, role: "owner" });
    expect(await budgetOf(shared.users.nonMember.cookie)).toMatchObject({ id: shared.users.nonMember.budgetId, role: "owner" });
    // The leak check sees markers when they are there: B's name is in the member's answer, a leak for the outsider.
    const text = await (await api("/api/budget", { cookie: shared.users.member.cookie })).text();
    expect(leaks(shared, "member", text)).toEqual([]);
    expect(leaks(shared, "nonMember", text)).toEqual([`data of budget ${shared.markers.get(shared.budgetB)}`]);
  });

  for (const route of routes) {
    const calls = ROWS[route.file] ?? [];
    calls.forEach((call, i) => {
      const label = `${route.file}: ${call.method ?? "GET"} ${call.url ? "(custom url)" : route.url}${calls.length > 1 ? ` #${i + 1}` : ""}`;
      it(label, async () => {
        const problems: string[] = [];
        for (const role of ROLES) {
          const w = call.fresh ? await createWorld() : shared;
          const { status, text } = await callAs(w, role, route, call);
          if (status !== call.expect[role]) problems.push(`${role}: expected ${call.expect[role]}, got ${status} ${text.slice(0, 160).replace(/\s+/g, " ")}`);
          if (!call.mayShow?.includes(role)) for (const leak of leaks(w, role, text)) problems.push(`${role}: answer shows ${leak}`);
        }
        expect(problems).toEqual([]);
      }, 120_000);
    });
  }
});
