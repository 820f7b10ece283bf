import { parseCsv, detectDelimiter } from "./csv";
import { decodeText, splitLines } from "./decode";
import { parseOfx, parseQif } from "./ofx-qif";
import { parsePdf } from "./pdf";
import { parseTextLines } from "./text";
import { StatementError, TOO_MANY_ROWS, type ParsedStatement, type StatementFormat } from "./types";

export { StatementError, NO_TRANSACTIONS, MAX_STATEMENT_ROWS, MAX_STATEMENT_PAGES, TOO_MANY_ROWS, TOO_MANY_PAGES } from "./types";
export type { ParsedStatement, StatementFormat, StatementRow } from "./types";

// Statement files by what they contain, not what they are called (issue 10): a ".csv" of random bytes is
// refused, a ".txt" that is really CSV is read as CSV.

/** The format of a file by its content, or null for anything we cannot read (binary, spreadsheets, images). */
export function detectFormat(bytes: Uint8Array, fileName: string): StatementFormat | null {
  if (bytes.length === 0) return null;
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46) return "pdf"; // %PDF
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return null; // zip: xlsx, docx
  const head = decodeText(bytes.subarray(0, Math.min(bytes.length, 8192))).text;
  // Text, not binary: almost no control characters besides tab and line ends.
  let control = 0;
  for (const ch of head) {
    const c = ch.charCodeAt(0);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffd) control++;
  }
  if (head.length === 0 || control / head.length > 0.02) return null;
  if (/OFXHEADER|<OFX>/i.test(head)) return "ofx";
  if (/^\s*!(Type|Account|Option)/im.test(head)) return "qif";
  if (detectDelimiter(head)) return "csv";
  if (/\.(txt|text)$/i.test(fileName) || /\d/.test(head)) return "text";
  return null;
}

export async function parseStatement(bytes: Uint8Array, fileName: string, opts: { today: string; onProgress?: (fraction: number) => void }): Promise<ParsedStatement> {
  const format = detectFormat(bytes, fileName);
  if (format === "pdf") return parsePdf(bytes, opts);
  const { text, encoding } = decodeText(bytes);
  const withEncoding = (p: ParsedStatement): ParsedStatement => ({ ...p, notes: [...p.notes, `Encoding ${encoding}.`] });
  if (format === "ofx") return withEncoding(parseOfx(text, opts));
  if (format === "qif") return withEncoding(parseQif(text, opts));
  if (format === "csv") {
    try {
      return withEncoding(parseCsv(text, opts));
    } catch (error) {
      if (error instanceof StatementError && error.message === TOO_MANY_ROWS) throw error;
      // A text statement with commas in it (amounts "1,234.56") looks delimited: read it as lines too.
      try {
        return withEncoding(parseTextLines(splitLines(text), opts));
      } catch {
        throw error;
      }
    }
  }
  return withEncoding(parseTextLines(splitLines(text), opts));
}
