import type { AppContext } from "../context.server";
import type { BudgetCommand, CommandOutcome } from "./commands";

// The RPC surface of workers/budget-room.ts, as the server sees it (server code never imports workers/).
interface BudgetRoomStub {
  apply(envelope: { budgetId: string; actorId: string; command: BudgetCommand; idempotencyKey?: string; now?: number }): Promise<CommandOutcome>;
  disconnectUser(userId: string): Promise<number>;
}

export function budgetRoom(env: Env, budgetId: string): BudgetRoomStub {
  const ns = env.BUDGET_ROOM;
  return ns.get(ns.idFromName(budgetId)) as unknown as BudgetRoomStub;
}

/** Sends a command to the budget's room; the only way server code writes budget data. */
export async function applyBudgetCommand(
  app: Pick<AppContext, "env" | "now">,
  budgetId: string,
  actorId: string,
  command: BudgetCommand,
  idempotencyKey?: string,
): Promise<CommandOutcome> {
  return budgetRoom(app.env, budgetId).apply({ budgetId, actorId, command, idempotencyKey, now: app.now });
}
