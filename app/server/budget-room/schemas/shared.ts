import { z } from "zod";

// Building blocks for command schemas. Commands are validated again at the Durable Object boundary:
// the room trusts nothing it is sent.
export const cents = z.number().int().min(-1_000_000_000_00).max(1_000_000_000_00);
export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const lineCategory = z.enum(["income", "housing", "utilities", "transportation", "subscriptions", "other"]);
