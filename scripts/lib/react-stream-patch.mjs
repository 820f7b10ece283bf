// The Worker's copy of React's streaming server renderer (react-dom/server's browser build), patched to encode
// each flush once instead of each string. Stock React 18 turns every fragment it writes (a tag, an attribute
// name, an attribute value, a text node) into bytes with its own TextEncoder.encode call and copies them into
// 512-byte views it enqueues one by one; inside workerd each encode is a call into the runtime, and a page
// writes thousands of fragments. Measured on the bench's budget page (workerd CPU per request): 24 ms stock,
// 19.5 ms patched; the debts page 24 → 20.5 ms. The bytes sent are the same (tests/unit/react-stream-patch.test.ts).
//
// Patched: writeChunk (`p`) keeps the string, completeWriting (`ba`) joins what was written since the last flush
// and encodes and enqueues it once, and stringToChunk / stringToPrecomputedChunk (`u`, `w`) keep strings as
// they are. React writes synchronously between beginning and completing a flush (as it did into its shared
// 512-byte view), so one module-level list serves every render.
//
// The replacements are anchored on the stock text of the installed version: if an upgrade changes it, the
// build stops here and the unit test fails, rather than silently shipping the slow path.

/** The file patched: the production browser build, which react-dom/server resolves to in a Worker. */
export const REACT_DOM_SERVER_FILE = "cjs/react-dom-server.browser.production.min.js";

const REPLACEMENTS = [
  {
    what: "writeChunk",
    stock:
      "function p(a,b){if(0!==b.length)if(512<b.length)0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=new Uint8Array(512),n=0),a.enqueue(b);else{var c=l.length-n;c<b.length&&(0===c?a.enqueue(l):(l.set(b.subarray(0,c),n),a.enqueue(l),b=b.subarray(c)),l=new Uint8Array(512),n=0);l.set(b,n);n+=b.length}}",
    patched: "var hearthWritten=[];function p(a,b){0!==b.length&&hearthWritten.push(b)}",
  },
  {
    what: "completeWriting",
    stock: "function ba(a){l&&0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=null,n=0)}",
    patched: 'function ba(a){0<hearthWritten.length&&(a.enqueue(ca.encode(hearthWritten.join(""))),hearthWritten=[])}',
  },
  {
    what: "stringToChunk and stringToPrecomputedChunk",
    stock: "function u(a){return ca.encode(a)}function w(a){return ca.encode(a)}",
    patched: "function u(a){return a}function w(a){return a}",
  },
];

/** Marks a patched copy (the unit test and the build check for it). */
export const PATCH_MARKER = "/* hearth: react-stream-patch */";

export function patchReactDomServerSource(stock) {
  let out = stock;
  for (const r of REPLACEMENTS) {
    const at = out.indexOf(r.stock);
    if (at < 0 || out.indexOf(r.stock, at + 1) >= 0) {
      throw new Error(`react-stream-patch: the stock ${r.what} of react-dom's server renderer was not found exactly once; react-dom changed, so update scripts/lib/react-stream-patch.mjs`);
    }
    out = out.slice(0, at) + r.patched + out.slice(at + r.stock.length);
  }
  // The only other bytes React handles are its own writes into the 512-byte view, gone with writeChunk.
  if (/\.subarray\(|\.byteLength/.test(out)) throw new Error("react-stream-patch: react-dom's server renderer still reads chunks as bytes somewhere; update the patch");
  return `${PATCH_MARKER}\n${out}`;
}
