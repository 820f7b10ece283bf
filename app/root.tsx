import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { Toaster } from "~/components/ui/toaster";
import { PwaClient } from "~/components/pwa/pwa-client";
import { useNonce } from "~/lib/nonce";
import { toast } from "~/components/ui/use-toast";
import { takeFlash } from "~/server/flash.server";
import stylesheet from "~/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable (issue 23): the manifest, and what iOS reads instead of it.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: MetaFunction = () => [
  { title: "Hearth Budget" },
  { name: "description", content: "One honest left-to-spend number for the whole household." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { flash, clear } = await takeFlash(request, context.app.config.SESSION_SECRET);
  return data({ flash }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

/** A flash from a post/redirect/get: a plain status line without JS, a toast with it. */
function Flash({ flash }: { flash: { title: string; description?: string; variant: "default" | "destructive" } | null }) {
  useEffect(() => {
    if (flash) toast(flash);
  }, [flash]);
  if (!flash) return null;
  return (
    <noscript>
      <div role="status" className="border-b border-brand-100 bg-brand-50 px-4 py-2 text-center text-sm text-brand-700">
        <strong>{flash.title}</strong>
        {flash.description ? ` ${flash.description}` : null}
      </div>
    </noscript>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        {/* resizes-content: an on-screen keyboard shrinks the layout, so the chat's message box stays above it. */}
        <meta name="viewport" content="width=device-width, initial-scale=1, interactive-widget=resizes-content" />
        {/* Here rather than in `meta`: a route's own meta replaces the root's, and these belong on every page. */}
        <meta name="theme-color" content="#15803d" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-status-bar-style" content="default" />
        <meta name="apple-mobile-web-app-title" content="Hearth" />
        <Meta />
        <Links />
      </head>
      <body className="h-full">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** A thin bar at the top while a page or form submission is loading (client navigations only). */
function PendingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    // Decoration only (outside every landmark): the button or form that started the work says so itself.
    <div aria-hidden="true" className={`fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden transition-opacity ${busy ? "opacity-100" : "opacity-0"}`}>
      <div className="h-full w-1/3 animate-pulse bg-brand-600" />
    </div>
  );
}

export default function App() {
  const { flash } = useLoaderData<typeof loader>();
  return (
    <>
      <PendingBar />
      <Flash flash={flash} />
      <PwaClient />
      <Outlet />
      <Toaster />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <div className="max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <h1 className="text-xl font-bold">{status === 404 ? "404 Page Not Found" : "Something went wrong"}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {status === 404 ? "Did you forget to add the page to the router?" : "Please try again. If it keeps happening, contact support from Settings."}
        </p>
        <a href="/" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
          Go home
        </a>
      </div>
    </main>
  );
}
