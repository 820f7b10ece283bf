import type { Db } from "../../db/client.server";
import { SYSTEM_ACTOR } from "../schemas/reset";
import type { BudgetCommandType, ParsedBudgetCommand } from "../commands";
import { budgetPeriod, CommandRejected, requireMember, type Plan, type Planner, type Planners, type Prereads, type Statement } from "../plan-context.server";
import { accountPlanners } from "./account.server";
import { debtPlanners, debtPrereads } from "./debts.server";
import { detailsPlanners } from "./details.server";
import { expensePlanners, expensePrereads } from "./expenses.server";
import { resetPlanners } from "./reset.server";
import { setupPlanners } from "./setup.server";
import { sharingPlanners } from "./sharing.server";
import { uploadPlanners } from "./upload.server";
import { bankPlanners } from "./bank.server";

/** Reads a planner needs, sent in the membership check's batch (`ctx.preread`): one D1 round trip less in the room. */
const PREREADS: Prereads = { ...expensePrereads, ...debtPrereads };

const SYSTEM_BANK_COMMANDS = new Set<BudgetCommandType>(["applyBankSync", "setBankItemStatus"]);

// One planner per command type; the type makes a missing planner a compile error.
const planners: Planners<BudgetCommandType> = { ...setupPlanners, ...expensePlanners, ...detailsPlanners, ...accountPlanners, ...sharingPlanners, ...resetPlanners, ...debtPlanners, ...uploadPlanners, ...bankPlanners };

/**
 * Each planner reads what it needs, then returns its writes as one batch (one D1 transaction). The
 * BudgetRoom guarantees no other command for the same budget runs between the reads and the batch.
 */
export async function plan(db: Db, budgetId: string, actorId: string, command: ParsedBudgetCommand, now: number): Promise<Plan> {
  const run = planners[command.type] as Planner<BudgetCommandType>;
  if (command.type === "createBudget") {
    if (command.ownerId !== actorId) throw new CommandRejected(403, "A budget can only be created for yourself.");
    return run({ db, budgetId, actorId, now, member: { periodStart: command.periodStart, role: "owner" } }, command as never);
  }
  if (command.type === "resetPeriod") {
    // Run by the app itself (cron → queue), never on a user's behalf.
    if (actorId !== SYSTEM_ACTOR) throw new CommandRejected(403, "Only the scheduler resets a budget.");
    return run({ db, budgetId, actorId, now, member: { periodStart: "", role: "owner" } }, command as never);
  }
  if (command.type === "acceptInvitation") {
    // The actor is not a member yet: the planner checks the invitation (token, e-mail, expiry) instead.
    return run({ db, budgetId, actorId, now, member: { periodStart: "", role: "member" } }, command as never);
  }
  if (actorId === SYSTEM_ACTOR && SYSTEM_BANK_COMMANDS.has(command.type)) {
    // Webhook and daily syncs run on the queue, on behalf of nobody: only these bank commands allow it.
    return run({ db, budgetId, actorId, now, member: await budgetPeriod(db, budgetId) }, command as never);
  }
  const preread = (PREREADS[command.type] as ((db: Db, budgetId: string, command: ParsedBudgetCommand) => readonly Statement[]) | undefined)?.(db, budgetId, command);
  const { preread: rows, ...member } = await requireMember(db, budgetId, actorId, preread);
  return run({ db, budgetId, actorId, now, member, preread: rows }, command as never);
}
