// How many pages a PDF says it has, read from its bytes before the PDF reader opens it (issue 18): opening a
// file of 20,000 tiny pages took the reader 13 s and most of a 64 MB heap just to refuse it afterwards. The
// page tree's nodes carry "/Count N"; the largest is the total. Files that pack their objects into compressed
// object streams (/ObjStm) are inflated stream by stream until a count over the limit turns up. An answer of
// 0 means "not found": the reader's own page count still applies.

const COUNT = [0x2f, 0x43, 0x6f, 0x75, 0x6e, 0x74]; // "/Count"
const OBJSTM = [0x2f, 0x4f, 0x62, 0x6a, 0x53, 0x74, 0x6d]; // "/ObjStm"
const STREAM = [0x73, 0x74, 0x72, 0x65, 0x61, 0x6d]; // "stream"
const ENDSTREAM = [0x65, 0x6e, 0x64, 0x73, 0x74, 0x72, 0x65, 0x61, 0x6d]; // "endstream"

function indexOf(bytes: Uint8Array, pattern: number[], from: number): number {
  const first = pattern[0];
  for (let i = bytes.indexOf(first, from); i >= 0 && i <= bytes.length - pattern.length; i = bytes.indexOf(first, i + 1)) {
    let k = 1;
    while (k < pattern.length && bytes[i + k] === pattern[k]) k++;
    if (k === pattern.length) return i;
  }
  return -1;
}

/** The largest "/Count N" in plain bytes. */
function largestCount(bytes: Uint8Array): number {
  let max = 0;
  for (let i = indexOf(bytes, COUNT, 0); i >= 0; i = indexOf(bytes, COUNT, i + COUNT.length)) {
    let j = i + COUNT.length;
    while (bytes[j] === 0x20 || bytes[j] === 0x0a || bytes[j] === 0x0d || bytes[j] === 0x09) j++;
    let n = 0;
    let digits = 0;
    while (bytes[j] >= 0x30 && bytes[j] <= 0x39 && digits < 9) n = n * 10 + (bytes[j++] - 0x30), digits++;
    if (n > max) max = n;
  }
  return max;
}

async function inflate(data: Uint8Array, maxBytes: number): Promise<Uint8Array | null> {
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream("deflate"));
    const reader = stream.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        await reader.cancel();
        break;
      }
      parts.push(value);
    }
  } catch {
    // A stream with bytes after its end ("trailing junk"): what was inflated before still counts.
    if (parts.length === 0) return null;
    size = parts.reduce((n, p) => n + p.length, 0);
  }
  {
    const out = new Uint8Array(Math.min(size, maxBytes));
    let at = 0;
    for (const p of parts) {
      out.set(p.subarray(0, out.length - at), at);
      at += p.length;
      if (at >= out.length) break;
    }
    return out;
  }
}

/** The page count a PDF declares (0 when none is found); stops looking once it exceeds `limit`. */
export async function declaredPageCount(bytes: Uint8Array, limit: number): Promise<number> {
  let max = largestCount(bytes);
  if (max > limit) return max;
  // Compressed object streams: at most 4,000 of them and 64 MB inflated in all, so the check stays cheap.
  let budget = 64 * 1024 * 1024;
  let streams = 0;
  for (let i = indexOf(bytes, OBJSTM, 0); i >= 0 && streams < 4_000 && budget > 0; i = indexOf(bytes, OBJSTM, i + OBJSTM.length)) {
    streams++;
    const start = indexOf(bytes, STREAM, i);
    if (start < 0) break;
    let body = start + STREAM.length;
    if (bytes[body] === 0x0d) body++;
    if (bytes[body] === 0x0a) body++;
    let end = indexOf(bytes, ENDSTREAM, body);
    if (end < 0) break;
    const next = end;
    while (end > body && (bytes[end - 1] === 0x0a || bytes[end - 1] === 0x0d)) end--;
    const inflated = await inflate(bytes.subarray(body, end), Math.min(budget, 16 * 1024 * 1024));
    if (!inflated) continue;
    budget -= inflated.length;
    max = Math.max(max, largestCount(inflated));
    if (max > limit) return max;
    i = next;
  }
  return max;
}
