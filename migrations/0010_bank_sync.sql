-- Bank sync (issue 20). Written by hand like 0004–0009 (drizzle-kit's snapshots stop at 0002).
-- Plaid's account_id is unique within its Item only: a re-linked bank is a new Item.
DROP INDEX IF EXISTS `bank_accounts_account_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `bank_accounts_item_account_unique` ON `bank_accounts` (`plaid_item_id`,`account_id`);--> statement-breakpoint
ALTER TABLE `bank_transactions` ADD `pending_transaction_id` text;--> statement-breakpoint
ALTER TABLE `bank_transactions` ADD `category_primary` text;--> statement-breakpoint
ALTER TABLE `bank_transactions` ADD `category_detailed` text;--> statement-breakpoint
ALTER TABLE `bank_transactions` ADD `disposition` text DEFAULT 'spending' NOT NULL;--> statement-breakpoint
CREATE INDEX `bank_transactions_expense` ON `bank_transactions` (`imported_expense_id`);--> statement-breakpoint
ALTER TABLE `plaid_items` ADD `institution_id` text;--> statement-breakpoint
ALTER TABLE `plaid_items` ADD `error_code` text;--> statement-breakpoint
ALTER TABLE `plaid_items` ADD `sync_lease_until` integer;--> statement-breakpoint
ALTER TABLE `plaid_items` ADD `last_synced_at` integer;--> statement-breakpoint
CREATE INDEX `plaid_items_status` ON `plaid_items` (`status`,`id`);--> statement-breakpoint
ALTER TABLE `sync_events` ADD `bills_matched` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sync_events` ADD `plaid_item_id` text;
