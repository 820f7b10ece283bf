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
 * Idempotency keys and the sequence counter live in D1, written in the same batch as the command
 * (execute.server.ts). The object keeps no storage of its own: a budget's room costs nothing to create,
 * which matters when the monthly reset wakes 10,000 of them in one run.
 */
export class BudgetRoom extends DurableObject<Env> {
  private tail: Promise<unknown> = Promise.resolve();
  /** The budget this room serves when the runtime does not tell us its name (see claimBudget). */
  private claimed: string | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Answered by the runtime without waking a hibernating object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
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
    // The number comes from the command's own batch: a refused or replayed command takes none, and a
    // batch that fails takes none either, so members never see a gap or a number twice.
    const outcome = await executeBudgetCommand(createDb(this.env.DB), envelope);
    if (outcome.ok && !outcome.replayed) this.broadcast({ type: "changed", seq: outcome.seq, command: envelope.command.type });
    return outcome;
  }

  /**
   * One room, one budget, so a caller bug can never make two writers: the room's name is the budget id
   * (idFromName). Runtimes that do not expose the name fall back to the first budget this instance served.
   */
  private claimBudget(budgetId: string): boolean {
    const name = this.ctx.id.name;
    if (name) return name === budgetId;
    this.claimed ??= budgetId;
    return this.claimed === budgetId;
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
