import { activityQuerySchema } from "~/domain/activity";
import { ADMIN_TABS, type AdminTab } from "~/domain/admin-forms";
import { listActivity, type ActivityFilter } from "./activity.server";
import { findUser, searchUsers, toAdminUser, userActivity, userDetails } from "./admin.server";
import type { AppContext } from "./context.server";
import { listSupportMessages, listThreads } from "./support.server";

/** What the admin screen shows for its URL: the tab, and only that tab's data. */
export async function loadAdminPage(app: AppContext, url: URL) {
  const q = url.searchParams;
  const tab: AdminTab = (ADMIN_TABS as readonly string[]).includes(q.get("tab") ?? "") ? (q.get("tab") as AdminTab) : "users";
  if (tab === "users") {
    const search = (q.get("search") ?? "").slice(0, 100);
    const selectedId = q.get("user");
    const selected = selectedId ? await findUser(app, selectedId) : null;
    const [users, details, activity] = await Promise.all([
      searchUsers(app, search),
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
