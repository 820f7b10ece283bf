import * as z from "zod/mini";

export const ACTIVITY_FILTER_TYPES = ["login", "budget", "expense", "message", "admin", "job"] as const;

/** The Activity Logs filter (query string): every part optional, the page a positive integer. */
export const activityQuerySchema = z.object({
  type: z.pipe(
    z.optional(z.union([z.enum(ACTIVITY_FILTER_TYPES), z.literal("")], { error: "Unknown activity type" })),
    z.transform((v) => v || undefined),
  ),
  userId: z.pipe(z.optional(z.string().check(z.maxLength(100))), z.transform((v) => v || undefined)),
  page: z.pipe(
    z.optional(z.string().check(z.regex(/^\d{1,6}$/, { error: "The page must be a whole number" }))),
    z.transform((v) => Math.max(1, Number(v ?? "1") || 1)),
  ),
});

/** The admin's Activity Logs, a page at a time, newest first. */
export interface ActivityPage {
  items: {
    id: string;
    type: (typeof ACTIVITY_FILTER_TYPES)[number];
    description: string;
    createdAt: string;
    user: { id: string; email: string | null; firstName: string | null; lastName: string | null } | null;
  }[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
}
