import { describe, expect, it } from "vitest";
import { applyWording } from "~/domain/wording";
import { bottomBarItems, isActivePath, moreSheetItems, sidebarItems, userDisplayName, userInitial } from "~/domain/navigation";

describe("wording (spec part 1 §1)", () => {
  it("leaves spending wording alone", () => {
    expect(applyWording("$80 left to spend", "spending")).toBe("$80 left to spend");
  });

  it.each([
    ["Left to Spend", "Saved this Month"],
    ["Spendable Amount", "Saveable Amount"],
    ["Left to spend", "Saved this month"],
    ["$3,583.23 left", "$3,583.23 saved"],
    ["remaining this month", "saved this month"],
    ["$2,042.52 spendable", "$2,042.52 saveable"],
  ])("%s → %s", (input, output) => {
    expect(applyWording(input, "saving")).toBe(output);
  });

  // Issue 22 #10: money spent is still spent in Saving mode; only what is left reads as saved.
  it.each([
    ["You've spent $782.21 of your $2,042.52 spendable amount", "You've spent $782.21 of your $2,042.52 saveable amount"],
    ["$96.50 spent this cycle", "$96.50 spent this cycle"],
    ["Total Spent", "Total Spent"],
    ["Spending by category", "Spending by category"],
    ["Left to Spend: $1,260. That's $180/day", "Saved this Month: $1,260. That's $180/day"],
    ["You spent $80 on dining", "You spent $80 on dining"],
  ])("keeps spending true: %s", (input, output) => {
    expect(applyWording(input, "saving")).toBe(output);
  });

  // "left" is rewritten only where it means money still to use.
  it.each([
    ['Ask "how much is left?"', 'Ask "how much is saved?"'],
    ["Your daily limit is $180/day for the next 7 days ($1,260 left).", "Your daily limit is $180/day for the next 7 days ($1,260 saved)."],
    ["Not this period: you have $40 left, so $200 would put you $160 over budget.", "Not this period: you have $40 saved, so $200 would put you $160 over budget."],
    ["From Nov 1 – Nov 30 you spent $900 of $1,000 spendable, with $100 left over.", "From Nov 1 – Nov 30 you spent $900 of $1,000 saveable, with $100 saved."],
    ["Left to spend each month after debt payments", "Saved each month after debt payments"],
    ["so I can tell you what's left to spend each day.", "so I can tell you what's saved each day."],
    ["you both log into the same left-to-spend figure", "you both log into the same saved-this-month figure"],
  ])("money left reads as saved: %s", (input, output) => {
    expect(applyWording(input, "saving")).toBe(output);
  });

  it.each([
    "Transfers between your own accounts are left out.",
    "You Left the Budget",
    "You're over budget: $40 over with 3 days to go, so there's no daily allowance left.",
    "3 days remaining",
    "Rows that look like duplicates are left unselected.",
  ])("other senses of left stay: %s", (input) => {
    expect(applyWording(input, "saving")).toBe(input);
  });
});

describe("navigation (spec part 1 §2)", () => {
  it("has 8 sidebar items, and Admin just before Settings for admins", () => {
    const user = sidebarItems(false).map((i) => i.label);
    expect(user).toEqual(["Chat", "Budget", "History", "Debt Management", "Transaction Upload", "Bank Connections", "New Features", "Settings"]);
    const admin = sidebarItems(true).map((i) => i.label);
    expect(admin.slice(-2)).toEqual(["Admin", "Settings"]);
    expect(admin).toHaveLength(9);
    for (const item of sidebarItems(true)) expect(item.description.length).toBeGreaterThan(0);
  });

  it("mobile: Chat, Budget, Settings in the bar; the More sheet lists the rest", () => {
    expect(bottomBarItems().map((i) => i.label)).toEqual(["Chat", "Budget", "Settings"]);
    expect(moreSheetItems(false).map((i) => i.label)).toEqual(["History", "Debt Management", "Transaction Upload", "New Features"]);
    expect(moreSheetItems(true).map((i) => i.label)).toEqual(["History", "Debt Management", "Transaction Upload", "New Features", "Admin"]);
  });

  it("active by exact match, or by prefix except for /", () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/", "/budget-panel")).toBe(false);
    expect(isActivePath("/budget-panel", "/budget-panel")).toBe(true);
    expect(isActivePath("/admin", "/admin/users")).toBe(true);
    expect(isActivePath("/history", "/history-archive")).toBe(false);
  });

  it("user block: initial and name fallbacks", () => {
    expect(userInitial({ firstName: "sam", email: "x@y.z" })).toBe("S");
    expect(userInitial({ firstName: null, email: "pat@example.com" })).toBe("P");
    expect(userDisplayName({ firstName: "Sam", email: "x@y.z" })).toBe("Sam");
    expect(userDisplayName({ firstName: null, email: "pat@example.com" })).toBe("pat");
    expect(userDisplayName({ firstName: null, email: null })).toBe("User");
  });
});
