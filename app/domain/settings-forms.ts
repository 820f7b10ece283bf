import * as z from "zod/mini";
import { smsConsentSchema } from "./account";
import { SHARING_FAILURE, sharingFormSchemas } from "./sharing-forms";
import { supportMessageSchema } from "./support";

// Every form on the Settings page posts to the page's action with an `intent`. Issue 8's sharing
// sections add their intents to this union.
export const settingsFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("language"), languagePreference: z.enum(["spending", "saving"], { error: "Choose Spending or Saving" }) }),
  z.extend(supportMessageSchema, { intent: z.literal("support") }),
  z.object({ intent: z.literal("support-read"), client: z.optional(z.literal("js")) }),
  z.object({ intent: z.literal("clear-chat") }),
  z.extend(smsConsentSchema, { intent: z.literal("sms-consent") }),
  z.object({ intent: z.literal("delete-account") }),
  ...sharingFormSchemas,
]);

export type SettingsIntent = z.output<typeof settingsFormSchema>["intent"];

/** The spec's failure toasts (part 1 §8), by form. */
export const SETTINGS_FAILURE: Record<SettingsIntent, { title: string; description: string }> = {
  language: { title: "Update Failed", description: "Failed to update your preference. Please try again." },
  support: { title: "Failed to Send", description: "Unable to send your message. Please try again." },
  "support-read": { title: "Error", description: "Could not mark your messages as read." },
  "clear-chat": { title: "Failed to Clear Chat", description: "Your chat history could not be cleared. Please try again." },
  "sms-consent": { title: "Error", description: "Failed to update SMS consent" },
  "delete-account": { title: "Deletion Failed", description: "Your account could not be deleted. Please try again." },
  ...SHARING_FAILURE,
};
