import { createDb, type Db } from "./db/client.server";
import { parseEnv, type AppConfig } from "./env.server";

// The typed load context every loader and action receives, built per request from the Worker env.
export interface AppContext {
  env: Env;
  config: AppConfig;
  db: Db;
  ctx: ExecutionContext;
  /** Milliseconds since epoch for this request; one clock per request keeps reads consistent. */
  now: number;
}

export function createAppContext(env: Env, ctx: ExecutionContext, now = Date.now()): AppContext {
  return { env, config: parseEnv(env), db: createDb(env.DB), ctx, now };
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    app: AppContext;
  }
}
