import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { declaredPageCount } from "../../../app/domain/statements/pdf-pages";
import { parseStatement, TOO_MANY_PAGES } from "../../../app/domain/statements";

// Issue 18: the page limit is checked from the PDF's own page tree before the PDF reader opens the file.
async function pdf(pages: number, useObjectStreams: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) doc.addPage([72, 72]).drawText("11/02 A 1.00", { x: 2, y: 30, size: 4, font });
  return doc.save({ useObjectStreams });
}

describe("declaredPageCount", () => {
  it.each([false, true])("reads the page tree's count (object streams: %s)", async (objectStreams) => {
    expect(await declaredPageCount(await pdf(3, objectStreams), 200)).toBe(3);
    expect(await declaredPageCount(await pdf(250, objectStreams), 200)).toBe(250);
  });

  it("is 0 for bytes with no page tree", async () => {
    expect(await declaredPageCount(new TextEncoder().encode("%PDF-1.7\nnothing here"), 200)).toBe(0);
  });

  it("a page tree of 20,000 pages inside a compressed object stream: refused with the limit, without the PDF reader", async () => {
    // Built by hand (pdf-lib takes minutes for 20,000 pages): the page tree node sits in a deflated /ObjStm.
    const deflated = new Uint8Array(await new Response(new Blob(["2 0 << /Type /Pages /Kids [] /Count 20000 >>"]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer());
    const head = new TextEncoder().encode(`%PDF-1.7\n1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${deflated.length} >>\nstream\n`);
    const tail = new TextEncoder().encode("\nendstream\nendobj\n%%EOF\n");
    const bytes = new Uint8Array([...head, ...deflated, ...tail]);
    expect(await declaredPageCount(bytes, 200)).toBe(20_000);
    await expect(parseStatement(bytes, "pages.pdf", { today: "2026-11-22" })).rejects.toThrow(TOO_MANY_PAGES);
  });
});
