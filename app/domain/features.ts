import * as z from "zod/mini";

export const FEATURE_CATEGORIES = ["upload", "ai", "budgeting", "other"] as const;

/** POST /api/features/view. */
export const featureViewSchema = z.object({ featureId: z.string({ error: "featureId is required" }).check(z.minLength(1, { error: "featureId is required" }), z.maxLength(100)) });

const text = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).check(z.trim(), z.minLength(1, { error: `${label} is required` }), z.maxLength(max, { error: `${label} is too long` }));

/** An announcement an admin publishes. Benefits: a list, or one per line from a form's textarea. */
export const publishFeatureSchema = z.object({
  title: text("Title", 120),
  description: text("Summary", 300),
  detailedDescription: text("Details", 3000),
  benefits: z.pipe(
    z.optional(z.union([z.string(), z.array(z.string())])),
    z.transform((v) =>
      (Array.isArray(v) ? v : (v ?? "").split("\n"))
        .map((b) => b.trim())
        .filter(Boolean)
        .slice(0, 10),
    ),
  ),
  category: z.enum(FEATURE_CATEGORIES, { error: "Choose a category" }),
  chatTrigger: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(300, { error: "The chat question is too long" }))),
    z.transform((v) => v || null),
  ),
});

export type PublishFeatureInput = z.output<typeof publishFeatureSchema>;

/** "Show me how" hands the feature's question to the chat, which sends it once. */
export function chatHandoffHref(chatTrigger: string): string {
  return `/?message=${encodeURIComponent(chatTrigger)}`;
}

/** The New Features page's forms: viewing a card, and Show me how (viewed, then the chat). */
export const featureFormSchema = z.object({
  intent: z.enum(["view", "show-me-how"], { error: "Unknown action" }),
  featureId: featureViewSchema.shape.featureId,
  client: z.optional(z.literal("js")),
});

export const FEATURE_FAILURE = {
  view: { title: "Error", description: "Failed to mark feature as viewed" },
  "show-me-how": { title: "Error", description: "Failed to activate chat guidance" },
};

export const CATEGORY_LABELS: Record<(typeof FEATURE_CATEGORIES)[number], string> = { upload: "Upload", ai: "AI", budgeting: "Budgeting", other: "Other" };

/** An announcement as a user sees it on What's New (viewed: this user opened it). */
export interface Feature {
  id: string;
  title: string;
  description: string;
  detailedDescription: string;
  benefits: string[];
  category: (typeof FEATURE_CATEGORIES)[number];
  releaseDate: string;
  viewed: boolean;
  chatTrigger: string | null;
}
