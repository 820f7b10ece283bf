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
  PLAID_ENV: z.enum(["sandbox", "development", "production"]).default("sandbox"),
  PLAID_TOKEN_KEY: z.string().optional(),
  OAUTH_PROVIDERS: z.string().default(""),
});

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
