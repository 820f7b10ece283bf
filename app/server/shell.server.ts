import type { AppContext } from "./context.server";
import type { UserRow } from "./db/schema";
import { acceptBatchedSession, sessionBatchQueries, sessionHashOf, sessionUserIdOf, shareSessionLookup } from "./auth/session.server";
import { unreadFeaturesQuery } from "./features.server";
import { unreadAdminMessagesQuery, unreadThreadsQuery } from "./support.server";
import { toPublicUser } from "./users.server";

/** What the app shell needs on every signed-in page: the user and the three badges. */
export async function loadShell(app: AppContext, user: UserRow) {
  const counts = await app.db.batch([unreadFeaturesQuery(app.db, user.id), unreadAdminMessagesQuery(app.db, user.id), unreadThreadsQuery(app.db)]);
  return shapeShell(user, counts);
}

/**
 * The signed-in user and the shell in one D1 round trip: the badge queries find the user through the
 * session (a subquery), so they go in the same batch as the session lookup. Every other loader of the
 * page view gets the user from this lookup too (`shareSessionLookup`).
 */
export function loadSessionAndShell(app: AppContext, request: Request): Promise<{ user: UserRow | null; shell: ShellData | null }> {
  const loaded = readSessionAndShell(app, request);
  shareSessionLookup(app, request, loaded.then((r) => r.user));
  return loaded;
}

async function readSessionAndShell(app: AppContext, request: Request) {
  const hash = await sessionHashOf(app, request);
  if (!hash) return { user: null, shell: null };
  const userId = sessionUserIdOf(app, hash);
  const [u, m] = sessionBatchQueries(app, hash);
  const [userRows, memberships, features, adminMessages, adminThreads] = await app.db.batch([
    u,
    m,
    unreadFeaturesQuery(app.db, userId),
    unreadAdminMessagesQuery(app.db, userId),
    unreadThreadsQuery(app.db),
  ]);
  const user = acceptBatchedSession(userRows, memberships);
  return { user, shell: user ? shapeShell(user, [features, adminMessages, adminThreads]) : null };
}

type Count = { n: number }[];

function shapeShell(user: UserRow, [features, adminMessages, adminThreads]: [Count, Count, Count]) {
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

export type ShellData = ReturnType<typeof shapeShell>;
