// zod/mini, not zod: this schema also runs in the browser (profile form), and mini tree-shakes to a few
// KB where the full zod build adds ~90 KB gzip to every page that imports it.
import * as z from "zod/mini";
import { cleanName, hasOnlyNameCharacters, NAME_CHARACTERS_MESSAGE } from "./person-name";
import { isValidPhone, normalizePhone } from "./phone";

const requiredText = (message: string, tooLong: string) =>
  z.string({ error: message }).check(
    z.overwrite(cleanName),
    z.minLength(1, { error: message, abort: true }),
    z.maxLength(80, { error: tooLong }),
    z.refine(hasOnlyNameCharacters, { error: NAME_CHARACTERS_MESSAGE }),
  );

// Messages are the spec's (part 2 §5); the same schema validates the form and the JSON endpoint.
export const completeProfileSchema = z.object({
  firstName: requiredText("Please enter your first name", "First name is too long"),
  lastName: requiredText("Please enter your last name", "Last name is too long"),
  phoneNumber: z.pipe(
    z.string({ error: "Please enter your cell phone number" }).check(
      z.trim(),
      // abort: a blank number needs one message ("enter"), not also "invalid".
      z.minLength(1, { error: "Please enter your cell phone number", abort: true }),
      z.refine(isValidPhone, { error: "Please enter a valid cell phone number" }),
    ),
    z.transform(normalizePhone),
  ),
  smsOptInConsent: z.pipe(
    z.optional(z.union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])),
    z.transform((v) => v === true || v === "on" || v === "true"),
  ),
});

export type CompleteProfileInput = z.output<typeof completeProfileSchema>;

export function isProfileComplete(user: { firstName: string | null; lastName: string | null; phone: string | null }): boolean {
  return Boolean(user.firstName?.trim() && user.lastName?.trim() && user.phone?.trim());
}

/** The toast title for the first failing field (spec: 'Required field missing' or 'Invalid phone number'). */
export function profileErrorTitle(fieldErrors: Record<string, string[] | undefined>): string {
  const phone = fieldErrors.phoneNumber?.[0];
  if (phone === "Please enter a valid cell phone number" && !fieldErrors.firstName && !fieldErrors.lastName) return "Invalid phone number";
  return "Required field missing";
}
