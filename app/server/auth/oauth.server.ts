import { OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import { Authenticator } from "remix-auth";
import { z } from "zod";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context.server";
import { oauthAccounts, users, type UserRow } from "../db/schema";
import { createUser, EmailTakenError, findUserByEmail } from "../users.server";
import { isLocalHttp } from "./cookies.server";
import { logWarning } from "../log.server";
import { canSignIn, NOT_ACTIVE_YET } from "~/domain/account";

// OAuth2 / OIDC sign-in for any provider configured by env:
//   OAUTH_PROVIDERS=google,acme
//   OAUTH_GOOGLE_CLIENT_ID, OAUTH_GOOGLE_CLIENT_SECRET (well-known endpoints are built in)
//   OAUTH_ACME_CLIENT_ID, OAUTH_ACME_CLIENT_SECRET, OAUTH_ACME_AUTHORIZE_URL, OAUTH_ACME_TOKEN_URL,
//   OAUTH_ACME_USERINFO_URL, optional OAUTH_ACME_SCOPES ("openid email profile") and OAUTH_ACME_LABEL.
// A provider with missing settings is simply not offered.

export interface OAuthProvider {
  name: string;
  label: string;
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
  scopes: string[];
}

const PRESETS: Record<string, Partial<OAuthProvider>> = {
  google: {
    label: "Google",
    authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenEndpoint: "https://oauth2.googleapis.com/token",
    userinfoEndpoint: "https://openidconnect.googleapis.com/v1/userinfo",
    scopes: ["openid", "email", "profile"],
  },
};

export function configuredProviders(env: Env): OAuthProvider[] {
  const names = (env.OAUTH_PROVIDERS ?? "")
    .split(",")
    .map((n) => n.trim().toLowerCase())
    .filter((n) => /^[a-z0-9_-]{1,32}$/.test(n));
  const out: OAuthProvider[] = [];
  for (const name of [...new Set(names)]) {
    const key = (suffix: string) => env[`OAUTH_${name.toUpperCase().replace(/-/g, "_")}_${suffix}`]?.trim() || undefined;
    const preset = PRESETS[name] ?? {};
    const provider = {
      name,
      label: key("LABEL") ?? preset.label ?? name[0].toUpperCase() + name.slice(1),
      clientId: key("CLIENT_ID"),
      clientSecret: key("CLIENT_SECRET"),
      authorizationEndpoint: key("AUTHORIZE_URL") ?? preset.authorizationEndpoint,
      tokenEndpoint: key("TOKEN_URL") ?? preset.tokenEndpoint,
      userinfoEndpoint: key("USERINFO_URL") ?? preset.userinfoEndpoint,
      scopes: key("SCOPES")?.split(/[\s,]+/).filter(Boolean) ?? preset.scopes ?? ["openid", "email", "profile"],
    };
    if (provider.clientId && provider.clientSecret && provider.authorizationEndpoint && provider.tokenEndpoint && provider.userinfoEndpoint) {
      out.push(provider as OAuthProvider);
    }
  }
  return out;
}

const profileSchema = z.object({
  sub: z.union([z.string(), z.number()]).optional(),
  id: z.union([z.string(), z.number()]).optional(),
  email: z.string().email().optional().nullable(),
  email_verified: z.union([z.boolean(), z.literal("true"), z.literal("false")]).optional(),
  given_name: z.string().optional().nullable(),
  family_name: z.string().optional().nullable(),
  name: z.string().optional().nullable(),
  // Shown as an <img src>: only https pictures are kept (no javascript:, data: or plain-http trackers).
  picture: z.string().url().optional().nullable().transform((v) => (v && v.startsWith("https://") ? v : null)),
});

export interface OAuthProfile {
  accountId: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
}

export class OAuthSignInError extends Error {
  constructor(public readonly code: "state" | "denied" | "provider" | "email" | "suspended" | "pending" | "exists") {
    super(OAUTH_ERROR_MESSAGES[code]);
  }
}

export const OAUTH_ERROR_MESSAGES: Record<string, string> = {
  state: "That sign-in link has expired or was opened in another browser. Please try again.",
  denied: "Sign-in was cancelled at the provider.",
  provider: "We could not complete sign-in with that provider. Please try again.",
  email: "That provider did not confirm your e-mail address, so we cannot sign you in with it.",
  suspended: "This account is suspended. Please contact support.",
  pending: NOT_ACTIVE_YET,
  exists: "An account with this e-mail already exists. Sign in with your e-mail and password instead.",
};

/** The message for an error code from the query string: own keys only ("__proto__" is not a code). */
export function oauthErrorMessage(code: string): string {
  return Object.hasOwn(OAUTH_ERROR_MESSAGES, code) ? OAUTH_ERROR_MESSAGES[code]! : OAUTH_ERROR_MESSAGES.provider!;
}

async function fetchProfile(provider: OAuthProvider, accessToken: string): Promise<OAuthProfile> {
  const response = await fetch(provider.userinfoEndpoint, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json", "User-Agent": "household-budget" },
  });
  if (!response.ok) throw new OAuthSignInError("provider");
  const parsed = profileSchema.safeParse(await response.json());
  if (!parsed.success) throw new OAuthSignInError("provider");
  const p = parsed.data;
  const accountId = String(p.sub ?? p.id ?? "");
  if (!accountId) throw new OAuthSignInError("provider");
  if (!p.email) throw new OAuthSignInError("email");
  const [first, ...rest] = (p.name ?? "").trim().split(/\s+/);
  return {
    accountId,
    email: p.email.toLowerCase(),
    emailVerified: p.email_verified === true || p.email_verified === "true",
    firstName: p.given_name ?? (first || null),
    lastName: p.family_name ?? (rest.join(" ") || null),
    picture: p.picture ?? null,
  };
}

/** Finds the user behind a provider identity, linking or creating an account as needed. */
async function userForProfile(app: AppContext, providerName: string, profile: OAuthProfile): Promise<UserRow> {
  const linked = await app.db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, providerName), eq(oauthAccounts.providerAccountId, profile.accountId)))
    .limit(1);
  let user = linked[0]?.user ?? null;
  if (!user) {
    // A new identity may only claim an e-mail the provider has verified: otherwise anyone could squat on
    // (or walk into) someone else's address.
    if (!profile.emailVerified) throw new OAuthSignInError("email");
    const existing = await findUserByEmail(app, profile.email);
    if (existing) {
      // Never link to an account that has a password: whoever chose that password (perhaps someone who
      // registered the victim's e-mail first) would keep a way into the account the victim now uses.
      if (existing.passwordHash) throw new OAuthSignInError("exists");
      user = existing;
    } else {
      try {
        user = await createUser(app, {
          email: profile.email,
          firstName: profile.firstName,
          lastName: profile.lastName,
          profileImageUrl: profile.picture,
          emailVerified: true,
        });
      } catch (error) {
        if (error instanceof EmailTakenError) throw new OAuthSignInError("exists");
        throw error;
      }
    }
    await app.db.insert(oauthAccounts).values({ provider: providerName, providerAccountId: profile.accountId, userId: user.id, createdAt: app.now }).onConflictDoNothing();
  }
  if (user.accountStatus === "suspended") throw new OAuthSignInError("suspended");
  if (!canSignIn(user.accountStatus)) throw new OAuthSignInError("pending");
  return user;
}

export function stateCookieName(provider: OAuthProvider): string {
  return `oauth2_${provider.name}`;
}

function authenticatorFor(app: AppContext, request: Request, provider: OAuthProvider) {
  const origin = app.config.APP_ORIGIN ?? new URL(request.url).origin;
  const authenticator = new Authenticator<UserRow>();
  authenticator.use(
    new OAuth2Strategy<UserRow>(
      {
        // The library's default state cookie has no Secure flag and lives forever: set it explicitly.
        cookie: { name: stateCookieName(provider), path: "/", httpOnly: true, sameSite: "Lax", maxAge: 600, ...(isLocalHttp(request) ? {} : { secure: true as const }) },
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        authorizationEndpoint: provider.authorizationEndpoint,
        tokenEndpoint: provider.tokenEndpoint,
        redirectURI: `${origin}/api/auth/oauth/${provider.name}/callback`,
        scopes: provider.scopes,
      },
      async ({ tokens }) => userForProfile(app, provider.name, await fetchProfile(provider, tokens.accessToken())),
    ),
    provider.name,
  );
  return authenticator;
}

/**
 * remix-auth copies the request with `new Request(request.url, request)`, which throws ("ReadableStream is
 * disturbed") once the route has read the body (the start route reads `returnTo` from the form), so every
 * OAuth POST became a 500. The strategy needs only the URL and the cookies: hand it a body-less copy.
 */
function withoutBody(request: Request): Request {
  // Also drop the query: a "state" parameter on the start URL would send the library down its callback path.
  const url = new URL(request.url);
  url.search = "";
  return new Request(url, { method: "GET", headers: request.headers });
}

/** Step 1: the provider's authorization URL, as the redirect Response the library throws. */
export async function startOAuth(app: AppContext, request: Request, provider: OAuthProvider): Promise<Response> {
  try {
    await authenticatorFor(app, request, provider).authenticate(provider.name, withoutBody(request));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new OAuthSignInError("provider");
}

/** Step 2: the provider sent the user back; every failure becomes an OAuthSignInError, never a 500. */
export async function finishOAuth(app: AppContext, request: Request, provider: OAuthProvider): Promise<UserRow> {
  const url = new URL(request.url);
  if (!url.searchParams.get("state")) throw new OAuthSignInError("state");
  try {
    return await authenticatorFor(app, request, provider).authenticate(provider.name, request);
  } catch (error) {
    if (error instanceof OAuthSignInError) throw error;
    if (error instanceof Response) throw new OAuthSignInError("state");
    const name = (error as Error)?.name;
    const message = String((error as Error)?.message ?? "");
    // arctic's OAuth2RequestError does not set `name` (it stays "Error"), so a name check never matched
    // and a user who cancelled at the provider was told the provider failed: test the class and code.
    if (error instanceof OAuth2RequestError && error.code === "access_denied") throw new OAuthSignInError("denied");
    if (/state/i.test(message) || /code verifier/i.test(message)) throw new OAuthSignInError("state");
    logWarning("OAuth sign-in failed", provider.name, name, message);
    throw new OAuthSignInError("provider");
  }
}

/**
 * Expires the library's state cookies once they have served their purpose. The library names each one
 * `<name>:<uuid>` (one per sign-in attempt), so expiring `<name>` alone left them all in place: expire
 * every state cookie the browser sent.
 */
export function clearStateCookies(request: Request, provider: OAuthProvider): string[] {
  const prefix = stateCookieName(provider);
  const names = (request.headers.get("Cookie") ?? "")
    .split(/;\s*/)
    .map((c) => c.slice(0, Math.max(0, c.indexOf("="))))
    .filter((n) => n === prefix || n.startsWith(`${prefix}:`));
  return [...new Set(names)].map((n) => `${n}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${isLocalHttp(request) ? "" : "; Secure"}`);
}
