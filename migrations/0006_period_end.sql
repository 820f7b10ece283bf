-- Monthly reset (issue 9). period_end: the day the current period ends when the owner changed the reset
-- day mid-period (NULL: the next occurrence of reset_day after period_start). reset_due_at: the UTC instant
-- that day begins in the budget's time zone, so the hourly cron finds due budgets with one indexed range
-- scan, whatever their zones. Existing budgets get 0: the first cron run checks each and stores the real
-- instant (a budget not yet due is not reset).
ALTER TABLE `budgets` ADD `period_end` text;
--> statement-breakpoint
ALTER TABLE `budgets` ADD `reset_due_at` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX `budgets_reset_due` ON `budgets` (`reset_due_at`);
--> statement-breakpoint
-- History reads a budget's archived expenses newest month first.
CREATE INDEX IF NOT EXISTS `expenses_budget_archived` ON `expenses` (`budget_id`, `archived_at`, `date`);
