// The admin panel's view of users (spec part 2 §3), as the server sends it.
import type { AccountStatus } from "./public-user";
import type { LanguagePreference } from "./wording";

export interface AdminUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phoneNumber: string | null;
  createdAt: string;
  accountStatus: AccountStatus;
  isAdmin: boolean;
}

export interface AdminUserDetails extends AdminUser {
  lastLoginAt: string | null;
  hasBudget: boolean;
  messageCount: number;
  expenseCount: number;
  budgetData: { totalIncome: string; fixedExpenses: string; spendableAmount: string; spent: string } | null;
  languagePreference: LanguagePreference;
  smsOptInConsent: boolean;
  smsOptInDate: string | null;
}

/** One line of a user's recent activity in the user dialog. */
export interface ActivityItem {
  type: "expense" | "message" | "login" | "budget";
  description: string;
  createdAt: string;
}
