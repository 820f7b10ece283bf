-- Merchant → category memory per budget (issue 7): when a member changes an expense's category, the
-- assistant files that merchant the same way next time, for every member of the budget.
CREATE TABLE `merchant_categories` (
	`budget_id` text NOT NULL,
	`merchant_key` text NOT NULL,
	`category_id` text NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`budget_id`, `merchant_key`),
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
