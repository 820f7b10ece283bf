import { and, eq, ne } from "drizzle-orm";
import { applyBudgetCommand } from "../budget-room/client.server";
import { SYSTEM_ACTOR } from "../budget-room/schemas/reset";
import { plaidItems } from "../db/schema";
import { callPlaid, plaidClient, PlaidFailure, type PlaidSettings } from "./client.server";
import { isRefusal, requirePlaid } from "./common.server";
import { enqueueItemSync, LOGIN_REQUIRED_CODES, type SyncContext } from "./sync.server";

// POST /api/plaid/webhook. Nothing is done before the Plaid-Verification JWT checks out: ES256 only,
// signed by the key /webhook_verification_key/get gives for its `kid` (cached by kid), `iat` within
// 5 minutes, and the body's SHA-256 equal to its request_body_sha256.

/** Webhook bodies are small JSON; anything bigger is not Plaid's. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;
export const WEBHOOK_MAX_AGE_SECONDS = 5 * 60;

const keyCache = new Map<string, { key: CryptoKey; expiredAt: number | null }>();

function b64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "="));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function b64urlJson(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(new TextDecoder().decode(b64urlBytes(text)));
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

async function verificationKey(settings: PlaidSettings, kid: string, nowSeconds: number): Promise<CryptoKey | null> {
  const cached = keyCache.get(`${settings.basePath}|${kid}`);
  if (cached) return cached.expiredAt !== null && cached.expiredAt <= nowSeconds ? null : cached.key;
  try {
    const data = await callPlaid("webhook_verification_key/get", () => plaidClient(settings).webhookVerificationKeyGet({ key_id: kid }));
    const jwk = data.key;
    if (jwk.kty !== "EC" || jwk.crv !== "P-256" || jwk.alg !== "ES256") return null;
    const key = await crypto.subtle.importKey("jwk", { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y, ext: true }, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
    const expiredAt = typeof jwk.expired_at === "number" ? jwk.expired_at : null;
    keyCache.set(`${settings.basePath}|${kid}`, { key, expiredAt });
    return expiredAt !== null && expiredAt <= nowSeconds ? null : key;
  } catch (error) {
    if (error instanceof PlaidFailure) return null;
    throw error;
  }
}

/** True when `jwt` is Plaid's valid signature of `body` at `nowMs`. */
export async function verifyPlaidWebhook(settings: PlaidSettings, jwt: string | null, body: string, nowMs: number): Promise<boolean> {
  if (!jwt) return false;
  const parts = jwt.split(".");
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return false;
  const header = b64urlJson(parts[0]);
  const claims = b64urlJson(parts[1]);
  if (!header || !claims || header.alg !== "ES256" || typeof header.kid !== "string" || header.kid.length > 200) return false;
  const nowSeconds = Math.floor(nowMs / 1000);
  const key = await verificationKey(settings, header.kid, nowSeconds);
  if (!key) return false;
  const signature = b64urlBytes(parts[2]);
  if (signature.length !== 64) return false;
  const valid = await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, signature, new TextEncoder().encode(`${parts[0]}.${parts[1]}`));
  if (!valid) return false;
  if (typeof claims.iat !== "number" || Math.abs(nowSeconds - claims.iat) > WEBHOOK_MAX_AGE_SECONDS) return false;
  if (typeof claims.request_body_sha256 !== "string") return false;
  return sameText(claims.request_body_sha256, await sha256Hex(body));
}

export interface WebhookOutcome {
  status: number;
  body: { message: string };
}

/** Verifies and handles one webhook call. Unverified: 401 and nothing done. */
export async function handlePlaidWebhook(app: SyncContext, request: Request): Promise<WebhookOutcome> {
  const settings = requirePlaid(app);
  if (isRefusal(settings)) return { status: 503, body: { message: settings.message } };
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_WEBHOOK_BYTES) return { status: 413, body: { message: "Webhook body too large." } };
  const body = await request.text();
  if (body.length > MAX_WEBHOOK_BYTES) return { status: 413, body: { message: "Webhook body too large." } };
  if (!(await verifyPlaidWebhook(settings, request.headers.get("Plaid-Verification"), body, app.now))) {
    return { status: 401, body: { message: "Webhook signature not verified." } };
  }
  let event: { webhook_type?: unknown; webhook_code?: unknown; item_id?: unknown; error?: { error_code?: unknown; error_type?: unknown } | null };
  try {
    event = JSON.parse(body);
  } catch {
    return { status: 400, body: { message: "Webhook body is not JSON." } };
  }
  if (!event || typeof event !== "object" || typeof event.item_id !== "string") return { status: 200, body: { message: "Ignored." } };
  const rows = await app.db
    .select({ id: plaidItems.id, budgetId: plaidItems.budgetId })
    .from(plaidItems)
    .where(and(eq(plaidItems.itemId, event.item_id), ne(plaidItems.status, "removed")))
    .limit(1);
  const item = rows[0];
  if (!item) return { status: 200, body: { message: "Unknown item." } };
  const type = String(event.webhook_type ?? "");
  const code = String(event.webhook_code ?? "");
  const setStatus = (status: "active" | "login_required" | "error", errorCode: string | null) =>
    applyBudgetCommand(app, item.budgetId, SYSTEM_ACTOR, { type: "setBankItemStatus", plaidItemRowId: item.id, status, errorCode, syncEvent: null });
  if (type === "TRANSACTIONS" && (code === "SYNC_UPDATES_AVAILABLE" || code === "INITIAL_UPDATE" || code === "HISTORICAL_UPDATE" || code === "DEFAULT_UPDATE")) {
    await enqueueItemSync(app.env.JOBS as Queue<unknown>, item.id, app.now);
    return { status: 200, body: { message: "Sync queued." } };
  }
  if (type === "ITEM") {
    const errorCode = typeof event.error?.error_code === "string" ? event.error.error_code.slice(0, 100) : null;
    if (code === "ERROR") {
      await setStatus(errorCode && LOGIN_REQUIRED_CODES.has(errorCode) ? "login_required" : "error", errorCode ?? "ITEM_ERROR");
    } else if (code === "PENDING_EXPIRATION" || code === "PENDING_DISCONNECT") {
      await setStatus("login_required", code);
    } else if (code === "LOGIN_REPAIRED") {
      await setStatus("active", null);
      await enqueueItemSync(app.env.JOBS as Queue<unknown>, item.id, app.now);
    } else if (code === "USER_PERMISSION_REVOKED" || code === "USER_ACCOUNT_REVOKED") {
      await setStatus("error", code);
    }
    return { status: 200, body: { message: "Recorded." } };
  }
  return { status: 200, body: { message: "Ignored." } };
}
