CREATE TABLE `budget_command_keys` (
	`budget_id` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`outcome` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`budget_id`, `key`),
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `budget_command_keys_created` ON `budget_command_keys` (`created_at`);