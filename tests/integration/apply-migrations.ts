import { applyD1Migrations, env } from "cloudflare:test";

// Runs before each test file; applying is idempotent, so isolated storage always starts migrated.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS ?? []);
