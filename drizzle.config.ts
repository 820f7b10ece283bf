import { defineConfig } from "drizzle-kit";

// drizzle-kit writes SQL migrations; wrangler applies them (`wrangler d1 migrations apply DB`).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/server/db/schema.ts",
  out: "./migrations",
});
