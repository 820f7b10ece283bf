-- BudgetRoom's sequence counter moves from each object's own storage to the budget row, written in the
-- command's batch: a room then needs no storage, so waking one (10,000 in a monthly reset) is cheap.
ALTER TABLE `budgets` ADD `seq` integer DEFAULT 0 NOT NULL;
-- The reset (and account deletion) look up a budget's conversations by budget, not by user.
CREATE INDEX IF NOT EXISTS `conversations_budget_time` ON `conversations` (`budget_id`, `created_at`);
