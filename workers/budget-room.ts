import { DurableObject } from "cloudflare:workers";
import { createDb } from "../app/server/db/client.server";
import { executeBudgetCommand } from "../app/server/budget-room/execute.server";
import type { CommandEnvelope, CommandOutcome } from "../app/server/budget-room/commands";

/**
 * One per budget. It is the budget's single writer: commands run strictly one at a time, in arrival
 * order, each as one D1 batch; then every connected member hears "changed".
 *
 * Why a queue of our own: a Durable Object only serialises *synchronous* work. While one command awaits
 * D1, the next RPC call would start running, read the same state, and race. Chaining every command onto
 * `tail` keeps the budget's commands in one order, whatever the I/O.
 *
 * Idempotency keys live in D1, written in the same batch as the command (execute.server.ts); the object
 * itself keeps only the sequence counter.
 */
export class BudgetRoom extends DurableObject<Env> {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      ctx.storage.sql.exec(
        `CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
         CREATE TABLE IF NOT EXISTS identity (budget_id TEXT NOT NULL);`,
      );
      // Answered by the runtime without waking a hibernating object.
      ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    });
  }

  apply(envelope: CommandEnvelope): Promise<CommandOutcome> {
    const run = this.tail.then(() => this.execute(envelope));
    // A failed command must not jam the queue for the commands behind it.
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Closes the sockets of a user who left or was removed from the budget. */
  async disconnectUser(userId: string): Promise<number> {
    const sockets = this.ctx.getWebSockets(userId);
    for (const ws of sockets) ws.close(4003, "No longer a member of this budget");
    return sockets.length;
  }

  private async execute(envelope: CommandEnvelope): Promise<CommandOutcome> {
    if (!this.claimBudget(envelope.budgetId)) {
      return { ok: false, status: 400, message: "This room belongs to another budget." };
    }
    const seq = this.currentSeq() + 1;
    // The counter is saved just before the batch commits (after every check passed): a refused or
    // replayed command takes no number, and a room that dies mid-commit never hands the same number out
    // twice (at worst a number is skipped when D1 itself fails).
    const reserve = () => this.ctx.storage.sql.exec("INSERT OR REPLACE INTO meta (name, value) VALUES ('seq', ?)", seq);
    const outcome = await executeBudgetCommand(createDb(this.env.DB), envelope, seq, reserve);
    if (outcome.ok && !outcome.replayed) this.broadcast({ type: "changed", seq, command: envelope.command.type });
    return outcome;
  }

  /** One room, one budget: the first command names it, and a caller bug can never make two writers. */
  private claimBudget(budgetId: string): boolean {
    const sql = this.ctx.storage.sql;
    const row = sql.exec<{ budget_id: string }>("SELECT budget_id FROM identity LIMIT 1").toArray()[0];
    if (!row) {
      sql.exec("INSERT INTO identity (budget_id) VALUES (?)", budgetId);
      return true;
    }
    return row.budget_id === budgetId;
  }

  private currentSeq(): number {
    const row = this.ctx.storage.sql.exec<{ value: number }>("SELECT value FROM meta WHERE name = 'seq'").toArray()[0];
    return row?.value ?? 0;
  }

  private broadcast(message: Record<string, unknown>): void {
    const text = JSON.stringify(message);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
      } catch {
        // A socket closing mid-send is not the command's failure.
      }
    }
  }

  /** WebSocket upgrade, already authorised by the Worker (this object is not reachable from outside). */
  async fetch(request: Request): Promise<Response> {
    const userId = request.headers.get("X-Budget-User");
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !userId) {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const pair = new WebSocketPair();
    // Hibernation API: the object can sleep while sockets stay open; the tag finds a user's sockets.
    this.ctx.acceptWebSocket(pair[1], [userId]);
    pair[1].send(JSON.stringify({ type: "hello" }));
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  async webSocketMessage(): Promise<void> {
    // Clients only listen; "ping" is answered by the auto-response above.
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
    } catch {
      // already closed
    }
  }
}
