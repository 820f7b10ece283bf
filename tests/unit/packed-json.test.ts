import { describe, expect, it } from "vitest";
import { packJson, unpackJson } from "~/domain/packed-json";
import type { PlanSchedule } from "~/domain/debts/views";

// The debts page sends its plan's schedule as one JSON string (turbo-stream encodes value by value, far
// slower for thousands of numbers); the screen must get back exactly what the server computed.
describe("packed JSON for large loader data", () => {
  it("is one string that unpacks to an equal schedule", () => {
    const schedule: PlanSchedule = {
      debts: [{ debtId: "d1", name: "Visa “gold” <card>" }],
      totalMonths: 2,
      months: [
        { month: 1, date: "2026-12", totalBalance: "990.00", entries: [[0, 1250, 2500, 99000]] },
        { month: 2, date: "2027-01", totalBalance: "0.00", entries: [[0, 0, 99000, 0]] },
      ],
    };
    const packed = packJson(schedule);
    expect(typeof packed).toBe("string");
    expect(unpackJson(packed)).toEqual(schedule);
  });
});
