// The signed-in user as the server sends them (never the password hash or other secrets), and the app
// shell's data: that user and the badge counts of the navigation.

import type { ACCOUNT_STATUSES } from "./account";
import type { LanguagePreference } from "./wording";

export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export interface PublicUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
  accountStatus: AccountStatus;
  languagePreference: LanguagePreference;
  smsOptInConsent: boolean;
  smsOptInDate: string | null;
  profileComplete: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ShellData {
  user: PublicUser;
  badges: { features: number; adminMessages: number; adminThreads: number };
}
