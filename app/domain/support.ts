// zod/mini: these schemas also check the Settings and Admin forms in the browser.
import * as z from "zod/mini";

export const SUPPORT_REQUIRED_TITLE = "Please fill in all fields";
export const SUPPORT_REQUIRED_TEXT = "Both subject and message are required";

const requiredText = (max: number, tooLong: string) =>
  z.string({ error: SUPPORT_REQUIRED_TEXT }).check(z.trim(), z.minLength(1, { error: SUPPORT_REQUIRED_TEXT }), z.maxLength(max, { error: tooLong }));

export const SUPPORT_PRIORITIES = ["low", "normal", "high", "urgent"] as const;
export const ADMIN_MESSAGE_CATEGORIES = ["general", "billing", "technical", "feature_request"] as const;

/** POST /api/user/admin-messages (spec part 1 §7): the Settings contact form. */
export const supportMessageSchema = z.object({
  subject: requiredText(200, "The subject is too long (200 characters at most)"),
  content: requiredText(5000, "The message is too long (5,000 characters at most)"),
  priority: z._default(z.enum(SUPPORT_PRIORITIES), "normal"),
  category: z._default(z.enum([...ADMIN_MESSAGE_CATEGORIES, "support"]), "support"),
});

export type SupportMessageInput = z.output<typeof supportMessageSchema>;

/** POST /api/admin/send-message (spec part 2 §5): subject and content required. */
export const adminMessageSchema = z.object({
  userId: z.string({ error: "Choose a user" }).check(z.minLength(1, { error: "Choose a user" }), z.maxLength(100)),
  subject: z.string({ error: "Subject is required" }).check(z.trim(), z.minLength(1, { error: "Subject is required" }), z.maxLength(200, { error: "The subject is too long" })),
  content: z.string({ error: "Message is required" }).check(z.trim(), z.minLength(1, { error: "Message is required" }), z.maxLength(5000, { error: "The message is too long" })),
  priority: z._default(z.enum(SUPPORT_PRIORITIES), "normal"),
  category: z._default(z.enum(ADMIN_MESSAGE_CATEGORIES), "general"),
});

export type AdminMessageInput = z.output<typeof adminMessageSchema>;

/** An admin's reply inside a support thread. */
export const threadReplySchema = z.object({
  content: z.string({ error: "Write a reply" }).check(z.trim(), z.minLength(1, { error: "Write a reply" }), z.maxLength(5000, { error: "The reply is too long" })),
  subject: z.optional(z.string().check(z.trim(), z.maxLength(200))),
});

/** The Support & Messages bubbles: the admin side is the Support Team, everything else is the user. */
export function senderLabel(sender: string): string {
  return sender === "admin" ? "Support Team" : "You";
}

/** A support message as the server sends it (to its user in Settings, and to admins in a thread). */
export interface SupportMessage {
  id: string;
  sender: "admin" | "user";
  content: string;
  createdAt: string;
  status: "unread" | "read";
  subject: string;
  priority: (typeof SUPPORT_PRIORITIES)[number];
  /** "support" for what a user sent from Settings, one of the admin's categories otherwise. */
  category: (typeof ADMIN_MESSAGE_CATEGORIES)[number] | "support";
}

/** One user's conversation in the admin's Messages tab. */
export interface SupportThread {
  user: { id: string; email: string; firstName: string | null; lastName: string | null };
  unreadCount: number;
  messageCount: number;
  lastMessageAt: string | null;
}
