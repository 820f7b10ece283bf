import { activityQuerySchema } from "~/domain/activity";
import { ADMIN_TABS, type AdminTab } from "~/domain/admin-forms";
import type { BatchResponse } from "drizzle-orm/batch";
import { activityPageQueries, listActivity, type ActivityFilter } from "./activity.server";
import type { SQL } from "drizzle-orm";
import { adminTargetId, findUser, findUserQuery, searchUsers, searchUsersQuery, toAdminUser, userActivity, userActivityQueries, userDetails, userDetailsQueries, viewerIsAdmin } from "./admin.server";
import type { AppContext } from "./context.server";
import type { UserRow } from "./db/schema";
import { listSupportMessages, listThreads, supportMessagesQuery, threadsQuery } from "./support.server";

function tabOf(url: URL): AdminTab {
  const asked = url.searchParams.get("tab") ?? "";
  return (ADMIN_TABS as readonly string[]).includes(asked) ? (asked as AdminTab) : "users";
}

function searchOf(url: URL): string {
  return (url.searchParams.get("search") ?? "").slice(0, 100);
}

/** Whether the screen's data for this URL can ride with the session lookup (every tab's can). */
export function adminPageRides(url: URL): boolean {
  return tabOf(url) !== "announcements";
}

function activityFilterOf(url: URL): ActivityFilter {
  const parsed = activityQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  return parsed.success ? parsed.data : { page: 1 };
}

/** A user the URL selects, as SQL that finds nothing unless `viewer` is an admin. */
function selectedTarget(viewer: SQL, id: string | null): SQL | null {
  return id ? adminTargetId(viewer, id) : null;
}

/** The selected user, their details and their activity (after the list in the users tab's batch). */
function selectedUserQueries(app: AppContext, target: SQL) {
  return [findUserQuery(app, target), ...userDetailsQueries(app, target), ...userActivityQueries(app, target)] as const;
}
type SelectedUserRows = BatchResponse<ReturnType<typeof selectedUserQueries>>;

function usersTabQueries(app: AppContext, url: URL, viewer: SQL) {
  const list = searchUsersQuery(app, searchOf(url), viewer);
  const target = selectedTarget(viewer, url.searchParams.get("user"));
  return target ? ([list, ...selectedUserQueries(app, target)] as const) : ([list] as const);
}
type UsersTabRows = readonly [UserRow[], ...unknown[]];

function threadQueries(app: AppContext, target: SQL) {
  return [findUserQuery(app, target), supportMessagesQuery(app, target)] as const;
}
type ThreadRows = BatchResponse<ReturnType<typeof threadQueries>>;

function messagesTabQueries(app: AppContext, url: URL, viewer: SQL) {
  const threads = threadsQuery(app, viewerIsAdmin(viewer));
  const target = selectedTarget(viewer, url.searchParams.get("thread"));
  return target ? ([threads, ...threadQueries(app, target)] as const) : ([threads] as const);
}
type MessagesTabRows = readonly [Awaited<ReturnType<typeof threadsQuery>>, ...unknown[]];

function activityTabQueries(app: AppContext, url: URL, viewer: SQL) {
  return [...activityPageQueries(app, activityFilterOf(url), viewerIsAdmin(viewer)), searchUsersQuery(app, "", viewer)] as const;
}
type ActivityTabRows = BatchResponse<ReturnType<typeof activityTabQueries>>;

/**
 * The screen's data for this URL as queries for `viewer` (SQL for the session's user), to ride with the
 * session lookup: each finds nothing unless that user is an admin (checked in SQL, in the same batch).
 */
export function adminPageQueries(app: AppContext, url: URL, viewer: SQL) {
  const tab = tabOf(url);
  if (tab === "messages") return messagesTabQueries(app, url, viewer);
  if (tab === "activity") return activityTabQueries(app, url, viewer);
  return usersTabQueries(app, url, viewer);
}

/** What the admin screen shows for its URL: the tab, and only that tab's data (`ridden`: `adminPageQueries`' rows, already read). */
export async function loadAdminPage(app: AppContext, url: URL, ridden?: readonly unknown[] | null) {
  const q = url.searchParams;
  const tab = tabOf(url);
  if (tab === "users") {
    const rows = ridden as UsersTabRows | null | undefined;
    const search = searchOf(url);
    const selectedId = q.get("user");
    // With a selected user the batch had their rows too (`usersTabQueries`).
    const detailRows = rows && rows.length > 1 ? (rows.slice(1) as unknown as SelectedUserRows) : null;
    const selected = selectedId ? await findUser(app, selectedId, detailRows?.[0]) : null;
    const [users, details, activity] = await Promise.all([
      searchUsers(app, search, rows?.[0]),
      selected ? userDetails(app, selected, detailRows ? [detailRows[1], detailRows[2], detailRows[3], detailRows[4], detailRows[5], detailRows[6], detailRows[7]] : null) : null,
      selected ? userActivity(app, selected.id, detailRows ? [detailRows[8], detailRows[9], detailRows[10]] : null) : null,
    ]);
    return { tab, search, users, selected: details ? { details, activity: activity ?? [] } : null } as const;
  }
  if (tab === "messages") {
    const rows = ridden as MessagesTabRows | null | undefined;
    const threadId = q.get("thread");
    const threadRows = rows && rows.length > 1 ? (rows.slice(1) as unknown as ThreadRows) : null;
    const threadUser = threadId ? await findUser(app, threadId, threadRows?.[0]) : null;
    const [threads, messages] = await Promise.all([
      listThreads(app, rows?.[0]),
      threadUser ? listSupportMessages(app, threadUser.id, threadRows?.[1]) : null,
    ]);
    return { tab, threads, thread: threadUser && messages ? { user: toAdminUser(threadUser), messages } : null } as const;
  }
  if (tab === "activity") {
    const rows = ridden as ActivityTabRows | null | undefined;
    const filter = activityFilterOf(url);
    const [log, users] = await Promise.all([listActivity(app, filter, rows ? [rows[0], rows[1]] : null), searchUsers(app, "", rows?.[2])]);
    return { tab, log, filter: { type: filter.type ?? "", userId: filter.userId ?? "" }, users: users.map((u) => ({ id: u.id, email: u.email })) } as const;
  }
  return { tab } as const;
}

export type AdminPageData = Awaited<ReturnType<typeof loadAdminPage>>;
