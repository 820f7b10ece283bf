import type { AppContext } from "./context.server";
import type { UserRow } from "./db/schema";
import { sessionLookupWith, sessionUserIdOf } from "./auth/session.server";
import { unreadFeaturesQuery } from "./features.server";
import { unreadAdminMessagesQuery, unreadThreadsQuery } from "./support.server";
import { toPublicUser } from "./users.server";
import type { ShellData } from "~/domain/public-user";

/** What the app shell needs on every signed-in page: the user and the three badges. */
export async function loadShell(app: AppContext, user: UserRow) {
  const counts = await app.db.batch([unreadFeaturesQuery(app.db, user.id), unreadAdminMessagesQuery(app.db, user.id), unreadThreadsQuery(app.db)]);
  return shapeShell(user, counts);
}

/**
 * The signed-in user and the shell in one D1 round trip: the badge queries find the user through the
 * session (a subquery), so they go in the same batch as the session lookup, and so do the queries the
 * page's own loader adds (`rideWithSessionLookup`). Every other loader of the page view gets the user
 * from this lookup too.
 */
export async function loadSessionAndShell(app: AppContext, request: Request): Promise<{ user: UserRow | null; shell: ShellData | null }> {
  let counts: [Count, Count, Count] | null = null;
  const user = await sessionLookupWith(
    app,
    request,
    (hash) => {
      const userId = sessionUserIdOf(app, hash);
      return [unreadFeaturesQuery(app.db, userId), unreadAdminMessagesQuery(app.db, userId), unreadThreadsQuery(app.db)];
    },
    (rows) => {
      counts = rows as [Count, Count, Count];
    },
  );
  if (!user) return { user: null, shell: null };
  // Another loader's lookup went first (it had no badges in it): read them on their own.
  return { user, shell: counts ? shapeShell(user, counts) : await loadShell(app, user) };
}

type Count = { n: number }[];

function shapeShell(user: UserRow, [features, adminMessages, adminThreads]: [Count, Count, Count]): ShellData {
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

