import "@remix-run/server-runtime";

// Single fetch is on (remix.config.js); this makes loader/action types follow it.
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}
