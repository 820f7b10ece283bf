// After `remix build`: writes public/sw.js, the service worker (app/service-worker/sw.ts) with the precache
// list of this build. Workbox's getManifest lists the files (hashed /build/ names need no revision; the rest
// get a content hash), so a new deploy ships a different sw.js, which the browser installs, and the old
// build's cache is deleted when it takes over.
import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { build } from "esbuild";
import { getManifest } from "workbox-build";

const { manifestEntries, size, warnings } = await getManifest({
  globDirectory: "public",
  globPatterns: ["build/**/*.{js,css}", "icons/*.{png,svg}", "favicon.svg", "manifest.webmanifest"],
  dontCacheBustURLsMatching: /^build\//,
  maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
});
for (const warning of warnings) console.warn(warning);
const precache = manifestEntries.map((e) => ({ url: `/${e.url}`, revision: e.revision ?? null })).sort((a, b) => a.url.localeCompare(b.url));
const result = await build({
  entryPoints: ["app/service-worker/sw.ts"],
  bundle: true,
  format: "iife",
  minify: true,
  target: "es2020",
  write: false,
  alias: { "~": "./app" },
  define: { __PRECACHE__: JSON.stringify(precache), __VERSION__: JSON.stringify("__SW_VERSION__") },
  legalComments: "none",
});
// The version is the worker's own text (its code and its precache list): any change makes a new worker.
const text = result.outputFiles[0].text;
const version = createHash("sha256").update(text).digest("hex").slice(0, 12);
const worker = text.replaceAll("__SW_VERSION__", version);
await writeFile("public/sw.js", worker);
console.log(`sw.js ${version}: ${precache.length} files precached (${Math.round(size / 1024)} KiB), worker ${worker.length} B`);
