// Throughput of the assistant's rules engine (issue 7): messages parsed per second on one core, in Node.
// The domain code is TypeScript, so it is bundled on the fly with the esbuild Remix already installs.
import { build } from "esbuild";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "../scripts/lib/wrangler.mjs";

const CORPUS = [
  "groceries $80", "coffee 4 and bagel 3", "2 coffees for 9", "gas $45, groceries $120", "lunch last friday 12",
  "spent twenty dollars on uber", "how much is left?", "can I afford a $200 dinner?", "undo", "actually it was 15",
  "make that dining", "Trader Joe's 67.89", "netflix 15.99 and spotify 10.99", "on the 3rd groceries 40",
  "what's my daily limit", "how much did I spend on coffee?", "thanks", "hi", "3 bags of chips $6", "dentist 150",
  "electric bill 120", "movie tickets 30", "seventy five cents gum", "I make 4,200 a month", "new couch $1,250",
];

export async function parserThroughput({ seconds = 2 } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-parser-"));
  const outfile = path.join(dir, "assistant.mjs");
  try {
    await build({ entryPoints: [path.join(ROOT, "app/domain/assistant/index.ts")], bundle: true, format: "esm", platform: "node", outfile, logLevel: "silent" });
    const { interpret } = await import(pathToFileURL(outfile).href);
    const today = "2026-11-22";
    for (let i = 0; i < 2000; i++) interpret(CORPUS[i % CORPUS.length], { today });
    let count = 0;
    const started = performance.now();
    while (performance.now() - started < seconds * 1000) {
      for (const text of CORPUS) interpret(text, { today });
      count += CORPUS.length;
    }
    const ms = performance.now() - started;
    return { messages: count, ms: Math.round(ms), perSecond: Math.round((count / ms) * 1000) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
