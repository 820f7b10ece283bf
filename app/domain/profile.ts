import { z } from "zod";
import { isValidPhone, normalizePhone } from "./phone";

// Messages are the spec's (part 2 §5); the same schema validates the form and the JSON endpoint.
export const completeProfileSchema = z.object({
  firstName: z.string({ error: "Please enter your first name" }).trim().min(1, "Please enter your first name").max(80, "First name is too long"),
  lastName: z.string({ error: "Please enter your last name" }).trim().min(1, "Please enter your last name").max(80, "Last name is too long"),
  phoneNumber: z
    .string({ error: "Please enter your cell phone number" })
    .trim()
    // abort: a blank number needs one message ("enter"), not also "invalid".
    .min(1, { error: "Please enter your cell phone number", abort: true })
    .refine(isValidPhone, "Please enter a valid cell phone number")
    .transform(normalizePhone),
  smsOptInConsent: z
    .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
    .optional()
    .transform((v) => v === true || v === "on" || v === "true"),
});

export type CompleteProfileInput = z.infer<typeof completeProfileSchema>;

export function isProfileComplete(user: { firstName: string | null; lastName: string | null; phone: string | null }): boolean {
  return Boolean(user.firstName?.trim() && user.lastName?.trim() && user.phone?.trim());
}

/** The toast title for the first failing field (spec: 'Required field missing' or 'Invalid phone number'). */
export function profileErrorTitle(fieldErrors: Record<string, string[] | undefined>): string {
  const phone = fieldErrors.phoneNumber?.[0];
  if (phone === "Please enter a valid cell phone number" && !fieldErrors.firstName && !fieldErrors.lastName) return "Invalid phone number";
  return "Required field missing";
}
