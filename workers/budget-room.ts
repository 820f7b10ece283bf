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
      ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL)");
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
    // Commands run one at a time, so reading the counter now and saving it only on success keeps seq
    // gap-free: a refused or replayed command never takes a number that no "changed" message will carry.
    const seq = this.currentSeq() + 1;
    const outcome = await executeBudgetCommand(createDb(this.env.DB), envelope, seq);
    if (outcome.ok && !outcome.replayed) {
      this.ctx.storage.sql.exec("INSERT OR REPLACE INTO meta (name, value) VALUES ('seq', ?)", seq);
      this.broadcast({ type: "changed", seq, command: envelope.command.type });
    }
    return outcome;
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

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === "ping") ws.send("pong");
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
    } catch {
      // already closed
    }
  }
}
