import { and, count, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { PublishFeatureInput } from "~/domain/features";
import { todayIn } from "~/domain/dates";
import { activityInsert } from "./activity.server";
import type { AppContext } from "./context.server";
import type { Db } from "./db/client.server";
import { featureViews, features } from "./db/schema";
import type { Feature } from "~/domain/features";

/** Active announcements this user has not opened yet (a query, so callers can batch it). */
export function unreadFeaturesQuery(db: Db, userId: string | SQL) {
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

/** Active announcements with this user's view (a query: `userId` may be SQL, to ride with the session lookup). */
export function featuresQuery(db: Db, userId: string | SQL) {
  return db
    .select({ feature: features, viewedAt: featureViews.viewedAt })
    .from(features)
    .leftJoin(featureViews, and(eq(featureViews.featureId, features.id), eq(featureViews.userId, userId)))
    .where(eq(features.isActive, true))
    .orderBy(desc(features.releaseDate), features.id);
}

type FeatureRow = Awaited<ReturnType<typeof featuresQuery>>[number];

/** The Feature entity (spec part 2 §3) with `viewed` for this user, newest release first. */
export async function listFeatures(app: AppContext, userId: string, rows?: FeatureRow[] | null): Promise<Feature[]> {
  return shapeFeatures(rows ?? (await featuresQuery(app.db, userId)));
}

function shapeFeatures(rows: FeatureRow[]) {
  return rows.map(({ feature, viewedAt }) => ({
    id: feature.id,
    title: feature.title,
    description: feature.description,
    detailedDescription: feature.detailedDescription,
    benefits: feature.benefits,
    category: feature.category,
    releaseDate: feature.releaseDate,
    viewed: viewedAt !== null,
    chatTrigger: feature.chatTrigger,
  }));
}


/** Marks an announcement viewed; viewing it again changes nothing. False when there is no such feature. */
export async function markFeatureViewed(app: AppContext, userId: string, featureId: string): Promise<boolean> {
  const [feature] = await app.db.select({ id: features.id }).from(features).where(and(eq(features.id, featureId), eq(features.isActive, true))).limit(1);
  if (!feature) return false;
  await app.db.insert(featureViews).values({ featureId, userId, viewedAt: app.now }).onConflictDoNothing();
  return true;
}

/** An admin publishes an announcement: it appears, unviewed, for everyone. */
export async function publishFeature(app: AppContext, adminId: string, input: PublishFeatureInput) {
  const id = crypto.randomUUID();
  await app.db.batch([
    app.db.insert(features).values({ id, ...input, releaseDate: todayIn("UTC", app.now), isActive: true }),
    activityInsert(app.db, { userId: adminId, type: "admin", description: `Published the announcement "${input.title}"`, at: app.now }),
  ]);
  return { id, ...input };
}
