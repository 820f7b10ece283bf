import { z } from "zod";
import { accountCommandSchemas } from "./schemas/account";
import { debtCommandSchemas } from "./schemas/debts";
import { detailsCommandSchemas } from "./schemas/details";
import { expenseCommandSchemas } from "./schemas/expenses";
import { resetCommandSchemas } from "./schemas/reset";
import { setupCommandSchemas } from "./schemas/setup";
import { uploadCommandSchemas } from "./schemas/upload";
import { bankCommandSchemas } from "./schemas/bank";
import { sharingCommandSchemas } from "./schemas/sharing";

// Every write to a budget is one of these commands, applied by that budget's BudgetRoom one at a time.
// Each area keeps its schemas in schemas/<area>.ts and its planners in planners/<area>.server.ts;
// adding an area is one line here and one in planners/index.server.ts.
export const budgetCommandSchema = z.discriminatedUnion("type", [...setupCommandSchemas, ...expenseCommandSchemas, ...detailsCommandSchemas, ...accountCommandSchemas, ...sharingCommandSchemas, ...resetCommandSchemas, ...debtCommandSchemas, ...uploadCommandSchemas, ...bankCommandSchemas]);

export type BudgetCommand = z.input<typeof budgetCommandSchema>;
export type ParsedBudgetCommand = z.output<typeof budgetCommandSchema>;
export type BudgetCommandType = ParsedBudgetCommand["type"];

export interface CommandEnvelope {
  budgetId: string;
  actorId: string;
  command: BudgetCommand;
  /** A repeated key returns the first result and writes nothing (double submits, retries). */
  idempotencyKey?: string;
  now?: number;
}

export type CommandOutcome =
  | { ok: true; seq: number; replayed: boolean; result: Record<string, unknown> }
  | { ok: false; status: 400 | 403 | 404 | 409 | 410; message: string };
