// The Settings page's sharing forms (issue 8): one intent each, added to the page's form union.
import * as z from "zod/mini";
import { inviteSchema } from "./sharing";

const id = (what: string) => z.string({ error: `Choose ${what}.` }).check(z.minLength(1, { error: `Choose ${what}.` }), z.maxLength(100));

export const sharingFormSchemas = [
  z.extend(inviteSchema, { intent: z.literal("invite") }),
  z.object({ intent: z.literal("revoke-invitation"), invitationId: id("an invitation") }),
  z.object({ intent: z.literal("remove-member"), userId: id("a member") }),
  z.object({ intent: z.literal("switch-budget"), budgetId: id("a budget") }),
  z.object({ intent: z.literal("leave-budget"), budgetId: id("a budget") }),
] as const;

export type SharingIntent = "invite" | "revoke-invitation" | "remove-member" | "switch-budget" | "leave-budget";

/** The spec's failure toasts (part 1 §8) for the sharing forms; the server's message replaces the text. */
export const SHARING_FAILURE: Record<SharingIntent, { title: string; description: string }> = {
  invite: { title: "Invitation Failed", description: "Failed to create the invitation. Please try again." },
  "revoke-invitation": { title: "Revoke Failed", description: "Failed to revoke the invitation. Please try again." },
  "remove-member": { title: "Remove Failed", description: "Failed to remove the member. Please try again." },
  "switch-budget": { title: "Switch Failed", description: "Failed to switch budgets. Please try again." },
  "leave-budget": { title: "Leave Failed", description: "Failed to leave the budget. Please try again." },
};

const SHARING_INTENTS = new Set<string>(Object.keys(SHARING_FAILURE));

export function isSharingIntent<T extends { intent: string }>(data: T): data is Extract<T, { intent: SharingIntent }> {
  return SHARING_INTENTS.has(data.intent);
}
