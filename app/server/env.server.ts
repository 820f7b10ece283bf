import { z } from "zod";

// Secrets exist only per request on Workers, so the env is validated when a request arrives.
// A missing secret is reported once, clearly, instead of failing deep inside a later call.
const envSchema = z.object({
  SESSION_SECRET: z
    .string({ error: "SESSION_SECRET is missing: set it with `wrangler secret put SESSION_SECRET` (locally in .dev.vars)" })
    .min(16, "SESSION_SECRET must be at least 16 characters"),
  ADMIN_EMAILS: z.string().default(""),
  APP_ORIGIN: z.string().url("APP_ORIGIN must be a URL such as https://budget.example.com").optional().or(z.literal("").transform(() => undefined)),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  PLAID_CLIENT_ID: z.string().optional(),
  PLAID_SECRET: z.string().optional(),
  // Plaid has no "development" environment any more, and its SDK quietly sends an unknown one to
  // production: anything but these two is refused by name.
  PLAID_ENV: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? "sandbox" : v.trim()))
    .pipe(z.enum(["sandbox", "production"], { error: (issue) => `PLAID_ENV must be "sandbox" or "production" (got "${String(issue.input)}"); Plaid has no other environment` })),
  PLAID_TOKEN_KEY: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .refine((v) => v === undefined || base64Bytes(v) === 32, "PLAID_TOKEN_KEY must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)"),
  /** A Plaid-compatible server instead of Plaid's host (tests, local development); sandbox only. */
  PLAID_BASE_URL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim().replace(/\/+$/, "") : undefined))
    .refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), "PLAID_BASE_URL must be an http(s) URL such as http://127.0.0.1:8890"),
  OAUTH_PROVIDERS: z.string().default(""),
  /**
   * Multiplies every per-user limit (rate-limits.server.ts). Only `npm run bench` sets it: it sends hundreds of
   * chat messages as one user and must time the same work (the count still runs) without being answered 429.
   */
  USER_LIMIT_SCALE: z.coerce.number().int().min(1).max(100_000).default(1),
}).superRefine((env, ctx) => {
  if (env.PLAID_BASE_URL && env.PLAID_ENV !== "sandbox") {
    ctx.addIssue({ code: "custom", path: ["PLAID_BASE_URL"], message: "PLAID_BASE_URL is accepted only with PLAID_ENV=sandbox" });
  }
});

/** How many bytes a base64 (or base64url) string holds, or -1 when it is not base64. */
function base64Bytes(text: string): number {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return -1;
  try {
    return atob(text.replace(/-/g, "+").replace(/_/g, "/")).length;
  } catch {
    return -1;
  }
}

export type AppConfig = z.infer<typeof envSchema> & {
  adminEmails: Set<string>;
  raw: Env;
};

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`The Worker is misconfigured:\n- ${problems.join("\n- ")}`);
    this.name = "EnvError";
  }
}

const cache = new WeakMap<object, AppConfig>();

export function parseEnv(env: Env): AppConfig {
  const cached = cache.get(env);
  if (cached) return cached;
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => issue.message));
  }
  const config: AppConfig = {
    ...result.data,
    adminEmails: new Set(
      result.data.ADMIN_EMAILS.split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
    raw: env,
  };
  cache.set(env, config);
  return config;
}
