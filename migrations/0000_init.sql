CREATE TABLE `activity_log` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`budget_id` text,
	`type` text NOT NULL,
	`description` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `activity_log_user` ON `activity_log` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `auth_attempts` (
	`key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_attempts_key_time` ON `auth_attempts` (`key`,`created_at`);--> statement-breakpoint
CREATE TABLE `bank_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`plaid_item_id` text NOT NULL,
	`budget_id` text NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`official_name` text,
	`institution_name` text,
	`mask` text,
	`type` text,
	`subtype` text,
	`current_balance_cents` integer,
	`available_balance_cents` integer,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`plaid_item_id`) REFERENCES `plaid_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_accounts_account_unique` ON `bank_accounts` (`account_id`);--> statement-breakpoint
CREATE INDEX `bank_accounts_budget` ON `bank_accounts` (`budget_id`);--> statement-breakpoint
CREATE TABLE `bank_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`budget_id` text NOT NULL,
	`bank_account_id` text NOT NULL,
	`transaction_id` text NOT NULL,
	`date` text NOT NULL,
	`name` text NOT NULL,
	`merchant_name` text,
	`amount_cents` integer NOT NULL,
	`pending` integer DEFAULT false NOT NULL,
	`matched_line_item_id` text,
	`imported_expense_id` text,
	`raw` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`matched_line_item_id`) REFERENCES `line_items`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`imported_expense_id`) REFERENCES `expenses`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_transactions_unique` ON `bank_transactions` (`budget_id`,`transaction_id`);--> statement-breakpoint
CREATE INDEX `bank_transactions_date` ON `bank_transactions` (`budget_id`,`date`);--> statement-breakpoint
CREATE TABLE `budget_members` (
	`id` text PRIMARY KEY NOT NULL,
	`budget_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`joined_at` integer NOT NULL,
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `budget_members_unique` ON `budget_members` (`budget_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `budget_members_user` ON `budget_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `budgets` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`owner_id` text NOT NULL,
	`reset_day` integer DEFAULT 1 NOT NULL,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`period_start` text NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`emoji` text NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`budget_id` text NOT NULL,
	`phase` text DEFAULT 'onboarding' NOT NULL,
	`state` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversations_user_budget` ON `conversations` (`user_id`,`budget_id`);--> statement-breakpoint
CREATE TABLE `debt_plans` (
	`budget_id` text PRIMARY KEY NOT NULL,
	`strategy` text NOT NULL,
	`extra_payment_cents` integer DEFAULT 0 NOT NULL,
	`applied_by` text,
	`applied_at` integer NOT NULL,
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`applied_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `debts` (
	`id` text PRIMARY KEY NOT NULL,
	`budget_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`current_balance_cents` integer NOT NULL,
	`interest_rate` real NOT NULL,
	`minimum_payment_cents` integer NOT NULL,
	`current_payment_cents` integer,
	`creditor` text,
	`payment_due_date` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `debts_budget` ON `debts` (`budget_id`);--> statement-breakpoint
CREATE TABLE `expenses` (
	`id` text PRIMARY KEY NOT NULL,
	`budget_id` text NOT NULL,
	`user_id` text,
	`amount_cents` integer NOT NULL,
	`description` text NOT NULL,
	`category_id` text NOT NULL,
	`date` text NOT NULL,
	`created_at` integer NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`original_input` text,
	`source` text DEFAULT 'form' NOT NULL,
	`external_id` text,
	`period_start` text NOT NULL,
	`budget_month` text,
	`archived_at` integer,
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `expenses_budget_period` ON `expenses` (`budget_id`,`archived_at`,`period_start`,`date`);--> statement-breakpoint
CREATE INDEX `expenses_budget_month` ON `expenses` (`budget_id`,`budget_month`);--> statement-breakpoint
CREATE UNIQUE INDEX `expenses_external_unique` ON `expenses` (`budget_id`,`external_id`);--> statement-breakpoint
CREATE TABLE `feature_views` (
	`feature_id` text NOT NULL,
	`user_id` text NOT NULL,
	`viewed_at` integer NOT NULL,
	PRIMARY KEY(`feature_id`, `user_id`),
	FOREIGN KEY (`feature_id`) REFERENCES `features`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `features` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`detailed_description` text NOT NULL,
	`benefits` text NOT NULL,
	`category` text NOT NULL,
	`release_date` text NOT NULL,
	`chat_trigger` text,
	`is_active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`budget_id` text NOT NULL,
	`invitee_email` text,
	`role` text DEFAULT 'member' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`token` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_by` text NOT NULL,
	`accepted_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`accepted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_token_unique` ON `invitations` (`token`);--> statement-breakpoint
CREATE INDEX `invitations_budget` ON `invitations` (`budget_id`,`status`);--> statement-breakpoint
CREATE TABLE `line_items` (
	`id` text PRIMARY KEY NOT NULL,
	`budget_id` text NOT NULL,
	`kind` text NOT NULL,
	`label` text NOT NULL,
	`amount_cents` integer DEFAULT 0 NOT NULL,
	`category` text NOT NULL,
	`is_single_month` integer DEFAULT false NOT NULL,
	`bank_sync_enabled` integer DEFAULT false NOT NULL,
	`matching_merchants` text DEFAULT '[]' NOT NULL,
	`amount_tolerance_percent` real DEFAULT 5 NOT NULL,
	`matching_account_masks` text DEFAULT '[]' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`managed_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `line_items_budget` ON `line_items` (`budget_id`,`kind`,`position`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`sender` text NOT NULL,
	`content` text NOT NULL,
	`message_type` text DEFAULT 'text' NOT NULL,
	`metadata` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_conversation_time` ON `messages` (`conversation_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `oauth_accounts` (
	`provider` text NOT NULL,
	`provider_account_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`provider`, `provider_account_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `oauth_accounts_user` ON `oauth_accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `plaid_items` (
	`id` text PRIMARY KEY NOT NULL,
	`budget_id` text NOT NULL,
	`user_id` text NOT NULL,
	`item_id` text NOT NULL,
	`access_token_encrypted` text NOT NULL,
	`institution_name` text,
	`cursor` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plaid_items_item_unique` ON `plaid_items` (`item_id`);--> statement-breakpoint
CREATE INDEX `plaid_items_budget` ON `plaid_items` (`budget_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `support_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`sender` text NOT NULL,
	`admin_id` text,
	`subject` text NOT NULL,
	`content` text NOT NULL,
	`priority` text DEFAULT 'normal' NOT NULL,
	`category` text DEFAULT 'support' NOT NULL,
	`status` text DEFAULT 'unread' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `support_messages_user` ON `support_messages` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `support_messages_status` ON `support_messages` (`sender`,`status`);--> statement-breakpoint
CREATE TABLE `sync_events` (
	`id` text PRIMARY KEY NOT NULL,
	`budget_id` text NOT NULL,
	`sync_type` text NOT NULL,
	`status` text NOT NULL,
	`transactions_imported` integer DEFAULT 0 NOT NULL,
	`transactions_skipped` integer DEFAULT 0 NOT NULL,
	`range_start` text,
	`range_end` text,
	`error_message` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sync_events_budget` ON `sync_events` (`budget_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`budget_id` text NOT NULL,
	`user_id` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text,
	`size_bytes` integer NOT NULL,
	`r2_key` text NOT NULL,
	`status` text DEFAULT 'processing' NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`result` text,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `uploads_budget` ON `uploads` (`budget_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`phone` text,
	`profile_image_url` text,
	`is_admin` integer DEFAULT false NOT NULL,
	`account_status` text DEFAULT 'active' NOT NULL,
	`language_preference` text DEFAULT 'spending' NOT NULL,
	`sms_opt_in_consent` integer DEFAULT false NOT NULL,
	`sms_opt_in_date` integer,
	`password_hash` text,
	`active_budget_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`last_login_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);