import { asc } from "drizzle-orm";
import type { AppContext } from "./context.server";
import { categories } from "./db/schema";

export async function listCategories(app: AppContext) {
  return categoriesQuery(app);
}

/** The categories in display order (batchable). */
export function categoriesQuery(app: AppContext) {
  return app.db.select({ id: categories.id, name: categories.name, emoji: categories.emoji }).from(categories).orderBy(asc(categories.position));
}
