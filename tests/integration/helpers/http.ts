import { exports } from "cloudflare:workers";

// HTTP helpers for the workerd integration tests: every call goes through the Worker's real fetch
// handler (env validation, cross-site check, Remix), exactly as a browser or API client would.

export const ORIGIN = "http://localhost";
export const DEFAULT_PASSWORD = "correct horse battery";

export interface ApiOptions {
  method?: string;
  /** A Cookie header value (e.g. `__session=…`) or a CookieJar. */
  cookie?: string | CookieJar | null;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string> | URLSearchParams;
  /** A raw body, sent as is (set Content-Type in headers). */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Scheme and host to call; defaults to http://localhost. */
  origin?: string;
}

function cookieHeader(cookie: ApiOptions["cookie"]): string | null {
  if (!cookie) return null;
  return typeof cookie === "string" ? cookie : cookie.header();
}

/** One request through the Worker. Redirects are returned, not followed. */
export async function api(path: string, options: ApiOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  const cookie = cookieHeader(options.cookie);
  if (cookie) headers.set("Cookie", cookie);
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form).toString();
  }
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  const response = await exports.default.fetch(new URL(path, options.origin ?? ORIGIN).toString(), { method, headers, body, redirect: "manual" });
  if (options.cookie && typeof options.cookie !== "string") options.cookie.update(response);
  return response;
}

/** Like api(), and reads the body as JSON. */
export async function apiJson<T = any>(path: string, options: ApiOptions = {}): Promise<{ status: number; body: T; response: Response }> {
  const response = await api(path, options);
  const text = await response.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    throw new Error(`${options.method ?? "GET"} ${path}: expected JSON, got ${response.status} ${text.slice(0, 300)}`);
  }
  return { status: response.status, body, response };
}

// ---------------------------------------------------------------------------------------------------
// Set-Cookie parsing

export interface ParsedSetCookie {
  name: string;
  value: string;
  /** Attribute names lower-cased; flag attributes map to "". */
  attributes: Record<string, string>;
  raw: string;
}

export function setCookieHeaders(response: Response): string[] {
  return response.headers.getSetCookie();
}

export function parseSetCookie(raw: string): ParsedSetCookie {
  const [pair, ...attrs] = raw.split(";").map((p) => p.trim());
  const eq = pair.indexOf("=");
  const attributes: Record<string, string> = {};
  for (const attr of attrs) {
    if (!attr) continue;
    const i = attr.indexOf("=");
    if (i === -1) attributes[attr.toLowerCase()] = "";
    else attributes[attr.slice(0, i).trim().toLowerCase()] = attr.slice(i + 1).trim();
  }
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes, raw };
}

/** Every cookie the response sets, parsed. */
export function responseCookies(response: Response): ParsedSetCookie[] {
  return setCookieHeaders(response).map(parseSetCookie);
}

/** The Set-Cookie for one cookie name (exact match), or undefined. */
export function findSetCookie(response: Response, name: string): ParsedSetCookie | undefined {
  return responseCookies(response).find((c) => c.name === name);
}

/** The `__session=<value>` pair a response set, ready for a Cookie header; throws if there is none. */
export function sessionCookieFrom(response: Response): string {
  const cookie = findSetCookie(response, "__session");
  if (!cookie || !cookie.value) throw new Error(`no __session cookie in response ${response.status}: ${setCookieHeaders(response).join(" | ")}`);
  return `__session=${cookie.value}`;
}

/** A tiny browser-like cookie store: applies Set-Cookie (including expiry) and renders a Cookie header. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  update(response: Response): this {
    for (const c of responseCookies(response)) {
      const expired = c.attributes["max-age"] === "0" || (c.attributes.expires !== undefined && Date.parse(c.attributes.expires) <= Date.now());
      if (expired || c.value === "") this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return this;
  }

  set(name: string, value: string): this {
    this.cookies.set(name, value);
    return this;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  names(): string[] {
    return [...this.cookies.keys()];
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

// ---------------------------------------------------------------------------------------------------
// Accounts

let sequence = 0;

/** A unique e-mail address for this test file's run. */
export function uniqueEmail(prefix = "user"): string {
  sequence += 1;
  return `${prefix}-${sequence}-${crypto.randomUUID().slice(0, 8)}@example.test`;
}

/**
 * A unique client address for CF-Connecting-IP. Failed sign-ins are also counted per client, so tests
 * that share one file's storage give each sign-in its own client unless they test that limit.
 */
export function uniqueIp(): string {
  const b = crypto.getRandomValues(new Uint8Array(3));
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export interface AccountOptions {
  password?: string;
  firstName?: string;
  lastName?: string;
  /** CF-Connecting-IP; a fresh one per call by default. */
  ip?: string;
  origin?: string;
}

export interface SignedIn {
  email: string;
  password: string;
  /** `__session=<value>`, ready for a Cookie header. */
  cookie: string;
  user: PublicUserJson;
  response: Response;
}

/** The user as the JSON API returns it. */
export interface PublicUserJson {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
  accountStatus: string;
  languagePreference: "spending" | "saving";
  smsOptInConsent: boolean;
  smsOptInDate: string | null;
  profileComplete: boolean;
  createdAt: string;
  updatedAt: string;
}

async function jsonLogin(intent: "signup" | "signin", email: string, options: AccountOptions): Promise<SignedIn> {
  const password = options.password ?? DEFAULT_PASSWORD;
  const json: Record<string, string> = { intent, email, password };
  if (options.firstName !== undefined) json.firstName = options.firstName;
  if (options.lastName !== undefined) json.lastName = options.lastName;
  const response = await api("/api/login", { json, origin: options.origin, headers: { "CF-Connecting-IP": options.ip ?? uniqueIp() } });
  const text = await response.clone().text();
  if (response.status !== 200) throw new Error(`${intent} for ${email} failed: ${response.status} ${text}`);
  const { user } = JSON.parse(text) as { user: PublicUserJson };
  return { email, password, cookie: sessionCookieFrom(response), user, response };
}

/** Creates an account through the real JSON sign-up (which also creates the personal budget). */
export function signUp(email = uniqueEmail(), options: AccountOptions = {}): Promise<SignedIn> {
  return jsonLogin("signup", email, options);
}

/** Signs in through the real JSON sign-in. */
export function signIn(email: string, options: AccountOptions = {}): Promise<SignedIn> {
  return jsonLogin("signin", email, options);
}

/** Signs up and completes the profile (names + phone), so page routes show the signed-in shell. */
export async function signUpComplete(email = uniqueEmail(), options: AccountOptions & { phoneNumber?: string } = {}): Promise<SignedIn> {
  const account = await signUp(email, options);
  const { status, body } = await apiJson<{ user: PublicUserJson }>("/api/auth/complete-profile", {
    method: "POST",
    cookie: account.cookie,
    origin: options.origin,
    json: { firstName: options.firstName ?? "Test", lastName: options.lastName ?? "User", phoneNumber: options.phoneNumber ?? "+15551234567" },
  });
  if (status !== 200) throw new Error(`complete-profile failed: ${status} ${JSON.stringify(body)}`);
  return { ...account, user: body.user };
}

/** Drops React's text separators and decodes the entities it escapes, so page text can be compared with messages. */
export function htmlText(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
