// `npm run test:e2e` step 1: Playwright drives Debian's Chromium (/usr/bin/chromium). It never downloads
// a browser of its own (this machine has no internet besides npm and Debian's mirrors).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";

function run(command, args, env = {}) {
  console.log(`$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(" ")} failed with exit code ${result.status}.`);
    process.exit(result.status ?? 1);
  }
}

if (existsSync(CHROMIUM)) process.exit(0);

if (typeof process.getuid === "function" && process.getuid() === 0) {
  console.log(`${CHROMIUM} is missing: installing Debian's chromium package for the end-to-end tests…`);
  run("apt-get", ["update"]);
  run("apt-get", ["install", "-y", "chromium"], { DEBIAN_FRONTEND: "noninteractive" });
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get installed chromium but ${CHROMIUM} is still missing.`);
    process.exit(1);
  }
  process.exit(0);
}

console.error(
  [
    "",
    `The end-to-end tests need Debian's Chromium at ${CHROMIUM}, and it is not installed.`,
    "Install it once, then run the tests again:",
    "",
    "    sudo apt-get update && sudo apt-get install -y chromium",
    "",
    "(Playwright's own browser download is not used: the tests launch the system Chromium.)",
    "",
  ].join("\n"),
);
process.exit(1);
