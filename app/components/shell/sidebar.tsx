import { Link, useLocation } from "@remix-run/react";
import { clsx } from "clsx";
import { isActivePath, sidebarItems, userDisplayName, userInitial, type NavKey } from "~/domain/navigation";
import { applyWording } from "~/domain/wording";
import type { ShellData } from "~/domain/public-user";
import { CountBadge } from "./badge";
import { NAV_ICONS } from "./nav-icons";

export function badgeFor(key: NavKey, badges: ShellData["badges"]): { count: number; label: string } | null {
  if (key === "features") return { count: badges.features, label: "unread features" };
  if (key === "settings") return { count: badges.adminMessages, label: "unread messages" };
  if (key === "admin") return { count: badges.adminThreads, label: "unread threads" };
  return null;
}

/** Desktop: fixed 16rem sidebar with descriptions, badges and the user block. */
export function Sidebar({ shell, appName }: { shell: ShellData; appName: string }) {
  const { pathname } = useLocation();
  const { user, badges } = shell;
  return (
    <aside className="fixed inset-y-0 left-0 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex" aria-label="Sidebar">
      <div className="px-5 py-5">
        <Link to="/" className="text-lg font-bold text-brand-700">
          {appName}
        </Link>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3">
        <ul className="space-y-1">
          {sidebarItems(user.isAdmin).map((item) => {
            const Icon = NAV_ICONS[item.key];
            const active = isActivePath(item.href, pathname);
            const badge = badgeFor(item.key, badges);
            return (
              <li key={item.key}>
                <Link
                  to={item.href}
                  prefetch="intent"
                  aria-current={active ? "page" : undefined}
                  data-nav={item.key}
                  className={clsx("flex items-start gap-3 rounded-lg px-3 py-2", active ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100")}
                >
                  <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2 text-sm font-medium">
                      {item.label}
                      {badge ? <CountBadge count={badge.count} label={badge.label} /> : null}
                    </span>
                    <span className={clsx("block text-xs", active ? "text-slate-700" : "text-slate-600")}>{applyWording(item.description, user.languagePreference)}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="flex items-center gap-3 border-t border-slate-200 px-4 py-4" data-testid="user-block">
        {user.profileImageUrl ? (
          <img src={user.profileImageUrl} alt="" className="h-9 w-9 rounded-full object-cover" />
        ) : (
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700" aria-hidden>
            {userInitial(user)}
          </span>
        )}
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{userDisplayName(user)}</p>
          <p className="truncate text-xs text-slate-500">{user.email}</p>
        </div>
      </div>
    </aside>
  );
}
