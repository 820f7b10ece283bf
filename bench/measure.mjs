// Bench helpers: latency loops (sequential and bounded concurrency) and client JavaScript sizes.
import { gzipSync } from "node:zlib";

function percentile(sorted, p) {
  if (!sorted.length) return null;
  // Nearest-rank percentile.
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

const round = (x) => (x === null ? null : Math.round(x * 100) / 100);

export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.length ? sorted.reduce((s, x) => s + x, 0) / sorted.length : null;
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    mean: round(mean),
    min: round(sorted[0] ?? null),
    max: round(sorted.at(-1) ?? null),
  };
}

/** `d1;desc="1";dur=1.2, do;desc="0";dur=0, r2;desc="0";dur=0` → { d1: 1, do: 0, r2: 0 } (counts), or null. */
export function roundTripsOf(header) {
  if (!header) return null;
  const out = {};
  for (const m of header.matchAll(/(d1|do|r2);desc="(\d+)"/g)) out[m[1]] = Number(m[2]);
  return "d1" in out ? out : null;
}

/** One timed request; the body is read completely before the clock stops. */
async function timedRequest(url, headers, method = "GET", body) {
  const start = performance.now();
  try {
    const res = await fetch(url, { method, headers, body: typeof body === "function" ? body() : body, redirect: "manual" });
    await res.arrayBuffer();
    return { ms: performance.now() - start, status: res.status, trips: roundTripsOf(res.headers.get("Server-Timing")) };
  } catch (error) {
    return { ms: performance.now() - start, status: 0, error: error.cause?.code ?? error.message };
  }
}

/**
 * Sends `n` requests to `url` with at most `concurrency` in flight (1 = sequential). Each request's latency is
 * recorded; answers other than `expectStatus` count as errors (and are left out of the latency figures).
 */
export async function load(url, { n, concurrency = 1, headers = {}, expectStatus = 200, method = "GET", body }) {
  const samples = [];
  const statuses = {};
  // The most D1 round trips, room calls and R2 operations any answer reported (Server-Timing).
  const roundTrips = { d1: 0, do: 0, r2: 0 };
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < n) {
      next++;
      const r = await timedRequest(url, headers, method, body);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      if (r.status === expectStatus) samples.push(r.ms);
      if (r.trips) for (const k of Object.keys(roundTrips)) roundTrips[k] = Math.max(roundTrips[k], r.trips[k] ?? 0);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, n)) }, worker));
  const wallMs = performance.now() - started;
  return { n, ok: samples.length, errors: n - samples.length, statuses, roundTrips, wallMs: round(wallMs), rps: round((n / wallMs) * 1000), ...summarize(samples) };
}

/**
 * `n` requests to `url` sequentially, each right after one to the floor `floorUrl`: both see the same load
 * at the same moments, so on a shared, noisy machine their ratio holds where separate runs drift apart.
 */
export async function pairedWithFloor(url, floorUrl, { n, headers = {}, expectStatus = 200, method = "GET", body, floorStatus = 401 } = {}) {
  const target = [];
  const floor = [];
  let errors = 0;
  for (let i = 0; i < n; i++) {
    const f = await timedRequest(floorUrl, {});
    const r = await timedRequest(url, headers, method, body);
    if (f.status !== floorStatus || r.status !== expectStatus) {
      errors++;
      continue;
    }
    floor.push(f.ms);
    target.push(r.ms);
  }
  const t = summarize(target);
  const fl = summarize(floor);
  const ratio = (a, b) => (a && b ? Math.round((a / b) * 10) / 10 : null);
  return { n, errors, target: t, floor: fl, ratioP50: ratio(t.p50, fl.p50), ratioP95: ratio(t.p95, fl.p95) };
}

const attr = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i"))?.slice(1).find((v) => v !== undefined);

/** Script URLs a page loads up front: <script src>, <link rel=modulepreload href>, and static imports in inline module scripts. */
export function scriptUrlsOf(html, pageUrl) {
  const urls = new Set();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, "src");
    if (src) urls.add(new URL(src, pageUrl).href);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attr(tag, "href");
    if (href && rel.includes("modulepreload")) urls.add(new URL(href, pageUrl).href);
  }
  for (const [, body] of html.matchAll(/<script\b[^>]*type\s*=\s*["']?module["']?[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const spec of staticImports(body)) urls.add(new URL(spec, pageUrl).href);
  }
  return urls;
}

export function stylesheetUrlsOf(html, pageUrl) {
  const urls = new Set();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attr(tag, "href");
    if (href && rel.includes("stylesheet")) urls.add(new URL(href, pageUrl).href);
  }
  return urls;
}

/** Static `import … from "x"` / `import "x"` / `export … from "x"` specifiers (not dynamic import()). */
function staticImports(js) {
  const specs = [];
  for (const m of js.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)) specs.push(m[1]);
  return specs;
}

/**
 * Fetches every script a page loads up front (plus anything those import statically, which Remix's
 * modulepreload list should already cover) under `prefix`, and sums raw and gzip (level 9) bytes.
 */
export async function clientJs(origin, pagePath, { headers = {}, prefix = "/build/" } = {}) {
  const pageUrl = `${origin}${pagePath}`;
  const res = await fetch(pageUrl, { headers, redirect: "manual" });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`GET ${pagePath} answered ${res.status}`);
  const inBuild = (u) => new URL(u).origin === origin && new URL(u).pathname.startsWith(prefix);
  const listed = [...scriptUrlsOf(html, pageUrl)].filter(inBuild);
  const queue = [...listed];
  const seen = new Set(queue);
  const files = [];
  while (queue.length) {
    const url = queue.shift();
    const r = await fetch(url);
    const body = Buffer.from(await r.arrayBuffer());
    if (r.status !== 200) throw new Error(`GET ${url} answered ${r.status}${r.status === 404 ? " (was the app rebuilt while the bench ran? the page references assets that are gone)" : ""}`);
    files.push({ path: new URL(url).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, preloaded: listed.includes(url) });
    for (const spec of staticImports(body.toString("utf8"))) {
      const dep = new URL(spec, url).href;
      if (inBuild(dep) && !seen.has(dep)) {
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  const css = [];
  for (const url of stylesheetUrlsOf(html, pageUrl)) {
    const r = await fetch(url);
    const body = Buffer.from(await r.arrayBuffer());
    if (r.status === 200) css.push({ path: new URL(url).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  const htmlBytes = Buffer.from(html);
  files.sort((a, b) => b.gzip - a.gzip);
  return {
    page: pagePath,
    files,
    count: files.length,
    notPreloaded: files.filter((f) => !f.preloaded).map((f) => f.path),
    raw: files.reduce((s, f) => s + f.raw, 0),
    gzip: files.reduce((s, f) => s + f.gzip, 0),
    css: { files: css, raw: css.reduce((s, f) => s + f.raw, 0), gzip: css.reduce((s, f) => s + f.gzip, 0) },
    html: { raw: htmlBytes.length, gzip: gzipSync(htmlBytes, { level: 9 }).length },
  };
}
