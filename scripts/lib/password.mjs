// Same format as app/server/auth/password.server.ts, for seeding users from Node.
import { webcrypto as crypto } from "node:crypto";

export const PBKDF2_ITERATIONS = 100_000;

export async function hashPassword(password, salt = crypto.getRandomValues(new Uint8Array(16))) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: PBKDF2_ITERATIONS }, key, 256);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${Buffer.from(salt).toString("base64")}$${Buffer.from(new Uint8Array(bits)).toString("base64")}`;
}
