// `npm start` step 2: local secrets, D1 migrations and the demo household (once).
import { copyFileSync, existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_HOUSEHOLD, DEMO_PASSWORD, householdSql } from "./lib/seed.mjs";
import { executeLocal, migrateLocal, queryLocal, ROOT } from "./lib/wrangler.mjs";

const persistTo = process.env.PERSIST_TO || undefined;
const devVars = path.join(ROOT, ".dev.vars");
if (!existsSync(devVars)) {
  copyFileSync(path.join(ROOT, ".dev.vars.example"), devVars);
  console.log("Created .dev.vars from .dev.vars.example");
}

migrateLocal(persistTo);
console.log("Local D1 migrations applied");

const seeded = queryLocal(`SELECT count(*) AS n FROM users WHERE id = '${DEMO_HOUSEHOLD.members[0].id}'`, persistTo)[0]?.n > 0;
if (!seeded && process.env.SKIP_DEMO_SEED !== "1") {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "seed-")), "demo.sql");
  writeFileSync(file, await householdSql(DEMO_HOUSEHOLD));
  executeLocal(file, persistTo);
  console.log("Seeded the demo household");
}
if (process.env.SKIP_DEMO_SEED !== "1") {
  console.log(`Demo sign-in: ${DEMO_HOUSEHOLD.members.map((m) => `${m.email} (${m.role})`).join(", ")} — password: ${DEMO_PASSWORD}`);
}
