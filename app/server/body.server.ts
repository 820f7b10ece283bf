// The one body reader for every action and API route. A body that cannot be read — wrong type, wrong
// charset, malformed JSON or multipart, too large — is the client's mistake and gets a 4xx with a clear
// message, never a 500 (security issue 5: four separate roots of 500s were unguarded reads).

/** 1 MB: far above any form or JSON call this app makes; uploads pass their own limit. */
export const DEFAULT_MAX_BODY_BYTES = 1_000_000;

export type BodyData = Record<string, unknown>;

export interface ReadOptions {
  maxBytes?: number;
  /** Keep uploaded File values (multipart). Off by default: only the upload route wants files. */
  allowFiles?: boolean;
}

function refuse(status: 400 | 413 | 415, message: string): Response {
  return Response.json({ message }, { status });
}

function mediaType(request: Request): { type: string; charset: string | null; boundary: string | null } {
  const header = request.headers.get("Content-Type") ?? "";
  const [type = "", ...params] = header.split(";").map((p) => p.trim());
  let charset: string | null = null;
  let boundary: string | null = null;
  for (const p of params) {
    const eq = p.indexOf("=");
    if (eq < 0) continue;
    const name = p.slice(0, eq).trim().toLowerCase();
    const value = p.slice(eq + 1).trim().replace(/^"(.*)"$/, "$1");
    if (name === "charset") charset = value.toLowerCase();
    if (name === "boundary") boundary = value;
  }
  return { type: type.toLowerCase(), charset, boundary };
}

/** Reads at most `max` bytes; more is a 413 without buffering the rest (a declared length is checked first). */
async function readCapped(request: Request, max: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("Content-Length") ?? "NaN");
  if (Number.isFinite(declared) && declared > max) throw refuse(413, `The request body is too large (over ${Math.round(max / 1000)} KB).`);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => undefined);
        throw refuse(413, `The request body is too large (over ${Math.round(max / 1000)} KB).`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    throw refuse(400, "The request body could not be read.");
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw refuse(400, "The request body is not valid UTF-8 text.");
  }
}

// Half of a UTF-16 pair on its own (an emoji cut in two, or a hostile "\ud800") is no character: stored as
// is, D1 keeps it as three replacement characters. Each becomes ONE U+FFFD here, once for every body (issue 18
// #19). Without the `u` flag the pattern sees code units, which is what a lone half is.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, "\uFFFD");
}

// The same half percent-encoded in a form body: its three UTF-8-style bytes (ED A0..BF 80..BF), which a
// decoder would turn into three U+FFFD, become the one encoded U+FFFD (EF BF BD).
const ENCODED_SURROGATE = /%ED%[AB][0-9A-F]%[89AB][0-9A-F]/gi;

/** Repeated keys become arrays; built on a null prototype so "__proto__" is just a key. */
function collect(entries: Iterable<[string, unknown]>): BodyData {
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of entries) {
    const seen = out[key];
    if (seen === undefined) out[key] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else out[key] = [seen, value];
  }
  return { ...out };
}

/**
 * A plain object from a JSON-object body or from form fields (urlencoded or multipart). An empty body is
 * `{}`. Throws a Response (400, 413 or 415 with `{ message }`) for anything it cannot read.
 */
export async function readRequestData(request: Request, options: ReadOptions = {}): Promise<BodyData> {
  const max = options.maxBytes ?? DEFAULT_MAX_BODY_BYTES;
  const { type, charset, boundary } = mediaType(request);
  const bytes = await readCapped(request, max);
  if (bytes.byteLength === 0) return {};
  if (charset && charset !== "utf-8" && charset !== "utf8" && charset !== "us-ascii") {
    throw refuse(415, "Send the body as UTF-8.");
  }
  if (type === "application/json" || type.endsWith("+json")) {
    let value: unknown;
    try {
      const text = decodeUtf8(bytes);
      // Valid UTF-8 holds no lone half; only a \uD8xx-\uDFxx escape can make one, so only then walk the strings.
      value = /\\u[dD][89a-fA-F]/.test(text) ? JSON.parse(text, (_key, v: unknown) => (typeof v === "string" ? wellFormed(v) : v)) : JSON.parse(text);
    } catch (error) {
      if (error instanceof Response) throw error;
      throw refuse(400, "The request body is not valid JSON.");
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) throw refuse(400, "The request body must be a JSON object.");
    return value as BodyData;
  }
  if (type === "application/x-www-form-urlencoded") {
    return collect(new URLSearchParams(decodeUtf8(bytes).replace(ENCODED_SURROGATE, "%EF%BF%BD")).entries());
  }
  if (type === "multipart/form-data") {
    if (!boundary) throw refuse(400, "The form data has no boundary.");
    let form: FormData;
    try {
      form = await new Request("http://body.invalid/", { method: "POST", headers: { "Content-Type": request.headers.get("Content-Type")! }, body: bytes as unknown as BodyInit }).formData();
    } catch {
      throw refuse(400, "The form data could not be read.");
    }
    const entries: [string, unknown][] = [];
    for (const [key, value] of form.entries()) {
      if (typeof value === "string") entries.push([key, value]);
      else if (options.allowFiles) entries.push([key, value]);
    }
    return collect(entries);
  }
  throw refuse(415, "Send the body as JSON (application/json) or as a form.");
}
