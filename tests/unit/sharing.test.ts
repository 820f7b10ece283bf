import { describe, expect, it } from "vitest";
import { safeReturnTo } from "~/domain/return-to";
import { budgetChoiceSchema, displayName, effectiveStatus, EMAIL_REQUIRED_TEXT, INVITATION_TTL_MS, inviteSchema, inviteUrlFor, leaveSchema, looksLikeToken } from "~/domain/sharing";
import { isSharingIntent, sharingFormSchemas } from "~/domain/sharing-forms";
import { settingsFormSchema } from "~/domain/settings-forms";

describe("invite schema", () => {
  it.each([
    ["", EMAIL_REQUIRED_TEXT],
    ["   ", EMAIL_REQUIRED_TEXT],
    ["no-at-sign", "Please enter a valid e-mail address."],
    ["a@b", "Please enter a valid e-mail address."],
    ["two words@example.com", "Please enter a valid e-mail address."],
    [`${"x".repeat(250)}@example.com`, "That e-mail address is too long."],
  ])("refuses %j with the right message", (email, message) => {
    const parsed = inviteSchema.safeParse({ email });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it("refuses a missing e-mail, another role and non-strings", () => {
    expect(inviteSchema.safeParse({}).success).toBe(false);
    expect(inviteSchema.safeParse({ email: "a@b.co", role: "owner" }).success).toBe(false);
    expect(inviteSchema.safeParse({ email: ["a@b.co"] }).success).toBe(false);
  });

  it("trims and lower-cases, and defaults the role to member", () => {
    expect(inviteSchema.parse({ email: "  Sam@Example.COM " })).toEqual({ email: "sam@example.com", role: "member" });
  });
});

describe("tokens and links", () => {
  it("recognises URL-safe tokens only", () => {
    expect(looksLikeToken("A".repeat(43))).toBe(true);
    expect(looksLikeToken("abc_DEF-123".repeat(4))).toBe(true);
    for (const bad of ["", "short", "a".repeat(129), "has space".repeat(5), "../../etc/passwd/xxxxxxxxxx", "a+b/c=".repeat(6), 42, null, undefined]) {
      expect(looksLikeToken(bad)).toBe(false);
    }
  });

  it("builds the spec's link, and the login return path survives safeReturnTo", () => {
    const url = inviteUrlFor("https://budget.example.com", "tok_EN-123");
    expect(url).toBe("https://budget.example.com/accept-invitation?token=tok_EN-123");
    const back = `/accept-invitation?token=${"A".repeat(43)}`;
    expect(safeReturnTo(back)).toBe(back);
  });

  it("a pending invitation past its expiry is expired; other statuses stay", () => {
    const now = 1_000_000;
    expect(effectiveStatus("pending", now + 1, now)).toBe("pending");
    expect(effectiveStatus("pending", now, now)).toBe("expired");
    expect(effectiveStatus("accepted", 0, now)).toBe("accepted");
    expect(effectiveStatus("revoked", 0, now)).toBe("revoked");
    expect(INVITATION_TTL_MS).toBe(604_800_000);
  });
});

describe("budget choice and settings intents", () => {
  it("budget ids are required, bounded strings", () => {
    expect(budgetChoiceSchema.safeParse({}).success).toBe(false);
    expect(budgetChoiceSchema.safeParse({ budgetId: "x".repeat(101) }).success).toBe(false);
    expect(budgetChoiceSchema.parse({ budgetId: "b1" })).toEqual({ budgetId: "b1" });
    expect(leaveSchema.parse({})).toEqual({});
  });

  it("the Settings form union accepts each sharing intent and tells them apart", () => {
    expect(sharingFormSchemas).toHaveLength(5);
    const invite = settingsFormSchema.parse({ intent: "invite", email: "kid@example.com" });
    expect(invite).toEqual({ intent: "invite", email: "kid@example.com", role: "member" });
    expect(isSharingIntent(invite)).toBe(true);
    expect(isSharingIntent(settingsFormSchema.parse({ intent: "clear-chat" }))).toBe(false);
    expect(settingsFormSchema.safeParse({ intent: "remove-member" }).success).toBe(false);
    expect(settingsFormSchema.parse({ intent: "leave-budget", budgetId: "b" })).toEqual({ intent: "leave-budget", budgetId: "b" });
  });

  it("names people by their name, else their e-mail", () => {
    expect(displayName({ firstName: "Sam", lastName: "Lee", email: "s@x.io" })).toBe("Sam Lee");
    expect(displayName({ firstName: null, lastName: null, email: "s@x.io" })).toBe("s@x.io");
  });
});
