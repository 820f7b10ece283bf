import type { AppContext } from "./context.server";
import type { UserRow } from "./db/schema";
import { unreadFeaturesQuery } from "./features.server";
import { unreadAdminMessagesQuery, unreadThreadsQuery } from "./support.server";
import { toPublicUser } from "./users.server";

/** What the app shell needs on every signed-in page: the user and the three badges, in one batch. */
export async function loadShell(app: AppContext, user: UserRow) {
  const [features, adminMessages, adminThreads] = await app.db.batch([
    unreadFeaturesQuery(app.db, user.id),
    unreadAdminMessagesQuery(app.db, user.id),
    unreadThreadsQuery(app.db),
  ]);
  return {
    user: toPublicUser(user),
    badges: {
      features: features[0]?.n ?? 0,
      adminMessages: adminMessages[0]?.n ?? 0,
      // Thread counts are for admins' eyes only.
      adminThreads: user.isAdmin ? (adminThreads[0]?.n ?? 0) : 0,
    },
  };
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>;
