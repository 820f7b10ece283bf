// Issue 18's hostile upload shapes against the running Worker: a 4 MB CSV of 217k short rows and a PDF of
// 20,000 tiny pages. Each must end in a clear failed job within 5 s, while a signed-in read keeps answering:
// GET /api/budget is timed alternating with the signed-out floor (GET /api/auth/user) for the whole time the
// job runs, and the same pairs at rest before it, so the figures compare like with like.
import { PDFDocument, StandardFonts } from "pdf-lib";

function shortRowsCsv(rows) {
  const d = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const us = `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
  return Buffer.from("Date,Description,Amount\n" + `${us},A,-1.00\n`.repeat(rows));
}

async function tinyPagesPdf(pages) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) doc.addPage([72, 72]).drawText(`11/02 A 1.00`, { x: 2, y: 30, size: 4, font });
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : null;
};

async function timed(url, headers) {
  const t = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status };
}

/** Pairs (floor, signed-in read) until `until()` is true or `max` pairs; returns both series' p50/p95 and the ratio. */
async function pairs(origin, headers, until, max) {
  const floor = [];
  const read = [];
  for (let i = 0; i < max && !until(); i++) {
    const f = await timed(`${origin}/api/auth/user`, {});
    const r = await timed(`${origin}/api/budget`, headers);
    if (r.status === 200) {
      floor.push(f.ms);
      read.push(r.ms);
    }
  }
  const round = (x) => (x === null ? null : Math.round(x * 10) / 10);
  const p = (xs) => ({ p50: round(percentile(xs, 50)), p95: round(percentile(xs, 95)), max: round(Math.max(...xs)) });
  const a = p(read);
  const b = p(floor);
  return { n: read.length, read: a, floor: b, ratioP50: a.p50 && b.p50 ? round(a.p50 / b.p50) : null, ratioP95: a.p95 && b.p95 ? round(a.p95 / b.p95) : null };
}

export async function hostileUploadsBench(origin, headers, log = console.log) {
  const shapes = [
    { name: "217k short rows (CSV)", bytes: shortRowsCsv(217_000), fileName: "rows.csv", type: "text/csv" },
    { name: "20,000 tiny pages (PDF)", bytes: await tinyPagesPdf(20_000), fileName: "pages.pdf", type: "application/pdf" },
  ];
  const out = [];
  const atRest = await pairs(origin, headers, () => false, 100);
  log(`hostile uploads: at rest, GET /api/budget p50 ${atRest.read.p50} ms = ${atRest.ratioP50}× the floor (${atRest.floor.p50} ms), p95 ${atRest.ratioP95}×`);
  for (const shape of shapes) {
    const form = new FormData();
    form.set("file", new File([shape.bytes], shape.fileName, { type: shape.type }));
    const started = performance.now();
    let finished = null;
    let answer = null;
    const upload = fetch(`${origin}/api/upload-transactions`, { method: "POST", headers: { ...headers, Origin: origin }, body: form }).then(async (res) => ({ status: res.status, body: await res.json() }));
    // While the job runs: keep timing the signed-in read against the floor, and poll the job's status.
    const poll = (async () => {
      answer = await upload;
      let view = answer.body;
      while (view.status === "processing" && performance.now() - started < 60_000) {
        await new Promise((r) => setTimeout(r, 100));
        view = await (await fetch(`${origin}/api/transaction-uploads/${answer.body.uploadId}`, { headers })).json();
      }
      finished = { ms: Math.round(performance.now() - started), status: view.status, error: view.error ?? null };
    })();
    const during = await pairs(origin, headers, () => finished !== null, 10_000);
    await poll;
    const row = { shape: shape.name, bytes: shape.bytes.length, uploadStatus: answer.status, jobStatus: finished.status, error: finished.error, msToOutcome: finished.ms, goalMs: 5_000, during, atRest, pass: finished.status === "failed" && finished.ms <= 5_000 && during.ratioP50 !== null && during.ratioP50 <= 3 * Math.max(1, atRest.ratioP50 ?? 1) };
    out.push(row);
    log(`hostile uploads: ${shape.name}, ${(shape.bytes.length / 1048576).toFixed(1)} MB → ${finished.status} in ${(finished.ms / 1000).toFixed(2)} s ("${finished.error}"); during it GET /api/budget p50 ${during.read.p50} ms = ${during.ratioP50}× the floor (${during.floor.p50} ms), p95 ${during.ratioP95}× (n ${during.n})`);
  }
  return out;
}

// `node bench/hostile-uploads.mjs` (through npx/npm for Node 22): this part alone, on a fresh seeded Worker.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { BENCH_HOUSEHOLD, freePort, prepareState, signIn, startWorker, waitReady } = await import("./server.mjs");
  const { ROOT } = await import("../scripts/lib/wrangler.mjs");
  const path = await import("node:path");
  const stateDir = path.join(ROOT, ".wrangler/bench-hostile-state");
  await prepareState(stateDir);
  const worker = startWorker({ port: await freePort(), stateDir });
  try {
    await waitReady(worker);
    const owner = BENCH_HOUSEHOLD.members.find((m) => m.role === "owner");
    const cookie = await signIn(worker.origin, owner.email, owner.password);
    console.log(JSON.stringify(await hostileUploadsBench(worker.origin, { Cookie: cookie }), null, 2));
  } finally {
    await worker.stop?.();
  }
}
