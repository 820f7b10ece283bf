import { describe, expect, it } from "vitest";
import { isValidPhone, normalizePhone } from "~/domain/phone";
import { completeProfileSchema, isProfileComplete, profileErrorTitle } from "~/domain/profile";

describe("phone rule (spec part 2 §5)", () => {
  it.each([
    ["+1 (555) 123-4567", true],
    ["555-123-4567", true],
    ["5551234567", true],
    ["+447911123456", true],
    // At least 7 digits (issue 18 #12): "-1" was stored as "1", "123" as a phone number.
    ["1", false],
    ["-1", false],
    ["123", false],
    ["123456", false],
    ["1234567", true],
    ["+1 234 567", true],
    ["+1234567890123456", true], // 16 digits: the maximum
    ["12345678901234567", false], // 17 digits
    ["0123456789", false], // must start with a nonzero digit
    ["+0123", false],
    ["", false],
    ["++15551234567", false],
    ["555.123.4567", false], // dots are not stripped
    ["555-CALL-NOW", false],
    ["+", false],
  ])("%s → %s", (input, valid) => {
    expect(isValidPhone(input)).toBe(valid);
  });

  it("strips spaces, dashes and parentheses only", () => {
    expect(normalizePhone(" +1 (555) 123-4567 ")).toBe("+15551234567");
  });
});

describe("complete-profile schema", () => {
  it("reports each missing field with the spec's message", () => {
    const result = completeProfileSchema.safeParse({ firstName: " ", lastName: "", phoneNumber: "" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => [i.path[0], i.message]);
    expect(messages).toEqual([
      ["firstName", "Please enter your first name"],
      ["lastName", "Please enter your last name"],
      ["phoneNumber", "Please enter your cell phone number"],
    ]);
  });

  it("rejects an invalid phone with the spec's message and normalises a valid one", () => {
    const bad = completeProfileSchema.safeParse({ firstName: "A", lastName: "B", phoneNumber: "0800" });
    expect(bad.error?.issues[0].message).toBe("Please enter a valid cell phone number");
    const good = completeProfileSchema.parse({ firstName: " Ann ", lastName: "Lee", phoneNumber: "(555) 123-4567", smsOptInConsent: "on" });
    expect(good).toEqual({ firstName: "Ann", lastName: "Lee", phoneNumber: "5551234567", smsOptInConsent: true });
  });

  it("SMS consent is false unless ticked", () => {
    expect(completeProfileSchema.parse({ firstName: "A", lastName: "B", phoneNumber: "15551234567" }).smsOptInConsent).toBe(false);
  });

  it("titles the toast by the kind of problem", () => {
    expect(profileErrorTitle({ phoneNumber: ["Please enter a valid cell phone number"] })).toBe("Invalid phone number");
    expect(profileErrorTitle({ firstName: ["Please enter your first name"] })).toBe("Required field missing");
    expect(profileErrorTitle({ phoneNumber: ["Please enter your cell phone number"] })).toBe("Required field missing");
  });

  it("a profile is incomplete while first name, last name or phone is missing", () => {
    expect(isProfileComplete({ firstName: "A", lastName: "B", phone: "1" })).toBe(true);
    expect(isProfileComplete({ firstName: "A", lastName: "B", phone: null })).toBe(false);
    expect(isProfileComplete({ firstName: " ", lastName: "B", phone: "1" })).toBe(false);
    expect(isProfileComplete({ firstName: "A", lastName: null, phone: "1" })).toBe(false);
  });
});
