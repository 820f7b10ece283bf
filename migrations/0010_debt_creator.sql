-- Who added each debt (issue 18 #15): a member may edit the debts they added; the owner edits every debt.
-- Debts added before this column existed have no creator, so only the owner changes them.
ALTER TABLE `debts` ADD `created_by` text REFERENCES `users`(`id`) ON DELETE SET NULL;
