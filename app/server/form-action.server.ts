import { redirect } from "@remix-run/cloudflare";
import type { FormReply } from "~/domain/form-reply";
import type { Validator } from "./api.server";
import { fieldErrorsOf } from "./api.server";
import { readRequestData, type BodyData, type ReadOptions } from "./body.server";
import type { AppContext } from "./context.server";
import { setFlash, type Flash } from "./flash.server";

// The one action shape for every form (issue 5 and the developers' guide): read the body safely,
// validate with the schema the client shares, answer 400 with field errors and what was typed, otherwise
// the route writes and redirects with a flash.

/** What a failed form echoes back: enough to refill it, never a secret, never megabytes. */
const SECRET_FIELD = /password|secret|token|csrf/i;
const MAX_VALUE_CHARS = 2_000;
const MAX_FIELDS = 100;

export function echoValues(raw: BodyData): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const [key, value] of Object.entries(raw)) {
    if (n++ >= MAX_FIELDS || key.length > 100 || SECRET_FIELD.test(key)) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string") out[key] = first.slice(0, MAX_VALUE_CHARS);
    else if (typeof first === "number" || typeof first === "boolean") out[key] = String(first);
  }
  return out;
}

export type Submission<T> = { ok: true; data: T; values: Record<string, string> } | { ok: false; reply: Response };

/**
 * Reads and validates a form (or JSON) submission. An unreadable body throws its 4xx Response (the
 * route's error boundary shows it); invalid input returns `{ ok: false, reply }` — return `reply`.
 */
export async function submitForm<T>(request: Request, schema: Validator<T>, options?: ReadOptions): Promise<Submission<T>> {
  const raw = await readRequestData(request, options);
  const values = echoValues(raw);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data, values };
  const fieldErrors = fieldErrorsOf(parsed.error.issues);
  const intent = typeof raw.intent === "string" ? raw.intent.slice(0, 100) : undefined;
  const reply: FormReply = { ok: false, formError: fieldErrors.form?.[0], fieldErrors, values, intent };
  return { ok: false, reply: Response.json(reply, { status: 400 }) };
}

/** A failure found after validation (a refused command, a conflict), in the same shape. */
export function formFailure(
  values: Record<string, string>,
  message: string,
  options: { status?: number; fieldErrors?: Record<string, string[]>; intent?: string } = {},
): Response {
  const reply: FormReply = { ok: false, formError: message, fieldErrors: options.fieldErrors ?? {}, values, intent: options.intent };
  return Response.json(reply, { status: options.status ?? 400 });
}

/** Post/redirect/get: 303 to `to` with a one-shot flash the next page shows (a toast with JS). */
export async function redirectWithFlash(app: Pick<AppContext, "config">, request: Request, to: string, flash: Flash | Omit<Flash, "variant">): Promise<Response> {
  const cookie = await setFlash(request, app.config.SESSION_SECRET, { variant: "default", ...flash });
  return redirect(to, { status: 303, headers: { "Set-Cookie": cookie } });
}
