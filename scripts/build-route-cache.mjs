// After `remix build`: writes build/remix-router.server.js, the Worker's patched copy of @remix-run/router
// (see scripts/lib/route-cache-patch.mjs for why and what).
import { readFile, writeFile, mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { patchRouterSource } from "./lib/route-cache-patch.mjs";

const require = createRequire(import.meta.url);
const stock = path.join(path.dirname(require.resolve("@remix-run/router/package.json")), "dist/router.js");
const out = "build/remix-router.server.js";
await mkdir("build", { recursive: true });
await writeFile(out, patchRouterSource(await readFile(stock, "utf8")));
console.log(`${out}: @remix-run/router with per-isolate route and pattern caches`);
