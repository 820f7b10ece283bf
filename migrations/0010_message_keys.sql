-- Idempotency keys of chat sends (issue 23): a message queued offline and retried is answered once.
CREATE TABLE IF NOT EXISTS `message_keys` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`answer` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `message_keys_created` ON `message_keys` (`created_at`);
