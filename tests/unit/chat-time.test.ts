import { describe, expect, it } from "vitest";
import { chatTimestamp } from "~/domain/chat-time";

describe("chat timestamps in the budget's time zone", () => {
  const now = Date.UTC(2026, 10, 22, 18, 0); // 1:00 PM in New York
  it('today and yesterday read "Today, h:mm a" / "Yesterday, h:mm a"', () => {
    expect(chatTimestamp(Date.UTC(2026, 10, 22, 15, 5), now, "America/New_York")).toBe("Today, 10:05 AM");
    expect(chatTimestamp(new Date(Date.UTC(2026, 10, 21, 15, 5)).toISOString(), now, "America/New_York")).toBe("Yesterday, 10:05 AM");
  });
  it('older messages read "EEE, MMM d, h:mm a", and the day is the zone\'s, not UTC\'s', () => {
    expect(chatTimestamp(Date.UTC(2026, 10, 18, 3, 5), now, "America/New_York")).toBe("Tue, Nov 17, 10:05 PM");
    // 02:30 UTC on the 22nd is still the 21st in New York.
    expect(chatTimestamp(Date.UTC(2026, 10, 22, 2, 30), now, "America/New_York")).toBe("Yesterday, 9:30 PM");
  });
});
