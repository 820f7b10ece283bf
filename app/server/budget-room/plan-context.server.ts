import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client.server";
import { budgetMembers, budgets } from "../db/schema";
import type { BudgetCommandType, ParsedBudgetCommand } from "./commands";

export type Statement = BatchItem<"sqlite">;

/** A command refused for a reason the caller can act on; becomes `{ ok: false, status, message }`. */
export class CommandRejected extends Error {
  constructor(
    public readonly status: 400 | 403 | 404 | 409 | 410,
    message: string,
  ) {
    super(message);
  }
}

/** What a planner returns: its writes (run as one D1 batch) and the result the caller gets. */
export interface Plan {
  statements: Statement[];
  result: Record<string, unknown>;
}

/** The actor's verified membership; createBudget is the only command planned without one. */
export interface Member {
  periodStart: string;
  /** The budget's time zone: "today" for the date rule (issue 18 #16). */
  timeZone?: string;
  role: "owner" | "member";
}

export interface PlanContext {
  db: Db;
  budgetId: string;
  actorId: string;
  now: number;
  /** Checked before every planner except createBudget's (see planners/index.server.ts). */
  member: Member;
  /** The rows of the planner's `PREREADS` queries, read in the membership check's batch (one round trip less). */
  preread?: unknown[];
}

export type Planner<T extends BudgetCommandType> = (ctx: PlanContext, command: Extract<ParsedBudgetCommand, { type: T }>) => Promise<Plan>;

/** Per command type, the read its planner wants in the membership check's batch (see `PlanContext.preread`). */
export type Prereads = { [K in BudgetCommandType]?: (db: Db, budgetId: string, command: Extract<ParsedBudgetCommand, { type: K }>) => readonly Statement[] };

/** A map with a planner for each command type of an area. */
export type Planners<T extends BudgetCommandType> = { [K in T]: Planner<K> };

/**
 * The room trusts nobody: every command but createBudget needs the budget and a member as its actor.
 * `preread`, a read the command's planner needs, goes in the same batch; its rows come back with the member.
 */
export async function requireMember(db: Db, budgetId: string, actorId: string, preread?: readonly Statement[]): Promise<Member & { preread?: unknown[] }> {
  const [budget, membership, ...extra] = await db.batch([
    db.select({ periodStart: budgets.periodStart, timeZone: budgets.timeZone }).from(budgets).where(eq(budgets.id, budgetId)).limit(1),
    db
      .select({ role: budgetMembers.role })
      .from(budgetMembers)
      .where(and(eq(budgetMembers.budgetId, budgetId), eq(budgetMembers.userId, actorId)))
      .limit(1),
    ...(preread ?? []),
  ]);
  if (!budget[0]) throw new CommandRejected(404, "Budget not found.");
  if (!membership[0]) throw new CommandRejected(403, "You are not a member of this budget.");
  return { periodStart: budget[0].periodStart, timeZone: budget[0].timeZone, role: membership[0].role, ...(preread ? { preread: extra } : {}) };
}

/** The budget's period for a command the app runs itself (no member acting); 404 when the budget is gone. */
export async function budgetPeriod(db: Db, budgetId: string): Promise<Member> {
  const rows = await db.select({ periodStart: budgets.periodStart }).from(budgets).where(eq(budgets.id, budgetId)).limit(1);
  if (!rows[0]) throw new CommandRejected(404, "Budget not found.");
  return { periodStart: rows[0].periodStart, role: "member" };
}

export function requireOwner(ctx: PlanContext, message: string): void {
  if (ctx.member.role !== "owner") throw new CommandRejected(403, message);
}

/**
 * Members change only what they added; the owner changes everything (issue 18 #15, spec §6). `addedBy`
 * null (the adder left, or it predates the rule) leaves it to the owner.
 */
export function requireOwnerOrAdder(ctx: PlanContext, addedBy: string | null, message: string): void {
  if (ctx.member.role !== "owner" && addedBy !== ctx.actorId) throw new CommandRejected(403, message);
}
