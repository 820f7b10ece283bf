// `npm start` step 3: serve the built Worker with every binding emulated locally.
import { DEMO_HOUSEHOLD, DEMO_PASSWORD } from "./lib/seed.mjs";
import { wranglerSpawn } from "./lib/wrangler.mjs";

const port = process.env.PORT || "8787";
const persistTo = process.env.PERSIST_TO;
// SERVE_VARS (JSON object) sets Worker variables over .dev.vars for this run only: the e2e suite points
// Plaid at its local test double this way, whatever the developer's own .dev.vars holds.
const vars = process.env.SERVE_VARS ? Object.entries(JSON.parse(process.env.SERVE_VARS)).flatMap(([key, value]) => ["--var", `${key}:${value}`]) : [];
const child = wranglerSpawn(
  ["dev", "--port", port, "--ip", "127.0.0.1", "--inspector-port", "0", "--test-scheduled", "--show-interactive-dev-session=false", ...(persistTo ? ["--persist-to", persistTo] : []), ...vars],
  { stdio: ["ignore", "pipe", "inherit"] },
);
let announced = false;
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /Ready on/.test(String(chunk))) {
    announced = true;
    console.log(`\n  Hearth Budget is running at http://localhost:${port}`);
    console.log(`  Demo sign-in: ${DEMO_HOUSEHOLD.members[0].email} / ${DEMO_PASSWORD} (owner, admin), ${DEMO_HOUSEHOLD.members[1].email} / ${DEMO_PASSWORD} (member)\n`);
  }
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
