import type { AppContext } from "./context.server";
import type { UserRow } from "./db/schema";
import { unreadFeatureCount } from "./features.server";
import { unreadAdminMessageCount, unreadThreadCount } from "./support.server";
import { toPublicUser } from "./users.server";

/** What the app shell needs on every signed-in page: the user and the three badges. */
export async function loadShell(app: AppContext, user: UserRow) {
  const [features, adminMessages, adminThreads] = await Promise.all([
    unreadFeatureCount(app, user.id),
    unreadAdminMessageCount(app, user.id),
    user.isAdmin ? unreadThreadCount(app) : Promise.resolve(0),
  ]);
  return {
    user: toPublicUser(user),
    badges: { features, adminMessages, adminThreads },
  };
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>;
