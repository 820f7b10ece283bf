// Bank exports come in UTF-8 (with or without a BOM), UTF-16 (Excel's "Unicode text"), Shift_JIS (Japanese
// banks) and the Western single-byte code pages. Decode by BOM, then by the NUL pattern of UTF-16, then strict UTF-8, else
// Windows-1252 (a superset of Latin-1 for printable text).

// Windows-1252's 0x80–0x9F (the rest of the byte range is Latin-1). Written out because not every runtime's
// TextDecoder knows the single-byte code pages.
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

function decode1252(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    let part = "";
    for (const b of chunk) part += b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
    out += part;
  }
  return out;
}

function decodeUtf16be(bytes: Uint8Array): string {
  const swapped = new Uint8Array(bytes.length - (bytes.length % 2));
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    swapped[i] = bytes[i + 1];
    swapped[i + 1] = bytes[i];
  }
  return new TextDecoder("utf-16le").decode(swapped);
}

export function decodeText(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "UTF-8 (BOM)" };
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "UTF-16LE" };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { text: decodeUtf16be(bytes.subarray(2)), encoding: "UTF-16BE" };
  const sample = bytes.subarray(0, Math.min(bytes.length, 4096));
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) (i % 2 === 0 ? evenNul++ : oddNul++);
  if (sample.length >= 4 && (evenNul + oddNul) / sample.length > 0.3) {
    return oddNul >= evenNul ? { text: new TextDecoder("utf-16le").decode(bytes), encoding: "UTF-16LE" } : { text: decodeUtf16be(bytes), encoding: "UTF-16BE" };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "UTF-8" };
  } catch {
    const sjis = shiftJis(bytes);
    if (sjis !== null) return { text: sjis, encoding: "Shift_JIS" };
    return { text: decode1252(bytes), encoding: "Windows-1252" };
  }
}

// Japanese banks export Shift_JIS. Western text read as Shift_JIS also "decodes" (an accented letter then an
// ASCII one is a valid kanji), but never into hiragana or full-width katakana (their lead bytes 0x82/0x83 are
// "‚" and "ƒ" in Windows-1252) nor into a Japanese statement's column names: either says the file is Japanese.
const JAPANESE = /[\u3041-\u3096\u30a1-\u30fa].*[\u3041-\u3096\u30a1-\u30fa]|日付|摘要|金額|残高|入金|出金|取引|利用|支払|預り|振込/s;

function shiftJis(bytes: Uint8Array): string | null {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder("shift_jis", { fatal: true });
  } catch {
    return null; // a runtime without the legacy decoders: Windows-1252 as before
  }
  try {
    const head = decoder.decode(bytes.subarray(0, Math.min(bytes.length, 4096)), { stream: true });
    if (!JAPANESE.test(head)) return null;
    return new TextDecoder("shift_jis", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Lines of any ending (CR, LF, CRLF). */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}
