import { declaredPageCount } from "./pdf-pages";
import { parseTextLines } from "./text";
import { MAX_STATEMENT_PAGES, NO_TRANSACTIONS, StatementError, TOO_MANY_PAGES, type ParsedStatement } from "./types";

// PDF statements through unpdf, one page at a time (STACK-NOTES: extracting every page at once outgrows
// the Worker's 128 MB on long statements). Text items are put back into lines by their vertical
// position, then read by the same line parser as text statements. A scanned (no text) or
// password-protected file has no transactions we can read.

/** Points of page width per character of a rebuilt line (about a 9-point font's average character). */
const POINTS_PER_CHAR = 4;
/** No line is padded past this (a text placed far off the page). */
const MAX_COLUMN = 400;

interface TextItem {
  str: string;
  transform: number[];
}

export async function pdfLines(bytes: Uint8Array, onProgress?: (fraction: number) => void): Promise<string[]> {
  // Bounded work (issue 18): a file that declares more pages than the limit is refused before the reader opens it.
  if ((await declaredPageCount(bytes, MAX_STATEMENT_PAGES)) > MAX_STATEMENT_PAGES) throw new StatementError(TOO_MANY_PAGES);
  const { getDocumentProxy } = await import("unpdf");
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // unpdf may transfer the buffer to its worker: give it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes));
  } catch {
    throw new StatementError(NO_TRANSACTIONS);
  }
  const lines: string[] = [];
  try {
    // Bounded work (issue 18): a 20,000-page file is refused before any page is read.
    if (pdf.numPages > MAX_STATEMENT_PAGES) throw new StatementError(TOO_MANY_PAGES);
    for (let p = 1; p <= pdf.numPages; p++) {
      // A damaged page is left out; the others still count.
      let page: Awaited<ReturnType<typeof pdf.getPage>>;
      let content: Awaited<ReturnType<typeof page.getTextContent>>;
      try {
        page = await pdf.getPage(p);
        content = await page.getTextContent();
      } catch {
        continue;
      }
      const rows = new Map<number, Array<{ x: number; s: string }>>();
      for (const item of content.items as TextItem[]) {
        if (!("str" in item) || !item.str) continue;
        const y = Math.round(item.transform[5]);
        const key = [...rows.keys()].find((k) => Math.abs(k - y) <= 2) ?? y;
        (rows.get(key) ?? rows.set(key, []).get(key)!).push({ x: item.transform[4], s: item.str });
      }
      for (const y of [...rows.keys()].sort((a, b) => b - a)) {
        const parts = rows.get(y)!.sort((a, b) => a.x - b.x);
        // Columns far apart keep a wide gap, so "description   amount" stays two fields; and each text stands
        // about where the page puts it (a character per POINTS_PER_CHAR), as in a fixed-width statement, so the
        // column an amount stands under ("Paid out", "Paid in") and a wrapped description's indent still read.
        let line = "";
        let lastEnd = -Infinity;
        for (const part of parts) {
          const column = Math.min(MAX_COLUMN, Math.max(0, Math.round(part.x / POINTS_PER_CHAR)));
          if (!line || part.x - lastEnd > 8) line += " ".repeat(Math.max(line ? 3 : 0, column - line.length));
          else line += " ";
          line += part.s.trim();
          lastEnd = part.x + part.s.length * 4;
        }
        if (line.trim()) lines.push(line);
      }
      page.cleanup();
      onProgress?.(p / pdf.numPages);
      // Let other work on this isolate run between pages: a long statement never holds it for seconds.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } finally {
    await pdf.loadingTask.destroy();
  }
  return lines;
}

export async function parsePdf(bytes: Uint8Array, opts: { today: string; onProgress?: (fraction: number) => void }): Promise<ParsedStatement> {
  const lines = await pdfLines(bytes, opts.onProgress);
  if (lines.length === 0) throw new StatementError(NO_TRANSACTIONS);
  return parseTextLines(lines, { today: opts.today, format: "pdf" });
}
