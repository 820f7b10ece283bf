import { z } from "zod";
import { day } from "./shared";

// The monthly reset (issue 9). It names the period it closes, so a second, overlapping or retried run
// for the same period finds it already closed and changes nothing.
export const resetCommandSchemas = [
  z.object({
    type: z.literal("resetPeriod"),
    periodStart: day,
  }),
] as const;

/** The actor of commands the app itself runs (cron, queue); never a user id (those are UUIDs). */
export const SYSTEM_ACTOR = "system";
