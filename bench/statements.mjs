// Issue 10's figures (with issue 18's limits): the statement parsers on the largest accepted CSV and PDF and on
// the hostile shapes they refuse, each parsed in
// a child Node process whose heap is capped at 64 MB (finishing at all proves the cap), with its time; and
// the share of tests/fixtures/statements parsed exactly (counts and totals).
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "../scripts/lib/wrangler.mjs";

const TODAY = "2026-11-22";
const HEAP_MB = 64;

function bigCsv(bytes, maxRows = Infinity) {
  const merchants = ["KROGER #123", "SHELL OIL 5744", "STARBUCKS STORE 12", "AMAZON.COM*2X4", "CHIPOTLE 1234", "NETFLIX.COM", "UBER TRIP", "CVS PHARMACY"];
  const out = ["Posting Date,Description,Amount,Balance"];
  let size = out[0].length;
  let balance = 1_000_000;
  for (let i = 0; size < bytes && i < maxRows; i++) {
    const day = (i % 28) + 1;
    const month = ((i >> 5) % 10) + 1;
    const cents = 100 + ((i * 7919) % 20_000);
    const income = i % 50 === 0;
    balance += income ? 250_000 : -cents;
    const row = `${String(month).padStart(2, "0")}/${String(day).padStart(2, "0")}/2026,"${income ? "ACME PAYROLL" : merchants[i % merchants.length]} ${i}",${income ? "2500.00" : `-${(cents / 100).toFixed(2)}`},${(balance / 100).toFixed(2)}`;
    out.push(row);
    size += row.length + 2;
  }
  return { text: out.join("\r\n"), rows: out.length - 1 };
}

async function bigPdf(pages) {
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  let n = 0;
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    let y = 760;
    page.drawText(p === 0 ? "ACME BANK CREDIT CARD STATEMENT   Closing Date 11/20/2026" : `Page ${p + 1}`, { x: 40, y, size: 9, font });
    y -= 14;
    page.drawText("Purchases and Adjustments", { x: 40, y, size: 9, font });
    for (let i = 0; i < 48; i++, n++) {
      y -= 14;
      page.drawText(`Nov ${String((n % 20) + 1).padStart(2, "0")}`, { x: 40, y, size: 9, font });
      page.drawText(`MERCHANT NUMBER ${n} SOMEWHERE USA`, { x: 100, y, size: 9, font });
      page.drawText(((100 + (n % 900)) / 10).toFixed(2), { x: 500, y, size: 9, font });
    }
  }
  return { bytes: await doc.save(), rows: n };
}

/** Parses one file in a child process with a capped heap; returns its time and row count. */
function parseInChild(bundle, file) {
  const script = `import(${JSON.stringify(pathToFileURL(bundle).href)}).then(async (m) => {
    const bytes = new Uint8Array(require("node:fs").readFileSync(${JSON.stringify(file)}));
    const v8 = require("node:v8");
    globalThis.gc();
    const baseMB = v8.getHeapStatistics().used_heap_size / 1048576;
    // Peak heap: sampled at every progress report (the parsers report as they go) and at the end, before any GC.
    let peak = 0;
    const sample = () => { peak = Math.max(peak, v8.getHeapStatistics().used_heap_size); };
    const t = performance.now();
    let parsed;
    let refused = null;
    try {
      parsed = await m.parseStatement(bytes, ${JSON.stringify(path.basename(file))}, { today: ${JSON.stringify(TODAY)}, onProgress: sample });
    } catch (e) {
      if (e.name !== "StatementError") throw e;
      refused = e.message;
      parsed = { rows: [] };
    }
    const ms = performance.now() - t;
    sample();
    globalThis.gc();
    const retainedMB = v8.getHeapStatistics().used_heap_size / 1048576;
    console.log(JSON.stringify({ refused, ms: Math.round(ms), rows: parsed.rows.length, peakMB: Math.round(peak / 1048576), baseMB: Math.round(baseMB), retainedMB: Math.round(retainedMB) }));
  }).catch((e) => { console.error(e); process.exit(1); });`;
  try {
    const out = execFileSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, "--expose-gc", "-e", script], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return { ok: true, ...JSON.parse(out.trim().split("\n").pop()) };
  } catch (error) {
    return { ok: false, error: String(error.stderr ?? error).slice(0, 300) };
  }
}

const heapText = (r) => `peak heap ${r.peakMB} MB (${r.baseMB} MB before parsing, ${r.retainedMB} MB kept with the rows) under a ${HEAP_MB} MB old-space cap`;

export async function statementsBench(log = console.log) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-statements-"));
  try {
    const bundle = path.join(dir, "statements.mjs");
    await build({ entryPoints: [path.join(ROOT, "app/domain/statements/index.ts")], bundle: true, format: "esm", platform: "node", outfile: bundle, logLevel: "silent", external: ["unpdf"] });
    // The bundle lives outside the project: let it find unpdf in the project's node_modules.
    writeFileSync(path.join(dir, "package.json"), "{}");
    execFileSync("ln", ["-s", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")]);

    // Issue 18: a statement is at most 5,000 rows and 200 pages. The largest accepted files, and the hostile
    // shapes (a 10 MB CSV of ~140k rows, 217k short rows, 20,000 tiny pages) refused, each under the heap cap.
    const outcome = (r) => (r.refused ? `refused in ${(r.ms / 1000).toFixed(2)} s ("${r.refused}")` : `parsed ${r.rows.toLocaleString("en-US")} rows in ${(r.ms / 1000).toFixed(2)} s`);
    const run = (name, text, goal) => {
      const file = path.join(dir, name);
      writeFileSync(file, text);
      const r = parseInChild(bundle, file);
      log(`statements: ${name} ${r.ok ? `${outcome(r)}, ${heapText(r)}` : `FAILED under a ${HEAP_MB} MB heap cap: ${r.error}`} (${goal})`);
      return r;
    };
    const csv = bigCsv(10 * 1024 * 1024, 5_000);
    const csvResult = run(`csv-${csv.rows}-rows.csv`, csv.text, "goal ≤ 3 s, ≤ 64 MB");
    const huge = bigCsv(10 * 1024 * 1024);
    const hugeResult = run(`csv-10MB-${huge.rows}-rows.csv`, huge.text, "refused, ≤ 64 MB");
    const d = "11/02/2026";
    const shortRows = run("csv-217k-short-rows.csv", "Date,Description,Amount\n" + `${d},A,-1.00\n`.repeat(217_000), "refused, ≤ 64 MB");
    // 100 pages of 48 rows (4,800): the most rows a statement may have; 200 pages of them would be refused for rows.
    const pdf = await bigPdf(100);
    const pdfResult = run("pdf-100-pages.pdf", pdf.bytes, "goal ≤ 6 s, ≤ 64 MB");
    const { PDFDocument, StandardFonts } = await import("pdf-lib");
    const tiny = await PDFDocument.create();
    const font = await tiny.embedFont(StandardFonts.Helvetica);
    for (let p = 0; p < 20_000; p++) tiny.addPage([72, 72]).drawText("11/02 A 1.00", { x: 2, y: 30, size: 4, font });
    const tinyResult = run("pdf-20000-tiny-pages.pdf", await tiny.save({ useObjectStreams: true }), "refused, ≤ 64 MB");

    const { parseStatement } = await import(pathToFileURL(bundle).href);
    const fixtures = path.join(ROOT, "tests/fixtures/statements");
    const expected = JSON.parse(readFileSync(path.join(fixtures, "expected.json"), "utf8"));
    let exact = 0;
    for (const [file, want] of Object.entries(expected)) {
      try {
        const p = await parseStatement(new Uint8Array(readFileSync(path.join(fixtures, file))), file, { today: TODAY });
        const got = { count: p.rows.length, expenseCents: p.rows.filter((r) => !r.isIncome).reduce((s, r) => s + r.amountCents, 0), incomeCents: p.rows.filter((r) => r.isIncome).reduce((s, r) => s + r.amountCents, 0) };
        if (got.count === want.count && got.expenseCents === want.expenseCents && got.incomeCents === want.incomeCents) exact++;
      } catch {
        // counted as not exact
      }
    }
    const files = readdirSync(fixtures).filter((f) => f !== "expected.json").length;
    log(`statements: ${exact} of ${files} fixtures parsed exactly (count and totals)`);
    return { csv: { rows: csv.rows, ...csvResult }, csv10MB: { rows: huge.rows, ...hugeResult }, csvShortRows: { rows: 217_000, ...shortRows }, pdf: { pages: 100, rows: pdf.rows, ...pdfResult }, pdfTinyPages: { pages: 20_000, ...tinyResult }, fixtures: { exact, files } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  statementsBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
