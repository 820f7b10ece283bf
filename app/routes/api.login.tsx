import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { safeReturnTo } from "~/domain/return-to";
import { PASSWORD_MIN_LENGTH } from "~/domain/password-rules";
import { performLogin } from "~/server/auth/login.server";
import { configuredProviders, oauthErrorMessage } from "~/server/auth/oauth.server";
import { getSessionUser } from "~/server/auth/session.server";
import { methodNotAllowed } from "~/server/api.server";
import { readRequestData } from "~/server/body.server";
import { echoValues } from "~/server/form-action.server";

export const meta: MetaFunction = () => [{ title: "Sign in · Hearth Budget" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  if (await getSessionUser(context.app, request)) throw redirect(returnTo);
  const errorCode = url.searchParams.get("error");
  const error = errorCode?.startsWith("oauth_")
    ? oauthErrorMessage(errorCode.slice(6))
    : errorCode === "unknown_provider"
      ? "That sign-in provider is not available."
      : null;
  return {
    returnTo,
    mode: url.searchParams.get("mode") === "signup" ? ("signup" as const) : ("signin" as const),
    providers: configuredProviders(context.app.env).map((p) => ({ name: p.name, label: p.label })),
    error,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const form = await readRequestData(request);
  const result = await performLogin(context.app, request, form);
  if (!result.ok) {
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    // Hand back what was typed (never the password, capped) so a page re-rendered without JavaScript loses nothing.
    const echoed = echoValues(form);
    const values = { email: echoed.email ?? "", firstName: echoed.firstName ?? "", lastName: echoed.lastName ?? "" };
    return data({ message: result.message, fieldErrors: result.fieldErrors ?? {}, intent: echoed.intent === "signup" ? "signup" : "signin", values }, { status: result.status, headers });
  }
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  return redirect(result.returnTo, { headers });
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {errors[0]}
    </p>
  );
}

/** The browser's time zone, so a new budget's days start at local midnight; UTC without JavaScript. */
function TimeZoneField() {
  const [zone, setZone] = useState("");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? ""), []);
  return <input type="hidden" name="timeZone" value={zone} />;
}

export default function Login() {
  const { returnTo, mode: defaultMode, providers, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const mode = (actionData?.intent === "signup" || actionData?.intent === "signin" ? actionData.intent : defaultMode) as "signin" | "signup";
  const busy = navigation.state !== "idle";
  const fieldErrors = actionData?.fieldErrors as Record<string, string[] | undefined> | undefined;
  const switchTo = (m: "signin" | "signup") => {
    const next = new URLSearchParams(params);
    next.set("mode", m);
    next.delete("error");
    return `/api/login?${next.toString()}`;
  };
  const formError = actionData && !fieldErrors?.email && !fieldErrors?.password ? actionData.message : null;

  return (
    <main className="flex min-h-full items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <Link to="/" className="text-sm font-semibold text-brand-700">
          Hearth Budget
        </Link>
        <h1 className="mt-4 text-2xl font-bold">{mode === "signup" ? "Create your account" : "Sign in"}</h1>
        <nav aria-label="Sign-in options" className="mt-4 grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm font-medium">
          <Link to={switchTo("signin")} aria-current={mode === "signin" ? "page" : undefined} className={`rounded-md px-3 py-2 text-center ${mode === "signin" ? "bg-white shadow-sm" : "text-slate-600"}`}>
            Sign in
          </Link>
          <Link to={switchTo("signup")} aria-current={mode === "signup" ? "page" : undefined} className={`rounded-md px-3 py-2 text-center ${mode === "signup" ? "bg-white shadow-sm" : "text-slate-600"}`}>
            Create account
          </Link>
        </nav>

        {error || formError ? (
          <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {formError ?? error}
          </div>
        ) : null}

        <Form method="post" className="mt-6 space-y-4" noValidate={false}>
          <input type="hidden" name="intent" value={mode} />
          <input type="hidden" name="returnTo" value={returnTo} />
          {mode === "signup" ? <TimeZoneField /> : null}
          {mode === "signup" ? (
            <div className="grid grid-cols-2 gap-3">
              <div>
                <label htmlFor="firstName" className="block text-sm font-medium">
                  First name
                </label>
                <input id="firstName" name="firstName" defaultValue={actionData?.values.firstName} autoComplete="given-name" className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2" />
              </div>
              <div>
                <label htmlFor="lastName" className="block text-sm font-medium">
                  Last name
                </label>
                <input id="lastName" name="lastName" defaultValue={actionData?.values.lastName} autoComplete="family-name" className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2" />
              </div>
            </div>
          ) : null}
          <div>
            <label htmlFor="email" className="block text-sm font-medium">
              E-mail
            </label>
            <input
              id="email"
              defaultValue={actionData?.values.email}
              name="email"
              type="email"
              required
              autoComplete="email"
              aria-invalid={fieldErrors?.email ? true : undefined}
              aria-describedby={fieldErrors?.email ? "email-error" : undefined}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
            />
            <FieldError id="email-error" errors={fieldErrors?.email} />
          </div>
          <div>
            <label htmlFor="password" className="block text-sm font-medium">
              Password
            </label>
            <input
              id="password"
              name="password"
              type="password"
              required
              minLength={mode === "signup" ? PASSWORD_MIN_LENGTH : undefined}
              autoComplete={mode === "signup" ? "new-password" : "current-password"}
              aria-invalid={fieldErrors?.password ? true : undefined}
              aria-describedby={fieldErrors?.password ? "password-error" : mode === "signup" ? "password-hint" : undefined}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
            />
            {mode === "signup" && !fieldErrors?.password ? (
              <p id="password-hint" className="mt-1 text-xs text-slate-500">
                At least {PASSWORD_MIN_LENGTH} characters.
              </p>
            ) : null}
            <FieldError id="password-error" errors={fieldErrors?.password} />
          </div>
          <button type="submit" disabled={busy} className="w-full rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
            {busy ? "Please wait…" : mode === "signup" ? "Create account" : "Sign in"}
          </button>
        </Form>

        {providers.length > 0 ? (
          <div className="mt-6 space-y-2">
            <p className="text-center text-xs uppercase tracking-wide text-slate-500">or</p>
            {providers.map((p) => (
              <Form key={p.name} method="post" action={`/api/auth/oauth/${p.name}`} reloadDocument>
                <input type="hidden" name="returnTo" value={returnTo} />
                <button type="submit" className="w-full rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50">
                  Continue with {p.label}
                </button>
              </Form>
            ))}
          </div>
        ) : null}
      </div>
    </main>
  );
}
