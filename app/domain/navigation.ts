// The app shell's navigation (spec part 1 §2). Pure, shared by the sidebar, the bottom bar and tests.
export type NavKey = "chat" | "budget" | "history" | "debts" | "upload" | "bank" | "features" | "admin" | "settings";

export interface NavItem {
  key: NavKey;
  label: string;
  description: string;
  href: string;
  adminOnly?: boolean;
}

const ITEMS: NavItem[] = [
  { key: "chat", label: "Chat", description: "Log expenses and ask questions", href: "/" },
  { key: "budget", label: "Budget", description: "Income, fixed bills and spending", href: "/budget-panel" },
  { key: "history", label: "History", description: "Archived transactions", href: "/history" },
  { key: "debts", label: "Debt Management", description: "Track debts and payoff plans", href: "/debt-management" },
  { key: "upload", label: "Transaction Upload", description: "Import bank statements", href: "/transaction-upload" },
  { key: "bank", label: "Bank Connections", description: "Linked accounts and sync", href: "/bank-connections" },
  { key: "features", label: "New Features", description: "What's new in the app", href: "/new-features" },
  { key: "admin", label: "Admin", description: "Manage users and messages", href: "/admin", adminOnly: true },
  { key: "settings", label: "Settings", description: "Account, sharing and support", href: "/settings" },
];

/** Sidebar items: 8 for everyone, plus Admin just before Settings for admins. */
export function sidebarItems(isAdmin: boolean): NavItem[] {
  return ITEMS.filter((item) => !item.adminOnly || isAdmin);
}

/** Mobile bottom bar shows these directly; the rest go into the More sheet. */
export const BOTTOM_BAR_KEYS: NavKey[] = ["chat", "budget", "settings"];

export function moreSheetItems(isAdmin: boolean): NavItem[] {
  return ITEMS.filter((item) => !BOTTOM_BAR_KEYS.includes(item.key) && item.key !== "bank" && (!item.adminOnly || isAdmin));
}

export function bottomBarItems(): NavItem[] {
  return ITEMS.filter((item) => BOTTOM_BAR_KEYS.includes(item.key));
}

/** Active by exact match, or by path prefix for every item except "/". */
export function isActivePath(href: string, pathname: string): boolean {
  if (href === pathname) return true;
  if (href === "/") return false;
  return pathname.startsWith(href.endsWith("/") ? href : `${href}/`) || pathname === href;
}

export function userInitial(user: { firstName?: string | null; email?: string | null }): string {
  const source = user.firstName?.trim() || user.email?.trim() || "U";
  return source[0].toUpperCase();
}

export function userDisplayName(user: { firstName?: string | null; email?: string | null }): string {
  if (user.firstName?.trim()) return user.firstName.trim();
  const local = user.email?.split("@")[0];
  return local && local.length > 0 ? local : "User";
}
