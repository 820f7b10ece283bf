import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore -- produced by `remix build` before the Worker is bundled; typed as ServerBuild below.
import * as remixBuild from "../build/index.js";
import { createAppContext } from "../app/server/context.server";
import { EnvError } from "../app/server/env.server";
import { crossSiteRefusal, isCrossSiteRequest } from "../app/server/security.server";
import { connectLive } from "../app/server/live.server";
import { performLogin } from "../app/server/auth/login.server";
import { readRequestData } from "../app/server/body.server";
import { toPublicUser } from "../app/server/users.server";
import { isLocalHttp } from "../app/server/auth/cookies.server";
import { RequestMeter } from "../app/server/meter.server";
import { CACHE_PARTITION_HEADER, cachePartitionOf } from "../app/server/cache-partition.server";
import { createMethodGuard, methodNotImplemented, methodRefusal, withAllow } from "../app/server/method-guard.server";
import { logError, logInfo } from "../app/server/log.server";
import { handleQueueBatch } from "./queue";
import { handleScheduled } from "./scheduled";

export { BudgetRoom } from "./budget-room";

const handleRemix = createRequestHandler(remixBuild as unknown as ServerBuild);
const methodVerdict = createMethodGuard((remixBuild as unknown as ServerBuild).routes);

/** The operator sees exactly what is missing (log, and the page on this machine); visitors elsewhere do not. */
function misconfigured(error: EnvError, request: Request): Response {
  logError(error.message);
  const body = isLocalHttp(request) ? error.message : "The service is misconfigured and cannot serve requests. The operator's log says what is missing.";
  return new Response(`${body}\n`, { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * Pages and JSON answered to a signed-in browser hold that person's data: never stored by a shared cache
 * or the browser's back/forward disk cache. (Static assets are served before the Worker runs.)
 */
async function privateWhenSignedIn(request: Request, response: Response): Promise<Response> {
  if (!/(?:^|;\s*)__session=/.test(request.headers.get("Cookie") ?? "")) return response;
  if (response.status === 101) return response;
  const out = new Response(response.body, response);
  if (!/no-store/.test(response.headers.get("Cache-Control") ?? "")) out.headers.set("Cache-Control", "private, no-store");
  // The service worker keeps a signed-in page only under this session's partition (issue 23).
  const partition = await cachePartitionOf(request);
  if (partition) out.headers.set(CACHE_PARTITION_HEADER, partition);
  return out;
}

/**
 * Every response says what the request waited on (D1 round trips, room calls, R2 operations), for
 * devtools, tests and the bench. A WebSocket upgrade's headers belong to the handshake and stay as they are.
 */
function withServerTiming(response: Response, meter: RequestMeter): Response {
  if (response.status === 101) return response;
  const value = meter.serverTiming();
  try {
    response.headers.set("Server-Timing", value);
    return response;
  } catch {
    // Immutable headers (a response passed through from fetch): copy it.
    const out = new Response(response.body, response);
    out.headers.set("Server-Timing", value);
    return out;
  }
}

async function jsonLogin(app: ReturnType<typeof createAppContext>, request: Request): Promise<Response> {
  let body: unknown;
  try {
    body = await readRequestData(request);
  } catch (refusal) {
    if (refusal instanceof Response) return refusal;
    throw refusal;
  }
  const result = await performLogin(app, request, body);
  if (!result.ok) {
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return Response.json({ message: result.message, fieldErrors: result.fieldErrors }, { status: result.status, headers });
  }
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  return Response.json({ user: toPublicUser(result.user) }, { headers });
}

async function handle(app: ReturnType<typeof createAppContext>, request: Request): Promise<Response> {
  if (isCrossSiteRequest(request, app.config.APP_ORIGIN)) return crossSiteRefusal();

  const url = new URL(request.url);
  if (url.pathname === "/api/budget/live") return connectLive(app, request);
  // Remix renders a page for a UI route's action; JSON clients of /api/login want JSON instead.
  if (url.pathname === "/api/login" && request.method === "POST" && (request.headers.get("Content-Type") ?? "").includes("application/json")) {
    return jsonLogin(app, request);
  }
  // A method the route has no handler for: 405 with Allow, here for every route (issue 18 #13).
  const verdict = methodVerdict(request);
  if (verdict.kind === "not-implemented") return methodNotImplemented();
  if (verdict.kind === "refuse" && !verdict.page) return methodRefusal(request, verdict.allow);
  const response = await handleRemix(request, { app });
  return privateWhenSignedIn(request, verdict.kind === "refuse" ? withAllow(response, verdict.allow) : response);
}

/**
 * Every answer of the Worker says what it is and browsers must not guess otherwise (issue 18 #17); the
 * static files get the same header from public/_headers.
 */
function nosniff(response: Response): Response {
  if (response.status === 101 || response.headers.has("X-Content-Type-Options")) return response;
  try {
    response.headers.set("X-Content-Type-Options", "nosniff");
    return response;
  } catch {
    // A response with immutable headers (one fetched from elsewhere): copy it.
    const out = new Response(response.body, response);
    out.headers.set("X-Content-Type-Options", "nosniff");
    return out;
  }
}

export default {
  async fetch(request, env, ctx): Promise<Response> {
    let app;
    try {
      app = createAppContext(env, ctx);
    } catch (error) {
      if (error instanceof EnvError) return nosniff(withServerTiming(misconfigured(error, request), new RequestMeter()));
      throw error;
    }
    return nosniff(withServerTiming(await handle(app, request), app.meter));
  },

  async queue(batch, env): Promise<void> {
    await handleQueueBatch(batch, env);
  },

  async scheduled(controller, env, ctx): Promise<void> {
    ctx.waitUntil(
      handleScheduled(controller, env).then(
        (report) => logInfo("cron", JSON.stringify(report)),
        (error) => logError("cron failed", error),
      ),
    );
  },
} satisfies ExportedHandler<Env>;
