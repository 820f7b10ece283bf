import { loginSchema } from "~/domain/auth-schemas";
import { safeReturnTo } from "~/domain/return-to";
import type { AppContext } from "../context.server";
import type { UserRow } from "../db/schema";
import { createUser, EmailTakenError, findUserByEmail, markSignedIn } from "../users.server";
import { verifyPassword } from "./password.server";
import { fieldErrorsOf } from "../api.server";
import {
  clientKey,
  emailKey,
  knownEmailKey,
  RATE_LIMIT_MESSAGE,
  releaseSignInAttempt,
  reserveSignInAttempt,
  reserveSignUp,
  RETRY_AFTER_SECONDS,
  SIGNUP_LIMIT_MESSAGE,
} from "./rate-limit.server";
import { createSession, revokeCurrentSession } from "./session.server";
import { isKnownDevice, rememberDevice } from "./known-device.server";
import { canSignIn, NOT_ACTIVE_YET } from "~/domain/account";

export type LoginResult =
  | { ok: true; user: UserRow; setCookies: string[]; returnTo: string }
  | { ok: false; status: 400 | 401 | 403 | 409 | 429; message: string; fieldErrors?: Record<string, string[]>; retryAfterSeconds?: number };

export const WRONG_CREDENTIALS = "Incorrect e-mail or password.";
export const SUSPENDED = "This account is suspended. Please contact support.";

/** Sign in or create an account from form fields or JSON; both routes share this. */
export async function performLogin(app: AppContext, request: Request, input: unknown): Promise<LoginResult> {
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    return { ok: false, status: 400, message: Object.values(fieldErrors)[0]?.[0] ?? "Check the form and try again.", fieldErrors };
  }
  const data = parsed.data;
  const returnTo = safeReturnTo(data.returnTo);

  if (data.intent === "signup") {
    if (await reserveSignUp(app, request)) return { ok: false, status: 429, message: SIGNUP_LIMIT_MESSAGE, retryAfterSeconds: RETRY_AFTER_SECONDS.signup };
    try {
      const timeZone = data.timeZone || null;
      const user = await createUser(app, { email: data.email, password: data.password, firstName: data.firstName, lastName: data.lastName, timeZone });
      await revokeCurrentSession(app, request);
      return { ok: true, user, setCookies: await signedInCookies(app, request, user), returnTo };
    } catch (error) {
      if (error instanceof EmailTakenError) return { ok: false, status: 409, message: error.message, fieldErrors: { email: [error.message] } };
      throw error;
    }
  }

  // Failures from a browser that signed in to this account before are counted apart (known-device.server.ts).
  const known = await isKnownDevice(request, app.config.SESSION_SECRET, data.email);
  const keys = { email: known ? knownEmailKey(data.email) : emailKey(data.email), client: clientKey(request) };
  if (await reserveSignInAttempt(app, keys)) return { ok: false, status: 429, message: RATE_LIMIT_MESSAGE, retryAfterSeconds: RETRY_AFTER_SECONDS.signin };
  const user = await findUserByEmail(app, data.email);
  const valid = await verifyPassword(data.password, user?.passwordHash ?? null);
  if (!user || !valid) return { ok: false, status: 401, message: WRONG_CREDENTIALS };
  if (user.accountStatus === "suspended") return { ok: false, status: 403, message: SUSPENDED };
  if (!canSignIn(user.accountStatus)) return { ok: false, status: 403, message: NOT_ACTIVE_YET };
  await releaseSignInAttempt(app, keys);
  await markSignedIn(app, user);
  // Signing in on a browser that already had a session replaces it rather than leaving it behind.
  await revokeCurrentSession(app, request);
  return { ok: true, user, setCookies: await signedInCookies(app, request, user), returnTo };
}

async function signedInCookies(app: AppContext, request: Request, user: UserRow): Promise<string[]> {
  return [await createSession(app, request, user.id), await rememberDevice(request, app.config.SESSION_SECRET, user.email)];
}
