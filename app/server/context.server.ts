import { createDb, type Db } from "./db/client.server";
import { parseEnv, type AppConfig } from "./env.server";
import { meteredEnv, RequestMeter } from "./meter.server";

// The typed load context every loader and action receives, built per request from the Worker env.
export interface AppContext {
  /** The bindings, counting into `meter` (D1, the budget rooms, R2). */
  env: Env;
  config: AppConfig;
  db: Db;
  ctx: ExecutionContext;
  /** Milliseconds since epoch for this request; one clock per request keeps reads consistent. */
  now: number;
  /** What this request waited on; the Worker entry reports it as Server-Timing. */
  meter: RequestMeter;
}

export function createAppContext(env: Env, ctx: ExecutionContext, now = Date.now()): AppContext {
  const config = parseEnv(env);
  const meter = new RequestMeter();
  const metered = meteredEnv(env, meter);
  return { env: metered, config, db: createDb(metered.DB), ctx, now, meter };
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    app: AppContext;
  }
}
