import { and, count, eq, isNull } from "drizzle-orm";
import type { AppContext } from "./context.server";
import type { Db } from "./db/client.server";
import { featureViews, features } from "./db/schema";

/** Active announcements this user has not opened yet (a query, so callers can batch it). */
export function unreadFeaturesQuery(db: Db, userId: string) {
  return db
    .select({ n: count() })
    .from(features)
    .leftJoin(featureViews, and(eq(featureViews.featureId, features.id), eq(featureViews.userId, userId)))
    .where(and(eq(features.isActive, true), isNull(featureViews.userId)));
}

export async function unreadFeatureCount(app: AppContext, userId: string): Promise<number> {
  const [row] = await unreadFeaturesQuery(app.db, userId);
  return row?.n ?? 0;
}
