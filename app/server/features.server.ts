import { and, count, eq, isNull } from "drizzle-orm";
import type { AppContext } from "./context.server";
import { featureViews, features } from "./db/schema";

/** Active announcements this user has not opened yet. */
export async function unreadFeatureCount(app: AppContext, userId: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(features)
    .leftJoin(featureViews, and(eq(featureViews.featureId, features.id), eq(featureViews.userId, userId)))
    .where(and(eq(features.isActive, true), isNull(featureViews.userId)));
  return row?.n ?? 0;
}
