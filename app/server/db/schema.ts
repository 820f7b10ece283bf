// The whole D1 schema (DESIGN.md §4). Money is integer cents, timestamps are UTC milliseconds,
// calendar days are "YYYY-MM-DD" strings in the budget's time zone.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const id = () => text("id").primaryKey();
const createdAt = () => integer("created_at").notNull();

export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text("phone"),
    profileImageUrl: text("profile_image_url"),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    accountStatus: text("account_status", { enum: ["active", "suspended", "pending"] }).notNull().default("active"),
    languagePreference: text("language_preference", { enum: ["spending", "saving"] }).notNull().default("spending"),
    smsOptInConsent: integer("sms_opt_in_consent", { mode: "boolean" }).notNull().default(false),
    smsOptInDate: integer("sms_opt_in_date"),
    passwordHash: text("password_hash"),
    activeBudgetId: text("active_budget_id"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
    lastLoginAt: integer("last_login_at"),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] }), index("oauth_accounts_user").on(t.userId)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 of the random token in the cookie: a leaked table cannot be replayed as cookies.
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user").on(t.userId), index("sessions_expires").on(t.expiresAt)],
);

/** Failed sign-ins, counted per e-mail and per client within a window (rate limiting). */
export const authAttempts = sqliteTable(
  "auth_attempts",
  {
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("auth_attempts_key_time").on(t.key, t.createdAt)],
);

export const budgets = sqliteTable("budgets", {
  id: id(),
  name: text("name").notNull(),
  // Deleting the owner deletes the budget (and, by cascade, its data); sharing hands ownership over first.
  ownerId: text("owner_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  resetDay: integer("reset_day").notNull().default(1),
  timeZone: text("time_zone").notNull().default("UTC"),
  periodStart: text("period_start").notNull(),
  /** Set when the reset day changed mid-period; else the period ends on the next reset day. */
  periodEnd: text("period_end"),
  /** When the current period ends, as a UTC instant: what the hourly cron looks for (migration 0006). */
  resetDueAt: integer("reset_due_at").notNull().default(0),
  currency: text("currency").notNull().default("USD"),
  /** BudgetRoom's sequence number of the last committed command, written in that command's batch (0006_room_seq). */
  seq: integer("seq").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: integer("updated_at").notNull(),
}, (t) => [index("budgets_reset_due").on(t.resetDueAt)]);

export const budgetMembers = sqliteTable(
  "budget_members",
  {
    id: id(),
    budgetId: text("budget_id").notNull().references(() => budgets.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "member"] }).notNull(),
    joinedAt: integer("joined_at").notNull(),
  },
  (t) => [uniqueIndex("budget_members_unique").on(t.budgetId, t.userId), index("budget_members_user").on(t.userId)],
);

export const lineItems = sqliteTable(
  "line_items",
  {
    id: id(),
    budgetId: text("budget_id").notNull().references(() => budgets.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["income", "expense"] }).notNull(),
    label: text("label").notNull(),
    amountCents: integer("amount_cents").notNull().default(0),
    category: text("category", { enum: ["income", "housing", "utilities", "transportation", "subscriptions", "other"] }).notNull(),
    isSingleMonth: integer("is_single_month", { mode: "boolean" }).notNull().default(false),
    bankSyncEnabled: integer("bank_sync_enabled", { mode: "boolean" }).notNull().default(false),
    matchingMerchants: text("matching_merchants", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    amountTolerancePercent: real("amount_tolerance_percent").notNull().default(5),
    matchingAccountMasks: text("matching_account_masks", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    position: integer("position").notNull().default(0),
    managedBy: text("managed_by"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("line_items_budget").on(t.budgetId, t.kind, t.position)],
);

export const categories = sqliteTable("categories", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  emoji: text("emoji").notNull(),
  position: integer("position").notNull(),
});

export const expenses = sqliteTable(
  "expenses",
  {
    id: id(),
    budgetId: text("budget_id").notNull().references(() => budgets.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    description: text("description").notNull(),
    categoryId: text("category_id").notNull().references(() => categories.id),
    date: text("date").notNull(),
    createdAt: createdAt(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    originalInput: text("original_input"),
    source: text("source", { enum: ["chat", "form", "upload", "bank", "seed"] }).notNull().default("form"),
    externalId: text("external_id"),
    periodStart: text("period_start").notNull(),
    budgetMonth: text("budget_month"),
    archivedAt: integer("archived_at"),
  },
  (t) => [
    // The summary reads the current period's enabled, unarchived rows of one budget.
    index("expenses_budget_period").on(t.budgetId, t.archivedAt, t.periodStart, t.date),
    index("expenses_budget_month").on(t.budgetId, t.budgetMonth),
    // History's month sums read only this index (migration 0009).
    index("expenses_budget_month_cover").on(t.budgetId, t.budgetMonth, t.categoryId, t.amountCents),
    uniqueIndex("expenses_external_unique").on(t.budgetId, t.externalId),
    index("expenses_user").on(t.userId, t.createdAt),
  ],
);

export const conversations = sqliteTable(
  "conversations",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    budgetId: text("budget_id").notNull().references(() => budgets.id, { onDelete: "cascade" }),
    phase: text("phase", { enum: ["onboarding", "active"] }).notNull().default("onboarding"),
    state: text("state", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("conversations_user_budget").on(t.userId, t.budgetId), index("conversations_user_time").on(t.userId, t.createdAt), index("conversations_budget_time").on(t.budgetId, t.createdAt)],
);

export const messages = sqliteTable(
  "messages",
  {
    id: id(),
    conversationId: text("conversation_id").notNull().references(() => conversations.id, { onDelete: "cascade" }),
    sender: text("sender", { enum: ["user", "bot"] }).notNull(),
    content: text("content").notNull(),
    messageType: text("message_type", { enum: ["text", "expense_logged", "feedback", "smart_welcome"] }).notNull().default("text"),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("messages_conversation_time").on(t.conversationId, t.createdAt)],
);

/**
 * Idempotency keys of chat sends (POST /api/messages): the answer is stored in the same D1 batch as the
 * messages, so a send retried after its answer was lost (an offline queue, a cut connection) gets the same
 * answer and logs nothing twice. Per user: a key is the client's own.
 */
export const messageKeys = sqliteTable(
  "message_keys",
  {
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    // SHA-256 of what was sent: the same key with another body is a client bug, answered 409.
    requestHash: text("request_hash").notNull(),
    answer: text("answer", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("message_keys_created").on(t.createdAt)],
);

export const invitations = sqliteTable(
  "invitations",
  {
    id: id(),
    budgetId: text("budget_id").notNull().references(() => budgets.id, { onDelete: "cascade" }),
    inviteeEmail: text("invitee_email"),
    role: text("role", { enum: ["member"] }).notNull().default("member"),
    status: text("status", { enum: ["pending", "accepted", "revoked", "expired"] }).notNull().default("pending"),
    token: text("token").notNull(),
    expiresAt: integer("expires_at").notNull(),
    createdBy: text("created_by").notNull().references(() => users.id, { onDelete: "cascade" }),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("invitations_token_unique").on(t.token), index("invitations_budget").on(t.budgetId, t.status)],
);

export const supportMessages = sqliteTable(
  "support_messages",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    sender: text("sender", { enum: ["admin", "user"] }).notNull(),
    adminId: text("admin_id").references(() => users.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    content: text("content").notNull(),
    priority: text("priority", { enum: ["low", "normal", "high", "urgent"] }).notNull().default("normal"),
    category: text("category", { enum: ["general", "billing", "technical", "feature_request", "support"] }).notNull().default("support"),
    status: text("status", { enum: ["unread", "read"] }).notNull().default("unread"),
    createdAt: createdAt(),
  },
  (t) => [index("support_messages_user").on(t.userId, t.createdAt), index("support_messages_status").on(t.sender, t.status)],
);

export const features = sqliteTable("features", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  detailedDescription: text("detailed_description").notNull(),
  benefits: text("benefits", { mode: "json" }).$type<string[]>().notNull(),
  category: text("category", { enum: ["upload", "ai", "budgeting", "other"] }).notNull(),
  releaseDate: text("release_date").notNull(),
  chatTrigger: text("chat_trigger"),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
});

export const featureViews = sqliteTable(
  "feature_views",
  {
    featureId: text("feature_id").notNull().references(() => features.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    viewedAt: integer("viewed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.featureId, t.userId] })],
);

export const debts = sqliteTable(
  "debts",
  {
    id: id(),
    budgetId: text("budget_id").notNull().references(() => budgets.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type", { enum: ["credit_card", "auto_loan", "mortgage", "heloc", "student_loan", "personal_loan"] }).notNull(),
    currentBalanceCents: integer("current_balance_cents").notNull(),
    // Stored as a fraction (0.1999 for 19.99%), as the spec's entity says.
    interestRate: real("interest_rate").notNull(),
    minimumPaymentCents: integer("minimum_payment_cents").notNull(),
    currentPaymentCents: integer("current_payment_cents"),
    creditor: text("creditor"),
    paymentDueDate: integer("payment_due_date").notNull().default(1),
    // Who added it: members edit their own debts, the owner every debt (null: added before it was kept).
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("debts_budget").on(t.budgetId)],
);

export const debtPlans = sqliteTable("debt_plans", {
  budgetId: text("budget_id").primaryKey().references(() => budgets.id, { onDelete: "cascade" }),
  strategy: text("strategy", { enum: ["snowball", "avalanche", "current"] }).notNull(),
  extraPaymentCents: integer("extra_payment_cents").notNull().default(0),
  appliedBy: text("applied_by").references(() => users.id, { onDelete: "set null" }),
  appliedAt: integer("applied_at").notNull(),
});

export const uploads = sqliteTable(
  "uploads",
  {
    id: id(),
    budgetId: text("budget_id").notNull().references(() => budgets.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type"),
    sizeBytes: integer("size_bytes").notNull(),
    r2Key: text("r2_key").notNull(),
    status: text("status", { enum: ["processing", "ready", "failed", "imported"] }).notNull().default("processing"),
    progress: integer("progress").notNull().default(0),
    result: text("result", { mode: "json" }).$type<Record<string, unknown>>(),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("uploads_budget").on(t.budgetId, t.createdAt), index("uploads_user").on(t.userId)],
);

export const plaidItems = sqliteTable(
  "plaid_items",
  {
    id: id(),
    budgetId: text("budget_id").notNull().references(() => budgets.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    // AES-GCM with PLAID_TOKEN_KEY: "iv.ciphertext", both base64url.
    accessTokenEncrypted: text("access_token_encrypted").notNull(),
    institutionName: text("institution_name"),
    institutionId: text("institution_id"),
    /** Saved only after the last page of an update, in the same batch as that update's writes. */
    cursor: text("cursor"),
    /** active | login_required | error | removed (removed: token deleted, Item removed at Plaid). */
    status: text("status").notNull().default("active"),
    /** Plaid's error_code of the last failure (never its message, never the token). */
    errorCode: text("error_code"),
    /** One sync per Item at a time: a sync holds this lease until it finishes (or it expires). */
    syncLeaseUntil: integer("sync_lease_until"),
    lastSyncedAt: integer("last_synced_at"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("plaid_items_item_unique").on(t.itemId), index("plaid_items_budget").on(t.budgetId), index("plaid_items_status").on(t.status, t.id)],
);

export const bankAccounts = sqliteTable(
  "bank_accounts",
  {
    id: id(),
    plaidItemId: text("plaid_item_id").notNull().references(() => plaidItems.id, { onDelete: "cascade" }),
    budgetId: text("budget_id").notNull().references(() => budgets.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    name: text("name").notNull(),
    officialName: text("official_name"),
    institutionName: text("institution_name"),
    mask: text("mask"),
    type: text("type"),
    subtype: text("subtype"),
    currentBalanceCents: integer("current_balance_cents"),
    availableBalanceCents: integer("available_balance_cents"),
    status: text("status").notNull().default("active"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  // Plaid's account_id is unique within its Item; a re-linked bank arrives as a new Item.
  (t) => [uniqueIndex("bank_accounts_item_account_unique").on(t.plaidItemId, t.accountId), index("bank_accounts_budget").on(t.budgetId)],
);

export const bankTransactions = sqliteTable(
  "bank_transactions",
  {
    id: id(),
    budgetId: text("budget_id").notNull().references(() => budgets.id, { onDelete: "cascade" }),
    bankAccountId: text("bank_account_id").notNull().references(() => bankAccounts.id, { onDelete: "cascade" }),
    transactionId: text("transaction_id").notNull(),
    date: text("date").notNull(),
    name: text("name").notNull(),
    merchantName: text("merchant_name"),
    amountCents: integer("amount_cents").notNull(),
    pending: integer("pending", { mode: "boolean" }).notNull().default(false),
    pendingTransactionId: text("pending_transaction_id"),
    categoryPrimary: text("category_primary"),
    categoryDetailed: text("category_detailed"),
    /** What the sync rules decided (app/domain/bank-sync/rules.ts): spending | pending | income | transfer | bill | reconciled. */
    disposition: text("disposition").notNull().default("spending"),
    matchedLineItemId: text("matched_line_item_id").references(() => lineItems.id, { onDelete: "set null" }),
    importedExpenseId: text("imported_expense_id").references(() => expenses.id, { onDelete: "set null" }),
    raw: text("raw", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("bank_transactions_unique").on(t.budgetId, t.transactionId), index("bank_transactions_date").on(t.budgetId, t.date), index("bank_transactions_expense").on(t.importedExpenseId)],
);

export const syncEvents = sqliteTable(
  "sync_events",
  {
    id: id(),
    budgetId: text("budget_id").notNull().references(() => budgets.id, { onDelete: "cascade" }),
    syncType: text("sync_type", { enum: ["auto", "manual"] }).notNull(),
    status: text("status", { enum: ["success", "error", "partial"] }).notNull(),
    transactionsImported: integer("transactions_imported").notNull().default(0),
    transactionsSkipped: integer("transactions_skipped").notNull().default(0),
    rangeStart: text("range_start"),
    rangeEnd: text("range_end"),
    billsMatched: integer("bills_matched").notNull().default(0),
    plaidItemId: text("plaid_item_id"),
    errorMessage: text("error_message"),
    createdAt: createdAt(),
  },
  (t) => [index("sync_events_budget").on(t.budgetId, t.createdAt)],
);

/**
 * Idempotency keys of budget commands, written in the same D1 batch as the command's own writes: a
 * repeated key finds the first outcome even if the Durable Object died right after committing.
 */
export const budgetCommandKeys = sqliteTable(
  "budget_command_keys",
  {
    budgetId: text("budget_id").notNull().references(() => budgets.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    // SHA-256 of who sent what: the same key with a different request is a client bug, answered 409.
    requestHash: text("request_hash").notNull(),
    outcome: text("outcome", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.budgetId, t.key] }), index("budget_command_keys_created").on(t.createdAt)],
);

export const activityLog = sqliteTable(
  "activity_log",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    budgetId: text("budget_id").references(() => budgets.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["expense", "message", "login", "budget", "admin", "job"] }).notNull(),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_log_user").on(t.userId, t.createdAt),
    index("activity_log_time").on(t.createdAt),
    index("activity_log_type_time").on(t.type, t.createdAt),
  ],
);

/** Merchant → category memory per budget (issue 7), keyed by domain/assistant merchantKey(). */
export const merchantCategories = sqliteTable(
  "merchant_categories",
  {
    budgetId: text("budget_id").notNull().references(() => budgets.id, { onDelete: "cascade" }),
    merchantKey: text("merchant_key").notNull(),
    categoryId: text("category_id").notNull().references(() => categories.id),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.budgetId, t.merchantKey] })],
);

export type UserRow = typeof users.$inferSelect;
export type BudgetRow = typeof budgets.$inferSelect;
export type LineItemRow = typeof lineItems.$inferSelect;
export type ExpenseRow = typeof expenses.$inferSelect;
