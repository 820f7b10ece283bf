import { z } from "zod";

import { PASSWORD_MIN_LENGTH } from "./password-rules";
import { cleanName, hasOnlyNameCharacters, NAME_CHARACTERS_MESSAGE } from "./person-name";

export { PASSWORD_MIN_LENGTH };

const email = z
  .string({ error: "Enter your e-mail address" })
  .trim()
  .toLowerCase()
  .min(1, "Enter your e-mail address")
  .max(254, "That e-mail address is too long")
  .pipe(z.email({ error: "Enter a valid e-mail address" }));

const optionalName = (tooLong: string) =>
  z
    .string()
    .overwrite(cleanName)
    .max(80, tooLong)
    .refine(hasOnlyNameCharacters, NAME_CHARACTERS_MESSAGE)
    .optional()
    .transform((v) => v || undefined);

export const signInSchema = z.object({
  intent: z.literal("signin"),
  email,
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(1024, "That password is too long"),
  returnTo: z.string().optional(),
});

export const signUpSchema = z.object({
  intent: z.literal("signup"),
  email,
  password: z
    .string({ error: "Choose a password" })
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(1024, "That password is too long"),
  firstName: optionalName("First name is too long"),
  lastName: optionalName("Last name is too long"),
  // The browser's IANA zone (filled in by script); the new budget counts days in it. Unknown → UTC.
  timeZone: z.string().max(64).optional(),
  returnTo: z.string().optional(),
});

export const loginSchema = z.discriminatedUnion("intent", [signInSchema, signUpSchema], {
  error: "Choose whether to sign in or create an account",
});

export type LoginInput = z.infer<typeof loginSchema>;

export const preferencesSchema = z.object({
  languagePreference: z.enum(["spending", "saving"], { error: 'languagePreference must be "spending" or "saving"' }),
});
