-- Account deletion, export and the admin panel (issue 11). Indexes only: the tables exist since 0000.
-- Deleting a user sets expenses.user_id to NULL ("Former member") and the export and admin activity read
-- a user's expenses and uploads: without these, each is a full scan of the table.
CREATE INDEX IF NOT EXISTS `expenses_user` ON `expenses` (`user_id`, `created_at`);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `uploads_user` ON `uploads` (`user_id`);
--> statement-breakpoint
-- The admin's Activity Logs page: newest first, optionally one type.
CREATE INDEX IF NOT EXISTS `activity_log_time` ON `activity_log` (`created_at`);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `activity_log_type_time` ON `activity_log` (`type`, `created_at`);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `conversations_user_time` ON `conversations` (`user_id`, `created_at`);
