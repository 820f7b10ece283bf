import { describe, expect, it } from "vitest";
import { signUpSchema } from "~/domain/auth-schemas";
import { completeProfileSchema } from "~/domain/profile";

const profile = (firstName: string) => completeProfileSchema.safeParse({ firstName, lastName: "Lee", phoneNumber: "+1 555 123 4567" });

describe("names", () => {
  it.each(["\u200b", "\u200b\u200c\u200d", "\ufeff ", " \u2060 ", "\t\n"])("a name of only invisible characters (%j) is blank", (name) => {
    const result = profile(name);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]!.message).toBe("Please enter your first name");
  });

  it("drops invisible characters around a name", () => {
    const result = profile("\u200bAna\u200b ");
    expect(result.success && result.data.firstName).toBe("Ana");
  });

  it.each(["A\u0000na", "A\u0007na", "Ana\u202egnp.exe", "An\u2066a", "A\u001bna"])("refuses control and bidi characters inside %j", (name) => {
    const result = profile(name);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]!.message).toBe("Names cannot contain control or hidden formatting characters");
  });

  it("keeps real names, joiners inside included", () => {
    for (const name of ["José", "Zoë O'Neil", "李", "क्‍ष", "Anne-Marie"]) expect(profile(name).success).toBe(true);
  });

  it("applies the same rules at sign-up", () => {
    expect(signUpSchema.safeParse({ intent: "signup", email: "a@b.co", password: "password123", firstName: "A\u0000" }).success).toBe(false);
    const zeroWidth = signUpSchema.safeParse({ intent: "signup", email: "a@b.co", password: "password123", firstName: "\u200b" });
    expect(zeroWidth.success && zeroWidth.data.firstName).toBe(undefined);
  });
});
