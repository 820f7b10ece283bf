// Answers about the app's own features, for the New Features "Show me how" hand-offs (their chat
// triggers) and the same questions asked in other words. Each answer says how, and links to the screen.

export type FeatureTopic = "upload" | "share" | "debts" | "ask" | "bank" | "history" | "budget";

export interface FeatureAnswer {
  text: string;
  link: { href: string; label: string };
}

const TOPICS: Array<[FeatureTopic, RegExp]> = [
  ["upload", /\b(?:upload|import)\b.*\b(?:statements?|csv|pdf|transactions?|bank|file)\b|\bbank statements?\b|\bstatement upload\b/i],
  ["share", /\b(?:share|sharing|invite|inviting)\b.*\b(?:budget|family|partner|wife|husband|spouse|members?|household|someone|roommate)\b|\b(?:add|invite)\s+(?:my\s+)?(?:family|partner|wife|husband|spouse)\b/i],
  ["debts", /\b(?:debts?|payoff|snowball|avalanche)\b|\bpay(?:ing)? off\s+(?:my|our)\s+(?:loans?|cards?|credit cards?|debts?)\b/i],
  ["bank", /\b(?:link|connect|sync)\b.*\b(?:bank|accounts?|card)\b|\bplaid\b|\bbank (?:sync|connections?)\b/i],
  ["history", /\b(?:export|download)\b.*\b(?:expenses|data|csv|history|transactions)\b|\b(?:expense|spending) history\b|\bpast (?:months|periods)\b/i],
  ["ask", /\bwhat (?:can|could|should) i ask\b|\bwhat (?:questions|things) can\b|\bask (?:you|my budget) (?:anything|about)\b/i],
  ["budget", /\b(?:how do i|how can i|where do i|help me)\b.*\b(?:income|fixed (?:bills?|expenses?)|reset day|budget page)\b/i],
];

// Only questions about the app: a message with an amount in it is about money, not about a feature.
const ASKING = /\b(?:how|help|where|what|show|can i|explain|tell me|guide|walk me|set ?up|plan)\b|\?\s*$/i;

export function featureTopic(text: string): FeatureTopic | null {
  if (/\d/.test(text) || !ASKING.test(text)) return null;
  for (const [topic, re] of TOPICS) if (re.test(text)) return topic;
  return null;
}

export const FEATURE_ANSWERS: Record<FeatureTopic, FeatureAnswer> = {
  upload: {
    text: "To upload a bank statement: open Transaction Upload, choose a CSV, text or PDF file from your bank (up to 10 MB), and I'll read every transaction, suggest a category for each and flag likely duplicates. Review the list, untick anything you don't want, then import the rest.",
    link: { href: "/transaction-upload", label: "Open Transaction Upload" },
  },
  share: {
    text: "To share your budget: go to Settings, and under Budget Sharing enter a family member's e-mail (or copy an invitation link). Once they accept, you both log into the same left-to-spend figure and see each other's expenses live. Only the owner can invite or remove members.",
    link: { href: "/settings", label: "Open Settings" },
  },
  debts: {
    text: "To plan paying off your debts: open Debt Management, add each debt with its balance, interest rate and minimum payment, then set an extra monthly amount and compare Snowball (smallest balance first) with Avalanche (highest interest first): total interest and months to debt-free for each. Apply the plan you like and its extra payment is kept in your budget.",
    link: { href: "/debt-management", label: "Open Debt Management" },
  },
  ask: {
    text: 'You can ask me about your real numbers: "how much is left?", "what\'s my daily limit?", "how much did we spend on dining?", "what\'s our top category?", "show my recent expenses" or "can I afford a $200 dinner?". Log spending just by typing it, like "groceries $80" or "coffee 4 and bagel 3 yesterday".',
    link: { href: "/", label: "Back to the chat" },
  },
  bank: {
    text: "To link a bank: open Bank Connections and choose Connect a bank. Synced card and account transactions are imported as expenses (pending ones wait until they post), and transfers between your own accounts are left out.",
    link: { href: "/bank-connections", label: "Open Bank Connections" },
  },
  history: {
    text: "Past periods live in History, and Expense History has every expense with filters and a CSV export.",
    link: { href: "/expense-history", label: "Open Expense History" },
  },
  budget: {
    text: "Your income, fixed bills and reset day are on the Budget page: edit a line and it saves itself, and your left-to-spend and daily figures follow.",
    link: { href: "/budget-panel", label: "Open the Budget page" },
  },
};
