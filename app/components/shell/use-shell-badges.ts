import { useEffect, useState } from "react";
import { apiRequest } from "~/lib/api-client";
import type { ShellData } from "~/domain/public-user";

const STALE_MS = 30_000;

/** Unread counts: fresh from the loader, refreshed on focus once 30 s stale (spec part 1 §7, §9). */
export function useShellBadges(initial: ShellData["badges"], isAdmin: boolean): ShellData["badges"] {
  const [badges, setBadges] = useState(initial);
  useEffect(() => setBadges(initial), [initial]);
  useEffect(() => {
    let last = Date.now();
    const refresh = async () => {
      if (Date.now() - last < STALE_MS) return;
      last = Date.now();
      try {
        const [features, adminMessages, adminThreads] = await Promise.all([
          apiRequest<{ count: number }>("GET", "/api/features/unread-count"),
          apiRequest<{ count: number }>("GET", "/api/user/admin-messages/unread-count"),
          isAdmin ? apiRequest<{ count: number }>("GET", "/api/admin/message-threads/unread-count") : Promise.resolve({ count: 0 }),
        ]);
        setBadges({ features: features.count, adminMessages: adminMessages.count, adminThreads: adminThreads.count });
      } catch {
        // A 401 is handled by apiRequest (toast + redirect); other failures keep the last counts.
      }
    };
    window.addEventListener("focus", refresh);
    return () => window.removeEventListener("focus", refresh);
  }, [isAdmin]);
  return badges;
}
