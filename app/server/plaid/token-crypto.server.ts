// Plaid access tokens are stored only encrypted: AES-256-GCM with PLAID_TOKEN_KEY (32 bytes, base64),
// a fresh 96-bit IV per token, stored as "iv.ciphertext" in base64url. The Item's own id is bound as
// additional data, so a ciphertext copied onto another Item's row does not decrypt.

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const keys = new Map<string, Promise<CryptoKey>>();

function importKey(base64Key: string): Promise<CryptoKey> {
  let key = keys.get(base64Key);
  if (!key) {
    const raw = fromBase64(base64Key);
    if (raw.length !== 32) throw new Error("PLAID_TOKEN_KEY must be 32 bytes");
    key = crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
    keys.set(base64Key, key);
  }
  return key;
}

export async function encryptToken(base64Key: string, token: string, boundTo: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await importKey(base64Key);
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: new TextEncoder().encode(boundTo) }, key, new TextEncoder().encode(token));
  return `${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The token, or throws (wrong key, tampered text, or bound to another Item). */
export async function decryptToken(base64Key: string, stored: string, boundTo: string): Promise<string> {
  const [iv, body] = stored.split(".");
  if (!iv || !body) throw new Error("Stored access token is not in iv.ciphertext form");
  const key = await importKey(base64Key);
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64(iv), additionalData: new TextEncoder().encode(boundTo) }, key, fromBase64(body));
  return new TextDecoder().decode(plain);
}
