// `npm start` step 3: serve the built Worker with every binding emulated locally.
import { DEMO_HOUSEHOLD, DEMO_PASSWORD } from "./lib/seed.mjs";
import { wranglerSpawn } from "./lib/wrangler.mjs";

const port = process.env.PORT || "8787";
const persistTo = process.env.PERSIST_TO;
const child = wranglerSpawn(
  ["dev", "--port", port, "--ip", "127.0.0.1", "--inspector-port", "0", "--test-scheduled", "--show-interactive-dev-session=false", ...(persistTo ? ["--persist-to", persistTo] : [])],
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
