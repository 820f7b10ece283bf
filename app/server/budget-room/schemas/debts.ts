import { z } from "zod";
import { cents } from "./shared";

// Debts and the applied payoff plan (issue 12). The server validated the user's input already; the room
// checks the shape again and the budget-wide rules (at most 50 debts, ids of this budget).
const id = z.string().min(1).max(100);
const money = cents.min(0);
const debtFields = {
  name: z.string().trim().min(1).max(100),
  // Named debtType: `type` is the command discriminator.
  debtType: z.enum(["credit_card", "auto_loan", "mortgage", "heloc", "student_loan", "personal_loan"]),
  currentBalanceCents: money,
  interestRate: z.number().min(0).max(1),
  minimumPaymentCents: money,
  currentPaymentCents: money.nullable(),
  creditor: z.string().max(100).nullable(),
  paymentDueDate: z.number().int().min(1).max(28),
};

export const debtCommandSchemas = [
  z.object({ type: z.literal("addDebt"), debtId: id, ...debtFields }),
  z.object({ type: z.literal("updateDebt"), debtId: id, ...z.object(debtFields).partial().shape }),
  z.object({ type: z.literal("deleteDebt"), debtId: id }),
  z.object({ type: z.literal("applyDebtPlan"), strategy: z.enum(["snowball", "avalanche", "current"]), extraPaymentCents: money }),
] as const;
