import { describe, expect, it } from "vitest";
import { accountStatusSchema, addedByName, adminFlagSchema, exportFileName, FORMER_MEMBER, smsConsentSchema } from "~/domain/account";
import { activityQuerySchema } from "~/domain/activity";
import { adminFormSchema } from "~/domain/admin-forms";
import { chatHandoffHref, featureFormSchema, publishFeatureSchema } from "~/domain/features";
import { settingsFormSchema } from "~/domain/settings-forms";
import { adminMessageSchema, senderLabel, supportMessageSchema } from "~/domain/support";

// The shared schemas and helpers behind Settings, support, features and the admin panel (issue 11).

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => r.error?.issues[0]?.message;

describe("support messages", () => {
  it("need a subject and a message after trimming, with the spec's text", () => {
    for (const input of [{}, { subject: "  ", content: "x" }, { subject: "x", content: "\n\t" }, { subject: 5, content: "x" }]) {
      const r = supportMessageSchema.safeParse(input);
      expect(r.success).toBe(false);
      expect(firstMessage(r)).toBe("Both subject and message are required");
    }
  });

  it("default to priority normal and category support, and trim", () => {
    expect(supportMessageSchema.parse({ subject: " Help ", content: " Please " })).toEqual({ subject: "Help", content: "Please", priority: "normal", category: "support" });
    expect(supportMessageSchema.safeParse({ subject: "a", content: "b", priority: "asap" }).success).toBe(false);
    expect(supportMessageSchema.safeParse({ subject: "a".repeat(201), content: "b" }).success).toBe(false);
  });

  it("admin messages default to normal/general and accept only the spec's values", () => {
    expect(adminMessageSchema.parse({ userId: "u1", subject: "s", content: "c" })).toMatchObject({ priority: "normal", category: "general" });
    for (const priority of ["low", "normal", "high", "urgent"]) expect(adminMessageSchema.safeParse({ userId: "u", subject: "s", content: "c", priority }).success).toBe(true);
    for (const category of ["general", "billing", "technical", "feature_request"]) expect(adminMessageSchema.safeParse({ userId: "u", subject: "s", content: "c", category }).success).toBe(true);
    expect(adminMessageSchema.safeParse({ userId: "u", subject: "s", content: "c", category: "support" }).success).toBe(false);
  });

  it("shows admin messages as the Support Team and everything else as You", () => {
    expect(senderLabel("admin")).toBe("Support Team");
    expect(senderLabel("user")).toBe("You");
  });
});

describe("account", () => {
  it("reads consent and the admin flag from JSON booleans and form strings", () => {
    for (const [v, out] of [[true, true], ["on", true], ["true", true], [false, false], ["false", false], ["off", false], ["", false]] as const) {
      expect(smsConsentSchema.parse({ consent: v }).consent).toBe(out);
      expect(adminFlagSchema.parse({ isAdmin: v }).isAdmin).toBe(out);
    }
    for (const bad of [undefined, "yes", 1, null]) expect(smsConsentSchema.safeParse({ consent: bad }).success).toBe(false);
  });

  it("accepts the three account statuses only", () => {
    for (const status of ["active", "suspended", "pending"]) expect(accountStatusSchema.safeParse({ status }).success).toBe(true);
    expect(firstMessage(accountStatusSchema.safeParse({ status: "banned" }))).toBe("Status must be active, suspended or pending");
  });

  it("names who added an expense, or Former member once they deleted their account", () => {
    expect(addedByName(null)).toBe(FORMER_MEMBER);
    expect(addedByName({ firstName: "Ana", lastName: "Lee", email: "a@x" })).toBe("Ana Lee");
    expect(addedByName({ firstName: null, lastName: null, email: "a@x" })).toBe("a@x");
    expect(FORMER_MEMBER).toBe("Former member");
  });

  it("names the export file with the day", () => {
    expect(exportFileName("2026-11-22")).toBe("hearth-budget-export-2026-11-22.json");
  });
});

describe("features", () => {
  it("publishing splits benefits one per line and drops blanks; the chat question is optional", () => {
    const r = publishFeatureSchema.parse({ title: "T", description: "D", detailedDescription: "DD", category: "ai", benefits: "One\n\n Two \n", chatTrigger: "  " });
    expect(r.benefits).toEqual(["One", "Two"]);
    expect(r.chatTrigger).toBeNull();
    expect(publishFeatureSchema.parse({ title: "T", description: "D", detailedDescription: "DD", category: "ai", benefits: ["a", " "] }).benefits).toEqual(["a"]);
    expect(publishFeatureSchema.safeParse({ title: "T", description: "D", detailedDescription: "DD", category: "news" }).success).toBe(false);
  });

  it("hands a feature's question to the chat in the message parameter", () => {
    expect(chatHandoffHref("How do I upload a bank statement?")).toBe("/?message=How%20do%20I%20upload%20a%20bank%20statement%3F");
    expect(featureFormSchema.safeParse({ intent: "show-me-how", featureId: "x" }).success).toBe(true);
    expect(featureFormSchema.safeParse({ intent: "delete", featureId: "x" }).success).toBe(false);
  });
});

describe("forms with several intents", () => {
  it("Settings dispatches on intent and validates each form's fields", () => {
    expect(settingsFormSchema.parse({ intent: "language", languagePreference: "saving" })).toEqual({ intent: "language", languagePreference: "saving" });
    expect(settingsFormSchema.safeParse({ intent: "language", languagePreference: "thrift" }).success).toBe(false);
    expect(settingsFormSchema.parse({ intent: "support", subject: "a", content: "b" })).toMatchObject({ intent: "support", priority: "normal", category: "support" });
    expect(settingsFormSchema.parse({ intent: "sms-consent", consent: "true" })).toEqual({ intent: "sms-consent", consent: true });
    expect(settingsFormSchema.safeParse({ intent: "drop-tables" }).success).toBe(false);
  });

  it("the admin panel's forms", () => {
    expect(adminFormSchema.parse({ intent: "set-admin", userId: "u", isAdmin: "true" })).toEqual({ intent: "set-admin", userId: "u", isAdmin: "true" });
    expect(adminFormSchema.safeParse({ intent: "set-status", userId: "", status: "active" }).success).toBe(false);
    expect(adminFormSchema.safeParse({ intent: "reply", userId: "u", content: "  " }).success).toBe(false);
  });

  it("the activity filter: optional type and user, a whole positive page", () => {
    expect(activityQuerySchema.parse({})).toEqual({ type: undefined, userId: undefined, page: 1 });
    expect(activityQuerySchema.parse({ type: "", userId: "", page: "3" })).toEqual({ type: undefined, userId: undefined, page: 3 });
    expect(activityQuerySchema.parse({ page: "0" }).page).toBe(1);
    for (const bad of [{ type: "nope" }, { page: "-1" }, { page: "1.5" }, { page: "9999999" }]) expect(activityQuerySchema.safeParse(bad).success).toBe(false);
  });
});
