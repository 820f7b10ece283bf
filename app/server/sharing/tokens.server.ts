import { sha256Hex } from "../auth/tokens.server";

// Invitation tokens. D1 keeps only the SHA-256 of a token, never the token. The owner must still be
// able to copy a pending invitation's link later (spec: pending invitations have "copy"), so the token
// is not stored but re-derived: HMAC-SHA-256(SESSION_SECRET, invitation id), where the id itself is 128
// random bits. A copy of the database alone yields no usable link; the token is 256 bits, URL-safe.

const encoder = new TextEncoder();

function base64Url(bytes: ArrayBuffer): string {
  let binary = "";
  for (const b of new Uint8Array(bytes)) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A new invitation id: 128 random bits, URL-safe. */
export function newInvitationId(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(16)).buffer as ArrayBuffer);
}

export async function invitationToken(secret: string, invitationId: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return base64Url(await crypto.subtle.sign("HMAC", key, encoder.encode(`hearth-invitation:${invitationId}`)));
}

export function tokenHash(token: string): Promise<string> {
  return sha256Hex(token);
}
