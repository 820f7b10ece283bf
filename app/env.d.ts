// The Worker's bindings and variables (wrangler.toml + secrets). Values are validated per request by
// app/server/env.server.ts; this only describes their shape to TypeScript.
declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    STATEMENTS: R2Bucket;
    JOBS: Queue<import("./server/job-messages.server").JobMessage>;
    BUDGET_ROOM: DurableObjectNamespace;
    ASSETS: Fetcher;
    SESSION_SECRET?: string;
    OPENAI_API_KEY?: string;
    OPENAI_MODEL?: string;
    PLAID_CLIENT_ID?: string;
    PLAID_SECRET?: string;
    PLAID_ENV?: string;
    PLAID_TOKEN_KEY?: string;
    PLAID_BASE_URL?: string;
    ADMIN_EMAILS?: string;
    APP_ORIGIN?: string;
    OAUTH_PROVIDERS?: string;
    [key: `OAUTH_${string}`]: string | undefined;
    // Integration tests only: migrations handed to the test runtime.
    TEST_MIGRATIONS?: import("cloudflare:test").D1Migration[];
  }
}

type Env = Cloudflare.Env;

declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import("../workers/app");
    durableNamespaces: "BudgetRoom";
  }
}

// Remix's `?url` asset imports (root.tsx imports the stylesheet this way).
declare module "*.css?url" {
  const href: string;
  export default href;
}
