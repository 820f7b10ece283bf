import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { AlertTriangle, CheckCircle2, Loader2, LogIn, MailX } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { toast } from "~/components/ui/use-toast";
import { ALREADY_MEMBER_TEXT, looksLikeToken, MEMBER_ABILITIES, PENDING_INVITATION_KEY } from "~/domain/sharing";
import { methodNotAllowed } from "~/server/api.server";
import { getSessionUser } from "~/server/auth/session.server";
import { readRequestData } from "~/server/body.server";
import { acceptInvitation, invitationPreview } from "~/server/sharing/invitations.server";
import { isFromOwnPages } from "~/server/security.server";

export const meta: MetaFunction = () => [{ title: "Accept invitation · Hearth Budget" }];

/** Where accepting posts: the page itself, without the link's `?token=` (the token travels in the body). */
const ACCEPT_ACTION = "/accept-invitation";

/** Spec part 1 §9: the welcome screen moves on to the chat after 2 seconds. */
const WELCOME_REDIRECT_MS = 2000;

// Works signed in or out. Reading the page changes nothing; accepting is a POST (a form without
// JavaScript, a fetcher with it), so a link preview or prefetch can never use up an invitation.
//
// Accepting on its own is kept for the app's own hand-offs (back from signing in): a link from another
// site, a mail app or a typed address shows whose budget it is and a Join button instead, so no page can
// join a signed-in person to a budget and make it active without their click (issue 18 #8).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("token");
  const token = raw && raw.length <= 200 ? raw : null;
  const user = await getSessionUser(context.app, request);
  const fromOwnPages = isFromOwnPages(request);
  const preview = user && token && !fromOwnPages ? await invitationPreview(context.app, user, token) : null;
  // Only an invitation this person could join asks first (issue 18 #8). A revoked, expired, used or
  // someone else's link joins nobody, so it goes straight to its error (or "Already a Member").
  const autoAccept = fromOwnPages || !preview;
  return { token, signedIn: Boolean(user), autoAccept, preview };
}

// The token comes back so the page (re-rendered without JavaScript) can offer Try Again.
type AcceptReply = { ok: true; token: string } | { ok: false; needsAuth?: boolean; message: string; token: string };

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const app = context.app;
  const body = await readRequestData(request);
  const token = looksLikeToken(body.token) ? body.token : "";
  const user = await getSessionUser(app, request);
  if (!user) return data<AcceptReply>({ ok: false, needsAuth: true, message: "Sign in to accept this invitation.", token }, { status: 401 });
  const result = await acceptInvitation(app, user, token);
  if (!result.ok) return data<AcceptReply>({ ok: false, message: result.message, token }, { status: result.status });
  return data<AcceptReply>({ ok: true, token });
}

function loginHref(token: string, mode?: "signup"): string {
  const returnTo = `/accept-invitation?token=${encodeURIComponent(token)}`;
  return `/api/login?returnTo=${encodeURIComponent(returnTo)}${mode ? `&mode=${mode}` : ""}`;
}

function Card({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-full items-center justify-center bg-slate-50 px-4 py-10">
      <section aria-labelledby="invitation-title" className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <div className="mx-auto flex h-12 w-12 items-center justify-center">{icon}</div>
        <h1 id="invitation-title" className="mt-3 text-2xl font-bold">
          {title}
        </h1>
        <div className="mt-3 space-y-4 text-sm text-slate-600">{children}</div>
      </section>
    </main>
  );
}

const primary = "inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";
const secondary = "inline-flex items-center justify-center rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-50";

type View = { state: "loading" } | { state: "confirm" } | { state: "success" } | { state: "member" } | { state: "error"; message: string } | { state: "needs-auth"; token: string } | { state: "invalid" };

export default function AcceptInvitation() {
  const { token: urlToken, signedIn, autoAccept, preview } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const fetcher = useFetcher<typeof action>();
  const navigate = useNavigate();
  // The token in play: the URL's, or (with JavaScript) one saved before signing in.
  const [token, setToken] = useState<string | null>(urlToken || posted?.token || null);
  const started = useRef(false);

  // The token goes in the body only: posting to the bare path keeps it out of the request line, and so out of
  // access logs (issue 18 #14); the forms below do the same.
  const accept = (t: string) => fetcher.submit({ token: t }, { method: "post", action: ACCEPT_ACTION });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const saved = window.localStorage.getItem(PENDING_INVITATION_KEY);
    const t = urlToken || posted?.token || saved;
    setToken(t);
    if (!t || !signedIn || posted || !autoAccept) return;
    window.localStorage.removeItem(PENDING_INVITATION_KEY);
    accept(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const reply = fetcher.data ?? posted;
  const view: View = !token
    ? { state: "invalid" }
    : reply?.ok
      ? { state: "success" }
      : reply && "needsAuth" in reply && reply.needsAuth
        ? { state: "needs-auth", token }
        : reply && !reply.ok && reply.message === ALREADY_MEMBER_TEXT
          ? { state: "member" }
          : reply && !reply.ok
          ? { state: "error", message: reply.message }
          : !signedIn
            ? { state: "needs-auth", token }
            : autoAccept
              ? { state: "loading" }
              : { state: "confirm" };

  useEffect(() => {
    if (view.state === "error" && fetcher.data) toast({ title: "Failed to Join", description: view.message || "Failed to accept invitation. Please try again.", variant: "destructive" });
    if (view.state !== "success") return;
    const timer = setTimeout(() => navigate("/chat"), WELCOME_REDIRECT_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.state, fetcher.data]);

  switch (view.state) {
    case "invalid":
      return (
        <Card icon={<MailX className="h-10 w-10 text-slate-400" aria-hidden />} title="Invalid Invitation">
          <p>This page needs an invitation link. Open the link you were sent, or ask the budget owner for a new one.</p>
          <Link to="/" className={secondary}>
            Go Home
          </Link>
        </Card>
      );
    case "needs-auth":
      return (
        <Card icon={<LogIn className="h-10 w-10 text-brand-600" aria-hidden />} title="Sign In Required">
          <p>You have been invited to share a household budget. Sign in, or create an account with the e-mail address the invitation was sent to, and you will join it right away.</p>
          <div className="flex flex-col gap-2">
            <a href={loginHref(view.token)} onClick={() => window.localStorage.setItem(PENDING_INVITATION_KEY, view.token)} className={primary}>
              Sign In to Accept
            </a>
            <a href={loginHref(view.token, "signup")} onClick={() => window.localStorage.setItem(PENDING_INVITATION_KEY, view.token)} className={secondary}>
              Create an Account
            </a>
          </div>
        </Card>
      );
    case "success":
      return (
        <Card icon={<CheckCircle2 className="h-10 w-10 text-green-600" aria-hidden />} title="Welcome to the Budget!">
          {/* Without JavaScript the browser follows this after the same 2 seconds. */}
          <meta httpEquiv="refresh" content={`${WELCOME_REDIRECT_MS / 1000};url=/chat`} />
          <p>You have joined the shared budget. You can now:</p>
          <ul className="mx-auto max-w-xs list-inside list-disc text-left">
            {MEMBER_ABILITIES.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
          <p className="text-xs text-slate-500">Taking you to the chat in a moment…</p>
          <Link to="/" className={primary}>
            Start Budgeting
          </Link>
        </Card>
      );
    case "member":
      // One message, no toast and no list of causes: nothing went wrong.
      return (
        <Card icon={<CheckCircle2 className="h-10 w-10 text-green-600" aria-hidden />} title="Already a Member">
          <p role="status">{ALREADY_MEMBER_TEXT} There is nothing more to do with this invitation.</p>
          <Link to="/" className={primary}>
            Go to the Chat
          </Link>
        </Card>
      );
    case "error":
      return (
        <Card icon={<AlertTriangle className="h-10 w-10 text-red-600" aria-hidden />} title="Invitation Error">
          <p role="alert" className="font-medium text-red-700">
            {view.message || "Failed to accept invitation. Please try again."}
          </p>
          <div className="text-left">
            <p>This can happen when the invitation:</p>
            <ul className="list-inside list-disc">
              <li>has expired (links last 7 days)</li>
              <li>has already been used</li>
              <li>was sent to a different e-mail address (wrong account)</li>
              <li>is not a valid link</li>
            </ul>
          </div>
          <div className="flex justify-center gap-2">
            <Form method="post" action={ACCEPT_ACTION} onSubmit={(e) => (e.preventDefault(), token && accept(token))}>
              <input type="hidden" name="token" value={token ?? ""} />
              <button type="submit" className={primary} disabled={fetcher.state !== "idle"}>
                Try Again
              </button>
            </Form>
            <Link to="/" className={secondary}>
              Go Home
            </Link>
          </div>
        </Card>
      );
    case "confirm":
      return (
        <Card icon={<LogIn className="h-10 w-10 text-brand-600" aria-hidden />} title="Join a Shared Budget?">
          {preview ? (
            <p>
              <strong className="text-slate-900">{preview.ownerName}</strong> invited you to share the budget <strong className="text-slate-900">{preview.budgetName}</strong>.
              Joining makes it the budget the app shows you.
            </p>
          ) : (
            <p>You have been invited to share a household budget. Joining makes it the budget the app shows you.</p>
          )}
          <div className="flex justify-center gap-2">
            <Form method="post" action={ACCEPT_ACTION} onSubmit={(e) => (e.preventDefault(), token && accept(token))}>
              <input type="hidden" name="token" value={token ?? ""} />
              <button type="submit" className={primary} disabled={fetcher.state !== "idle"}>
                Join
              </button>
            </Form>
            <Link to="/" className={secondary}>
              Not Now
            </Link>
          </div>
        </Card>
      );
    case "loading":
      return (
        <Card icon={<Loader2 className="h-10 w-10 animate-spin text-brand-600" aria-hidden />} title="Processing Invitation...">
          <p>Joining the shared budget…</p>
          {/* Without JavaScript nothing is posted on its own: this button does it. */}
          <Form method="post" action={ACCEPT_ACTION}>
            <input type="hidden" name="token" value={token ?? ""} />
            <button type="submit" className={primary} disabled={fetcher.state !== "idle"}>
              Accept Invitation
            </button>
          </Form>
        </Card>
      );
  }
}
