import * as z from "zod/mini";
import { ACCOUNT_STATUSES } from "./account";
import { publishFeatureSchema } from "./features";
import { adminMessageSchema } from "./support";

const userId = z.string({ error: "Choose a user" }).check(z.minLength(1, { error: "Choose a user" }), z.maxLength(100));

// The admin panel's forms, all posting to /admin with an intent.
export const adminFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set-status"), userId, status: z.enum(ACCOUNT_STATUSES, { error: "Status must be active, suspended or pending" }) }),
  z.object({ intent: z.literal("set-admin"), userId, isAdmin: z.enum(["true", "false"], { error: "Choose grant or revoke" }) }),
  z.extend(adminMessageSchema, { intent: z.literal("send-message") }),
  z.object({ intent: z.literal("delete-user"), userId }),
  z.object({
    intent: z.literal("reply"),
    userId,
    content: z.string({ error: "Write a reply" }).check(z.trim(), z.minLength(1, { error: "Write a reply" }), z.maxLength(5000, { error: "The reply is too long" })),
  }),
  z.object({ intent: z.literal("thread-read"), userId, client: z.optional(z.literal("js")) }),
  z.extend(publishFeatureSchema, { intent: z.literal("publish-feature") }),
]);

export type AdminIntent = z.output<typeof adminFormSchema>["intent"];

/** Spec part 2 §8 toasts, by form. */
export const ADMIN_TOASTS: Record<AdminIntent, { ok: string; failed: string }> = {
  "set-status": { ok: "User status updated successfully", failed: "Failed to update user status" },
  "set-admin": { ok: "Admin status updated successfully", failed: "Failed to update admin status" },
  "send-message": { ok: "Message sent successfully", failed: "Failed to send message" },
  "delete-user": { ok: "User deleted successfully", failed: "Failed to delete user" },
  reply: { ok: "Message sent successfully", failed: "Failed to send message" },
  "thread-read": { ok: "Thread marked as read", failed: "Failed to mark the thread as read" },
  "publish-feature": { ok: "Announcement published", failed: "Failed to publish the announcement" },
};

export const ADMIN_TABS = ["users", "messages", "activity", "announcements"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
