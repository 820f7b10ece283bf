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
  // Everything but @remix-run/router: the Worker bundle resolves that one to its patched copy (wrangler.toml's
  // alias, scripts/lib/route-cache-patch.mjs), so the page render matches routes with the same caches as the
  // request handler, and the Worker holds one router instead of two.
  serverDependenciesToBundle: [/^(?!@remix-run\/router$)/],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
