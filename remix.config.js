/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverBuildPath: "build/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  // The server bundle runs inside workerd, so resolve packages the way a Worker would.
  serverConditions: ["workerd", "worker", "browser"],
  serverMainFields: ["browser", "module", "main"],
  serverModuleFormat: "esm",
  serverPlatform: "neutral",
  serverMinify: true,
  // Everything but two packages the Worker's own modules (workers/, app/server/ through it) import too; wrangler
  // bundles those once for both:
  // - @remix-run/router: resolved to its patched copy (wrangler.toml's alias, scripts/lib/route-cache-patch.mjs),
  //   so the page render matches routes with the same caches as the request handler;
  // - drizzle-orm: the db instance comes from the Worker's modules and the tables from the routes' code; with two
  //   copies every drizzle `is()` check (each SQL chunk, each cell read) missed `instanceof` and walked the
  //   prototype chain — measured at ~20% of a signed-in read's CPU.
  serverDependenciesToBundle: [/^(?!@remix-run\/router$|drizzle-orm(\/|$))/],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
