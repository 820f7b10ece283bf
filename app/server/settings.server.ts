import type { AppContext } from "./context.server";
import type { UserRow } from "./db/schema";
import { listSupportMessages } from "./support.server";
import { toPublicUser } from "./users.server";

/** Where "Back" goes without JavaScript: the same-origin page the user came from, else the chat. */
export function backLink(request: Request): string {
  const referer = request.headers.get("Referer");
  if (!referer) return "/";
  try {
    const from = new URL(referer);
    const here = new URL(request.url);
    if (from.origin !== here.origin || from.pathname === here.pathname || from.pathname.startsWith("/api/")) return "/";
    return from.pathname + from.search;
  } catch {
    return "/";
  }
}

/** The Settings page's own sections; each key is one section, so more sections add keys. */
export async function loadSettings(app: AppContext, user: UserRow, request: Request) {
  const messages = await listSupportMessages(app, user.id);
  return {
    account: toPublicUser(user),
    support: { messages, unread: messages.filter((m) => m.sender === "admin" && m.status === "unread").length },
    backTo: backLink(request),
  };
}

export type SettingsData = Awaited<ReturnType<typeof loadSettings>>;
