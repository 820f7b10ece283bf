import { activityQuerySchema } from "~/domain/activity";
import { ADMIN_TABS, type AdminTab } from "~/domain/admin-forms";
import { listActivity, type ActivityFilter } from "./activity.server";
import type { SQL } from "drizzle-orm";
import { findUser, searchUsers, searchUsersQuery, toAdminUser, userActivity, userDetails } from "./admin.server";
import type { AppContext } from "./context.server";
import type { UserRow } from "./db/schema";
import { listSupportMessages, listThreads } from "./support.server";

function tabOf(url: URL): AdminTab {
  const asked = url.searchParams.get("tab") ?? "";
  return (ADMIN_TABS as readonly string[]).includes(asked) ? (asked as AdminTab) : "users";
}

function searchOf(url: URL): string {
  return (url.searchParams.get("search") ?? "").slice(0, 100);
}

/** Whether the screen's data for this URL can ride with the session lookup (the users tab's list). */
export function adminPageRides(url: URL): boolean {
  return tabOf(url) === "users";
}

/** The users tab's list as a query for `viewer` (SQL for the session's user): it finds nothing unless that user is an admin. */
export function adminPageQueries(app: AppContext, url: URL, viewer: SQL) {
  return [searchUsersQuery(app, searchOf(url), viewer)] as const;
}

/** What the admin screen shows for its URL: the tab, and only that tab's data (`ridden`: the users tab's list, already read). */
export async function loadAdminPage(app: AppContext, url: URL, ridden?: UserRow[] | null) {
  const q = url.searchParams;
  const tab = tabOf(url);
  if (tab === "users") {
    const search = searchOf(url);
    const selectedId = q.get("user");
    const selected = selectedId ? await findUser(app, selectedId) : null;
    const [users, details, activity] = await Promise.all([
      searchUsers(app, search, ridden),
      selected ? userDetails(app, selected) : null,
      selected ? userActivity(app, selected.id) : null,
    ]);
    return { tab, search, users, selected: details ? { details, activity: activity ?? [] } : null } as const;
  }
  if (tab === "messages") {
    const threadId = q.get("thread");
    const threadUser = threadId ? await findUser(app, threadId) : null;
    const [threads, messages] = await Promise.all([listThreads(app), threadUser ? listSupportMessages(app, threadUser.id) : null]);
    return { tab, threads, thread: threadUser && messages ? { user: toAdminUser(threadUser), messages } : null } as const;
  }
  if (tab === "activity") {
    const parsed = activityQuerySchema.safeParse(Object.fromEntries(q));
    const filter: ActivityFilter = parsed.success ? parsed.data : { page: 1 };
    const [log, users] = await Promise.all([listActivity(app, filter), searchUsers(app, "")]);
    return { tab, log, filter: { type: filter.type ?? "", userId: filter.userId ?? "" }, users: users.map((u) => ({ id: u.id, email: u.email })) } as const;
  }
  return { tab } as const;
}

export type AdminPageData = Awaited<ReturnType<typeof loadAdminPage>>;
