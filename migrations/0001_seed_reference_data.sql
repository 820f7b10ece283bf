-- Custom SQL migration file, put your code below! --
-- Reference data every budget relies on: the nine spending categories (spec part 1 §3) and the first
-- feature announcements. Ids are stable slugs so code and tests can name them.
INSERT INTO categories (id, name, emoji, position) VALUES
  ('food', 'Food & Groceries', '🛒', 1),
  ('dining', 'Dining Out', '🍽️', 2),
  ('coffee', 'Coffee & Drinks', '☕', 3),
  ('transport', 'Gas & Transportation', '⛽', 4),
  ('shopping', 'Shopping', '🛍️', 5),
  ('entertainment', 'Entertainment', '🎬', 6),
  ('health', 'Health & Fitness', '💪', 7),
  ('utilities', 'Utilities', '💡', 8),
  ('other', 'Other', '📦', 9);

INSERT INTO features (id, title, description, detailed_description, benefits, category, release_date, chat_trigger, is_active) VALUES
  ('statement-upload', 'Upload bank statements',
   'Set up your fixed bills in one go from a CSV, text or PDF statement.',
   'Drop in a statement from your bank and we pull out every transaction, suggest a category for each, flag anything that looks like a duplicate, and let you approve exactly what gets added.',
   '["Skip typing bills one by one","Duplicates are flagged before anything is added","Works with CSV, text and PDF"]',
   'upload', '2026-09-15', 'How do I upload a bank statement?', 1),
  ('chat-questions', 'Ask your budget anything',
   'Ask "how much is left?" or "what did we spend on dining this month?" right in the chat.',
   'The assistant answers from your household''s real numbers: what is left to spend, the daily allowance until your reset day, spending by category or month, and whether you can afford a purchase.',
   '["Answers from your real data","Works for everyone in the household","No forms to fill in"]',
   'ai', '2026-10-01', 'What can I ask you about my budget?', 1),
  ('shared-budgets', 'Share one budget with your family',
   'Invite family members so everyone logs into the same left-to-spend figure.',
   'Owners invite by e-mail or link. Members can add expenses and see everyone''s spending, and every change shows up live on everyone''s screen.',
   '["One honest number for the whole household","See who added what","Live updates across devices"]',
   'budgeting', '2026-10-20', 'How do I share my budget with my family?', 1),
  ('debt-strategies', 'Compare debt payoff strategies',
   'See how snowball and avalanche plans change your payoff date and interest.',
   'Add your debts and an extra monthly payment, and compare the total interest and months to debt-free for each strategy before you apply one to your budget.',
   '["See the interest you save","Know your debt-free date","Applies straight to your budget"]',
   'other', '2026-11-10', 'Help me plan paying off my debts', 1);
