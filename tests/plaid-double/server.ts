// The Plaid test double over HTTP, for PLAID_BASE_URL (e2e tests, `npm run bench`, a developer without
// Plaid keys). Run: `node tests/plaid-double/server.ts [--port 8890] [--scenario household|big]`, then set
// in .dev.vars: PLAID_ENV=sandbox, PLAID_BASE_URL=http://127.0.0.1:8890, PLAID_CLIENT_ID=test-client-id,
// PLAID_SECRET=test-secret and a PLAID_TOKEN_KEY. Listens on 127.0.0.1 only.
//
// Controls (JSON bodies; `itemId` optional, default the latest Item):
//   GET  /__double/items                     Items with their accounts and transaction counts
//   POST /__double/scenario      {name}      scenario for the next linked Item
//   POST /__double/transactions  {specs}     add transactions (TxnSpec: id, account, date, amount, name, merchant?, pfc?, pending?)
//   POST /__double/modify        {transactionId, changes}
//   POST /__double/remove        {transactionId}
//   POST /__double/post-pending  {pendingId, amount?, postedId?}
//   POST /__double/item-error    {code: "ITEM_LOGIN_REQUIRED" | null}
//   POST /__double/mutation      {}          next page of an update fails with the mutation error
//   POST /__double/fail-after-pages {pages, code}  the page after `pages` more fails once (INTERNAL_SERVER_ERROR default)
//   POST /__double/webhook       {code, target}  signs a webhook (SYNC_UPDATES_AVAILABLE, ERROR, ...) and POSTs it to target
import { createServer, type IncomingMessage, type Server } from "node:http";
import { LOGIN_REQUIRED, PlaidDouble, plaidError, type DoubleOptions } from "./double.ts";

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > 5_000_000) reject(new Error("body too large"));
      else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function control(double: PlaidDouble, path: string, body: Record<string, unknown>): Promise<unknown> {
  const itemId = typeof body.itemId === "string" ? body.itemId : undefined;
  switch (path) {
    case "/__double/items":
      return [...double.items.values()].map((i) => ({
        itemId: i.itemId,
        removed: i.removed,
        institution: i.institution,
        error: i.error?.error_code ?? null,
        accounts: i.accounts.map((a) => ({ accountId: a.account_id, mask: a.mask, name: a.name })),
        transactions: double.currentTransactions(i).size,
      }));
    case "/__double/calls":
      return double.calls.map((c) => c.path);
    case "/__double/scenario":
      double.useScenario(String(body.name));
      return { scenario: body.name };
    case "/__double/transactions": {
      const specs = (body.specs as Array<Record<string, unknown>>).map((s) => ({ ...s, account: typeof s.mask === "string" ? double.accountId(s.mask, itemId) : s.account }));
      return double.addTransactions(specs as never, itemId).map((t) => t.transaction_id);
    }
    case "/__double/modify":
      return double.modifyTransaction(String(body.transactionId), body.changes as never, itemId);
    case "/__double/remove":
      double.removeTransaction(String(body.transactionId), itemId);
      return { removed: body.transactionId };
    case "/__double/post-pending":
      return double.postPending(String(body.pendingId), { amount: body.amount as number | undefined, postedId: body.postedId as string | undefined }, itemId);
    case "/__double/item-error":
      double.setItemError(body.code === "ITEM_LOGIN_REQUIRED" ? LOGIN_REQUIRED() : body.code ? plaidError(400, "ITEM_ERROR", String(body.code), "item error") : null, itemId);
      return { error: body.code ?? null };
    case "/__double/mutation":
      double.failNextPageWithMutation(itemId);
      return { armed: true };
    case "/__double/fail-after-pages": {
      const code = typeof body.code === "string" ? body.code : "INTERNAL_SERVER_ERROR";
      double.failAfterPages(Number(body.pages ?? 0), code === "ITEM_LOGIN_REQUIRED" ? LOGIN_REQUIRED() : plaidError(500, "API_ERROR", code, "an unexpected error occurred"), itemId);
      return { armed: code };
    }
    case "/__double/webhook": {
      const payload = double.webhookBody(String(body.code ?? "SYNC_UPDATES_AVAILABLE"), itemId, (body.extra as Record<string, unknown>) ?? {});
      const target = String(body.target);
      if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(target)) throw new Error("webhooks go to this machine only");
      const res = await fetch(target, { method: "POST", headers: await double.signWebhook(payload), body: payload });
      return { status: res.status, body: await res.text() };
    }
    default:
      throw new Error(`unknown control ${path}`);
  }
}

export async function startPlaidDoubleServer(options: DoubleOptions & { port?: number } = {}): Promise<{ server: Server; url: string; double: PlaidDouble }> {
  const double = new PlaidDouble(options);
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    try {
      const text = await readBody(req);
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      if (path.startsWith("/__double/")) {
        const out = await control(double, path, body);
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(out));
        return;
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const { status, json } = await double.handle(path, body, headers);
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(json));
    } catch (error) {
      res.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify(plaidError(400, "INVALID_REQUEST", "INVALID_BODY", String((error as Error).message))));
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return { server, url: `http://127.0.0.1:${port}`, double };
}

// Run directly: a standalone double.
if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const { url } = await startPlaidDoubleServer({ port: Number(arg("port") ?? process.env.PLAID_DOUBLE_PORT ?? 8890), scenario: arg("scenario"), clientId: arg("client-id"), secret: arg("secret") });
  console.log(`Plaid double listening on ${url} (client id test-client-id, secret test-secret)`);
}
